/* picowl-ctl: one function per subcommand, sharing the connection. */
#ifndef PW_CTL_H
#define PW_CTL_H

#include <stdbool.h>

#include "client.h"
#include "client_keys.h"
#include "client_seat.h"

struct ctl {
	struct pw_client client;
	struct pw_client_global globals[3]; /* the two below; the last ends the list */
	struct picowl_counters_v1 *counters;
	struct picowl_control_v1 *control;
	struct pw_client_keys keys; /* inject: picowl's keymap, for keysym names */
};

/* evdev KEY_LEFTSHIFT, pressed before a key whose keysym is on its Shift level */
#define CTL_KEY_SHIFT 42

/*
 * The evdev code of an inject key name (keys.c); *shift when the keysym named is on the key's
 * Shift level. -1 for a name that is none of them.
 */
int ctl_key_code(struct ctl *ctl, const char *name, bool *shift);
/* wl_keyboard.keymap for inject: picowl's keymap into ctl->keys. */
void ctl_handle_keymap(void *data, uint32_t format, int32_t fd, uint32_t size);

/* Connects and binds the private globals (and with `keyboard` the seat's keyboard, for its
 * keymap); prints why and returns false on failure. */
bool ctl_connect(struct ctl *ctl, bool keyboard);
void ctl_disconnect(struct ctl *ctl);

/* Subcommands; argv[0] is the subcommand's name. Return the exit status. */
int ctl_counters(struct ctl *ctl, int argc, char **argv);
int ctl_plot(struct ctl *ctl, int argc, char **argv);
/* Session subcommands (control.c). */
int ctl_spawn(struct ctl *ctl, int argc, char **argv);
int ctl_reload(struct ctl *ctl, int argc, char **argv);
int ctl_focus(struct ctl *ctl, int argc, char **argv);
int ctl_panel(struct ctl *ctl, int argc, char **argv);
int ctl_tiles(struct ctl *ctl, int argc, char **argv);
int ctl_inject(struct ctl *ctl, int argc, char **argv);
/* power off|on|toggle|status (control.c). */
int ctl_power(struct ctl *ctl, int argc, char **argv);

/* Reads the whole JSON counters dump into a malloc'd string (NULL on failure). */
char *ctl_read_counters(struct ctl *ctl, bool json);

/* Draws the plot of a JSON dump into `path` as SVG; false (with a message) on failure. */
bool ctl_write_plot(const char *json, const char *path);

#endif

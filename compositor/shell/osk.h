/*
 * The on-screen keyboard (decision 4.55): the layer surfaces of the [keyboard] command's
 * process, or of the namespace "osk" (squeekboard's), are the keyboard. picowl shows and hides
 * it itself: a hidden keyboard is left out of the scene, of the exclusive zones and of input,
 * for any OSK program. Over a fullscreen client it stays shown, and the client shrinks to the
 * area above it (layer_arrange.c).
 */
#ifndef PW_OSK_H
#define PW_OSK_H

#include <stdbool.h>
#include <sys/types.h>

struct pw_server;
struct wl_client;

/* What the binding action `keyboard` does (its arg). */
enum pw_osk_request {
	PW_OSK_SHOW,
	PW_OSK_HIDE,
	PW_OSK_TOGGLE,
};

/* Listens to the text input changes (autoshow). */
void pw_osk_init(struct pw_server *server);
void pw_osk_finish(struct pw_server *server);
/* Starts the [keyboard] command if its program is installed; an info message otherwise. */
void pw_osk_autostart(struct pw_server *server);
/* Whether a layer surface of `client` with `namespace` is the keyboard. */
bool pw_osk_is_keyboard(struct pw_server *server, struct wl_client *client, const char *namespace);
/* Whether picowl hides the keyboard now. */
bool pw_osk_hidden(struct pw_server *server);
/*
 * A keyboard layer surface maps, arranged next: it shows (squeekboard maps itself on text
 * input), unless autoshow is on and no text input is enabled.
 */
void pw_osk_mapped(struct pw_server *server);
/* The binding action: show, hide or toggle; says why when there is no keyboard. */
void pw_osk_request(struct pw_server *server, enum pw_osk_request request);
/* A child exited: if it was the keyboard, it is no longer running. */
void pw_osk_reaped(struct pw_server *server, pid_t pid);

#endif

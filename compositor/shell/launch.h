/* Clients picowl starts (autostart, the panel, bindings, picowl-ctl spawn) and their tiles. */
#ifndef PW_LAUNCH_H
#define PW_LAUNCH_H

#include <stdbool.h>
#include <sys/types.h>

struct pw_desktop;
struct pw_server;
struct pw_view;

/*
 * Starts `command` (split as config_binding.h's pw_config_binding_split does) with WAYLAND_DISPLAY
 * and XDG_RUNTIME_DIR, no fds of picowl's, reaped when it exits. Its client's first toplevel goes
 * to 1-based tile `tile` (0: wherever it lands). Returns the pid, or -1 with errno set after a
 * message.
 */
pid_t pw_launch(struct pw_server *server, const char *command, int tile);
pid_t pw_launch_argv(struct pw_server *server, char *const argv[], int tile);
/* Reaps every exited child and forgets its launch. True when `watch` (0: none) was among them,
 * its wait status in *watch_status. */
bool pw_launch_reap(struct pw_server *server, pid_t watch, int *watch_status);
/* The config's [autostart] lines and the panel command. */
void pw_launch_autostart(struct pw_server *server);
/* Where a view that is mapping now belongs: its launch's tile (consumed), or 0. */
int pw_launch_take_tile(struct pw_server *server, struct pw_view *view);
/* Forgets every launch (the desktop goes). */
void pw_launch_finish(struct pw_desktop *desktop);
/* A view is mapping (already in server->desktop->views): moves it to its launch's tile, if any. */
void pw_launch_view_mapping(struct pw_server *server, struct pw_view *view);

#endif

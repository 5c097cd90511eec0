/*
 * X11 programs (decision 4.70): an X display picowl listens on, Xwayland started when the first
 * X client connects and stopped when none is left for the idle timeout, its window manager.
 */
#ifndef PW_XWAYLAND_H
#define PW_XWAYLAND_H

#include <stdbool.h>

struct pw_server;
struct pw_xwayland;

/*
 * Reads [xwayland] of the desktop's config; when enabled (on, or auto with an Xwayland binary
 * found) takes a display and sets DISPLAY in picowl's environment, which its children inherit.
 * NULL when X11 is off (an info line says why) or no display could be taken.
 */
struct pw_xwayland *pw_xwayland_create(struct pw_server *server);
/* Stops Xwayland, removes the display's files. NULL is allowed. */
void pw_xwayland_destroy(struct pw_xwayland *xwayland);

/* The window manager's news: how many X windows are mapped (0 arms the idle timer). */
void pw_xwayland_windows_changed(struct pw_xwayland *xwayland, int mapped);
/* The window manager's answer to pw_xwm_count_clients: X clients beside itself. */
void pw_xwayland_clients_counted(struct pw_xwayland *xwayland, int others);
/* The window manager's connection failed: Xwayland is stopped as if it had gone. */
void pw_xwayland_lost(struct pw_xwayland *xwayland);

#endif

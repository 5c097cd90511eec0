/*
 * picowl's listening socket, made as libwayland makes its own ($XDG_RUNTIME_DIR/NAME and
 * NAME.lock, flock'ed) but accepted here: when a connection cannot be accepted or made a client
 * for want of descriptors (EMFILE, ENFILE, ENOBUFS, ENOMEM), accepting pauses for
 * PW_LISTEN_PAUSE_MS and a rate-limited line (log.h) says so, where libwayland's own accept
 * logs and retries at once.
 */
#ifndef PW_LISTEN_H
#define PW_LISTEN_H

#include <stdbool.h>
#include <wayland-server-core.h>

#define PW_LISTEN_PAUSE_MS 100

struct pw_listen;

/*
 * Listens on `name` in XDG_RUNTIME_DIR (options.c takes no path), or when `name` is NULL on the
 * first free wayland-0 .. wayland-32. NULL after a message on stderr.
 */
struct pw_listen *pw_listen_create(struct wl_display *display, const char *name);
/* Closes the socket and removes its files. Accepts NULL; before the display goes. */
void pw_listen_destroy(struct pw_listen *listen);
/* The socket's name as clients give it in WAYLAND_DISPLAY. */
const char *pw_listen_name(const struct pw_listen *listen);
/* The listening descriptor while accepting; -1 while paused (nothing to wake for). */
int pw_listen_fd(const struct pw_listen *listen);

#endif

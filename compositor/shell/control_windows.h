/*
 * picowl_control_v1 version 5 (decision 4.52): the windows by id, what the panel does to one,
 * actions run by name and the launcher binding's event.
 */
#ifndef PW_CONTROL_WINDOWS_H
#define PW_CONTROL_WINDOWS_H

#include <stddef.h>
#include <stdint.h>

struct pw_server;
struct pw_view;
struct wl_resource;

/* The mapped view with this id, or NULL. */
/*
 * `s` (NULL: "") cut at a character boundary to fit `size` bytes with its NUL, in `buf` when it
 * must be cut: an event's text must fit one message, and no client floods another (4.22).
 */
const char *pw_control_text(const char *s, char *buf, size_t size);

/* The window_flags of a mapped view. */
uint32_t pw_control_window_flags(struct pw_server *server, struct pw_view *view);
/* Sends the window event of a mapped view, its texts cut to fit (4.22), with `flags`. */
void pw_control_send_window(struct wl_resource *resource, struct pw_view *view, uint32_t flags);

struct pw_view *pw_control_window_find(struct pw_server *server, uint32_t id);
/* Focuses `view`, taking a fullscreen view that hides it out of fullscreen. */
void pw_control_window_activate(struct pw_server *server, struct pw_view *view);
/* The same without arranging the tiles: for a caller that changes more before it arranges. */
void pw_control_window_raise(struct pw_server *server, struct pw_view *view);
/* SIGKILL to the view's client (never picowl itself), then disconnects it. */
void pw_control_window_kill(struct pw_view *view);
/* Parses and runs a binding action; a bad one is an action_failed event to `resource`. */
void pw_control_run_action(struct pw_server *server, struct wl_resource *resource,
	const char *action);
/*
 * A request of `resource` could not run: logged, and an action_failed event to a control object
 * of version 6 (older ones knew no failure but an unknown action).
 */
void pw_control_failed(struct wl_resource *resource, const char *action, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* The launcher action: a launcher event to every control object of version 5. */
void pw_control_launcher(struct pw_server *server);

#endif

/* libseat behind the session: seatd or logind opens the devices and handles VT switches. */
#ifndef PW_LIBSEAT_SESSION_H
#define PW_LIBSEAT_SESSION_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <wayland-server-core.h>

struct pw_libseat_session;

#ifdef PW_HAVE_LIBSEAT
/*
 * Opens the seat and waits (a few seconds at most) until it is enabled. `active` is called when
 * the seat is disabled (false: the devices must be left alone before it returns) or enabled
 * again (true). NULL when no seat could be had.
 */
struct pw_libseat_session *pw_libseat_session_create(struct wl_event_loop *loop,
	void (*active)(void *data, bool active), void *data);
void pw_libseat_session_destroy(struct pw_libseat_session *seat);
/* An fd, or -errno. */
int pw_libseat_session_open(struct pw_libseat_session *seat, const char *path);
void pw_libseat_session_close(struct pw_libseat_session *seat, int fd);
#else
static inline struct pw_libseat_session *
pw_libseat_session_create(struct wl_event_loop *loop, void (*active)(void *data, bool active),
	void *data)
{
	return NULL;
}

static inline void
pw_libseat_session_destroy(struct pw_libseat_session *seat)
{
}

static inline int
pw_libseat_session_open(struct pw_libseat_session *seat, const char *path)
{
	return -ENOSYS;
}

static inline void
pw_libseat_session_close(struct pw_libseat_session *seat, int fd)
{
}
#endif

#endif

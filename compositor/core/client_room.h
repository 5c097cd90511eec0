/*
 * Room in a client's socket, for events picowl may hold back instead of overfilling it:
 * libwayland-server disconnects a client whose socket is full, so a client that floods another
 * (titles to the panel, surrounding text to the input method) would get the reader dropped
 * (decision 4.74). pw_client_has_room asks now; a pw_client_room calls back once there is room.
 */
#ifndef PW_CLIENT_ROOM_H
#define PW_CLIENT_ROOM_H

#include <stdbool.h>
#include <wayland-server-core.h>

/*
 * Whether `client`'s socket has room now (POLLOUT after libwayland's own buffer was flushed
 * into it); a client whose socket is broken counts as having room (libwayland drops it).
 */
bool pw_client_has_room(struct wl_client *client);

struct pw_client_room {
	/* set by the owner: called once `client`'s socket has room, never after the client went */
	void (*writable)(struct pw_client_room *room);
	/* private */
	struct wl_client *client; /* NULL: not waiting */
	struct wl_event_source *watch;
	int fd;
	struct wl_listener client_destroy;
};

/*
 * Waits (a dup of its socket watched) until `client` has room, then calls room->writable once;
 * `room` starts zeroed. Without a descriptor for the dup it calls back after 10 ms,
 * and the owner asks pw_client_has_room again.
 */
void pw_client_room_wait(struct pw_client_room *room, struct wl_event_loop *loop,
	struct wl_client *client);
/*
 * Whether to send to `client` now: false while `room` waits for it (the owner is called back
 * then) and when its socket is full, in which case the wait starts.
 */
bool pw_client_room_ready(struct pw_client_room *room, struct wl_event_loop *loop,
	struct wl_client *client);
/* Stops waiting, if it was. */
void pw_client_room_cancel(struct pw_client_room *room);

#endif

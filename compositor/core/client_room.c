#define _GNU_SOURCE /* F_DUPFD_CLOEXEC */
#include "client_room.h"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#define RETRY_MS 10

bool
pw_client_has_room(struct wl_client *client)
{
	wl_client_flush(client);
	struct pollfd p = {.fd = wl_client_get_fd(client), .events = POLLOUT};
	return poll(&p, 1, 0) == 1 && (p.revents & (POLLOUT | POLLERR | POLLHUP));
}

void
pw_client_room_cancel(struct pw_client_room *room)
{
	if (!room->client) {
		return;
	}
	wl_list_remove(&room->client_destroy.link);
	if (room->watch) {
		wl_event_source_remove(room->watch);
	}
	if (room->fd >= 0) {
		close(room->fd);
	}
	room->client = NULL;
	room->watch = NULL;
	room->fd = -1;
}

static int
handle_writable(int fd, uint32_t mask, void *data)
{
	struct pw_client_room *room = data;
	pw_client_room_cancel(room);
	room->writable(room);
	return 0;
}

static int
handle_retry(void *data)
{
	return handle_writable(-1, 0, data);
}

static void
handle_client_destroy(struct wl_listener *listener, void *data)
{
	struct pw_client_room *room = wl_container_of(listener, room, client_destroy);
	pw_client_room_cancel(room);
}

void
pw_client_room_wait(struct pw_client_room *room, struct wl_event_loop *loop,
	struct wl_client *client)
{
	if (room->client == client) {
		return;
	}
	pw_client_room_cancel(room);
	room->client = client;
	room->client_destroy.notify = handle_client_destroy;
	wl_client_add_destroy_listener(client, &room->client_destroy);
	/* The dup is watched: libwayland's own source for the socket watches reading only. */
	room->fd = fcntl(wl_client_get_fd(client), F_DUPFD_CLOEXEC, 0);
	if (room->fd >= 0) {
		room->watch = wl_event_loop_add_fd(loop, room->fd, WL_EVENT_WRITABLE,
			handle_writable, room);
		if (!room->watch) {
			close(room->fd);
			room->fd = -1;
		}
	}
	if (!room->watch) {
		/* Out of descriptors: the owner asks again a little later. */
		room->watch = wl_event_loop_add_timer(loop, handle_retry, room);
		if (room->watch) {
			wl_event_source_timer_update(room->watch, RETRY_MS);
		}
	}
}

bool
pw_client_room_ready(struct pw_client_room *room, struct wl_event_loop *loop,
	struct wl_client *client)
{
	if (room->client) {
		return false; /* behind: brought up to date once it has read */
	}
	if (pw_client_has_room(client)) {
		return true;
	}
	pw_client_room_wait(room, loop, client);
	return false;
}

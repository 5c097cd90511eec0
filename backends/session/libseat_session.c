/* libseat behind the session; built only when libseat is found. */
#include "libseat_session.h"
#include "log.h"

#include <libseat.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

struct device {
	int fd, id;
};

struct pw_libseat_session {
	struct libseat *seat;
	struct wl_event_source *source;
	void (*active)(void *data, bool active);
	void *data;
	bool enabled;
	struct device *devices;
	size_t n_devices, cap_devices;
};

static void
handle_seat_enable(struct libseat *seat, void *data)
{
	struct pw_libseat_session *ss = data;
	ss->enabled = true;
	if (ss->active) {
		ss->active(ss->data, true);
	}
}

static void
handle_seat_disable(struct libseat *seat, void *data)
{
	struct pw_libseat_session *ss = data;
	ss->enabled = false;
	if (ss->active) {
		ss->active(ss->data, false);
	}
	libseat_disable_seat(seat);
}

static struct libseat_seat_listener seat_listener = {
	.enable_seat = handle_seat_enable,
	.disable_seat = handle_seat_disable,
};

static int
handle_seat_readable(int fd, uint32_t mask, void *data)
{
	struct pw_libseat_session *ss = data;
	if (libseat_dispatch(ss->seat, 0) < 0) {
		pw_log_error("session: libseat_dispatch: %s\n", strerror(errno));
	}
	return 0;
}

struct pw_libseat_session *
pw_libseat_session_create(struct wl_event_loop *loop, void (*active)(void *data, bool active),
	void *data)
{
	struct pw_libseat_session *ss = calloc(1, sizeof(*ss));
	if (!ss) {
		return NULL;
	}
	libseat_set_log_level(LIBSEAT_LOG_LEVEL_ERROR);
	ss->seat = libseat_open_seat(&seat_listener, ss);
	if (!ss->seat) {
		goto err;
	}
	/* Until enabled, the callbacks only record it: the session is not built yet. */
	for (int i = 0; i < 50 && !ss->enabled; i++) {
		if (libseat_dispatch(ss->seat, 100) < 0) {
			goto err;
		}
	}
	if (!ss->enabled) {
		pw_log_error("session: the seat was not enabled in 5 s\n");
		goto err;
	}
	ss->source = wl_event_loop_add_fd(loop, libseat_get_fd(ss->seat), WL_EVENT_READABLE,
		handle_seat_readable, ss);
	if (!ss->source) {
		goto err;
	}
	ss->active = active;
	ss->data = data;
	return ss;

err:
	pw_libseat_session_destroy(ss);
	return NULL;
}

void
pw_libseat_session_destroy(struct pw_libseat_session *ss)
{
	if (!ss) {
		return;
	}
	if (ss->source) {
		wl_event_source_remove(ss->source);
	}
	for (size_t i = 0; i < ss->n_devices; i++) {
		libseat_close_device(ss->seat, ss->devices[i].id);
		close(ss->devices[i].fd);
	}
	free(ss->devices);
	if (ss->seat) {
		libseat_close_seat(ss->seat);
	}
	free(ss);
}

int
pw_libseat_session_open(struct pw_libseat_session *ss, const char *path)
{
	if (ss->n_devices == ss->cap_devices) {
		size_t cap = ss->cap_devices ? 2 * ss->cap_devices : 8;
		struct device *devices = realloc(ss->devices, cap * sizeof(*devices));
		if (!devices) {
			return -ENOMEM;
		}
		ss->devices = devices;
		ss->cap_devices = cap;
	}
	int fd;
	int id = libseat_open_device(ss->seat, path, &fd);
	if (id < 0) {
		return -errno;
	}
	ss->devices[ss->n_devices++] = (struct device){.fd = fd, .id = id};
	return fd;
}

void
pw_libseat_session_close(struct pw_libseat_session *ss, int fd)
{
	for (size_t i = 0; i < ss->n_devices; i++) {
		if (ss->devices[i].fd == fd) {
			libseat_close_device(ss->seat, ss->devices[i].id);
			ss->devices[i] = ss->devices[--ss->n_devices];
			break;
		}
	}
	close(fd);
}

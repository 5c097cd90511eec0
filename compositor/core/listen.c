#define _GNU_SOURCE
#include "listen.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "log.h"

#define AUTO_MAX 32 /* wayland-0 .. wayland-32, as wl_display_add_socket_auto */

struct pw_listen {
	struct wl_display *display;
	struct wl_event_source *source, *pause;
	int fd, lock_fd;
	bool paused;
	struct sockaddr_un addr;
	char name[sizeof(((struct sockaddr_un *)0)->sun_path)];
	char lock_path[sizeof(((struct sockaddr_un *)0)->sun_path) + 8];
};

static int
handle_pause_done(void *data)
{
	struct pw_listen *l = data;
	l->paused = false;
	wl_event_source_fd_update(l->source, WL_EVENT_READABLE);
	return 0;
}

static bool
short_of_descriptors(int err)
{
	return err == EMFILE || err == ENFILE || err == ENOBUFS || err == ENOMEM;
}

/* Not accepting for a moment: the connection waits in the backlog, picowl sleeps. */
static void
pause_accepting(struct pw_listen *l, const char *what, int err)
{
	bool pause = short_of_descriptors(err) && l->pause;
	pw_log_limited(PW_LOG_WARNING, "cannot %s: %s%s", what, strerror(err),
		pause ? "; not accepting for a moment" : "");
	if (pause) {
		l->paused = true;
		wl_event_source_fd_update(l->source, 0);
		wl_event_source_timer_update(l->pause, PW_LISTEN_PAUSE_MS);
	}
}

static int
handle_socket_readable(int fd, uint32_t mask, void *data)
{
	struct pw_listen *l = data;
	int client_fd = accept4(fd, NULL, NULL, SOCK_CLOEXEC);
	if (client_fd < 0) {
		if (errno != EAGAIN && errno != EINTR && errno != ECONNABORTED) {
			pause_accepting(l, "accept a connection", errno);
		}
		return 0;
	}
	if (!wl_client_create(l->display, client_fd)) {
		/* libwayland's event loop copies the socket: one descriptor more is needed */
		int err = errno;
		close(client_fd);
		pause_accepting(l, "create a client", err);
	}
	return 0;
}

/* The lock first, as libwayland: a socket file left by a dead compositor is removed. */
static bool
take_name(struct pw_listen *l, const char *name, bool quiet)
{
	const char *dir = getenv("XDG_RUNTIME_DIR");
	int n;
	if (dir && dir[0]) {
		n = snprintf(l->addr.sun_path, sizeof(l->addr.sun_path), "%s/%s", dir, name);
	} else {
		pw_log_error("XDG_RUNTIME_DIR is not set: no socket %s", name);
		return false;
	}
	if (n < 0 || (size_t)n >= sizeof(l->addr.sun_path)) {
		pw_log_error("socket path %s/%s is too long", dir, name);
		return false;
	}
	snprintf(l->lock_path, sizeof(l->lock_path), "%s.lock", l->addr.sun_path);
	l->lock_fd = open(l->lock_path, O_CREAT | O_CLOEXEC | O_RDWR, 0660);
	if (l->lock_fd < 0) {
		pw_log_error("cannot create the lock file %s: %s", l->lock_path, strerror(errno));
		return false;
	}
	if (flock(l->lock_fd, LOCK_EX | LOCK_NB) != 0) {
		if (!quiet) {
			pw_log_error("socket %s is in use (%s is locked)", l->addr.sun_path,
				l->lock_path);
		}
		goto err_lock;
	}
	struct stat st;
	if (lstat(l->addr.sun_path, &st) == 0 && unlink(l->addr.sun_path) != 0) {
		pw_log_error("cannot remove the stale socket %s: %s", l->addr.sun_path,
			strerror(errno));
		goto err_lock;
	}
	l->fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (l->fd < 0) {
		pw_log_error("socket: %s", strerror(errno));
		goto err_lock;
	}
	l->addr.sun_family = AF_UNIX;
	socklen_t len = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + (size_t)n + 1);
	if (bind(l->fd, (struct sockaddr *)&l->addr, len) != 0 || listen(l->fd, 128) != 0) {
		pw_log_error("cannot listen on %s: %s", l->addr.sun_path, strerror(errno));
		goto err_socket;
	}
	snprintf(l->name, sizeof(l->name), "%s", name);
	return true;

err_socket:
	close(l->fd);
	l->fd = -1;
	unlink(l->addr.sun_path);
err_lock:
	close(l->lock_fd);
	l->lock_fd = -1;
	return false;
}

struct pw_listen *
pw_listen_create(struct wl_display *display, const char *name)
{
	struct pw_listen *l = calloc(1, sizeof(*l));
	if (!l) {
		return NULL;
	}
	l->display = display;
	l->fd = l->lock_fd = -1;
	bool ok = false;
	if (name) {
		ok = strlen(name) < sizeof(l->name) && take_name(l, name, false);
	} else {
		char auto_name[16];
		for (int i = 0; i <= AUTO_MAX && !ok; i++) {
			snprintf(auto_name, sizeof(auto_name), "wayland-%d", i);
			ok = take_name(l, auto_name, true);
		}
	}
	if (!ok) {
		goto err;
	}
	struct wl_event_loop *loop = wl_display_get_event_loop(display);
	l->source = wl_event_loop_add_fd(loop, l->fd, WL_EVENT_READABLE, handle_socket_readable, l);
	l->pause = wl_event_loop_add_timer(loop, handle_pause_done, l);
	if (!l->source || !l->pause) {
		pw_log_error("cannot add the socket to the event loop");
		goto err;
	}
	return l;

err:
	pw_listen_destroy(l);
	return NULL;
}

void
pw_listen_destroy(struct pw_listen *l)
{
	if (!l) {
		return;
	}
	if (l->source) {
		wl_event_source_remove(l->source);
	}
	if (l->pause) {
		wl_event_source_remove(l->pause);
	}
	if (l->fd >= 0) {
		close(l->fd);
		unlink(l->addr.sun_path);
	}
	if (l->lock_fd >= 0) {
		close(l->lock_fd);
		unlink(l->lock_path);
	}
	free(l);
}

const char *
pw_listen_name(const struct pw_listen *l)
{
	return l->name;
}

int
pw_listen_fd(const struct pw_listen *l)
{
	return l && !l->paused ? l->fd : -1;
}

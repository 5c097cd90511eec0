/*
 * The main loop. Frame callbacks go out at the refresh, so a client that keeps up commits
 * its next frame just after one; waking for that commit and again for the refresh would be
 * two wakeups per frame. While the backend's frame event is armed and such a client keeps up,
 * picowl leaves that client's socket alone until the event, and takes its commit in the
 * refresh's wakeup, where it is drawn anyway. Everything else (input, new connections, every
 * other client) wakes picowl as always. A client that draws without waiting for callbacks (a
 * benchmark, Doom's timedemo) is served at once: its buffers come back as soon as they can.
 *
 * Each wakeup costs one system call to wait. The wait is a ppoll over the event loop's epoll
 * set (pure/epoll.h) whose results answer libwayland's epoll_wait in the dispatch that
 * follows; and a frame done by time alone (headless, fbdev without a vsync wait) is the
 * wait's timeout, not a timerfd to arm and read (backend.h, drive_frames).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <wayland-server-core.h>

#include "backend.h"
#include "clock.h"
#include "epoll.h"
#include "input_load.h"
#include "listen.h"
#include "log.h"
#include "output.h"
#include "run.h"
#include "server.h"

struct run {
	struct pw_server *server;
	struct pollfd *fds; /* the wait without pure/epoll.h */
	size_t cap;
	int paced[PW_OUTPUT_MAX_PACED];
	bool drive; /* the backend's frames are done by time, at this loop's wakeups */
};

/* A frame event that never comes (a lost display) costs a few refreshes' wait, not a hang. */
static int
wait_bound_ms(const struct pw_backend *backend)
{
	int period_ms = backend->refresh_mhz > 0 ? 1000000 / backend->refresh_mhz : 16;
	return 3 * period_ms + 1;
}

/* From now until `when`, zero once it has passed; no 64-bit division (clock.h). */
static struct timespec
until(const struct timespec *when)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	struct timespec left = {when->tv_sec - now.tv_sec, when->tv_nsec - now.tv_nsec};
	if (left.tv_nsec < 0) {
		left.tv_sec--;
		left.tv_nsec += 1000000000;
	}
	return left.tv_sec < 0 ? (struct timespec){0, 0} : left;
}

/* The same in whole milliseconds for epoll, rounded up: never woken before `when`. */
static int
until_ms(const struct timespec *when)
{
	struct timespec left = until(when);
	if (left.tv_sec >= 1000) {
		return 1000000;
	}
	return (int)left.tv_sec * 1000 + (int)(((uint32_t)left.tv_nsec + 999999u) / 1000000u);
}

static bool
paced(const struct pw_output *output, const struct wl_client *client)
{
	for (int i = 0; i < output->n_paced; i++) {
		if (output->paced[i] == client) {
			return true;
		}
	}
	return false;
}

static bool
add_fd(struct run *run, size_t *n, int fd)
{
	if (*n == run->cap) {
		size_t cap = run->cap ? 2 * run->cap : 16;
		struct pollfd *fds = realloc(run->fds, cap * sizeof(*fds));
		if (!fds) {
			return false;
		}
		run->fds = fds;
		run->cap = cap;
	}
	run->fds[(*n)++] = (struct pollfd){.fd = fd, .events = POLLIN};
	return true;
}

/* Without the tracked epoll set: a poll over what may wake, then libwayland's own wait. */
static bool
poll_some(struct run *run, int frame_fd, const struct timespec *timeout)
{
	struct pw_server *server = run->server;
	size_t n = 0;
	bool ok = frame_fd < 0 || add_fd(run, &n, frame_fd);
	if (server->input) {
		ok = ok && add_fd(run, &n, pw_input_fd(server->input));
	}
	int listen_fd = pw_listen_fd(server->listen); /* -1 while accepting pauses */
	if (listen_fd >= 0) {
		ok = ok && add_fd(run, &n, listen_fd);
	}
	struct wl_client *client;
	wl_client_for_each(client, wl_display_get_client_list(server->display))
	{
		if (!paced(server->output, client)) {
			ok = ok && add_fd(run, &n, wl_client_get_fd(client));
		}
	}
	if (!ok) {
		return false;
	}
	if (ppoll(run->fds, n, timeout, NULL) < 0 && errno != EINTR) {
		pw_log_warning("poll: %s", strerror(errno));
		return false;
	}
	return true;
}

/*
 * Sleeps until the frame event (its fd, or `deadline` when the loop drives the frames) or
 * anything not paced by it; false when not coalescing.
 */
static bool
wait_for_frame(struct run *run, const struct timespec *deadline)
{
	struct pw_server *server = run->server;
	struct pw_backend *backend = server->backend;
	struct pw_output *output = server->output;
	if (!backend || !output || !output->coalesce) {
		return false;
	}
	int fd = backend->impl->frame_fd ? backend->impl->frame_fd(backend) : -1;
	if (fd < 0 && !deadline) {
		return false;
	}
	struct timespec timeout =
		deadline ? until(deadline) : pw_msec_timespec(wait_bound_ms(backend));
	if (!pw_epoll_usable()) {
		return poll_some(run, fd, &timeout);
	}
	/* paced[] may name a client gone since (a flush that failed): only the live ones count. */
	int n = 0;
	struct wl_client *client;
	wl_client_for_each(client, wl_display_get_client_list(server->display))
	{
		if (n < PW_OUTPUT_MAX_PACED && paced(output, client)) {
			run->paced[n++] = wl_client_get_fd(client);
		}
	}
	if (pw_epoll_wait(run->paced, n, &timeout) < 0 && errno != EINTR) {
		pw_log_warning("poll: %s", strerror(errno));
		return false;
	}
	return true;
}

void
pw_run_loop(struct pw_server *server)
{
	struct pw_backend *backend = server->backend;
	const struct pw_backend_impl *impl = backend ? backend->impl : NULL;
	struct run run = {
		.server = server,
		.drive = impl && impl->drive_frames && impl->frame_deadline && impl->frame_due,
	};
	if (run.drive) {
		impl->drive_frames(backend, true);
	}
	server->quit = false;
	server->running = true;
	while (!server->quit) {
		wl_display_flush_clients(server->display);
		struct timespec when;
		bool timed = run.drive && impl->frame_deadline(backend, &when);
		int timeout = timed ? until_ms(&when) : -1;
		if (wait_for_frame(&run, timed ? &when : NULL)) {
			timeout = 0;
		}
		if (wl_event_loop_dispatch(server->loop, timeout) < 0 && errno != EINTR) {
			pw_log_error("event loop: %s", strerror(errno));
			break;
		}
		if (run.drive) {
			impl->frame_due(backend);
		}
		if (server->output) {
			pw_output_dispatched(server->output);
		}
	}
	server->running = false;
	if (run.drive) {
		impl->drive_frames(backend, false);
	}
	free(run.fds);
}

void
pw_run_terminate(struct pw_server *server)
{
	server->quit = true;
	wl_display_terminate(server->display);
}

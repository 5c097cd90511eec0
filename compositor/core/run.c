/*
 * The main loop. Frame callbacks go out at the refresh, so a client that keeps up commits
 * its next frame just after one; waking for that commit and again for the refresh would be
 * two wakeups per frame. While the backend's frame event is armed and such a client keeps up,
 * picowl leaves that client's socket alone until the event, and takes its commit in the
 * refresh's wakeup, where it is drawn anyway. Everything else (input, new connections, every
 * other client) wakes picowl as always. A client that draws without waiting for callbacks (a
 * benchmark, Doom's timedemo) is served at once: its buffers come back as soon as they can.
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <wayland-server-core.h>

#include "backend.h"
#include "listen.h"
#include "output.h"
#include "server.h"

struct run {
	struct pw_server *server;
	struct pollfd *fds;
	size_t cap;
};

/* A frame event that never comes (a lost display) costs a few refreshes' wait, not a hang. */
static int
wait_bound_ms(const struct pw_backend *backend)
{
	int period_ms = backend->refresh_mhz > 0 ? 1000000 / backend->refresh_mhz : 16;
	return 3 * period_ms + 1;
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

/* Sleeps until the frame event or anything not paced by it; false when not coalescing. */
static bool
wait_for_frame(struct run *run)
{
	struct pw_server *server = run->server;
	struct pw_backend *backend = server->backend;
	struct pw_output *output = server->output;
	if (!backend || !backend->impl->frame_fd || !output || !output->coalesce) {
		return false;
	}
	int fd = backend->impl->frame_fd(backend);
	if (fd < 0) {
		return false;
	}
	size_t n = 0;
	bool ok = add_fd(run, &n, fd);
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
		if (!paced(output, client)) {
			ok = ok && add_fd(run, &n, wl_client_get_fd(client));
		}
	}
	if (!ok) {
		return false;
	}
	if (poll(run->fds, n, wait_bound_ms(backend)) < 0 && errno != EINTR) {
		fprintf(stderr, "picowl: poll: %s\n", strerror(errno));
		return false;
	}
	return true;
}

void
pw_server_run(struct pw_server *server)
{
	struct run run = {.server = server};
	server->quit = false;
	server->running = true;
	while (!server->quit) {
		wl_display_flush_clients(server->display);
		int timeout = wait_for_frame(&run) ? 0 : -1;
		if (wl_event_loop_dispatch(server->loop, timeout) < 0 && errno != EINTR) {
			fprintf(stderr, "picowl: event loop: %s\n", strerror(errno));
			break;
		}
		if (server->output) {
			pw_output_dispatched(server->output);
		}
	}
	server->running = false;
	free(run.fds);
}

void
pw_server_terminate(struct pw_server *server)
{
	server->quit = true;
	wl_display_terminate(server->display);
}

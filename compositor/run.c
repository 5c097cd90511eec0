/*
 * The main loop. Frame callbacks go out at the refresh, so a client that keeps up commits
 * its next frame just after one; waking for that commit and again for the refresh would be
 * two wakeups per frame. While the backend's frame event is armed and such a client keeps up,
 * picowl sleeps on that event and on input only and takes the commit in the refresh's wakeup,
 * where it is drawn anyway. A client that draws without waiting for callbacks (a benchmark,
 * Doom's timedemo) is served at once instead: its buffers come back as soon as they can.
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <wayland-server-core.h>

#include "backend.h"
#include "output.h"
#include "server.h"

/* A frame event that never comes (a lost display) costs a few refreshes' wait, not a hang. */
static int
wait_bound_ms(const struct pw_backend *backend)
{
	int period_ms = backend->refresh_mhz > 0 ? 1000000 / backend->refresh_mhz : 16;
	return 3 * period_ms + 1;
}

/* Sleeps until the frame event or input; false when there is no frame event to wait for. */
static bool
wait_for_frame(struct pw_server *server)
{
	struct pw_backend *backend = server->backend;
	if (!backend || !backend->impl->frame_fd || !server->output || !server->output->coalesce) {
		return false;
	}
	int fd = backend->impl->frame_fd(backend);
	if (fd < 0) {
		return false;
	}
	struct pollfd fds[2] = {{.fd = fd, .events = POLLIN}};
	nfds_t n = 1;
	if (server->input) {
		fds[n++] = (struct pollfd){.fd = pw_input_fd(server->input), .events = POLLIN};
	}
	if (poll(fds, n, wait_bound_ms(backend)) < 0 && errno != EINTR) {
		fprintf(stderr, "picowl: poll: %s\n", strerror(errno));
		return false;
	}
	return true;
}

void
pw_server_run(struct pw_server *server)
{
	server->quit = false;
	server->running = true;
	while (!server->quit) {
		wl_display_flush_clients(server->display);
		int timeout = wait_for_frame(server) ? 0 : -1;
		if (wl_event_loop_dispatch(server->loop, timeout) < 0 && errno != EINTR) {
			fprintf(stderr, "picowl: event loop: %s\n", strerror(errno));
			break;
		}
		if (server->output) {
			pw_output_dispatched(server->output);
		}
	}
	server->running = false;
}

void
pw_server_terminate(struct pw_server *server)
{
	server->quit = true;
	wl_display_terminate(server->display);
}

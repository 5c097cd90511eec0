/*
 * The server in-process, driven by real clients (weston-simple-shm): created and destroyed
 * many times in one process without leaking descriptors, input before the first frame, and focus
 * that follows a tap, a click and the keyboard.
 */
#include <linux/input-event-codes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "desktop.h"
#include "keyboard.h"
#include "options.h"
#include "output.h"
#include "pointer.h"
#include "seat_internal.h"
#include "server.h"
#include "shell.h"
#include "spawn.h"
#include "touch.h"
#include "view.h"

#include "check.h"
#include "fd_count.h"

static const char *client_path;

static double
now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int
mapped_views(struct pw_server *server)
{
	int n = 0;
	struct pw_view *view;
	wl_list_for_each(view, &server->desktop->views, link) {
		n++;
	}
	return n;
}

/* Runs the server until `count` views are mapped; false after 15 s. */
static bool
run_until_mapped(struct pw_server *server, int count)
{
	double deadline = now() + 15;
	while (mapped_views(server) < count && now() < deadline) {
		wl_display_flush_clients(server->display);
		wl_event_loop_dispatch(server->loop, 50);
	}
	return mapped_views(server) >= count;
}

static void
run_for(struct pw_server *server, double seconds)
{
	double deadline = now() + seconds;
	while (now() < deadline) {
		wl_display_flush_clients(server->display);
		wl_event_loop_dispatch(server->loop, 10);
	}
}

static pid_t
spawn_client(struct pw_server *server)
{
	char *argv[] = {(char *)client_path, NULL};
	return pw_spawn(argv, server->socket);
}

static void
stop_client(pid_t pid)
{
	if (pid > 0) {
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
	}
}

static struct pw_server *
create(const char *socket)
{
	struct pw_options opts;
	pw_options_defaults(&opts);
	opts.backend = "headless";
	opts.socket = socket;
	struct pw_server *server = pw_server_create(&opts);
	if (server && (!pw_shell_create(server) || !pw_server_listen(server))) {
		pw_server_destroy(server);
		return NULL;
	}
	return server;
}

static void
test_create_destroy_many(void)
{
	int fds_before = fd_count();
	for (int i = 0; i < 8; i++) {
		char socket[32];
		snprintf(socket, sizeof(socket), "pw-test-cd-%d", i);
		struct pw_server *server = create(socket);
		CHECK(server != NULL);
		if (!server) {
			return;
		}
		pid_t pid = spawn_client(server);
		CHECK(run_until_mapped(server, 1));
		pw_server_destroy(server);
		stop_client(pid);
	}
	CHECK(fd_count() == fds_before);
}

/*
 * The keymap and the devices wait for the first frame (seat.c): a server destroyed before it
 * drops that wait without leaking its timer, and a key injected at once, before any frame,
 * compiles the keymap it needs (a binding's modifiers, the xkb state) rather than crash.
 */
static void
test_before_first_frame(void)
{
	int fds_before = fd_count();
	struct pw_server *server = create("pw-test-ff-0");
	CHECK(server != NULL);
	pw_server_destroy(server);
	server = create("pw-test-ff-1");
	CHECK(server != NULL);
	if (!server) {
		return;
	}
	pw_seat_notify_key(server->seat, 1, KEY_LEFTSHIFT, true);
	pw_seat_notify_key(server->seat, 2, KEY_A, true);
	pw_seat_notify_key(server->seat, 3, KEY_A, false);
	pw_seat_notify_key(server->seat, 4, KEY_LEFTSHIFT, false);
	pid_t pid = spawn_client(server);
	CHECK(run_until_mapped(server, 1));
	pw_seat_notify_key(server->seat, 5, KEY_B, true);
	pw_seat_notify_key(server->seat, 6, KEY_B, false);
	run_for(server, 0.3); /* past the 200 ms bound: the deferred work ran once, harmlessly */
	pw_server_destroy(server);
	stop_client(pid);
	CHECK(fd_count() == fds_before);
}

static struct pw_view *
view_at_index(struct pw_server *server, int index)
{
	struct pw_view *view;
	wl_list_for_each(view, &server->desktop->views, link) {
		if (index-- == 0) {
			return view;
		}
	}
	return NULL;
}

static bool
held(struct wl_array *keys, uint32_t key)
{
	uint32_t *k;
	wl_array_for_each(k, keys) {
		if (*k == key) {
			return true;
		}
	}
	return false;
}

/*
 * [buttons] (4.54): the d-pad's Right on a device that is no full keyboard moves the focus and
 * reaches no client; a keyboard's Right reaches the focused client and moves nothing.
 */
static void
test_buttons(struct pw_server *server, struct pw_view *first, struct pw_view *second)
{
	char path[] = "/tmp/picowl-test-buttons-XXXXXX";
	int fd = mkstemp(path);
	CHECK(fd >= 0);
	if (fd < 0) {
		return;
	}
	const char text[] = "[buttons]\nKEY_RIGHT = focus next\nKEY_PROG4 = rotate\n";
	CHECK(write(fd, text, sizeof(text) - 1) == (ssize_t)(sizeof(text) - 1));
	close(fd);
	struct pw_config *config = pw_config_load_file(path, NULL);
	unlink(path);
	CHECK(config && config->errors == 0);
	if (!config) {
		return;
	}
	pw_desktop_apply_config(server, config);
	struct pw_seat_keyboard *kb = &server->seat->keyboard;

	pw_seat_notify_device_key(server->seat, 20, KEY_RIGHT, true, false);
	run_for(server, 0.1);
	CHECK(server->desktop->focus == first);
	CHECK(held(&kb->pressed, KEY_RIGHT) && !held(&kb->swallowed, KEY_RIGHT));
	pw_seat_notify_device_key(server->seat, 21, KEY_RIGHT, false, false);
	CHECK(!held(&kb->pressed, KEY_RIGHT));

	pw_seat_notify_device_key(server->seat, 22, KEY_RIGHT, true, true);
	run_for(server, 0.1);
	CHECK(server->desktop->focus == second);
	CHECK(held(&kb->swallowed, KEY_RIGHT) && !held(&kb->pressed, KEY_RIGHT));
	pw_seat_notify_device_key(server->seat, 23, KEY_RIGHT, false, true);
	CHECK(!held(&kb->swallowed, KEY_RIGHT));

	/* A button [buttons] does not name keeps its [bindings] meaning: none here, the client's.
	 */
	pw_seat_notify_device_key(server->seat, 24, KEY_LEFT, true, true);
	CHECK(held(&kb->pressed, KEY_LEFT));
	pw_seat_notify_device_key(server->seat, 25, KEY_LEFT, false, true);

	int rotation = server->output->rotation;
	pw_seat_notify_device_key(server->seat, 26, KEY_PROG4, true, true);
	pw_seat_notify_device_key(server->seat, 27, KEY_PROG4, false, true);
	run_for(server, 0.1);
	CHECK(server->output->rotation == (rotation + 90) % 360);
	pw_seat_notify_device_key(server->seat, 28, KEY_PROG4, true, true);
	pw_seat_notify_device_key(server->seat, 29, KEY_PROG4, false, true);
	pw_seat_notify_device_key(server->seat, 30, KEY_PROG4, true, true);
	pw_seat_notify_device_key(server->seat, 31, KEY_PROG4, false, true);
	pw_seat_notify_device_key(server->seat, 32, KEY_PROG4, true, true);
	pw_seat_notify_device_key(server->seat, 33, KEY_PROG4, false, true);
	run_for(server, 0.1);
	CHECK(server->output->rotation == rotation);
	pw_seat_notify_device_key(server->seat, 34, KEY_RIGHT, true, true);
	pw_seat_notify_device_key(server->seat, 35, KEY_RIGHT, false, true);
	run_for(server, 0.1);
	CHECK(server->desktop->focus == first);
}

static void
test_focus(void)
{
	struct pw_server *server = create("pw-test-focus");
	CHECK(server != NULL);
	if (!server) {
		return;
	}
	pid_t a = spawn_client(server);
	CHECK(run_until_mapped(server, 1));
	pid_t b = spawn_client(server);
	CHECK(run_until_mapped(server, 2));
	struct pw_view *first = view_at_index(server, 0);
	struct pw_view *second = view_at_index(server, 1);
	CHECK(first && second);
	if (!first || !second) {
		goto out;
	}
	/* Portrait 240x320: the master on top, the second tile below. */
	CHECK(first->tile.y == 0 && first->tile.height == 160 && first->tile.width == 240);
	CHECK(second->tile.y == 160 && second->tile.height == 160);
	CHECK(server->desktop->focus == second);
	CHECK(pw_seat_keyboard_focused(server->seat) == second->surface);

	pw_seat_notify_touch_down(server->seat, 1, 0, 120, 60);
	pw_seat_notify_touch_up(server->seat, 2, 0);
	pw_seat_notify_touch_frame(server->seat);
	run_for(server, 0.1);
	CHECK(server->desktop->focus == first);
	CHECK(pw_seat_keyboard_focused(server->seat) == first->surface);

	pw_seat_notify_motion(server->seat, 3, 100, 250);
	pw_seat_notify_button(server->seat, 4, BTN_LEFT, true);
	pw_seat_notify_button(server->seat, 5, BTN_LEFT, false);
	run_for(server, 0.1);
	CHECK(server->desktop->focus == second);

	/* Logo+j moves the focus to the next tile, wrapping to the master. */
	pw_seat_notify_key(server->seat, 6, KEY_LEFTMETA, true);
	pw_seat_notify_key(server->seat, 7, KEY_J, true);
	pw_seat_notify_key(server->seat, 8, KEY_J, false);
	pw_seat_notify_key(server->seat, 9, KEY_LEFTMETA, false);
	run_for(server, 0.1);
	CHECK(server->desktop->focus == first);
	CHECK(pw_seat_keyboard_focused(server->seat) == first->surface);

	test_buttons(server, first, second);

	/* The client dies: its tile goes, the other one takes the whole output. */
	stop_client(a);
	a = -1;
	double deadline = now() + 10;
	while (mapped_views(server) != 1 && now() < deadline) {
		run_for(server, 0.05);
	}
	CHECK(mapped_views(server) == 1);
	struct pw_view *left = view_at_index(server, 0);
	CHECK(left && left->tile.height == 320 && left->tile.y == 0);
	CHECK(server->desktop->focus == left);

out:
	pw_server_destroy(server);
	stop_client(a);
	stop_client(b);
}

int
main(void)
{
	client_path = getenv("SIMPLE_SHM");
	if (!client_path || access(client_path, X_OK) != 0) {
		fprintf(stderr, "SIMPLE_SHM must name weston-simple-shm\n");
		return 1;
	}
	char dir[] = "/tmp/picowl-test-XXXXXX";
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	setenv("XDG_RUNTIME_DIR", dir, 1);
	signal(SIGPIPE, SIG_IGN);
	test_create_destroy_many();
	test_before_first_frame();
	test_focus();
	return check_summary();
}

/*
 * A mouse for games (4.91), the server in-process driven by its seat as libinput's mouse drives
 * it (pw_seat_notify_relative_motion): tests/session/gameclient.c with a relative pointer and a
 * lock or confinement, and SDL2's testrelative (Debian's libsdl2-tests, SDL_SetRelativeMouseMode)
 * when it is installed. Also the cursor shape a client names (4.91's cursor-shape), and a
 * touchpad's gestures (4.104).
 *
 *   GAMECLIENT=path [TESTRELATIVE=path] test_games
 */
#include <linux/input-event-codes.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "desktop.h"
#include "options.h"
#include "pointer.h"
#include "pointer_constraints.h"
#include "seat_internal.h"
#include "server.h"
#include "shell.h"
#include "spawn.h"
#include "surface.h"
#include "surface_pixels.h"
#include "view.h"

#include "check.h"

static const char *gameclient, *testrelative, *gtk3demo;
static char dir[] = "/tmp/picowl-test-games-XXXXXX";
static uint64_t usec = 1000000;

static double
now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
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

/* Whether the state file holds the line `line`. */
static bool
has_line(const char *path, const char *line)
{
	char buf[256];
	bool found = false;
	FILE *f = fopen(path, "r");
	if (!f) {
		return false;
	}
	while (!found && fgets(buf, sizeof(buf), f)) {
		buf[strcspn(buf, "\n")] = '\0';
		found = strcmp(buf, line) == 0;
	}
	fclose(f);
	return found;
}

/* How many lines of the state file start with `prefix`; the last one in `last`. */
static int
count_lines(const char *path, const char *prefix, char *last, size_t size)
{
	char buf[256];
	int n = 0;
	FILE *f = fopen(path, "r");
	if (!f) {
		return 0;
	}
	while (fgets(buf, sizeof(buf), f)) {
		if (strncmp(buf, prefix, strlen(prefix)) == 0) {
			n++;
			if (last) {
				buf[strcspn(buf, "\n")] = '\0';
				snprintf(last, size, "%s", buf);
			}
		}
	}
	fclose(f);
	return n;
}

/* Runs the server until the state file has `line`; false after 10 s. */
static bool
run_until_line(struct pw_server *server, const char *path, const char *line)
{
	double deadline = now() + 10;
	while (!has_line(path, line) && now() < deadline) {
		run_for(server, 0.02);
	}
	return has_line(path, line);
}

static bool
run_until_mapped(struct pw_server *server, int count)
{
	double deadline = now() + 15;
	while (mapped_views(server) < count && now() < deadline) {
		run_for(server, 0.02);
	}
	return mapped_views(server) >= count;
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

/* gameclient with `args` (NULL-terminated, at most 6), its state file at `state`. */
static pid_t
spawn_game(struct pw_server *server, const char *state, const char *const *args)
{
	char *argv[10] = {(char *)gameclient, (char *)state};
	int n = 2;
	for (; args && *args && n < 9; args++) {
		argv[n++] = (char *)*args;
	}
	argv[n] = NULL;
	fclose(fopen(state, "w"));
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

static void
relative(struct pw_server *server, double dx, double dy, double ux, double uy)
{
	usec += 8000;
	pw_seat_notify_relative_motion(server->seat, usec, dx, dy, ux, uy);
	run_for(server, 0.05);
}

/*
 * A lock: relative motion reaches the client, accelerated and not, while the pointer stays and
 * no wl_pointer.motion comes; a second window takes the keyboard, the persistent lock ends and
 * comes back with the focus; its hint placed the pointer when it ended.
 */
static void
test_lock(void)
{
	char state[96], other[96], last[256];
	snprintf(state, sizeof(state), "%s/lock.state", dir);
	snprintf(other, sizeof(other), "%s/other.state", dir);
	struct pw_server *server = create("pw-test-games-lock");
	CHECK(server != NULL);
	if (!server) {
		return;
	}
	struct pw_seat *seat = server->seat;
	const char *args[] = {"--lock", "--hint", "5", "7", NULL};
	pid_t pid = spawn_game(server, state, args), pid2 = -1;
	CHECK(run_until_mapped(server, 1) && run_until_line(server, state, "ready"));
	/* The mouse comes over the window: both foci, and the lock activates. */
	relative(server, 120, 160, 120, 160);
	CHECK(run_until_line(server, state, "locked"));
	CHECK(pw_pointer_constraints_locked(seat->constraints));
	double x = seat->pointer.x, y = seat->pointer.y;
	int motions = count_lines(state, "motion", NULL, 0);

	relative(server, 10, 5, 4, 2);
	relative(server, -3, 0, -1.5, 0);
	CHECK(run_until_line(server, state, "relative -3.00 0.00 -1.50 0.00"));
	CHECK(has_line(state, "relative 10.00 5.00 4.00 2.00"));
	CHECK(seat->pointer.x == x && seat->pointer.y == y);
	CHECK(count_lines(state, "motion", NULL, 0) == motions);
	printf("locked at %.0f,%.0f: %d relative motions, no pointer motion\n", x, y,
		count_lines(state, "relative", NULL, 0));

	/*
	 * An absolute move (a finger, the test hooks) within the surface: still no motion. To its
	 * top, which stays the window's when a second tile halves it.
	 */
	pw_seat_notify_motion(seat, 1, 60, 40);
	run_for(server, 0.05);
	CHECK(count_lines(state, "motion", NULL, 0) == motions);
	CHECK(pw_pointer_constraints_locked(seat->constraints));
	struct pw_surface *locked_surface = seat->pointer.focus;

	/* Another window takes the keyboard focus: unlocked, the pointer at the hint. */
	pid2 = spawn_game(server, other, NULL);
	CHECK(run_until_mapped(server, 2) && run_until_line(server, state, "unlocked"));
	CHECK(!pw_pointer_constraints_locked(seat->constraints));
	/* the master tile: the first window's */
	struct pw_view *view = wl_list_empty(&server->desktop->views)
		? NULL
		: wl_container_of(server->desktop->views.next, view, link);
	/* The hint, surface-local 5,7, placed the pointer as the lock ended. */
	CHECK(seat->pointer.focus == locked_surface);
	CHECK(fabs(seat->pointer.x - seat->pointer.focus_x - 5) < 0.01 &&
		fabs(seat->pointer.y - seat->pointer.focus_y - 7) < 0.01);
	printf("unlocked: the pointer at %.1f,%.1f, the hint 5,7 on the surface\n", seat->pointer.x,
		seat->pointer.y);
	/* Unlocked, a relative motion moves the pointer again. */
	double before_x = seat->pointer.x;
	relative(server, 2, 0, 2, 0);
	CHECK(seat->pointer.x != before_x || seat->pointer.focus == NULL);

	/* The first window focused again (Logo+k, focus prev): the persistent lock is back. */
	pw_seat_notify_key(seat, 2, KEY_LEFTMETA, true);
	pw_seat_notify_key(seat, 3, KEY_K, true);
	pw_seat_notify_key(seat, 4, KEY_K, false);
	pw_seat_notify_key(seat, 5, KEY_LEFTMETA, false);
	run_for(server, 0.1);
	/* The pointer goes back over it, as a player would move it. */
	if (view) {
		pw_seat_notify_motion(seat, 6, view->tile.x + 20, view->tile.y + 20);
	}
	run_for(server, 0.1);
	CHECK(count_lines(state, "locked", last, sizeof(last)) == 2);
	printf("refocused: %d locked events\n", count_lines(state, "locked", NULL, 0));
	pw_server_destroy(server);
	stop_client(pid);
	stop_client(pid2);
}

/* A oneshot lock ends with the focus and never comes back. */
static void
test_oneshot(void)
{
	char state[96], other[96];
	snprintf(state, sizeof(state), "%s/oneshot.state", dir);
	snprintf(other, sizeof(other), "%s/other2.state", dir);
	struct pw_server *server = create("pw-test-games-oneshot");
	CHECK(server != NULL);
	if (!server) {
		return;
	}
	struct pw_seat *seat = server->seat;
	const char *args[] = {"--lock", "--oneshot", NULL};
	pid_t pid = spawn_game(server, state, args);
	CHECK(run_until_mapped(server, 1) && run_until_line(server, state, "ready"));
	relative(server, 60, 60, 60, 60);
	CHECK(run_until_line(server, state, "locked"));
	pid_t pid2 = spawn_game(server, other, NULL);
	CHECK(run_until_mapped(server, 2) && run_until_line(server, state, "unlocked"));
	pw_seat_notify_key(seat, 2, KEY_LEFTMETA, true);
	pw_seat_notify_key(seat, 3, KEY_K, true);
	pw_seat_notify_key(seat, 4, KEY_K, false);
	pw_seat_notify_key(seat, 5, KEY_LEFTMETA, false);
	pw_seat_notify_motion(seat, 6, 20, 20);
	run_for(server, 0.3);
	CHECK(count_lines(state, "locked", NULL, 0) == 1);
	CHECK(!pw_pointer_constraints_locked(seat->constraints));
	printf("oneshot: locked once, not again after the focus came back\n");
	pw_server_destroy(server);
	stop_client(pid);
	stop_client(pid2);
}

/* A confinement: the pointer moves but stops at the surface's last pixel, each way. */
static void
test_confine(void)
{
	char state[96], last[256];
	snprintf(state, sizeof(state), "%s/confine.state", dir);
	struct pw_server *server = create("pw-test-games-confine");
	CHECK(server != NULL);
	if (!server) {
		return;
	}
	const char *args[] = {"--confine", NULL};
	pid_t pid = spawn_game(server, state, args);
	CHECK(run_until_mapped(server, 1) && run_until_line(server, state, "ready"));
	relative(server, 100, 100, 100, 100);
	CHECK(run_until_line(server, state, "confined"));
	struct pw_surface *surface = server->seat->pointer.focus;
	CHECK(surface != NULL);
	if (surface) {
		char want[64];
		relative(server, 5000, 5000, 5000, 5000);
		run_for(server, 0.1);
		count_lines(state, "motion", last, sizeof(last));
		snprintf(want, sizeof(want), "motion %.2f %.2f", surface->width - 1.0,
			surface->height - 1.0);
		CHECK(strcmp(last, want) == 0);
		printf("confined to %dx%d: %s\n", surface->width, surface->height, last);
		relative(server, -5000, -5000, -5000, -5000);
		run_for(server, 0.1);
		count_lines(state, "motion", last, sizeof(last));
		CHECK(strcmp(last, "motion 0.00 0.00") == 0);
		printf("and back: %s\n", last);
	}
	pw_server_destroy(server);
	stop_client(pid);
}

/* The cursor shape a client names at its enter is the pointer's; a bad serial changes nothing. */
static void
test_shape(void)
{
	char state[96];
	snprintf(state, sizeof(state), "%s/shape.state", dir);
	struct pw_server *server = create("pw-test-games-shape");
	CHECK(server != NULL);
	if (!server) {
		return;
	}
	const char *args[] = {"--shape", "8", NULL};
	pid_t pid = spawn_game(server, state, args);
	CHECK(run_until_mapped(server, 1) && run_until_line(server, state, "ready"));
	pw_seat_notify_motion(server->seat, 1, 100, 100);
	run_for(server, 0.2);
	CHECK(count_lines(state, "shape 8", NULL, 0) == 1);
	CHECK(server->seat->pointer.shape == 8);
	printf("shape: crosshair (8) is the pointer's: %u\n", server->seat->pointer.shape);
	pw_server_destroy(server);
	stop_client(pid);
}

/* SDL2's relative mouse mode (testrelative): a relative pointer and a lock. */
static void
test_sdl(void)
{
	if (!testrelative || access(testrelative, X_OK) != 0) {
		printf("SKIP sdl: no testrelative (Debian's libsdl2-tests)\n");
		return;
	}
	struct pw_server *server = create("pw-test-games-sdl");
	CHECK(server != NULL);
	if (!server) {
		return;
	}
	setenv("SDL_VIDEODRIVER", "wayland", 1);
	char *argv[] = {(char *)testrelative, NULL};
	pid_t pid = pw_spawn(argv, server->socket);
	CHECK(run_until_mapped(server, 1));
	/* The mouse arrives over its window; SDL locks the pointer in relative mode. */
	relative(server, 100, 100, 100, 100);
	double deadline = now() + 10;
	while (!pw_pointer_constraints_locked(server->seat->constraints) && now() < deadline) {
		relative(server, 1, 1, 1, 1);
	}
	CHECK(pw_pointer_constraints_locked(server->seat->constraints));
	double x = server->seat->pointer.x, y = server->seat->pointer.y;
	relative(server, 30, -20, 30, -20);
	CHECK(server->seat->pointer.x == x && server->seat->pointer.y == y);
	printf("testrelative locked the pointer at %.0f,%.0f; relative motion keeps it there\n", x,
		y);
	pw_server_destroy(server);
	stop_client(pid);
}

/* The gesture lines of a state file ("swipe ", "pinch ", "hold "), to compare. */
static int
gesture_lines(const char *path)
{
	return count_lines(path, "swipe ", NULL, 0) + count_lines(path, "pinch ", NULL, 0) +
		count_lines(path, "hold ", NULL, 0);
}

static void
gesture_at(struct pw_server *server, struct pw_view *view)
{
	pw_seat_notify_motion(server->seat, 1, view->tile.x + view->tile.width / 2.0,
		view->tile.y + view->tile.height / 2.0);
	run_for(server, 0.05);
}

/*
 * A touchpad's gestures (4.104) through the path libinput's take (devices.c's callbacks): a
 * swipe begun over one window stays with it while the pointer moves to the other; a pinch and
 * a hold go to the window under the pointer; a second hold begun while one is on cancels the
 * first; a client gone in the middle of a gesture breaks nothing.
 */
static void
test_gestures(void)
{
	char a[96], b[96], last[256];
	snprintf(a, sizeof(a), "%s/gestures-a.state", dir);
	snprintf(b, sizeof(b), "%s/gestures-b.state", dir);
	struct pw_server *server = create("pw-test-games-gestures");
	CHECK(server != NULL);
	if (!server) {
		return;
	}
	struct pw_seat *seat = server->seat;
	const struct pw_input_events *ev = pw_seat_devices_events();
	const char *args[] = {"--gestures", NULL};
	pid_t pa = spawn_game(server, a, args);
	CHECK(run_until_mapped(server, 1) && run_until_line(server, a, "ready"));
	pid_t pb = spawn_game(server, b, args);
	CHECK(run_until_mapped(server, 2) && run_until_line(server, b, "ready"));
	struct pw_view *first = NULL, *second = NULL, *view;
	wl_list_for_each(view, &server->desktop->views, link) {
		*(first ? &second : &first) = view;
	}
	CHECK(first && second);
	if (!first || !second) {
		goto out;
	}
	/* Which window is a's: the one the first swipe begins on. */
	gesture_at(server, first);
	ev->gesture_begin(seat, 10, PW_INPUT_GESTURE_SWIPE, 3);
	ev->gesture_update(seat, 11, PW_INPUT_GESTURE_SWIPE, 2, 10, 1, 0);
	run_for(server, 0.05);
	bool a_first = has_line(a, "swipe begin 3 ours");
	const char *on = a_first ? a : b, *off = a_first ? b : a;
	CHECK(has_line(on, "swipe begin 3 ours") && !has_line(off, "swipe begin 3 ours"));
	gesture_at(server, second);
	CHECK(seat->pointer.focus != NULL &&
		seat->pointer.focus->resource == second->surface->resource);
	ev->gesture_update(seat, 12, PW_INPUT_GESTURE_SWIPE, 0, 5, 1, 0);
	ev->gesture_end(seat, 13, PW_INPUT_GESTURE_SWIPE, false);
	run_for(server, 0.05);
	CHECK(has_line(on, "swipe update 2.00 10.00") && has_line(on, "swipe update 0.00 5.00"));
	CHECK(has_line(on, "swipe end 0"));
	CHECK(gesture_lines(off) == 0);
	printf("swipe: begun on one window, the pointer moved to the other: %d lines to the "
	       "first, %d to the other\n",
		gesture_lines(on), gesture_lines(off));

	/* Under the pointer now: the other window's pinch and hold. */
	int before = gesture_lines(on);
	ev->gesture_begin(seat, 20, PW_INPUT_GESTURE_PINCH, 2);
	ev->gesture_update(seat, 21, PW_INPUT_GESTURE_PINCH, 1, -1, 1.5, 10);
	ev->gesture_end(seat, 22, PW_INPUT_GESTURE_PINCH, true);
	ev->gesture_begin(seat, 30, PW_INPUT_GESTURE_HOLD, 3);
	ev->gesture_begin(seat, 31, PW_INPUT_GESTURE_HOLD, 2);
	ev->gesture_end(seat, 32, PW_INPUT_GESTURE_HOLD, false);
	run_for(server, 0.05);
	CHECK(has_line(off, "pinch begin 2 ours") &&
		has_line(off, "pinch update 1.00 -1.00 1.50 10.00") &&
		has_line(off, "pinch end 1"));
	CHECK(has_line(off, "hold begin 3 ours") && has_line(off, "hold end 1") &&
		has_line(off, "hold begin 2 ours"));
	CHECK(count_lines(off, "hold end", last, sizeof(last)) == 2 &&
		strcmp(last, "hold end 0") == 0);
	CHECK(gesture_lines(on) == before);
	printf("pinch and hold to the window under the pointer: %d lines, %d to the first\n",
		gesture_lines(off), gesture_lines(on) - before);

	/* The client killed in the middle of a swipe: its update and end go nowhere. */
	ev->gesture_begin(seat, 40, PW_INPUT_GESTURE_SWIPE, 4);
	run_for(server, 0.05);
	CHECK(has_line(off, "swipe begin 4 ours"));
	stop_client(a_first ? pb : pa);
	*(a_first ? &pb : &pa) = -1;
	for (double deadline = now() + 10; mapped_views(server) > 1 && now() < deadline;) {
		run_for(server, 0.02);
	}
	ev->gesture_update(seat, 41, PW_INPUT_GESTURE_SWIPE, 1, 1, 1, 0);
	ev->gesture_end(seat, 42, PW_INPUT_GESTURE_SWIPE, false);
	run_for(server, 0.05);
	CHECK(mapped_views(server) == 1 && gesture_lines(on) == before);
	printf("a client killed mid-swipe: nothing sent, %d window left\n", mapped_views(server));
out:
	pw_server_destroy(server);
	stop_client(pa);
	stop_client(pb);
}

/* A copy of `view`'s surface's pixels (malloc'd, NULL if it has none), its size in *size. */
static uint32_t *
copy_pixels(struct pw_view *view, size_t *size)
{
	struct pw_pixmap pm;
	uint32_t *copy = NULL;
	if (!pw_surface_pixels_begin(view->surface, &pm)) {
		return NULL;
	}
	*size = (size_t)pm.stride * (size_t)pm.height;
	copy = malloc(*size);
	if (copy) {
		memcpy(copy, pm.data, *size);
	}
	pw_surface_pixels_end(view->surface);
	return copy;
}

/* How many 32-bit words of `view`'s pixels differ from `before`'s. */
static int
pixels_changed(struct pw_view *view, const uint32_t *before, size_t size)
{
	size_t now_size = 0;
	uint32_t *now = copy_pixels(view, &now_size);
	int n = 0;
	for (size_t i = 0; now && before && now_size == size && i < size / 4; i++) {
		n += now[i] != before[i];
	}
	free(now);
	return now_size == size ? n : -1;
}

/* Runs the server until more than 50 of `view`'s pixels differ from `before`'s (10 s at most). */
static int
run_until_changed(struct pw_server *server, struct pw_view *view, const uint32_t *before,
	size_t size)
{
	int n = pixels_changed(view, before, size);
	for (double deadline = now() + 10; n <= 50 && now() < deadline;) {
		run_for(server, 0.05);
		n = pixels_changed(view, before, size);
	}
	return n;
}

static struct pw_view *
view_titled(struct pw_server *server, const char *title)
{
	struct pw_view *view;
	wl_list_for_each(view, &server->desktop->views, link) {
		if (view->title && strcmp(view->title, title) == 0) {
			return view;
		}
	}
	return NULL;
}

/*
 * Debian's gtk3-demo, its Gestures demo (GTK 3.24, zwp_pointer_gestures_v1 version 1): a
 * three-finger swipe makes it draw a line the way the swipe went, a pinch a rectangle while
 * it lasts (4.104). Its window's pixels change with each.
 */
static void
test_gtk_gestures(void)
{
	if (!gtk3demo || access(gtk3demo, X_OK) != 0) {
		printf("SKIP gtk gestures: no gtk3-demo (Debian's gtk-3-examples)\n");
		return;
	}
	struct pw_server *server = create("pw-test-games-gtk");
	CHECK(server != NULL);
	if (!server) {
		return;
	}
	struct pw_seat *seat = server->seat;
	const struct pw_input_events *ev = pw_seat_devices_events();
	setenv("GDK_BACKEND", "wayland", 1);
	setenv("NO_AT_BRIDGE", "1", 1);
	char *argv[] = {(char *)gtk3demo, "--run=gestures", NULL};
	pid_t pid = pw_spawn(argv, server->socket);
	struct pw_view *view = NULL;
	for (double deadline = now() + 20; !view && now() < deadline;) {
		run_for(server, 0.05);
		view = view_titled(server, "Gestures");
	}
	CHECK(view != NULL);
	if (!view) {
		goto out;
	}
	/* The pointer over it, its pixels still for 0.3 s: what a gesture changes is the gesture's.
	 */
	gesture_at(server, view);
	size_t size = 0;
	uint32_t *before = NULL;
	for (double deadline = now() + 10; now() < deadline;) {
		free(before);
		before = copy_pixels(view, &size);
		run_for(server, 0.3);
		if (before && pixels_changed(view, before, size) == 0) {
			break;
		}
	}
	CHECK(before != NULL && pixels_changed(view, before, size) == 0);

	ev->gesture_begin(seat, 1000, PW_INPUT_GESTURE_SWIPE, 3);
	for (uint32_t t = 1010; t <= 1100; t += 10) {
		ev->gesture_update(seat, t, PW_INPUT_GESTURE_SWIPE, 15, 0, 1, 0);
		run_for(server, 0.01);
	}
	ev->gesture_end(seat, 1100, PW_INPUT_GESTURE_SWIPE, false);
	int swiped = run_until_changed(server, view, before, size);
	CHECK(swiped > 50);

	free(before);
	before = copy_pixels(view, &size);
	ev->gesture_begin(seat, 2000, PW_INPUT_GESTURE_PINCH, 2);
	for (uint32_t t = 2010; t <= 2100; t += 10) {
		ev->gesture_update(seat, t, PW_INPUT_GESTURE_PINCH, 0, 0, 1 + (t - 2000) / 200.0,
			2);
		run_for(server, 0.01);
	}
	int pinched = run_until_changed(server, view, before, size);
	ev->gesture_end(seat, 2110, PW_INPUT_GESTURE_PINCH, false);
	run_for(server, 0.2);
	CHECK(pinched > 50);
	printf("gtk3-demo's Gestures: %d pixels changed after a swipe, %d during a pinch\n", swiped,
		pinched);
	free(before);
out:
	pw_server_destroy(server);
	stop_client(pid);
}

int
main(void)
{
	gameclient = getenv("GAMECLIENT");
	testrelative = getenv("TESTRELATIVE");
	gtk3demo = getenv("GTK3DEMO");
	if (!gameclient || access(gameclient, X_OK) != 0) {
		fprintf(stderr, "GAMECLIENT must name tests/session/gameclient\n");
		return 1;
	}
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	setenv("XDG_RUNTIME_DIR", dir, 1);
	signal(SIGPIPE, SIG_IGN);
	test_lock();
	test_oneshot();
	test_confine();
	test_shape();
	test_sdl();
	test_gestures();
	test_gtk_gestures();
	return check_summary();
}

/*
 * What picowl spends per input event: section `input` of run.py (tests/bench/input.py). The
 * server runs in-process (headless, `cursor = never`: no frame is drawn, the dispatch alone) and
 * is fed through pw_seat_devices_events as libinput's events go, one event per turn of the loop
 * (the event, then the clients flushed and the loop dispatched without waiting), with one real
 * client in its own process:
 *   pointer         a mouse's motion to tests/vm/vmclient `pointer` (a wl_pointer)
 *   pen             a pen's hover motion (axis and frame) to vmclient `tablet` (a tablet seat)
 *   pen-as-pointer  the same pen over vmclient `pointer`, no tablet seat: the pointer (4.105)
 *   swipe           a swipe's update to tests/session/gameclient --gestures (4.104)
 *   touch           a finger's motion and frame to vmclient (a wl_touch)
 * For each kind, after a warm-up (the enter, the proximity_in, the gesture's begin, the touch's
 * down), two windows of N1 and N2 events, each between CALLGRIND_ZERO_STATS and
 * CALLGRIND_DUMP_STATS_AT("KIND N"); under valgrind --instr-atstart=no only the windows are
 * instrumented. After each window the client's state file must have gained exactly N lines of
 * the event (else exit 1): the count cannot be of a dropped path. Linked with picowl's malloc
 * (4.14), as the picowl executable is. Prints one line a window:
 *   window KIND N LINES
 *
 *   input_bench VMCLIENT GAMECLIENT N1 N2 [KIND...]
 */
#include <fcntl.h>
#include <linux/input-event-codes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <valgrind/callgrind.h>

#include "config.h"
#include "desktop.h"
#include "devices.h"
#include "input.h"
#include "options.h"
#include "seat_internal.h"
#include "server.h"
#include "shell.h"
#include "spawn.h"
#include "view.h"

static const char *vmclient, *gameclient;
static char dir[] = "/tmp/picowl-input-bench-XXXXXX";
static char ini[96];
static const int pen_key;
static const struct pw_input_tablet pen = {
	.key = &pen_key,
	.name = "bench pen",
	.sysname = "event9",
	.vendor = 0x1234,
	.product = 5,
};
static uint32_t msec;

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

/* One turn of picowl's loop after an event: the clients flushed, what is ready dispatched. */
static void
turn(struct pw_server *server)
{
	wl_display_flush_clients(server->display);
	wl_event_loop_dispatch(server->loop, 0);
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

/* How many lines of the state file start with `prefix`. */
static int
count_lines(const char *path, const char *prefix)
{
	char buf[256];
	int n = 0;
	FILE *f = fopen(path, "r");
	if (!f) {
		return 0;
	}
	while (fgets(buf, sizeof(buf), f)) {
		n += strncmp(buf, prefix, strlen(prefix)) == 0;
	}
	fclose(f);
	return n;
}

/* Runs the server until the state file has `want` lines starting with `prefix`, or 20 s. */
static bool
run_until_lines(struct pw_server *server, const char *path, const char *prefix, int want)
{
	double deadline = now() + 20;
	while (count_lines(path, prefix) < want && now() < deadline) {
		run_for(server, 0.02);
	}
	return count_lines(path, prefix) >= want;
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
	struct pw_config *config = server ? pw_config_load_file(ini, NULL) : NULL;
	if (config) {
		pw_desktop_apply_config(server, config); /* the desktop's from now on */
	}
	return config ? server : NULL;
}

static pid_t
spawn(struct pw_server *server, const char *prog, const char *state, const char *arg)
{
	char *argv[] = {(char *)prog, (char *)state, (char *)arg, NULL};
	fclose(fopen(state, "w"));
	/* its lines are in its state file: not on this program's output */
	fflush(stdout);
	int out = dup(STDOUT_FILENO), null = open("/dev/null", O_WRONLY);
	dup2(null, STDOUT_FILENO);
	pid_t pid = pw_spawn(argv, server->socket);
	dup2(out, STDOUT_FILENO);
	close(out);
	close(null);
	return pid;
}

static void
stop_client(pid_t pid)
{
	if (pid > 0) {
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
	}
}

/* The pen's hover at display x,y (0..1): its position only, as a pen above the glass moves. */
static void
pen_event(struct pw_server *server, enum pw_input_tool_kind kind, bool state, double x, double y)
{
	struct pw_input_tool_event ev = {
		.kind = kind,
		.tablet = &pen_key,
		.time_msec = msec += 8,
		.type = BTN_TOOL_PEN,
		.caps = PW_INPUT_TOOL_POSITION | PW_INPUT_TOOL_PRESSURE,
		.changed = PW_INPUT_TOOL_POSITION,
		.state = state,
		.x = x,
		.y = y,
	};
	pw_seat_devices_events()->tablet_tool(server->seat, &ev);
}

struct kind {
	const char *name;
	bool game; /* the client: gameclient, else vmclient */
	const char *mode; /* its argument */
	const char *ready; /* the state line once it drew */
	const char *line; /* the state line of one event */
	bool tablet; /* a pen tablet plugged in first */
	void (*warm)(struct pw_server *server);
	void (*event)(struct pw_server *server, int i); /* the i-th event of a window */
	void (*done)(struct pw_server *server);
};

/* Every event moves by one pixel and back: always a change, always over the one window. */
static double
step(int i)
{
	return i % 2 ? 1.0 : -1.0;
}

/* The pointer to the middle (its enter), then the mouse's first relative motion. */
static void
pointer_warm(struct pw_server *server)
{
	const struct pw_input_events *ev = pw_seat_devices_events();
	ev->pointer_added(server->seat);
	ev->motion_absolute(server->seat, msec += 8, 0.5, 0.5);
	turn(server);
	ev->motion(server->seat, (uint64_t)(msec += 8) * 1000, 1, 1, 1, 1);
}

static void
pointer_event(struct pw_server *server, int i)
{
	pw_seat_devices_events()->motion(server->seat, (uint64_t)(msec += 8) * 1000, step(i), 0,
		step(i), 0);
}

static void
pen_warm(struct pw_server *server)
{
	pen_event(server, PW_INPUT_TOOL_PROXIMITY, true, 0.5, 0.5);
}

static void
pen_motion(struct pw_server *server, int i)
{
	pen_event(server, PW_INPUT_TOOL_AXIS, false, 0.5 + (i % 2) / 240.0, 0.5);
}

static void
pen_done(struct pw_server *server)
{
	pen_event(server, PW_INPUT_TOOL_PROXIMITY, false, 0.5, 0.5);
}

static void
swipe_warm(struct pw_server *server)
{
	const struct pw_input_events *ev = pw_seat_devices_events();
	ev->motion_absolute(server->seat, msec += 8, 0.5, 0.5);
	turn(server);
	ev->gesture_begin(server->seat, msec += 8, PW_INPUT_GESTURE_SWIPE, 3);
}

static void
swipe_update(struct pw_server *server, int i)
{
	pw_seat_devices_events()->gesture_update(server->seat, msec += 8, PW_INPUT_GESTURE_SWIPE,
		step(i), 2, 1, 0);
}

static void
swipe_done(struct pw_server *server)
{
	pw_seat_devices_events()->gesture_end(server->seat, msec += 8, PW_INPUT_GESTURE_SWIPE,
		false);
}

static void
touch_warm(struct pw_server *server)
{
	const struct pw_input_events *ev = pw_seat_devices_events();
	ev->touch_down(server->seat, msec += 8, 0, 0.5, 0.5);
	ev->touch_frame(server->seat);
}

static void
touch_motion(struct pw_server *server, int i)
{
	const struct pw_input_events *ev = pw_seat_devices_events();
	ev->touch_motion(server->seat, msec += 8, 0, 0.5 + (i % 2) / 240.0, 0.5);
	ev->touch_frame(server->seat);
}

static void
touch_done(struct pw_server *server)
{
	const struct pw_input_events *ev = pw_seat_devices_events();
	ev->touch_up(server->seat, msec += 8, 0);
	ev->touch_frame(server->seat);
}

static const struct kind kinds[] = {
	{"pointer", false, "pointer", "drawn", "pointer ", false, pointer_warm, pointer_event,
		NULL},
	{"pen", false, "tablet", "drawn", "motion ", true, pen_warm, pen_motion, pen_done},
	{"pen-as-pointer", false, "pointer", "drawn", "pointer ", true, pen_warm, pen_motion,
		pen_done},
	{"swipe", true, "--gestures", "ready", "swipe update ", false, swipe_warm, swipe_update,
		swipe_done},
	{"touch", false, "follow", "drawn", "touch motion ", false, touch_warm, touch_motion,
		touch_done},
};

/* One kind: a fresh server and its client, the warm-up, then a window of each count. */
static bool
run_kind(const struct kind *k, const int counts[2])
{
	char state[128], label[64];
	snprintf(state, sizeof(state), "%s/%s.state", dir, k->name);
	struct pw_server *server = create("pw-input-bench");
	if (!server) {
		fprintf(stderr, "input_bench: no server\n");
		return false;
	}
	bool ok = true;
	if (k->tablet) {
		pw_seat_devices_events()->tablet(server->seat, &pen, true);
	}
	pid_t pid = spawn(server, k->game ? gameclient : vmclient, state, k->mode);
	if (!run_until_lines(server, state, k->ready, 1) || mapped_views(server) != 1) {
		fprintf(stderr, "input_bench: %s: the client did not map\n", k->name);
		ok = false;
		goto out;
	}
	run_for(server, 0.3); /* drawn and idle */
	for (int i = 0; i < 8; i++) {
		if (i == 0) {
			k->warm(server);
		} else {
			k->event(server, i);
		}
		turn(server);
	}
	if (!run_until_lines(server, state, k->line, 7)) {
		fprintf(stderr, "input_bench: %s: no \"%s\" line after the warm-up\n", k->name,
			k->line);
		ok = false;
		goto out;
	}
	run_for(server, 0.3);
	for (int w = 0; w < 2 && ok; w++) {
		int before = count_lines(state, k->line);
		snprintf(label, sizeof(label), "%s %d", k->name, counts[w]);
		CALLGRIND_START_INSTRUMENTATION;
		CALLGRIND_ZERO_STATS;
		for (int i = 0; i < counts[w]; i++) {
			k->event(server, i);
			turn(server);
		}
		CALLGRIND_DUMP_STATS_AT(label);
		CALLGRIND_STOP_INSTRUMENTATION;
		run_until_lines(server, state, k->line, before + counts[w]);
		run_for(server, 0.2); /* any line too many would come now */
		int got = count_lines(state, k->line) - before;
		printf("window %s %d %d\n", k->name, counts[w], got);
		fflush(stdout);
		if (got != counts[w]) {
			fprintf(stderr, "input_bench: %s: %d events, %d \"%s\" lines\n", k->name,
				counts[w], got, k->line);
			ok = false;
		}
	}
	if (k->done) {
		k->done(server);
		run_for(server, 0.1);
	}
out:
	pw_server_destroy(server);
	stop_client(pid);
	unlink(state);
	return ok;
}

int
main(int argc, char *argv[])
{
	if (argc < 5) {
		fprintf(stderr, "usage: input_bench VMCLIENT GAMECLIENT N1 N2 [KIND...]\n");
		return 2;
	}
	vmclient = argv[1];
	gameclient = argv[2];
	int counts[2] = {atoi(argv[3]), atoi(argv[4])};
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	setenv("XDG_RUNTIME_DIR", dir, 1);
	signal(SIGPIPE, SIG_IGN);
	snprintf(ini, sizeof(ini), "%s/picowl.ini", dir);
	FILE *f = fopen(ini, "w");
	if (!f) {
		perror(ini);
		return 1;
	}
	fputs("[input]\ncursor = never\n", f);
	fclose(f);
	bool ok = true;
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]) && ok; i++) {
		bool wanted = argc == 5;
		for (int j = 5; j < argc; j++) {
			wanted |= strcmp(argv[j], kinds[i].name) == 0;
		}
		if (wanted) {
			ok = run_kind(&kinds[i], counts);
		}
	}
	unlink(ini);
	rmdir(dir);
	return ok ? 0 : 1;
}

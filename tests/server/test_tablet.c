/*
 * Pen tablets (4.105), the server in-process fed as libinput's tablet feeds it (the devices'
 * own events, pw_seat_devices_events: a tablet, then its tool's proximity, axes, tip, buttons),
 * with tests/vm/vmclient's tablet and pointer clients: the pen over two windows, one with a
 * tablet seat and one without; a tool's cursor shape; the tool's two bad cursors (a surface of
 * another role, shape 0), each its protocol error; a tablet unplugged under the pen; and
 * Debian's zenity (GTK3, which speaks tablet-v2) clicked by the pen's tip when it is installed.
 *
 *   VMCLIENT=path [ZENITY=path] test_tablet
 */
#include <linux/input-event-codes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cursor-shape-v1-protocol.h"
#include "desktop.h"
#include "devices.h"
#include "input.h"
#include "options.h"
#include "seat_internal.h"
#include "server.h"
#include "shell.h"
#include "spawn.h"
#include "tablet.h"
#include "tablet_tool.h"
#include "view.h"

#include "check.h"

static const char *vmclient, *zenity;
static char dir[] = "/tmp/picowl-test-tablet-XXXXXX";
static const int pen_key;
static const struct pw_input_tablet pen = {
	.key = &pen_key,
	.name = "test pen",
	.sysname = "event9",
	.vendor = 0x1234,
	.product = 5,
};

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

/* Runs the server until the state file has a line starting with `prefix`; false after 10 s. */
static bool
run_until_line(struct pw_server *server, const char *path, const char *prefix)
{
	double deadline = now() + 10;
	while (count_lines(path, prefix) == 0 && now() < deadline) {
		run_for(server, 0.02);
	}
	return count_lines(path, prefix) > 0;
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

/* vmclient in `mode` (tablet or pointer), its state file at `state`; `bad` its bad cursor. */
static pid_t
spawn_client(struct pw_server *server, const char *state, const char *mode, const char *bad)
{
	char *argv[] = {(char *)vmclient, (char *)state, (char *)mode, NULL};
	fclose(fopen(state, "w"));
	if (bad) {
		setenv("VMCLIENT_BAD_CURSOR", bad, 1);
	}
	pid_t pid = pw_spawn(argv, server->socket);
	unsetenv("VMCLIENT_BAD_CURSOR");
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

/* One event of the pen at display x,y (0..1), with every axis changed. */
static void
tool(struct pw_server *server, enum pw_input_tool_kind kind, bool state, double x, double y)
{
	static uint32_t time_msec;
	struct pw_input_tool_event ev = {
		.kind = kind,
		.tablet = &pen_key,
		.time_msec = time_msec += 8,
		.type = BTN_TOOL_PEN,
		.caps = PW_INPUT_TOOL_POSITION | PW_INPUT_TOOL_PRESSURE,
		.changed = PW_INPUT_TOOL_POSITION | PW_INPUT_TOOL_PRESSURE,
		.state = state,
		.button = BTN_STYLUS,
		.x = x,
		.y = y,
		.pressure = kind == PW_INPUT_TOOL_TIP && !state ? 0 : 0.5,
	};
	pw_seat_devices_events()->tablet_tool(server->seat, &ev);
	run_for(server, 0.05);
}

/* The one tool, or NULL. */
static struct pw_tablet_tool *
the_tool(struct pw_server *server)
{
	struct wl_list *tools = &server->seat->tablets->tools;
	struct pw_tablet_tool *t;
	return wl_list_empty(tools) ? NULL : wl_container_of(tools->next, t, link);
}

/*
 * Two windows tiled, one with a tablet seat and one without: the pen over the first is a tablet
 * tool (proximity_in on its surface, down, up), over the second the pointer (enter, BTN_LEFT);
 * moving from one to the other is proximity_out, and back proximity_in again.
 */
static void
test_two_windows(void)
{
	char a[96], b[96];
	snprintf(a, sizeof(a), "%s/tablet.state", dir);
	snprintf(b, sizeof(b), "%s/pointer.state", dir);
	struct pw_server *server = create("pw-test-tablet-two");
	CHECK(server != NULL);
	if (!server) {
		return;
	}
	pw_seat_devices_events()->tablet(server->seat, &pen, true);
	pid_t pa = spawn_client(server, a, "tablet", NULL);
	CHECK(run_until_mapped(server, 1) && run_until_line(server, a, "tablet done"));
	pid_t pb = spawn_client(server, b, "pointer", NULL);
	CHECK(run_until_mapped(server, 2) && run_until_line(server, b, "drawn"));
	/* Which half each window tiles is the layout's: the pen tries both. */
	double ya = 0.25, yb = 0.75;
	tool(server, PW_INPUT_TOOL_PROXIMITY, true, 0.5, ya);
	if (count_lines(a, "proximity in ") == 0) {
		ya = 0.75;
		yb = 0.25;
		tool(server, PW_INPUT_TOOL_AXIS, false, 0.5, ya);
	}
	CHECK(run_until_line(server, a, "proximity in ") && count_lines(a, "proximity in ") == 1);
	CHECK(count_lines(a, "tool type 320") == 1);
	tool(server, PW_INPUT_TOOL_TIP, true, 0.5, ya);
	tool(server, PW_INPUT_TOOL_BUTTON, true, 0.5, ya);
	tool(server, PW_INPUT_TOOL_BUTTON, false, 0.5, ya);
	tool(server, PW_INPUT_TOOL_TIP, false, 0.5, ya);
	CHECK(run_until_line(server, a, "up"));
	CHECK(count_lines(a, "down") == 1 && count_lines(a, "tbutton 331 1") == 1);
	/* over the window without a tablet seat: proximity_out, and the pointer stands in */
	tool(server, PW_INPUT_TOOL_AXIS, false, 0.5, yb);
	CHECK(run_until_line(server, a, "proximity out"));
	tool(server, PW_INPUT_TOOL_TIP, true, 0.5, yb);
	tool(server, PW_INPUT_TOOL_BUTTON, true, 0.5, yb);
	tool(server, PW_INPUT_TOOL_BUTTON, false, 0.5, yb);
	tool(server, PW_INPUT_TOOL_TIP, false, 0.5, yb);
	CHECK(run_until_line(server, b, "button 272 0"));
	CHECK(count_lines(b, "button 272 1") == 1 && count_lines(b, "button 273 1") == 1 &&
		count_lines(b, "pointer ") > 0);
	CHECK(count_lines(a, "down") == 1); /* nothing of it reached the tablet client */
	/* back: a new proximity_in */
	tool(server, PW_INPUT_TOOL_AXIS, false, 0.5, ya);
	CHECK(count_lines(a, "proximity in ") == 2);
	tool(server, PW_INPUT_TOOL_PROXIMITY, false, 0.5, ya);
	CHECK(count_lines(a, "proximity out") == 2);
	printf("two windows: the tablet client's proximity in %d, down %d, out %d; the pointer "
	       "client's buttons %d\n",
		count_lines(a, "proximity in "), count_lines(a, "down"),
		count_lines(a, "proximity out"), count_lines(b, "button "));
	pw_server_destroy(server);
	stop_client(pa);
	stop_client(pb);
}

/* The tool's cursor: a surface, then the crosshair through its cursor-shape device. */
static void
test_shape(void)
{
	char a[96];
	snprintf(a, sizeof(a), "%s/shape.state", dir);
	struct pw_server *server = create("pw-test-tablet-shape");
	CHECK(server != NULL);
	if (!server) {
		return;
	}
	pw_seat_devices_events()->tablet(server->seat, &pen, true);
	pid_t pa = spawn_client(server, a, "tablet", NULL);
	CHECK(run_until_mapped(server, 1) && run_until_line(server, a, "drawn"));
	tool(server, PW_INPUT_TOOL_PROXIMITY, true, 0.5, 0.5);
	CHECK(run_until_line(server, a, "proximity in "));
	run_for(server, 0.2);
	struct pw_tablet_tool *t = the_tool(server);
	CHECK(t && t->shape == WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_CROSSHAIR && !t->cursor);
	printf("shape: the tool's is %u (crosshair 8)\n", t ? t->shape : 0);
	pw_server_destroy(server);
	stop_client(pa);
}

/* A bad cursor for the tool: its protocol error to that client; the server goes on. */
static void
test_bad(const char *bad, const char *want)
{
	char a[96], b[96];
	snprintf(a, sizeof(a), "%s/bad-%s.state", dir, bad);
	snprintf(b, sizeof(b), "%s/good-%s.state", dir, bad);
	struct pw_server *server = create("pw-test-tablet-bad");
	CHECK(server != NULL);
	if (!server) {
		return;
	}
	pw_seat_devices_events()->tablet(server->seat, &pen, true);
	pid_t pa = spawn_client(server, a, "tablet", bad);
	CHECK(run_until_mapped(server, 1) && run_until_line(server, a, "drawn"));
	tool(server, PW_INPUT_TOOL_PROXIMITY, true, 0.5, 0.5);
	CHECK(run_until_line(server, a, "error protocol"));
	CHECK(count_lines(a, want) == 1);
	/* a client after it gets the tablet and the pen as ever */
	pid_t pb = spawn_client(server, b, "tablet", NULL);
	CHECK(run_until_line(server, b, "tool done"));
	printf("bad %s: \"%s\" %d; the next client's tool announced %d\n", bad, want,
		count_lines(a, want), count_lines(b, "tool done"));
	pw_server_destroy(server);
	stop_client(pa);
	stop_client(pb);
}

/* The tablet unplugged under the pen: proximity_out, the tool and the tablet removed. */
static void
test_unplug(void)
{
	char a[96];
	snprintf(a, sizeof(a), "%s/unplug.state", dir);
	struct pw_server *server = create("pw-test-tablet-unplug");
	CHECK(server != NULL);
	if (!server) {
		return;
	}
	pw_seat_devices_events()->tablet(server->seat, &pen, true);
	pid_t pa = spawn_client(server, a, "tablet", NULL);
	CHECK(run_until_mapped(server, 1) && run_until_line(server, a, "drawn"));
	tool(server, PW_INPUT_TOOL_PROXIMITY, true, 0.5, 0.5);
	tool(server, PW_INPUT_TOOL_TIP, true, 0.5, 0.5);
	pw_seat_devices_events()->tablet(server->seat, &pen, false);
	CHECK(run_until_line(server, a, "tablet removed"));
	CHECK(count_lines(a, "up") == 1 && count_lines(a, "proximity out") == 1 &&
		count_lines(a, "tool removed") == 1 && the_tool(server) == NULL);
	/* an event of the gone tablet is dropped */
	tool(server, PW_INPUT_TOOL_AXIS, false, 0.4, 0.4);
	CHECK(the_tool(server) == NULL);
	printf("unplug: up %d, proximity out %d, tool removed %d, tablet removed %d\n",
		count_lines(a, "up"), count_lines(a, "proximity out"),
		count_lines(a, "tool removed"), count_lines(a, "tablet removed"));
	pw_server_destroy(server);
	stop_client(pa);
}

/*
 * zenity --info under the pen: GTK3 takes a tablet seat, the pen over its window is a tool (not
 * the pointer), and a tap of the tip on its OK button (found by tapping along the bottom right,
 * where GTK puts it) ends zenity with 0.
 */
static void
test_zenity(void)
{
	if (!zenity || access(zenity, X_OK) != 0) {
		printf("SKIP zenity: not installed\n");
		return;
	}
	struct pw_server *server = create("pw-test-tablet-zenity");
	CHECK(server != NULL);
	if (!server) {
		return;
	}
	pw_seat_devices_events()->tablet(server->seat, &pen, true);
	setenv("GDK_BACKEND", "wayland", 1);
	setenv("NO_AT_BRIDGE", "1", 1);
	setenv("GTK_THEME", "Adwaita", 1);
	setenv("GSETTINGS_BACKEND", "memory", 1);
	char *argv[] = {(char *)zenity, "--info", "--text", "Tap OK", NULL};
	pid_t pid = pw_spawn(argv, server->socket);
	CHECK(run_until_mapped(server, 1));
	/* GTK draws its dialog at its own size, in a corner of the tile: where its input is */
	int x0 = 240, y0 = 320, x1 = -1, y1 = -1;
	double deadline = now() + 40;
	while (x1 < 0 && now() < deadline) {
		run_for(server, 0.1);
		for (int y = 0; y < 320; y += 2) {
			for (int x = 0; x < 240; x += 2) {
				double sx, sy;
				if (server->seat->policy->surface_at(server, x, y, &sx, &sy)) {
					x0 = x < x0 ? x : x0;
					y0 = y < y0 ? y : y0;
					x1 = x > x1 ? x : x1;
					y1 = y > y1 ? y : y1;
				}
			}
		}
	}
	run_for(server, 0.5); /* drawn whole */
	CHECK(!wl_list_empty(&server->seat->tablets->seats));
	tool(server, PW_INPUT_TOOL_PROXIMITY, true, (x0 + x1) / 480.0, (y0 + y1) / 640.0);
	struct pw_tablet_tool *t = the_tool(server);
	CHECK(t && t->focus && !t->emulated);
	int status = -1, taps = 0;
	double tx = 0, ty = 0;
	/* OK is GTK's last button, at the bottom right: taps from there, up and leftwards */
	for (int j = 0; j < 12 && status < 0; j++) {
		for (int i = 0; i < 12 && status < 0; i++) {
			tx = (x1 - 6 - 8 * i) / 240.0;
			ty = (y1 - 4 - 5 * j) / 320.0;
			tool(server, PW_INPUT_TOOL_AXIS, false, tx, ty);
			tool(server, PW_INPUT_TOOL_TIP, true, tx, ty);
			tool(server, PW_INPUT_TOOL_TIP, false, tx, ty);
			taps++;
			for (int k = 0; k < 10 && status < 0; k++) {
				run_for(server, 0.02);
				int st;
				if (waitpid(pid, &st, WNOHANG) == pid) {
					status = WIFEXITED(st) ? WEXITSTATUS(st) : 128;
				}
			}
		}
	}
	CHECK(status == 0);
	printf("zenity: its window at %d,%d to %d,%d, a tablet seat, the pen a tool over it; exit "
	       "%d after %d taps, the last at %.0f,%.0f\n",
		x0, y0, x1, y1, status, taps, tx * 240, ty * 320);
	pw_server_destroy(server);
	if (status < 0) {
		stop_client(pid);
	}
}

int
main(void)
{
	vmclient = getenv("VMCLIENT");
	zenity = getenv("ZENITY");
	if (!vmclient || access(vmclient, X_OK) != 0) {
		fprintf(stderr, "VMCLIENT must name tests/vm/vmclient\n");
		return 1;
	}
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	setenv("XDG_RUNTIME_DIR", dir, 1);
	signal(SIGPIPE, SIG_IGN);
	test_two_windows();
	test_shape();
	test_bad("role", "error protocol zwp_tablet_tool_v2 0");
	test_bad("shape", "error protocol wp_cursor_shape_device_v1 1");
	test_unplug();
	test_zenity();
	return check_summary();
}

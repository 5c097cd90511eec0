/* Hostile cases: picowl's private globals, picowl_control_v1 and picowl_counters_v1. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "cases.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* ---- picowl_control_v1 ---- */

static void
handle_ctl_tile(void *data, struct picowl_control_v1 *ctl, uint32_t index, const char *title,
	const char *app_id, uint32_t flags)
{
	struct conn *c = data;

	c->events++;
	if (strlen(title) > c->serial) {
		c->serial = (uint32_t)strlen(title);
	}
}

static void
handle_ctl_tiles_done(void *data, struct picowl_control_v1 *ctl)
{
	((struct conn *)data)->top.serial++;
}

static void
handle_ctl_panel(void *data, struct picowl_control_v1 *ctl, uint32_t position, int32_t height,
	uint32_t autohide)
{
}

static void
handle_ctl_spawned(void *data, struct picowl_control_v1 *ctl, int32_t pid)
{
	((struct conn *)data)->events++;
}

static void
handle_ctl_reloaded(void *data, struct picowl_control_v1 *ctl, int32_t ok)
{
	((struct conn *)data)->events++;
}

static void
handle_ctl_power(void *data, struct picowl_control_v1 *ctl, uint32_t state)
{
	struct conn *c = data;
	c->events++;
	c->serial = state;
}

/* Version 5: the focused window's id, and the action_failed events, for the window cases. */
static uint32_t focused_window;
static int actions_failed;

static void
handle_ctl_window(void *data, struct picowl_control_v1 *ctl, uint32_t id, const char *title,
	const char *app_id, uint32_t flags)
{
	if (flags & PICOWL_CONTROL_V1_WINDOW_FLAGS_FOCUSED) {
		focused_window = id;
	}
}

static void
handle_ctl_windows_done(void *data, struct picowl_control_v1 *ctl)
{
}

static void
handle_ctl_action_failed(void *data, struct picowl_control_v1 *ctl, const char *action,
	const char *message)
{
	actions_failed++;
}

static void
handle_ctl_launcher(void *data, struct picowl_control_v1 *ctl)
{
}

static void
handle_ctl_config_error(void *data, struct picowl_control_v1 *ctl, const char *message)
{
}

static void
handle_ctl_output(void *data, struct picowl_control_v1 *ctl, const char *name, int32_t width,
	int32_t height, int32_t rotation, int32_t refresh, const char *format, const char *backend,
	int32_t scale)
{
}

/* outputs_done and inputs_done: one event a request */
static void
handle_ctl_list_done(void *data, struct picowl_control_v1 *ctl)
{
	((struct conn *)data)->events++;
}

static void
handle_ctl_input(void *data, struct picowl_control_v1 *ctl, const char *name, const char *sysname,
	uint32_t caps, const char *calibration)
{
}

static void
handle_ctl_window_removed(void *data, struct picowl_control_v1 *ctl, uint32_t id)
{
}

static void
handle_ctl_window_order(void *data, struct picowl_control_v1 *ctl, struct wl_array *ids)
{
}

static const struct picowl_control_v1_listener ctl_listener = {
	.tile = handle_ctl_tile,
	.tiles_done = handle_ctl_tiles_done,
	.panel = handle_ctl_panel,
	.spawned = handle_ctl_spawned,
	.reloaded = handle_ctl_reloaded,
	.power = handle_ctl_power,
	.window = handle_ctl_window,
	.windows_done = handle_ctl_windows_done,
	.action_failed = handle_ctl_action_failed,
	.launcher = handle_ctl_launcher,
	.config_error = handle_ctl_config_error,
	.output = handle_ctl_output,
	.outputs_done = handle_ctl_list_done,
	.input = handle_ctl_input,
	.inputs_done = handle_ctl_list_done,
	.window_removed = handle_ctl_window_removed,
	.window_order = handle_ctl_window_order,
};

static void
spawn_bytes(struct conn *c, int32_t tile, const void *bytes, size_t size)
{
	struct wl_array argv;

	wl_array_init(&argv);
	memcpy(wl_array_add(&argv, size), bytes, size);
	picowl_control_v1_spawn(c->control, tile, &argv);
	wl_array_release(&argv);
}

static bool
need_control(struct conn *c)
{
	if (!c->control) {
		printf("  picowl_control_v1 is not offered to this client\n");
		return false;
	}
	picowl_control_v1_add_listener(c->control, &ctl_listener, c);
	return true;
}

static bool
ctl_spawn_empty(struct conn *c)
{
	if (need_control(c)) {
		spawn_bytes(c, 0, "", 0);
	}
	return c->control != NULL;
}

static bool
ctl_spawn_unterminated(struct conn *c)
{
	if (need_control(c)) {
		spawn_bytes(c, 0, "true\0x", 6);
	}
	return c->control != NULL;
}

static bool
ctl_spawn_first_empty(struct conn *c)
{
	if (need_control(c)) {
		spawn_bytes(c, 0, "\0true\0", 6);
	}
	return c->control != NULL;
}

/* One 3,900-byte program name, then 1,900 arguments, into tiles far out: each answered. */
static bool
ctl_spawn_huge(struct conn *c)
{
	char buf[3901];

	if (!need_control(c)) {
		return false;
	}
	memset(buf, 'x', sizeof(buf) - 1);
	buf[sizeof(buf) - 1] = '\0';
	spawn_bytes(c, INT32_MAX, buf, sizeof(buf));
	memcpy(buf, "true", 5);
	for (size_t i = 5; i + 2 <= 3805; i += 2) {
		buf[i] = 'a';
		buf[i + 1] = '\0';
	}
	spawn_bytes(c, INT32_MIN, buf, 3805);
	return conn_wait_events(c, 2, 5000);
}

static bool
ctl_bad_tiles(struct conn *c)
{
	const int32_t tiles[] = {INT32_MIN, -1, 0, 1, 2, 99, INT32_MAX};

	if (!need_control(c)) {
		return false;
	}
	actions_failed = 0;
	for (size_t i = 0; i < N(tiles); i++) {
		picowl_control_v1_focus_tile(c->control, tiles[i]);
	}
	picowl_control_v1_show_panel(c->control);
	/* version 6: each answered with action_failed, but tile 1's if another case's window
	 * is still there */
	bool ok = pw_client_roundtrip(&c->tc, 5000) == 1;
	printf("  %d of %zu focus_tile requests failed\n", actions_failed, N(tiles));
	return ok && actions_failed >= (int)N(tiles) - 1;
}

/* Version 6's lists asked for 1,000 times: each answered, nothing else happens. */
static bool
ctl_list_flood(struct conn *c)
{
	if (!need_control(c)) {
		return false;
	}
	for (int i = 0; i < 500; i++) {
		picowl_control_v1_get_outputs(c->control);
		picowl_control_v1_get_inputs(c->control);
	}
	return conn_wait_events(c, 1000, 10000);
}

static bool
ctl_reload_flood(struct conn *c)
{
	if (!need_control(c)) {
		return false;
	}
	for (int i = 0; i < 200; i++) {
		picowl_control_v1_reload(c->control);
	}
	return conn_wait_events(c, 200, 10000);
}

static bool
ctl_inject_key(struct conn *c)
{
	if (need_control(c)) {
		picowl_control_v1_inject_key(c->control, UINT32_MAX, 7);
	}
	return c->control != NULL;
}

static bool
ctl_inject_touch(struct conn *c)
{
	if (need_control(c)) {
		picowl_control_v1_inject_touch(c->control, 99, INT32_MIN, INT32_MAX, INT32_MIN);
	}
	return c->control != NULL;
}

static bool
ctl_power_bad_mode(struct conn *c)
{
	if (need_control(c)) {
		picowl_control_v1_set_power(c->control, PICOWL_CONTROL_V1_POWER_MODE_TOGGLE + 1);
	}
	return c->control != NULL;
}

static bool
ctl_power_huge_mode(struct conn *c)
{
	if (need_control(c)) {
		picowl_control_v1_set_power(c->control, UINT32_MAX);
	}
	return c->control != NULL;
}

/*
 * 200 toggles, each answered, end with the display on (an even count): the good client's
 * frame callbacks, held while it is off, come again.
 */
static bool
ctl_power_toggle_flood(struct conn *c)
{
	if (!need_control(c)) {
		return false;
	}
	c->events = 0;
	for (int i = 0; i < 200; i++) {
		picowl_control_v1_set_power(c->control, PICOWL_CONTROL_V1_POWER_MODE_TOGGLE);
	}
	picowl_control_v1_get_power(c->control);
	bool ok = conn_wait_events(c, 201, 10000);
	printf("  %d answers, the last: %u\n", c->events, c->serial);
	return ok && c->serial == PICOWL_CONTROL_V1_POWER_STATE_ON;
}

/*
 * A bystander holding picowl_control_v1 (the panel) reads only at the end, while ten toplevels
 * of another client change their 4,000-byte titles again and again. It must keep its
 * connection, and the titles it is sent are cut to under 128 bytes.
 */
static bool
ctl_title_flood(struct conn *c)
{
	struct conn *panel = conn_open();
	static char title[4001];
	struct conn *tops[10] = {0};
	bool ok = false;

	if (!panel || !need_control(panel)) {
		conn_close(panel);
		return false;
	}
	memset(title, 'T', sizeof(title) - 1);
	for (int i = 0; i < 10; i++) {
		tops[i] = conn_open();
		if (!tops[i] || !conn_map(tops[i], false)) {
			goto out;
		}
		for (int k = 0; k < 10; k++) {
			title[0] = (char)('a' + k);
			xdg_toplevel_set_title(tops[i]->top.toplevel, title);
			if (pw_client_roundtrip(&tops[i]->tc, 5000) != 1) {
				goto out;
			}
		}
	}
	panel->events = 0;
	ok = pw_client_roundtrip(&panel->tc, 5000) == 1;
	printf("  the panel got %u lists, %d tile events, titles up to %u bytes%s\n",
		panel->top.serial, panel->events, panel->serial,
		ok ? "" : ", and lost its connection");
	ok = ok && panel->events > 0 && panel->serial < 128;
out:
	for (int i = 0; i < 10; i++) {
		conn_close(tops[i]);
	}
	conn_close(panel);
	return ok;
}

/* ---- version 7: what changed, not every window (4.81) ---- */

struct changes {
	int windows, removed, orders, dones;
};

static void
v7_window(void *data, struct picowl_control_v1 *ctl, uint32_t id, const char *title,
	const char *app_id, uint32_t flags)
{
	((struct changes *)data)->windows++;
}

static void
v7_removed(void *data, struct picowl_control_v1 *ctl, uint32_t id)
{
	((struct changes *)data)->removed++;
}

static void
v7_order(void *data, struct picowl_control_v1 *ctl, struct wl_array *ids)
{
	((struct changes *)data)->orders++;
}

static void
v7_done(void *data, struct picowl_control_v1 *ctl)
{
	((struct changes *)data)->dones++;
}

static void
v7_tile(void *data, struct picowl_control_v1 *ctl, uint32_t index, const char *title,
	const char *app_id, uint32_t flags)
{
}

static void
v7_tiles_done(void *data, struct picowl_control_v1 *ctl)
{
}

static const struct picowl_control_v1_listener v7_listener = {
	.tile = v7_tile,
	.tiles_done = v7_tiles_done,
	.panel = handle_ctl_panel,
	.window = v7_window,
	.windows_done = v7_done,
	.window_removed = v7_removed,
	.window_order = v7_order,
};

/* Round trips until a frame's batch (at most one a frame, 4.74) has surely gone out. */
static bool
settle(struct conn *c)
{
	for (int i = 0; i < 3; i++) {
		usleep(40 * 1000);
		if (pw_client_roundtrip(&c->tc, 5000) != 1) {
			return false;
		}
	}
	return true;
}

/*
 * A control client of version 7 beside ten windows: after the first whole list, 100 retitles a
 * frame apart send the retitled windows only (at most one window event a retitle, never the other
 * nine), and a window closing sends its window_removed and nothing else.
 */
static bool
ctl_v7_changes(struct conn *c)
{
	uint32_t name = 0;
	for (int i = 0; i < c->n_globals; i++) {
		if (strcmp(c->globals[i].interface, "picowl_control_v1") == 0 &&
			c->globals[i].version >= 7) {
			name = c->globals[i].name;
		}
	}
	if (!name) {
		printf("  no picowl_control_v1 of version 7\n");
		return false;
	}
	struct changes n = {0};
	struct picowl_control_v1 *v7 =
		wl_registry_bind(c->tc.registry, name, &picowl_control_v1_interface, 7);
	picowl_control_v1_add_listener(v7, &v7_listener, &n);
	struct conn *tops[10] = {0};
	bool ok = false;
	for (int i = 0; i < 10; i++) {
		tops[i] = conn_open();
		if (!tops[i] || !conn_map(tops[i], false)) {
			goto out;
		}
	}
	if (!settle(c)) {
		goto out;
	}
	int first = n.windows;
	n = (struct changes){0};
	char title[32];
	for (int k = 0; k < 100; k++) {
		snprintf(title, sizeof(title), "retitled %d", k);
		xdg_toplevel_set_title(tops[k % 10]->top.toplevel, title);
		usleep(20 * 1000); /* a frame apart: a batch each */
		if (pw_client_roundtrip(&tops[k % 10]->tc, 5000) != 1 ||
			pw_client_roundtrip(&c->tc, 5000) != 1) {
			goto out;
		}
	}
	if (!settle(c)) {
		goto out;
	}
	struct changes retitled = n;
	n = (struct changes){0};
	conn_close(tops[0]);
	tops[0] = NULL;
	if (!settle(c)) {
		goto out;
	}
	struct changes closed = n;
	n = (struct changes){0};
	picowl_control_v1_run_action(c->control, "swap"); /* the focused window becomes tile 1 */
	if (!settle(c)) {
		goto out;
	}
	printf("  first list: %d windows; 100 retitles: %d window events in %d batches (whole "
	       "lists: %d); a close: %d removed, %d window events, %d orders; a swap: %d window "
	       "events, %d orders\n",
		first, retitled.windows, retitled.dones, retitled.dones * first, closed.removed,
		closed.windows, closed.orders, n.windows, n.orders);
	ok = first >= 11 && retitled.windows >= 1 && retitled.windows <= 100 &&
		retitled.removed == 0 && retitled.orders == 0 && closed.removed == 1 &&
		closed.orders == 0 && closed.windows <= 2 /* the focus may move */ &&
		n.orders == 1 && n.removed == 0;
out:
	for (int i = 0; i < 10; i++) {
		conn_close(tops[i]);
	}
	picowl_control_v1_destroy(v7);
	return ok;
}

/* Ids of no window (picowl counts from 1; the good client's window is one): nothing happens. */
static bool
ctl_bad_window_ids(struct conn *c)
{
	const uint32_t ids[] = {0, 65535, 4000000000u, UINT32_MAX};

	if (!need_control(c)) {
		return false;
	}
	for (size_t i = 0; i < N(ids); i++) {
		picowl_control_v1_activate_window(c->control, ids[i]);
		picowl_control_v1_close_window(c->control, ids[i]);
		picowl_control_v1_kill_window(c->control, ids[i]);
	}
	return pw_client_roundtrip(&c->tc, 5000) == 1;
}

/* Unknown, malformed and 4,000-byte actions: each an action_failed event, nothing run. */
static bool
ctl_bad_actions(struct conn *c)
{
	static char huge[4000];
	const char *actions[] = {"", "no such action", "spawn", "focus tile 99999", "rotate 45",
		"spawn 'unterminated", huge};

	if (!need_control(c)) {
		return false;
	}
	memset(huge, 'x', sizeof(huge) - 1);
	actions_failed = 0;
	for (size_t i = 0; i < N(actions); i++) {
		picowl_control_v1_run_action(c->control, actions[i]);
	}
	bool ok = pw_client_roundtrip(&c->tc, 5000) == 1;
	printf("  %d of %zu actions failed\n", actions_failed, N(actions));
	return ok && actions_failed == (int)N(actions);
}

/* Killing its own window (by id, or the kill action with it focused) is refused. */
static bool
ctl_kill_self(struct conn *c)
{
	focused_window = 0;
	if (!need_control(c) || pw_client_roundtrip(&c->tc, 5000) != 1) {
		return false;
	}
	uint32_t before = focused_window;
	if (!conn_map(c, false)) {
		return false;
	}
	actions_failed = 0;
	/* the window events follow the map within a frame (control.c, 4.74), perhaps already
	 * during conn_map: until the focus is the new window, for at most a second */
	for (int i = 0; i < 200 && focused_window == before; i++) {
		struct timespec ms5 = {0, 5000000};
		nanosleep(&ms5, NULL);
		if (pw_client_roundtrip(&c->tc, 5000) != 1) {
			break;
		}
	}
	if (focused_window == before) {
		focused_window = 0;
	}
	if (!focused_window) {
		printf("  the mapped window is not focused\n");
		return false;
	}
	picowl_control_v1_kill_window(c->control, focused_window);
	picowl_control_v1_run_action(c->control, "kill");
	bool ok = pw_client_roundtrip(&c->tc, 5000) == 1;
	printf("  still connected: %s, the kill action refused: %d\n", ok ? "yes" : "no",
		actions_failed);
	return ok && actions_failed == 1;
}

static const struct rcase control_cases[] = {
	{"control-spawn-empty-argv", ctl_spawn_empty, EXPECT_ERROR, "picowl_control_v1",
		PICOWL_CONTROL_V1_ERROR_BAD_ARGV},
	{"control-spawn-unterminated-argv", ctl_spawn_unterminated, EXPECT_ERROR,
		"picowl_control_v1", PICOWL_CONTROL_V1_ERROR_BAD_ARGV},
	{"control-spawn-empty-program", ctl_spawn_first_empty, EXPECT_ERROR, "picowl_control_v1",
		PICOWL_CONTROL_V1_ERROR_BAD_ARGV},
	{"control-spawn-huge-argv-odd-tiles", ctl_spawn_huge, EXPECT_NONE},
	{"control-focus-bad-tiles", ctl_bad_tiles, EXPECT_NONE},
	{"control-200-reloads", ctl_reload_flood, EXPECT_NONE},
	{"control-1000-output-and-input-lists", ctl_list_flood, EXPECT_NONE},
	{"control-long-titles-to-a-slow-panel", ctl_title_flood, EXPECT_NONE},
	{"control-v7-sends-what-changed", ctl_v7_changes, EXPECT_NONE},
	/* the harness runs picowl without --test-hooks */
	{"control-inject-key-without-hooks", ctl_inject_key, EXPECT_ERROR, "picowl_control_v1",
		PICOWL_CONTROL_V1_ERROR_NO_TEST_HOOKS},
	{"control-inject-touch-without-hooks", ctl_inject_touch, EXPECT_ERROR, "picowl_control_v1",
		PICOWL_CONTROL_V1_ERROR_NO_TEST_HOOKS},
	{"control-power-mode-3", ctl_power_bad_mode, EXPECT_ERROR, "picowl_control_v1",
		PICOWL_CONTROL_V1_ERROR_BAD_POWER_MODE},
	{"control-power-mode-uint32-max", ctl_power_huge_mode, EXPECT_ERROR, "picowl_control_v1",
		PICOWL_CONTROL_V1_ERROR_BAD_POWER_MODE},
	{"control-power-200-toggles", ctl_power_toggle_flood, EXPECT_NONE},
	{"control-bad-window-ids", ctl_bad_window_ids, EXPECT_NONE},
	{"control-bad-actions", ctl_bad_actions, EXPECT_NONE},
	{"control-kill-own-window", ctl_kill_self, EXPECT_NONE},
};

const struct group control_group = {"control", control_cases, N(control_cases)};

/* ---- picowl_counters_v1 ---- */

static void
handle_counters_done(void *data, struct picowl_counters_v1 *counters, uint32_t size)
{
	((struct conn *)data)->events++;
}

static const struct picowl_counters_v1_listener counters_listener = {
	.done = handle_counters_done,
};

static bool
need_counters(struct conn *c)
{
	if (!c->counters) {
		printf("  picowl_counters_v1 is not offered to this client\n");
		return false;
	}
	picowl_counters_v1_add_listener(c->counters, &counters_listener, c);
	return true;
}

static bool
dump_into(struct conn *c, int fd, uint32_t format)
{
	if (fd < 0 || !need_counters(c)) {
		return false;
	}
	picowl_counters_v1_dump(c->counters, fd, format);
	close(fd);
	return true;
}

static bool
cnt_bad_format(struct conn *c)
{
	return dump_into(c, make_memfd(0), 2);
}

static bool
cnt_pipe(struct conn *c)
{
	int p[2];

	if (pipe(p) < 0) {
		return false;
	}
	close(p[0]);
	return dump_into(c, p[1], PICOWL_COUNTERS_V1_FORMAT_TEXT);
}

static bool
cnt_read_only(struct conn *c)
{
	char path[64];
	int fd = make_memfd(0);

	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	int ro = open(path, O_RDONLY | O_CLOEXEC);
	close(fd);
	return dump_into(c, ro, PICOWL_COUNTERS_V1_FORMAT_JSON);
}

static bool
cnt_socket(struct conn *c)
{
	int s[2];

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, s) < 0) {
		return false;
	}
	close(s[1]);
	return dump_into(c, s[0], PICOWL_COUNTERS_V1_FORMAT_TEXT);
}

/* 10,000 resets, then 100 dumps in both formats: every dump answered. */
static bool
cnt_flood(struct conn *c)
{
	if (!need_counters(c)) {
		return false;
	}
	for (int i = 0; i < 10000; i++) {
		picowl_counters_v1_reset(c->counters);
		if (i % 500 == 499) {
			wl_display_flush(c->tc.display);
		}
	}
	for (int i = 0; i < 100; i++) {
		int fd = make_memfd(0);
		picowl_counters_v1_dump(c->counters, fd, (uint32_t)i % 2);
		close(fd);
		if (i % 10 == 9) {
			wl_display_flush(c->tc.display);
		}
	}
	return conn_wait_events(c, 100, 10000);
}

static const struct rcase counters_cases[] = {
	{"counters-dump-bad-format", cnt_bad_format, EXPECT_ERROR, "picowl_counters_v1",
		PICOWL_COUNTERS_V1_ERROR_INVALID_FORMAT},
	{"counters-dump-into-pipe", cnt_pipe, EXPECT_ERROR, "picowl_counters_v1",
		PICOWL_COUNTERS_V1_ERROR_INVALID_FD},
	{"counters-dump-into-read-only-fd", cnt_read_only, EXPECT_ERROR, "picowl_counters_v1",
		PICOWL_COUNTERS_V1_ERROR_INVALID_FD},
	{"counters-dump-into-socket", cnt_socket, EXPECT_ERROR, "picowl_counters_v1",
		PICOWL_COUNTERS_V1_ERROR_INVALID_FD},
	{"counters-10000-resets-100-dumps", cnt_flood, EXPECT_NONE},
};

const struct group counters_group = {"counters", counters_cases, N(counters_cases)};

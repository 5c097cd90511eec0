/* picowl-ctl's window subcommands: the window list, activate, close, kill, run an action. */
#include "ctl_windows.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "picowl-control-unstable-v1-client-protocol.h"

struct answer {
	bool print, windows_done, failed;
};

static void
handle_tile(void *data, struct picowl_control_v1 *control, uint32_t index, const char *title,
	const char *app_id, uint32_t flags)
{
}

static void
handle_tiles_done(void *data, struct picowl_control_v1 *control)
{
}

static void
handle_panel(void *data, struct picowl_control_v1 *control, uint32_t position, int32_t height,
	uint32_t autohide)
{
}

static void
handle_spawned(void *data, struct picowl_control_v1 *control, int32_t pid)
{
}

static void
handle_reloaded(void *data, struct picowl_control_v1 *control, int32_t errors)
{
}

static void
handle_power(void *data, struct picowl_control_v1 *control, uint32_t state)
{
}

static void
handle_calibration(void *data, struct picowl_control_v1 *control, uint32_t result,
	const char *matrix, const char *message)
{
}

static void
handle_window(void *data, struct picowl_control_v1 *control, uint32_t id, const char *title,
	const char *app_id, uint32_t flags)
{
	struct answer *a = data;
	if (a->print) {
		char state[40];
		snprintf(state, sizeof(state), "%s%s%s",
			flags & PICOWL_CONTROL_V1_WINDOW_FLAGS_FOCUSED ? ",focused" : "",
			flags & PICOWL_CONTROL_V1_WINDOW_FLAGS_HIDDEN ? ",hidden" : "",
			flags & PICOWL_CONTROL_V1_WINDOW_FLAGS_FULLSCREEN ? ",fullscreen" : "");
		printf("%u\t%s\t%s\t%s\n", id, state[0] ? state + 1 : "-", app_id[0] ? app_id : "-",
			title);
	}
}

static void
handle_windows_done(void *data, struct picowl_control_v1 *control)
{
	struct answer *a = data;
	a->windows_done = true;
	a->print = false; /* one list is enough */
}

static void
handle_action_failed(void *data, struct picowl_control_v1 *control, const char *action,
	const char *message)
{
	struct answer *a = data;
	fprintf(stderr, "picowl-ctl: %s\n", message);
	a->failed = true;
}

static void
handle_launcher(void *data, struct picowl_control_v1 *control)
{
}

static const struct picowl_control_v1_listener listener = {
	.tile = handle_tile,
	.tiles_done = handle_tiles_done,
	.panel = handle_panel,
	.spawned = handle_spawned,
	.reloaded = handle_reloaded,
	.power = handle_power,
	.calibration = handle_calibration,
	.window = handle_window,
	.windows_done = handle_windows_done,
	.action_failed = handle_action_failed,
	.launcher = handle_launcher,
};

/* Listens; false (with a message) without a control global of version 5. */
static bool
start(struct ctl *ctl, struct answer *a)
{
	if (!ctl->control || picowl_control_v1_get_version(ctl->control) < 5) {
		fprintf(stderr,
			"picowl-ctl: this compositor offers no picowl_control_v1 "
			"version 5 (an older picowl, or not picowl)\n");
		return false;
	}
	picowl_control_v1_add_listener(ctl->control, &listener, a);
	return true;
}

int
ctl_windows(struct ctl *ctl, int argc, char **argv)
{
	struct answer a = {.print = true};
	if (!start(ctl, &a)) {
		return 1;
	}
	while (!a.windows_done) {
		if (wl_display_dispatch(ctl->client.display) < 0) {
			fprintf(stderr, "picowl-ctl: picowl closed the connection\n");
			return 1;
		}
	}
	return 0;
}

int
ctl_window(struct ctl *ctl, int argc, char **argv)
{
	char *end = NULL;
	unsigned long id = argc == 3 ? strtoul(argv[2], &end, 10) : 0;
	if (argc != 3 || !end || *end || end == argv[2]) {
		fprintf(stderr, "Usage: picowl-ctl window activate|close|kill ID\n");
		return 2;
	}
	struct answer a = {0};
	if (!start(ctl, &a)) {
		return 1;
	}
	if (strcmp(argv[1], "activate") == 0) {
		picowl_control_v1_activate_window(ctl->control, (uint32_t)id);
	} else if (strcmp(argv[1], "close") == 0) {
		picowl_control_v1_close_window(ctl->control, (uint32_t)id);
	} else if (strcmp(argv[1], "kill") == 0) {
		picowl_control_v1_kill_window(ctl->control, (uint32_t)id);
	} else {
		fprintf(stderr, "Usage: picowl-ctl window activate|close|kill ID\n");
		return 2;
	}
	return wl_display_roundtrip(ctl->client.display) < 0 ? 1 : 0;
}

int
ctl_action(struct ctl *ctl, int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "Usage: picowl-ctl action ACTION [ARGS]\n");
		return 2;
	}
	char line[512] = "";
	size_t len = 0;
	for (int i = 1; i < argc; i++) {
		int n = snprintf(line + len, sizeof(line) - len, "%s%s", i > 1 ? " " : "", argv[i]);
		if (n < 0 || (size_t)n >= sizeof(line) - len) {
			fprintf(stderr, "picowl-ctl: the action is too long\n");
			return 2;
		}
		len += (size_t)n;
	}
	struct answer a = {0};
	if (!start(ctl, &a)) {
		return 1;
	}
	picowl_control_v1_run_action(ctl->control, line);
	if (wl_display_roundtrip(ctl->client.display) < 0) {
		return 1;
	}
	return a.failed ? 1 : 0;
}

/* picowl-ctl power off|on|toggle|status over picowl_control_v1 (version 3). */
#include <stdio.h>
#include <string.h>

#include "ctl.h"
#include "picowl-control-unstable-v1-client-protocol.h"

struct power_answer {
	bool done;
	uint32_t state;
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
	struct power_answer *a = data;
	a->state = state;
	a->done = true;
}

static const struct picowl_control_v1_listener listener = {
	.tile = handle_tile,
	.tiles_done = handle_tiles_done,
	.panel = handle_panel,
	.spawned = handle_spawned,
	.reloaded = handle_reloaded,
	.power = handle_power,
};

int
ctl_power(struct ctl *ctl, int argc, char **argv)
{
	static const char *const modes[] = {"off", "on", "toggle"};
	static const char *const states[] = {"off", "on", "dimmed"};
	int mode = -1;
	for (int i = 0; argc == 2 && i < 3; i++) {
		if (strcmp(argv[1], modes[i]) == 0) {
			mode = i;
		}
	}
	if (argc != 2 || (mode < 0 && strcmp(argv[1], "status") != 0)) {
		fprintf(stderr, "Usage: picowl-ctl power off|on|toggle|status\n");
		return 2;
	}
	if (!ctl->control || wl_proxy_get_version((struct wl_proxy *)ctl->control) < 3) {
		fprintf(stderr,
			"picowl-ctl: this picowl has no power control (picowl_control_v1 "
			"version 3)\n");
		return 1;
	}
	struct power_answer a = {0};
	picowl_control_v1_add_listener(ctl->control, &listener, &a);
	if (mode >= 0) {
		picowl_control_v1_set_power(ctl->control, (uint32_t)mode);
	} else {
		picowl_control_v1_get_power(ctl->control);
	}
	while (!a.done) {
		if (wl_display_dispatch(ctl->client.display) < 0) {
			fprintf(stderr, "picowl-ctl: picowl closed the connection\n");
			return 1;
		}
	}
	printf("%s\n", a.state < 3 ? states[a.state] : "unknown");
	return 0;
}

/* picowl-ctl calibrate (calibrate.h). */
#include "ctl_calibrate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctl.h"
#include "picowl-control-unstable-v1-client-protocol.h"

struct calibrate_answer {
	bool done;
	uint32_t result;
	char *message;
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
handle_calibration(void *data, struct picowl_control_v1 *control, uint32_t result,
	const char *matrix, const char *message)
{
	struct calibrate_answer *a = data;
	a->result = result;
	a->message = strdup(message);
	a->done = true;
}

static const struct picowl_control_v1_listener listener = {
	.tile = handle_tile,
	.tiles_done = handle_tiles_done,
	.panel = handle_panel,
	.calibration = handle_calibration,
};

int
ctl_calibrate(struct ctl *ctl, int argc, char **argv)
{
	unsigned long timeout = 0;
	if (argc == 3 && strcmp(argv[1], "--timeout") == 0) {
		char *end;
		timeout = strtoul(argv[2], &end, 10);
		if (end == argv[2] || *end != '\0' || timeout > 3600000) {
			argc = 0;
		}
	}
	if (argc != 1 && argc != 3) {
		fprintf(stderr, "Usage: picowl-ctl calibrate [--timeout MS]\n");
		return 2;
	}
	if (!ctl->control || wl_proxy_get_version((struct wl_proxy *)ctl->control) < 4) {
		fprintf(stderr,
			"picowl-ctl: this picowl has no calibration (picowl_control_v1 "
			"version 4)\n");
		return 1;
	}
	struct calibrate_answer a = {0};
	picowl_control_v1_add_listener(ctl->control, &listener, &a);
	picowl_control_v1_calibrate(ctl->control, (uint32_t)timeout);
	fprintf(stderr,
		"picowl-ctl: tap each target on the screen as it appears (a key "
		"cancels)\n");
	while (!a.done) {
		if (wl_display_dispatch(ctl->client.display) < 0) {
			fprintf(stderr, "picowl-ctl: picowl closed the connection\n");
			return 1;
		}
	}
	printf("%s\n", a.message ? a.message : "");
	free(a.message);
	return a.result == PICOWL_CONTROL_V1_CALIBRATION_RESULT_SAVED ||
			a.result == PICOWL_CONTROL_V1_CALIBRATION_RESULT_APPLIED
		? 0
		: 1;
}

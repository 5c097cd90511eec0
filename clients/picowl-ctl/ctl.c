/*
 * The connection every subcommand shares: picowl's private globals, the keymap for inject, and
 * the one picowl_control_v1 listener whose answers every command reads (struct ctl_answer).
 */
#include "ctl.h"

#include <stdlib.h>
#include <string.h>

#include "ctl_info.h"
#include "ctl_keys.h"
#include "picowl-control-unstable-v1-client-protocol.h"
#include "picowl-counters-unstable-v1-client-protocol.h"

/* What picowl-ctl speaks; older picowls are bound at theirs and each command checks it. */
#define CONTROL_VERSION 6

static void
list_clear(struct ctl_list *list)
{
	for (size_t i = 0; i < list->n; i++) {
		free(list->items[i].title);
		free(list->items[i].app_id);
	}
	list->n = 0;
	list->restart = false;
	list->done = false;
}

static void
list_item(struct ctl_list *list, uint32_t id, const char *title, const char *app_id, uint32_t flags)
{
	if (list->restart) {
		list_clear(list);
	}
	if (list->n == list->cap) {
		size_t cap = list->cap ? 2 * list->cap : 8;
		struct ctl_item *items = realloc(list->items, cap * sizeof(*items));
		if (!items) {
			return; /* the list lacks it; picowl-ctl goes on */
		}
		list->items = items;
		list->cap = cap;
	}
	list->items[list->n++] = (struct ctl_item){id, strdup(title), strdup(app_id), flags};
}

/* The list is complete (an empty one too): kept until the next one's first item. */
static void
list_done(struct ctl_list *list)
{
	if (list->restart) {
		list_clear(list);
	}
	list->done = true;
	list->restart = true;
}

static void
list_free(struct ctl_list *list)
{
	list_clear(list);
	free(list->items);
}

static void
handle_tile(void *data, struct picowl_control_v1 *control, uint32_t index, const char *title,
	const char *app_id, uint32_t flags)
{
	struct ctl *ctl = data;
	list_item(&ctl->answer.tiles, index, title, app_id, flags);
}

static void
handle_tiles_done(void *data, struct picowl_control_v1 *control)
{
	struct ctl *ctl = data;
	list_done(&ctl->answer.tiles);
}

static void
handle_panel(void *data, struct picowl_control_v1 *control, uint32_t position, int32_t height,
	uint32_t autohide)
{
}

static void
handle_spawned(void *data, struct picowl_control_v1 *control, int32_t pid)
{
	struct ctl *ctl = data;
	ctl->answer.pid = pid;
	ctl->answer.spawned = true;
}

static void
handle_reloaded(void *data, struct picowl_control_v1 *control, int32_t errors)
{
	struct ctl *ctl = data;
	ctl->answer.errors = errors;
	ctl->answer.reloaded = true;
}

static void
handle_power(void *data, struct picowl_control_v1 *control, uint32_t state)
{
	struct ctl *ctl = data;
	ctl->answer.power_state = state;
	ctl->answer.power_done = true;
}

static void
handle_calibration(void *data, struct picowl_control_v1 *control, uint32_t result,
	const char *matrix, const char *message)
{
	struct ctl *ctl = data;
	ctl->answer.calibration_result = result;
	free(ctl->answer.calibration_message);
	ctl->answer.calibration_message = strdup(message);
	ctl->answer.calibration_done = true;
}

static void
handle_window(void *data, struct picowl_control_v1 *control, uint32_t id, const char *title,
	const char *app_id, uint32_t flags)
{
	struct ctl *ctl = data;
	list_item(&ctl->answer.windows, id, title, app_id, flags);
}

static void
handle_windows_done(void *data, struct picowl_control_v1 *control)
{
	struct ctl *ctl = data;
	list_done(&ctl->answer.windows);
}

static void
handle_action_failed(void *data, struct picowl_control_v1 *control, const char *action,
	const char *message)
{
	struct ctl *ctl = data;
	fprintf(stderr, "picowl-ctl: %s: %s\n", action, message);
	ctl->answer.failed = true;
}

static void
handle_launcher(void *data, struct picowl_control_v1 *control)
{
}

static void
handle_config_error(void *data, struct picowl_control_v1 *control, const char *message)
{
	struct ctl *ctl = data;
	fprintf(stderr, "%s\n", message);
	ctl->answer.error_lines++;
}

static void
handle_output(void *data, struct picowl_control_v1 *control, const char *name, int32_t width,
	int32_t height, int32_t rotation, int32_t refresh, const char *format, const char *backend,
	int32_t scale)
{
	struct ctl_output output = {name, width, height, rotation, refresh, format, backend, scale};
	ctl_print_output(data, &output);
}

static void
handle_outputs_done(void *data, struct picowl_control_v1 *control)
{
	struct ctl_answer *a = &((struct ctl *)data)->answer;
	if (a->json) {
		printf("%s]\n", a->outputs ? "" : "[");
	}
	a->outputs_done = true;
}

static void
handle_input(void *data, struct picowl_control_v1 *control, const char *name, const char *sysname,
	uint32_t caps, const char *calibration)
{
	ctl_print_input(data, name, sysname, caps, calibration);
}

static void
handle_inputs_done(void *data, struct picowl_control_v1 *control)
{
	struct ctl_answer *a = &((struct ctl *)data)->answer;
	if (a->json) {
		printf("%s]\n", a->inputs ? "" : "[");
	}
	a->inputs_done = true;
}

static const struct picowl_control_v1_listener control_listener = {
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
	.config_error = handle_config_error,
	.output = handle_output,
	.outputs_done = handle_outputs_done,
	.input = handle_input,
	.inputs_done = handle_inputs_done,
};

static bool
connect_globals(struct ctl *ctl)
{
	static const struct pw_client_input_listener keymap = {.keymap = ctl_handle_keymap};
	bool keyboard = ctl->keyboard;
	const struct pw_client_versions want = {.seat = keyboard ? 5 : 0};

	ctl->globals[0] = (struct pw_client_global){&picowl_counters_v1_interface, 1,
		(void **)&ctl->counters};
	ctl->globals[1] = (struct pw_client_global){&picowl_control_v1_interface, CONTROL_VERSION,
		(void **)&ctl->control, &control_listener, ctl};
	ctl->client.name = "picowl-ctl";
	ctl->client.globals = ctl->globals;
	ctl->client.data = ctl;
	if (keyboard) {
		pw_client_keys_init(&ctl->keys, "picowl-ctl");
		pw_client_input_init(&ctl->client, &keymap);
	}
	if (!pw_client_connect(&ctl->client, &want, -1)) {
		return false;
	}
	/* the seat comes with the registry, its keyboard with the seat, the keymap with that */
	for (int i = 0; keyboard && !ctl->keys.keymap && i < 3; i++) {
		pw_client_roundtrip(&ctl->client, 2000);
	}
	if (!ctl->counters && !ctl->control) {
		fprintf(stderr,
			"picowl-ctl: this compositor offers no picowl counters (not picowl, "
			"or picowl runs as another user)\n");
		return false;
	}
	return true;
}

bool
ctl_connected(struct ctl *ctl)
{
	if (!ctl->connected) {
		ctl->connected = connect_globals(ctl) ? 1 : -1;
	}
	return ctl->connected > 0;
}

void
ctl_disconnect(struct ctl *ctl)
{
	pw_client_disconnect(&ctl->client);
	pw_client_keys_finish(&ctl->keys);
	list_free(&ctl->answer.tiles);
	list_free(&ctl->answer.windows);
	free(ctl->answer.calibration_message);
}

bool
ctl_control(struct ctl *ctl, uint32_t version, const char *what)
{
	if (!ctl_connected(ctl)) {
		return false;
	}
	if (!ctl->control) {
		fprintf(stderr,
			"picowl-ctl: this compositor offers no picowl_control_v1 (not picowl, "
			"or picowl runs as another user)\n");
		return false;
	}
	if (picowl_control_v1_get_version(ctl->control) < version) {
		fprintf(stderr,
			"picowl-ctl: %s needs picowl_control_v1 version %u; this picowl has "
			"%u\n",
			what, version, picowl_control_v1_get_version(ctl->control));
		return false;
	}
	return true;
}

bool
ctl_wait(struct ctl *ctl, const bool *flag)
{
	while (!*flag) {
		if (wl_display_dispatch(ctl->client.display) < 0) {
			fprintf(stderr, "picowl-ctl: picowl closed the connection\n");
			return false;
		}
	}
	return true;
}

bool
ctl_roundtrip(struct ctl *ctl)
{
	if (wl_display_roundtrip(ctl->client.display) < 0) {
		fprintf(stderr, "picowl-ctl: picowl refused the request (see its log)\n");
		return false;
	}
	return true;
}

int
ctl_status(struct ctl *ctl)
{
	return ctl_roundtrip(ctl) && !ctl->answer.failed ? 0 : 1;
}

void
ctl_json_string(FILE *out, const char *s)
{
	fputc('"', out);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == '"' || *p == '\\') {
			fprintf(out, "\\%c", *p);
		} else if (*p < 0x20) {
			fprintf(out, "\\u%04x", *p);
		} else {
			fputc(*p, out);
		}
	}
	fputc('"', out);
}

#include "desktop.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "config.h"
#include "output.h"
#include "seat.h"
#include "server.h"

static void
handle_server_destroy(struct wl_listener *listener, void *data)
{
	struct pw_desktop *desktop = wl_container_of(listener, desktop, server_destroy);
	struct pw_server *server = desktop->server;
	wl_list_remove(&desktop->server_destroy.link);
	if (desktop->panel.timer) {
		wl_event_source_remove(desktop->panel.timer);
	}
	if (desktop->tiles_idle) {
		wl_event_source_remove(desktop->tiles_idle);
	}
	pw_launch_finish(desktop);
	if (server->config != desktop->boot_config) {
		pw_config_destroy(server->config);
	}
	pw_config_destroy(desktop->boot_config);
	server->config = NULL;
	server->desktop = NULL;
	free(desktop);
}

bool
pw_desktop_create(struct pw_server *server)
{
	struct pw_desktop *desktop = calloc(1, sizeof(*desktop));
	if (!desktop) {
		return false;
	}
	desktop->server = server;
	wl_list_init(&desktop->launches);
	wl_list_init(&desktop->controls);
	for (int i = 0; i < PW_LAYER_COUNT; i++) {
		wl_list_init(&desktop->layers[i]);
	}
	server->config = pw_config_create_default();
	if (!server->config) {
		free(desktop);
		return false;
	}
	server->desktop = desktop;
	desktop->server_destroy.notify = handle_server_destroy;
	wl_signal_add(&server->destroy, &desktop->server_destroy);
	return pw_layer_shell_create(server) && pw_control_create(server);
}

static bool
same_string(const char *a, const char *b)
{
	return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

static bool
same_keymap(const struct pw_config *a, const struct pw_config *b)
{
	return same_string(a->input.rules, b->input.rules) &&
		same_string(a->input.model, b->input.model) &&
		same_string(a->input.layout, b->input.layout) &&
		same_string(a->input.variant, b->input.variant) &&
		same_string(a->input.options, b->input.options);
}

static bool
same_input(const struct pw_config *a, const struct pw_config *b)
{
	return same_string(a->input.keyboard, b->input.keyboard) &&
		same_string(a->input.pointer, b->input.pointer) &&
		same_string(a->input.touchscreen, b->input.touchscreen) &&
		memcmp(a->input.calibration, b->input.calibration, sizeof(a->input.calibration)) ==
		0;
}

/* The [input] devices and calibration, for the backends' libinput. */
static void
configure_input(struct pw_server *server, const struct pw_config *config)
{
	const char *devices[4] = {0};
	size_t n = 0;
	const char *paths[] = {config->input.keyboard, config->input.pointer,
		config->input.touchscreen};
	for (size_t i = 0; i < 3; i++) {
		if (paths[i]) {
			devices[n++] = paths[i];
		}
	}
	static const double identity[6] = {1, 0, 0, 0, 1, 0};
	struct pw_input_config input = {
		.devices = n ? devices : NULL,
		.calibrated = memcmp(config->input.calibration, identity, sizeof(identity)) != 0,
	};
	for (int i = 0; i < 6; i++) {
		input.calibration[i] = (float)config->input.calibration[i];
	}
	pw_server_configure_input(server, &input);
}

void
pw_desktop_apply_config(struct pw_server *server, struct pw_config *config)
{
	struct pw_desktop *desktop = server->desktop;
	struct pw_config *old = server->config;
	server->layout = config->layout;
	server->colors.background = config->background;
	server->colors.border = config->border;
	server->colors.border_focused = config->border_focused;
	server->border_width = config->border_width;
	/* Compiling a keymap costs a handheld a noticeable moment: only when it changed. */
	if (server->seat && (!old || !same_keymap(old, config))) {
		const struct pw_config *c = config;
		if (!pw_seat_set_keymap(server->seat, c->input.rules, c->input.model,
			    c->input.layout, c->input.variant, c->input.options)) {
			fprintf(stderr,
				"picowl: cannot compile the keymap of %s; keeping the old one\n",
				c->path ? c->path : "the defaults");
		}
	}
	if (server->seat) {
		pw_seat_set_repeat(server->seat, config->input.repeat_rate,
			config->input.repeat_delay);
	}
	/* Reopening the input devices is not free: only when their settings changed. */
	if (!old || !same_input(old, config)) {
		configure_input(server, config);
	}
	server->config = config;
	if (old && old != desktop->boot_config && old != config) {
		pw_config_destroy(old);
	}
	if (server->output) {
		server->output->damage_mode = config->opts.damage;
		pw_server_arrange(server);
		pw_output_damage_whole(server->output);
	}
	pw_panel_update(server);
	pw_control_panel_changed(server);
}

void
pw_desktop_adopt_boot_config(struct pw_server *server, struct pw_config *config)
{
	struct pw_desktop *desktop = server->desktop;
	struct pw_config *old_boot = desktop->boot_config;
	pw_desktop_apply_config(server, config);
	desktop->boot_config = config;
	pw_config_destroy(old_boot);
}

int
pw_desktop_reload(struct pw_server *server)
{
	struct pw_config *config = pw_config_reload(server->config, stderr);
	if (!config) {
		fprintf(stderr, "picowl: reload: out of memory\n");
		return -1;
	}
	if (config->errors && config->opts.strict) {
		fprintf(stderr, "picowl: reload: %d error(s) in %s; --strict: nothing applied\n",
			config->errors, config->path);
		pw_config_destroy(config);
		return -1;
	}
	int errors = config->errors;
	fprintf(stderr, "picowl: reloaded %s (%d error(s))\n",
		config->path ? config->path : "the defaults", errors);
	pw_desktop_apply_config(server, config);
	return errors;
}

#include "desktop.h"
#include "cursor_draw.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "budget.h"
#include "client_fds.h"
#include "config.h"
#include "control.h"
#include "devices.h"
#include "edge_swipe.h"
#include "keyboard.h"
#include "keymap.h"
#include "launch.h"
#include "log.h"
#include "osk.h"
#include "output.h"
#include "panel.h"
#include "panel_keeper.h"
#include "power.h"
#include "server.h"
#include "tiling.h"
#include "touch_settings.h"
#include "view.h"

static void
handle_server_destroy(struct wl_listener *listener, void *data)
{
	struct pw_desktop *desktop = wl_container_of(listener, desktop, server_destroy);
	struct pw_server *server = desktop->server;
	wl_list_remove(&desktop->server_destroy.link);
	if (desktop->panel.timer) {
		wl_event_source_remove(desktop->panel.timer);
	}
	if (desktop->tiles_timer) {
		wl_event_source_remove(desktop->tiles_timer);
	}
	if (desktop->tiles_idle) {
		wl_event_source_remove(desktop->tiles_idle);
	}
	if (desktop->arrange_idle) {
		wl_event_source_remove(desktop->arrange_idle);
	}
	pw_launch_finish(desktop);
	pw_osk_finish(server);
	pw_panel_keeper_finish(server);
	wl_list_remove(&desktop->surface_commit.link);
	if (desktop->output_mode.link.next) {
		wl_list_remove(&desktop->output_mode.link);
	}
	if (desktop->config != desktop->boot_config) {
		pw_config_destroy(desktop->config);
	}
	pw_config_destroy(desktop->boot_config);
	server->desktop = NULL;
	free(desktop);
}

static void
handle_surface_commit(struct wl_listener *listener, void *data)
{
	pw_view_surface_committed(data);
}

static void
handle_output_mode(struct wl_listener *listener, void *data)
{
	struct pw_desktop *desktop = wl_container_of(listener, desktop, output_mode);
	pw_tiling_arrange(desktop->server);
}

/* The layout, colours and border a config gives: its defaults at creation, its keys on a load. */
static void
take_layout(struct pw_desktop *desktop, const struct pw_config *config)
{
	desktop->layout = config->layout;
	desktop->colors.background = config->background;
	desktop->colors.border = config->border;
	desktop->colors.border_focused = config->border_focused;
	desktop->border_width = config->border_width;
}

bool
pw_desktop_create(struct pw_server *server)
{
	struct pw_desktop *desktop = calloc(1, sizeof(*desktop));
	if (!desktop) {
		return false;
	}
	desktop->server = server;
	wl_list_init(&desktop->views);
	wl_list_init(&desktop->popups);
	wl_list_init(&desktop->overlays);
	wl_list_init(&desktop->launches);
	wl_list_init(&desktop->child_outputs);
	wl_list_init(&desktop->controls);
	for (int i = 0; i < PW_LAYER_COUNT; i++) {
		wl_list_init(&desktop->layers[i]);
	}
	desktop->config = pw_config_create_default();
	if (!desktop->config) {
		free(desktop);
		return false;
	}
	take_layout(desktop, desktop->config);
	server->desktop = desktop;
	desktop->server_destroy.notify = handle_server_destroy;
	wl_signal_add(&server->destroy, &desktop->server_destroy);
	pw_osk_init(server);
	desktop->surface_commit.notify = handle_surface_commit;
	wl_signal_add(&server->events.surface_commit, &desktop->surface_commit);
	if (server->output) {
		desktop->output_mode.notify = handle_output_mode;
		wl_signal_add(&server->output->events.mode, &desktop->output_mode);
	}
	return true;
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

void
pw_desktop_configure_input(struct pw_server *server, const struct pw_config *config)
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
	if (server->seat) {
		pw_seat_configure_input(server->seat, &input);
	}
}

/* Blanking saves a real panel's power; headless and nested have none unless asked. */
static void
configure_power(struct pw_server *server, const struct pw_config *config)
{
	int idle = config->power.idle_timeout;
	if (idle < 0) {
		idle = server->backend->session ? 120 : 0;
	}
	if (server->power) {
		pw_power_configure(server->power, idle, config->power.dim_timeout,
			config->power.backlight);
	}
}

/* The [gestures] edges with an action, for the seat's recogniser. */
static void
configure_gestures(struct pw_server *server, const struct pw_config *config)
{
	struct pw_swipe_params params = {
		.width = config->gestures.edge_width,
		.distance = config->gestures.distance,
		.timeout_ms = config->gestures.timeout_ms,
	};
	for (int e = 0; e < PW_SWIPE_EDGES; e++) {
		if (config->gestures.edge[e].action != PW_ACTION_NONE) {
			params.edges |= 1u << e;
		}
	}
	if (server->seat && !pw_edge_swipe_configure(server->seat, &params)) {
		pw_log_warning("no memory for edge swipes; touches at the edges go to clients");
	}
}

/* `boot`: the start's config, whose keymap waits for its first need or the first frame. */
static void
apply_config(struct pw_server *server, struct pw_config *config, bool boot)
{
	struct pw_desktop *desktop = server->desktop;
	struct pw_config *old = server->desktop->config;
	take_layout(desktop, config);
	/* A keymap compile is slow on a handheld (decision 4.41): only when it changed. */
	if (server->seat && (!old || !same_keymap(old, config))) {
		const struct pw_config *c = config;
		bool (*set)(struct pw_seat *, const char *, const char *, const char *,
			const char *, const char *) =
			boot ? pw_seat_set_keymap_later : pw_seat_set_keymap;
		if (!set(server->seat, c->input.rules, c->input.model, c->input.layout,
			    c->input.variant, c->input.options)) {
			pw_log_warning("cannot compile the keymap of %s; keeping the old one",
				c->path ? c->path : "the defaults");
		}
	}
	if (server->seat) {
		pw_seat_set_repeat(server->seat, config->input.repeat_rate,
			config->input.repeat_delay);
	}
	/* Reopening the input devices is not free: only when their settings changed. */
	if (!old || !same_input(old, config)) {
		pw_desktop_configure_input(server, config);
	}
	configure_power(server, config);
	configure_gestures(server, config);
	pw_touch_settings_apply(server, config);
	pw_cursor_draw_apply(server, config);
	if (server->budget) {
		pw_budget_set_limit(server->budget, config->limits.client_memory);
		pw_budget_set_most(server->budget, PW_BUDGET_SUBSURFACES,
			(uint32_t)config->limits.client_subsurfaces);
		pw_budget_set_most(server->budget, PW_BUDGET_SHM,
			(uint32_t)config->limits.client_pools);
		pw_budget_set_mapped(server->budget, config->limits.client_mapped);
	}
	if (server->client_fds) {
		pw_client_fds_set_share(server->client_fds, config->limits.client_fds);
	}
	server->desktop->config = config;
	if (old && old != desktop->boot_config && old != config) {
		pw_config_destroy(old);
	}
	if (server->output) {
		server->output->damage_mode = config->opts.damage;
		pw_tiling_arrange(server);
		pw_output_damage_whole(server->output);
	}
	pw_panel_update(server);
	pw_control_panel_changed(server);
}

void
pw_desktop_apply_config(struct pw_server *server, struct pw_config *config)
{
	apply_config(server, config, false);
}

void
pw_desktop_adopt_boot_config(struct pw_server *server, struct pw_config *config)
{
	struct pw_desktop *desktop = server->desktop;
	struct pw_config *old_boot = desktop->boot_config;
	apply_config(server, config, true);
	desktop->boot_config = config;
	pw_config_destroy(old_boot);
}

int
pw_desktop_reload(struct pw_server *server)
{
	/* The file's messages go through the log, to wherever --log sends it (4.60). */
	char *said = NULL;
	size_t said_len = 0;
	FILE *messages = open_memstream(&said, &said_len);
	int errors = pw_desktop_reload_to(server, messages);
	if (messages) {
		fclose(messages);
		pw_log_lines(PW_LOG_ERROR, said);
	}
	free(said);
	return errors;
}

int
pw_desktop_reload_to(struct pw_server *server, FILE *log)
{
	struct pw_config *config = pw_config_reload(server->desktop->config, log);
	if (!config) {
		pw_log_error("reload: out of memory");
		return -1;
	}
	if (config->unreadable) {
		/* Out of descriptors, a FIFO put in its place, a file being rewritten: the
		 * session keeps its bindings rather than fall back to the defaults. */
		pw_log_error("reload: %s not read; nothing applied", config->path);
		pw_config_destroy(config);
		return -1;
	}
	if (config->errors && config->opts.strict) {
		pw_log_error("reload: %d error(s) in %s; --strict: nothing applied", config->errors,
			config->path);
		pw_config_destroy(config);
		return -1;
	}
	int errors = config->errors;
	pw_log_info("reloaded %s (%d error(s))", config->path ? config->path : "the defaults",
		errors);
	pw_desktop_apply_config(server, config);
	return errors;
}

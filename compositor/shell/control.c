/*
 * picowl_control_v1: picowl-ctl and picowl-panel. Offered only to clients of picowl's own uid
 * (the global filter), since it starts programs and, with --test-hooks, injects input.
 */
#include "control.h"
#include "control_list.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "calibrate.h"
#include "client_room.h"
#include "clock.h"
#include "config.h"
#include "control_info.h"
#include "control_windows.h"
#include "desktop.h"
#include "edge_swipe.h"
#include "ext_toplevel_list.h"
#include "foreign_toplevel.h"
#include "image_copy_capture.h"
#include "keyboard.h"
#include "launch.h"
#include "panel.h"
#include "picowl-control-unstable-v1-protocol.h"
#include "pointer.h"
#include "power.h"
#include "request.h"
#include "seat.h"
#include "server.h"
#include "surface.h"
#include "tiling.h"
#include "touch.h"
#include "view.h"

#define CONTROL_VERSION 8

/*
 * Titles and app ids go out cut to fit TILE_TEXT bytes at a character boundary: a client's long
 * titles, times its tiles, times its title changes, would flood the panel's connection (no
 * client floods another: decision 4.22).
 */
#define TILE_TEXT 128

static void
send_tiles(struct pw_server *server, struct wl_resource *resource)
{
	uint32_t index = 1;
	struct pw_view *view;
	wl_list_for_each(view, &server->desktop->views, link) {
		char title[TILE_TEXT], app_id[TILE_TEXT];
		uint32_t flags = (server->desktop->focus && view == server->desktop->focus->root
						 ? PICOWL_CONTROL_V1_TILE_FLAGS_FOCUSED
						 : 0) |
			(view->fullscreen ? PICOWL_CONTROL_V1_TILE_FLAGS_FULLSCREEN : 0);
		picowl_control_v1_send_tile(resource, index++,
			pw_control_text(view->title, title, sizeof(title)),
			pw_control_text(view->app_id, app_id, sizeof(app_id)), flags);
	}
	picowl_control_v1_send_tiles_done(resource);
}

/* Version 5 and 6: every tile and every window, at each change. */
static void
send_all(struct pw_server *server, struct wl_resource *resource)
{
	send_tiles(server, resource);
	if (wl_resource_get_version(resource) < PICOWL_CONTROL_V1_WINDOW_SINCE_VERSION) {
		return;
	}
	struct pw_view *view;
	wl_list_for_each(view, &server->desktop->views, link) {
		if (view->mapped) {
			pw_control_send_window(resource, view,
				pw_control_window_flags(server, view));
		}
	}
	picowl_control_v1_send_windows_done(resource);
}

static void
send_panel(struct pw_server *server, struct wl_resource *resource)
{
	const struct pw_config *c = server->desktop->config;
	picowl_control_v1_send_panel(resource,
		c->panel.position == PW_PANEL_TOP ? PICOWL_CONTROL_V1_PANEL_POSITION_TOP
						  : PICOWL_CONTROL_V1_PANEL_POSITION_BOTTOM,
		c->panel.height, c->panel.autohide);
}

/*
 * A control client's place in the tile events (4.74): the tiles go to it at most once a frame,
 * and only when its socket has room; a reader that is behind gets the list as it is then, once
 * it has read, never an old list queued behind another.
 */
struct control_reader {
	struct wl_listener resource_destroy;
	struct wl_resource *resource;
	struct pw_server *server;
	struct pw_client_room room;
	bool behind; /* the tiles changed since the last list it was sent */
	struct pw_control_list sent; /* version 7: the windows as it was last sent them */
};

static void
handle_reader_destroy(struct wl_listener *listener, void *data)
{
	struct control_reader *reader = wl_container_of(listener, reader, resource_destroy);
	pw_client_room_cancel(&reader->room);
	pw_control_list_finish(&reader->sent);
	free(reader);
}

static void
send_when_room(struct control_reader *reader)
{
	struct wl_client *client = wl_resource_get_client(reader->resource);
	if (!pw_client_has_room(client)) {
		reader->behind = true;
		pw_client_room_wait(&reader->room, reader->server->loop, client);
		return;
	}
	reader->behind = false;
	if (wl_resource_get_version(reader->resource) >=
		PICOWL_CONTROL_V1_WINDOW_REMOVED_SINCE_VERSION) {
		pw_control_list_send(&reader->sent, reader->server, reader->resource);
	} else {
		send_all(reader->server, reader->resource);
	}
}

static void
handle_reader_writable(struct pw_client_room *room)
{
	struct control_reader *reader = wl_container_of(room, reader, room);
	if (reader->behind) {
		send_when_room(reader);
	}
}

static void
send_tiles_to_all(struct pw_server *server)
{
	struct pw_desktop *desktop = server->desktop;
	desktop->tiles_pending = false;
	desktop->tiles_sent_ns = pw_now_ns();
	struct wl_resource *resource;
	wl_resource_for_each(resource, &desktop->controls) {
		struct wl_listener *listener =
			wl_resource_get_destroy_listener(resource, handle_reader_destroy);
		struct control_reader *reader;
		if (listener) {
			reader = wl_container_of(listener, reader, resource_destroy);
			send_when_room(reader);
		}
	}
}

static int
handle_tiles_timer(void *data)
{
	send_tiles_to_all(data);
	return 0;
}

static void
handle_tiles_idle(void *data)
{
	struct pw_server *server = data;
	server->desktop->tiles_idle = NULL;
	send_tiles_to_all(server);
}

/*
 * At most once a frame at 60 Hz (4.74): a change after a quiet frame goes out at the end of
 * this loop turn, as a person's tap expects; changes within a frame of the last list wait for
 * the frame's end, so a client retitling at every round trip costs the panel 60 lists a
 * second, not thousands.
 */
#define TILES_PERIOD_MS 16

void
pw_control_tiles_changed(struct pw_server *server)
{
	struct pw_desktop *desktop = server->desktop;
	pw_foreign_toplevel_update(server); /* at once: taskbars have no batches (4.84) */
	if (desktop && desktop->views_watched) {
		pw_ext_toplevel_list_update(server);
		pw_image_copy_capture_views_changed(server);
	}
	if (!desktop || desktop->tiles_pending || wl_list_empty(&desktop->controls)) {
		return;
	}
	int64_t since_ms = (pw_now_ns() - desktop->tiles_sent_ns) / 1000000;
	if (since_ms >= TILES_PERIOD_MS) {
		desktop->tiles_idle =
			wl_event_loop_add_idle(server->loop, handle_tiles_idle, server);
		desktop->tiles_pending = desktop->tiles_idle != NULL;
		return;
	}
	if (!desktop->tiles_timer) {
		desktop->tiles_timer =
			wl_event_loop_add_timer(server->loop, handle_tiles_timer, server);
		if (!desktop->tiles_timer) {
			return;
		}
	}
	desktop->tiles_pending = true;
	wl_event_source_timer_update(desktop->tiles_timer, (int)(TILES_PERIOD_MS - since_ms));
}

void
pw_control_panel_changed(struct pw_server *server)
{
	if (!server->desktop) {
		return;
	}
	struct wl_resource *resource;
	wl_resource_for_each(resource, &server->desktop->controls) {
		send_panel(server, resource);
	}
}

static void
control_spawn(struct wl_client *client, struct wl_resource *resource, int32_t tile,
	struct wl_array *array)
{
	struct pw_server *server = wl_resource_get_user_data(resource);
	/* NUL-terminated strings back to back; the last byte must end one. */
	const char *data = array->data;
	size_t n = 0;
	for (size_t i = 0; i < array->size; i++) {
		n += data[i] == '\0';
	}
	if (array->size == 0 || data[array->size - 1] != '\0' || data[0] == '\0') {
		wl_resource_post_error(resource, PICOWL_CONTROL_V1_ERROR_BAD_ARGV,
			"argv must be NUL-terminated strings, the first non-empty");
		return;
	}
	char **argv = calloc(n + 1, sizeof(*argv));
	if (!argv) {
		wl_client_post_no_memory(client);
		return;
	}
	size_t k = 0;
	for (size_t i = 0; i < array->size; i += strlen(data + i) + 1) {
		argv[k++] = (char *)data + i;
	}
	pid_t pid = pw_launch_argv(server, argv, tile < 0 ? 0 : tile);
	if (pid < 0) {
		pw_control_failed(resource, "spawn", "cannot start %s: %s", argv[0],
			strerror(errno));
	}
	free(argv);
	picowl_control_v1_send_spawned(resource, pid);
}

static void
control_reload(struct wl_client *client, struct wl_resource *resource)
{
	pw_control_reload(wl_resource_get_user_data(resource), resource);
}

static void
control_focus_tile(struct wl_client *client, struct wl_resource *resource, int32_t tile)
{
	struct pw_server *server = wl_resource_get_user_data(resource);
	struct pw_view *view = pw_tiling_view_in_tile(server, tile);
	if (view) {
		pw_tiling_focus(server, view);
	} else {
		pw_control_failed(resource, "focus", "no tile %d", tile);
	}
}

static void
control_show_panel(struct wl_client *client, struct wl_resource *resource)
{
	pw_panel_show(wl_resource_get_user_data(resource));
}

static bool
hooks_allowed(struct wl_resource *resource)
{
	struct pw_server *server = wl_resource_get_user_data(resource);
	if (!server->opts.test_hooks) {
		wl_resource_post_error(resource, PICOWL_CONTROL_V1_ERROR_NO_TEST_HOOKS,
			"input injection needs picowl --test-hooks");
		return false;
	}
	return server->seat != NULL;
}

static void
control_inject_key(struct wl_client *client, struct wl_resource *resource, uint32_t key,
	uint32_t state)
{
	if (hooks_allowed(resource)) {
		struct pw_server *server = wl_resource_get_user_data(resource);
		pw_seat_notify_key(server->seat, pw_now_msec(), key, state != 0);
	}
}

static void
control_inject_touch(struct wl_client *client, struct wl_resource *resource, uint32_t type,
	int32_t id, wl_fixed_t fx, wl_fixed_t fy)
{
	if (!hooks_allowed(resource)) {
		return;
	}
	struct pw_server *server = wl_resource_get_user_data(resource);
	double x = wl_fixed_to_double(fx), y = wl_fixed_to_double(fy);
	if (pw_calibrate_inject(server, type, id, x, y)) {
		return; /* as the touch screen's own, to the calibration routine */
	}
	switch (type) {
	case PICOWL_CONTROL_V1_TOUCH_TYPE_DOWN:
		pw_edge_swipe_touch_down(server->seat, pw_now_msec(), id, x, y);
		break;
	case PICOWL_CONTROL_V1_TOUCH_TYPE_MOTION:
		pw_edge_swipe_touch_motion(server->seat, pw_now_msec(), id, x, y);
		break;
	case PICOWL_CONTROL_V1_TOUCH_TYPE_CANCEL:
		pw_seat_notify_touch_cancel(server->seat);
		return;
	default:
		pw_edge_swipe_touch_up(server->seat, pw_now_msec(), id);
		break;
	}
	pw_edge_swipe_touch_frame(server->seat);
}

static void
control_inject_pointer_motion(struct wl_client *client, struct wl_resource *resource, wl_fixed_t x,
	wl_fixed_t y)
{
	if (hooks_allowed(resource)) {
		struct pw_server *server = wl_resource_get_user_data(resource);
		pw_seat_notify_motion(server->seat, pw_now_msec(), wl_fixed_to_double(x),
			wl_fixed_to_double(y));
	}
}

static void
control_inject_pointer_button(struct wl_client *client, struct wl_resource *resource,
	uint32_t button, uint32_t state)
{
	if (hooks_allowed(resource)) {
		struct pw_server *server = wl_resource_get_user_data(resource);
		pw_seat_notify_button(server->seat, pw_now_msec(), button, state != 0);
	}
}

static void
send_power(struct wl_resource *resource)
{
	struct pw_server *server = wl_resource_get_user_data(resource);
	uint32_t state = pw_power_is_off(server->power) ? PICOWL_CONTROL_V1_POWER_STATE_OFF
		: pw_power_is_dimmed(server->power)     ? PICOWL_CONTROL_V1_POWER_STATE_DIMMED
							: PICOWL_CONTROL_V1_POWER_STATE_ON;
	picowl_control_v1_send_power(resource, state);
}

static void
control_set_power(struct wl_client *client, struct wl_resource *resource, uint32_t mode)
{
	struct pw_server *server = wl_resource_get_user_data(resource);
	if (mode > PICOWL_CONTROL_V1_POWER_MODE_TOGGLE) {
		wl_resource_post_error(resource, PICOWL_CONTROL_V1_ERROR_BAD_POWER_MODE,
			"set_power: no power mode %u", mode);
		return;
	}
	/* The protocol's modes are enum pw_power_request's, value for value. */
	pw_power_set(server->power, (enum pw_power_request)mode);
	send_power(resource);
}

static void
control_get_power(struct wl_client *client, struct wl_resource *resource)
{
	send_power(resource);
}

static void
control_calibrate(struct wl_client *client, struct wl_resource *resource, uint32_t timeout)
{
	pw_calibrate_start(wl_resource_get_user_data(resource), resource, timeout);
}

static void
control_activate_window(struct wl_client *client, struct wl_resource *resource, uint32_t id)
{
	struct pw_server *server = wl_resource_get_user_data(resource);
	struct pw_view *view = pw_control_window_find(server, id);
	if (view) {
		pw_control_window_activate(server, view);
	}
}

static void
control_close_window(struct wl_client *client, struct wl_resource *resource, uint32_t id)
{
	struct pw_view *view = pw_control_window_find(wl_resource_get_user_data(resource), id);
	if (view) {
		view->impl->close(view);
	}
}

static void
control_kill_window(struct wl_client *client, struct wl_resource *resource, uint32_t id)
{
	struct pw_view *view = pw_control_window_find(wl_resource_get_user_data(resource), id);
	/* Its own window: the client would be destroyed inside its own request. */
	if (view && wl_resource_get_client(view->surface->resource) != client) {
		pw_control_window_kill(view);
	}
}

static void
control_run_action(struct wl_client *client, struct wl_resource *resource, const char *action)
{
	pw_control_run_action(wl_resource_get_user_data(resource), resource, action);
}

static void
control_get_outputs(struct wl_client *client, struct wl_resource *resource)
{
	pw_control_outputs(wl_resource_get_user_data(resource), resource);
}

static void
control_get_inputs(struct wl_client *client, struct wl_resource *resource)
{
	pw_control_inputs(wl_resource_get_user_data(resource), resource);
}

static const struct picowl_control_v1_interface control_impl = {
	.destroy = pw_request_destroy,
	.spawn = control_spawn,
	.reload = control_reload,
	.focus_tile = control_focus_tile,
	.show_panel = control_show_panel,
	.inject_key = control_inject_key,
	.inject_touch = control_inject_touch,
	.inject_pointer_motion = control_inject_pointer_motion,
	.inject_pointer_button = control_inject_pointer_button,
	.set_power = control_set_power,
	.get_power = control_get_power,
	.calibrate = control_calibrate,
	.activate_window = control_activate_window,
	.close_window = control_close_window,
	.kill_window = control_kill_window,
	.run_action = control_run_action,
	.get_outputs = control_get_outputs,
	.get_inputs = control_get_inputs,
};

static void
handle_resource_destroy(struct wl_resource *resource)
{
	wl_list_remove(wl_resource_get_link(resource));
}

static void
bind_control(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct pw_server *server = data;
	struct wl_resource *resource =
		wl_resource_create(client, &picowl_control_v1_interface, (int)version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	struct control_reader *reader = calloc(1, sizeof(*reader));
	if (!reader) {
		wl_resource_destroy(resource);
		wl_client_post_no_memory(client);
		return;
	}
	reader->resource = resource;
	reader->server = server;
	reader->room.writable = handle_reader_writable;
	reader->resource_destroy.notify = handle_reader_destroy;
	wl_resource_set_implementation(resource, &control_impl, server, handle_resource_destroy);
	wl_resource_add_destroy_listener(resource, &reader->resource_destroy);
	wl_list_insert(&server->desktop->controls, wl_resource_get_link(resource));
	send_panel(server, resource);
	if (version >= PICOWL_CONTROL_V1_WINDOW_REMOVED_SINCE_VERSION) {
		send_tiles(server, resource); /* once: the windows carry the changes (4.81) */
		pw_control_list_send(&reader->sent, server, resource);
	} else {
		send_all(server, resource);
	}
}

bool
pw_control_create(struct pw_server *server)
{
	server->desktop->control = wl_global_create(server->display, &picowl_control_v1_interface,
		CONTROL_VERSION, server, bind_control);
	return pw_server_add_private_global(server, server->desktop->control);
}

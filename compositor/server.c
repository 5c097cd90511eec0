#include "server.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wayland-server-protocol.h>

#include "backend.h"
#include "clock.h"
#include "counters.h"
#include "desktop.h"
#include "output.h"
#include "presentation.h"
#include "screencopy.h"
#include "seat.h"
#include "subsurface.h"
#include "surface.h"
#include "view.h"
#include "xdg_shell.h"

static struct pw_backend *
create_backend(struct pw_server *server)
{
	const struct pw_options *o = &server->opts;
	struct pw_backend_config config = {
		.device = o->device,
		.present = o->present,
		.copy = o->copy,
		.dma_threshold = o->dma_threshold,
		.width = o->width,
		.height = o->height,
		.format = o->format,
		.refresh_mhz = o->refresh_mhz,
		.connector = o->connector,
		.mode = o->mode,
	};
	return pw_backend_create(server->loop, o->backend, &config);
}

void
pw_server_map_input(struct pw_server *server, double x01, double y01, double *ox, double *oy)
{
	pw_output_map_display_point(server->output, x01, y01, ox, oy);
}

static void
handle_input_key(void *data, uint32_t time_msec, uint32_t key, bool pressed)
{
	struct pw_server *server = data;
	pw_seat_notify_key(server->seat, time_msec, key, pressed);
}

static double
clamp(double v, double max)
{
	return v < 0 ? 0 : v > max - 1 ? max - 1 : v;
}

static void
handle_input_motion(void *data, uint32_t time_msec, double dx, double dy)
{
	struct pw_server *server = data;
	server->cursor_x = clamp(server->cursor_x + dx, server->output->width);
	server->cursor_y = clamp(server->cursor_y + dy, server->output->height);
	pw_seat_notify_motion(server->seat, time_msec, server->cursor_x, server->cursor_y);
}

static void
handle_input_motion_absolute(void *data, uint32_t time_msec, double x, double y)
{
	struct pw_server *server = data;
	pw_server_map_input(server, x, y, &server->cursor_x, &server->cursor_y);
	pw_seat_notify_motion(server->seat, time_msec, server->cursor_x, server->cursor_y);
}

static void
handle_input_button(void *data, uint32_t time_msec, uint32_t button, bool pressed)
{
	struct pw_server *server = data;
	pw_seat_notify_button(server->seat, time_msec, button, pressed);
}

static void
handle_input_axis(void *data, uint32_t time_msec, uint32_t axis, double value)
{
	struct pw_server *server = data;
	pw_seat_notify_axis(server->seat, time_msec, axis, value);
}

static void
handle_input_touch_down(void *data, uint32_t time_msec, int32_t id, double x, double y)
{
	struct pw_server *server = data;
	double ox, oy;
	pw_server_map_input(server, x, y, &ox, &oy);
	pw_seat_notify_touch_down(server->seat, time_msec, id, ox, oy);
}

static void
handle_input_touch_motion(void *data, uint32_t time_msec, int32_t id, double x, double y)
{
	struct pw_server *server = data;
	double ox, oy;
	pw_server_map_input(server, x, y, &ox, &oy);
	pw_seat_notify_touch_motion(server->seat, time_msec, id, ox, oy);
}

static void
handle_input_touch_up(void *data, uint32_t time_msec, int32_t id)
{
	struct pw_server *server = data;
	pw_seat_notify_touch_up(server->seat, time_msec, id);
}

static void
handle_input_touch_frame(void *data)
{
	struct pw_server *server = data;
	pw_seat_notify_touch_frame(server->seat);
}

static void
handle_input_touch_cancel(void *data)
{
	struct pw_server *server = data;
	pw_seat_notify_touch_cancel(server->seat);
}

static const struct pw_input_events input_events = {
	.key = handle_input_key,
	.motion = handle_input_motion,
	.motion_absolute = handle_input_motion_absolute,
	.button = handle_input_button,
	.axis = handle_input_axis,
	.touch_down = handle_input_touch_down,
	.touch_motion = handle_input_touch_motion,
	.touch_up = handle_input_touch_up,
	.touch_frame = handle_input_touch_frame,
	.touch_cancel = handle_input_touch_cancel,
};

/* The output listens to its backend; the server adds `resumed` in front of it. */
static void
handle_backend_frame_done(void *data, const struct timespec *when)
{
	struct pw_server *server = data;
	if (server->output_events && server->output_events->frame_done) {
		server->output_events->frame_done(server->output_events_data, when);
	}
}

static void
handle_backend_resumed(void *data)
{
	struct pw_server *server = data;
	if (server->output_events && server->output_events->resumed) {
		server->output_events->resumed(server->output_events_data);
	}
	pw_output_damage_whole(server->output);
}

static const struct pw_backend_events backend_events = {
	.frame_done = handle_backend_frame_done,
	.resumed = handle_backend_resumed,
};

bool
pw_server_configure_input(struct pw_server *server, const struct pw_input_config *config)
{
	struct pw_backend *backend = server->backend;
	if (!backend->session) {
		return true; /* headless has no devices; nested takes its host's seat */
	}
	/* Opening the devices again is simplest, and rare: at start-up and on a reload. */
	pw_input_destroy(server->input);
	server->input =
		pw_input_create(server->loop, backend->session, config, &input_events, server);
	if (!server->input) {
		fprintf(stderr, "picowl: running without input devices\n");
	}
	return server->input != NULL;
}

static bool
switch_vt(void *data, int vt)
{
	return pw_backend_switch_vt(data, vt);
}

/* Input from a real display's session (libinput) or from the nested backend's window. */
static void
create_input(struct pw_server *server)
{
	struct pw_backend *backend = server->backend;
	server->output_events = backend->events;
	server->output_events_data = backend->events_data;
	backend->events = &backend_events;
	backend->events_data = server;
	backend->input_events = &input_events;
	backend->input_data = server;
	if (backend->session) {
		server->switch_vt = switch_vt;
		server->switch_vt_data = backend;
	}
	struct pw_input_config config = {0};
	pw_server_configure_input(server, &config);
}

static bool
create_globals(struct pw_server *server)
{
	if (wl_display_init_shm(server->display) != 0 ||
		!wl_display_add_shm_format(server->display, WL_SHM_FORMAT_RGB565)) {
		return false;
	}
	return pw_compositor_create(server) && pw_subcompositor_create(server) &&
		pw_xdg_shell_create(server) && pw_xdg_decoration_create(server) &&
		pw_viewporter_create(server) && pw_presentation_create(server) &&
		pw_screencopy_create(server) && pw_xdg_output_create(server) &&
		pw_counters_protocol_create(server) &&
		(server->seat = pw_seat_create(server)) != NULL && pw_desktop_create(server);
}

struct pw_server *
pw_server_create(const struct pw_options *opts)
{
	struct pw_server *server = calloc(1, sizeof(*server));
	if (!server) {
		return NULL;
	}
	server->opts = *opts;
	wl_list_init(&server->views);
	wl_list_init(&server->popups);
	wl_signal_init(&server->destroy);
	pw_layout_defaults(&server->layout);
	server->colors.background = 0x000000;
	server->colors.border = 0x333333;
	server->colors.border_focused = 0x4c7899;
	server->border_width = 1;

	server->display = wl_display_create();
	if (!server->display) {
		goto err;
	}
	server->loop = wl_display_get_event_loop(server->display);
	server->backend = create_backend(server);
	if (!server->backend) {
		goto err;
	}
	server->output = pw_output_create(server, server->backend);
	if (server->output) {
		server->output->damage_mode = opts->damage;
		if (!pw_output_set_rotation(server->output, opts->rotate)) {
			goto err;
		}
	}
	server->counters = pw_counters_create(1024, 2048);
	if (!server->counters) {
		goto err;
	}
	if (!server->output || !create_globals(server)) {
		fprintf(stderr, "picowl: cannot create the Wayland globals\n");
		goto err;
	}
	create_input(server);
	if (opts->socket) {
		if (wl_display_add_socket(server->display, opts->socket) != 0) {
			fprintf(stderr,
				"picowl: cannot listen on socket %s (in use, or no "
				"XDG_RUNTIME_DIR)\n",
				opts->socket);
			goto err;
		}
		server->socket = opts->socket;
	} else {
		server->socket = wl_display_add_socket_auto(server->display);
		if (!server->socket) {
			fprintf(stderr,
				"picowl: cannot create a socket (is XDG_RUNTIME_DIR set?)\n");
			goto err;
		}
	}
	return server;

err:
	pw_server_destroy(server);
	return NULL;
}

void
pw_server_destroy(struct pw_server *server)
{
	if (!server) {
		return;
	}
	if (server->display) {
		wl_display_destroy_clients(server->display);
	}
	wl_signal_emit_mutable(&server->destroy, server);
	pw_input_destroy(server->input);
	server->input = NULL;
	if (server->backend && server->backend->events == &backend_events) {
		server->backend->events = server->output_events;
		server->backend->events_data = server->output_events_data;
	}
	pw_seat_destroy(server->seat);
	server->seat = NULL;
	pw_output_destroy(server->output);
	server->output = NULL;
	pw_backend_destroy(server->backend);
	pw_counters_destroy(server->counters);
	if (server->display) {
		wl_display_destroy(server->display);
	}
	free(server);
}

void
pw_server_dump_counters(struct pw_server *server, bool json, FILE *out)
{
	if (!server->counters) {
		return;
	}
	struct pw_output *output = server->output;
	if (output && output->frame_pending && output->backend->impl->want_frame_done) {
		output->backend->impl->want_frame_done(output->backend);
	}
	FILE *file = out;
	if (!file && server->opts.counters) {
		file = fopen(server->opts.counters, "ae");
		if (!file) {
			fprintf(stderr, "picowl: cannot open the counters file %s: %m\n",
				server->opts.counters);
		}
	}
	pw_counters_dump(server->counters, file ? file : stderr, json);
	if (file && file != out) {
		fclose(file);
	}
}

static int
count_tiled(struct pw_server *server)
{
	int n = 0;
	struct pw_view *view;
	wl_list_for_each(view, &server->views, link) {
		n += !view->fullscreen;
	}
	return n;
}

static struct pw_box
output_box(struct pw_server *server)
{
	return (struct pw_box){0, 0, server->output->width, server->output->height};
}

/* Where the tiles go: the output less the layer surfaces' exclusive zones. */
static struct pw_box
tile_area(struct pw_server *server)
{
	/* Empty until the first arrange: nothing is reserved yet. */
	if (!server->desktop || pw_box_empty(server->desktop->usable)) {
		return output_box(server);
	}
	return server->desktop->usable;
}

void
pw_server_arrange(struct pw_server *server)
{
	if (!server->output) {
		return;
	}
	int n = count_tiled(server);
	struct pw_box *boxes = n ? calloc((size_t)n, sizeof(*boxes)) : NULL;
	if (n && !boxes) {
		return;
	}
	pw_layer_shell_arrange(server);
	pw_layout_arrange(&server->layout, tile_area(server), n, boxes);
	int i = 0;
	struct pw_view *view;
	wl_list_for_each(view, &server->views, link) {
		if (view->fullscreen) {
			pw_view_set_tile(view, output_box(server), 0);
		} else {
			pw_view_set_tile(view, boxes[i++], server->border_width);
		}
	}
	free(boxes);
	pw_panel_update(server);
	pw_control_tiles_changed(server);
	if (server->seat) {
		/* Tiles moved under a still pointer: it now points at something else. */
		pw_seat_pointer_rescan(server->seat, pw_now_msec());
	}
}

struct pw_box
pw_server_next_tile(struct pw_server *server, bool fullscreen)
{
	if (!server->output) {
		return (struct pw_box){0};
	}
	if (fullscreen) {
		return output_box(server);
	}
	int n = count_tiled(server) + 1;
	struct pw_box *boxes = calloc((size_t)n, sizeof(*boxes));
	if (!boxes) {
		return (struct pw_box){0};
	}
	pw_layout_arrange(&server->layout, tile_area(server), n, boxes);
	int b = server->border_width;
	struct pw_box box = boxes[n - 1];
	free(boxes);
	return (struct pw_box){box.x + b, box.y + b, box.width - 2 * b, box.height - 2 * b};
}

void
pw_server_focus(struct pw_server *server, struct pw_view *view)
{
	struct pw_view *old = server->focus;
	if (old == view) {
		return;
	}
	/* A popup grab ends when another window gets the focus. */
	pw_popup_dismiss_grabs(server);
	server->focus = view;
	if (old && old->mapped) {
		pw_view_set_activated(old, false);
	}
	if (view) {
		pw_view_set_activated(view, true);
	}
	if (server->seat) {
		/* A layer surface with exclusive keyboard interactivity keeps the keys. */
		if (!server->desktop || !server->desktop->exclusive_focus) {
			pw_seat_keyboard_focus(server->seat, view ? view->surface : NULL);
		}
	}
	pw_control_tiles_changed(server);
}

void
pw_server_focus_cycle(struct pw_server *server, int direction)
{
	if (wl_list_empty(&server->views)) {
		return;
	}
	struct pw_view *focus = server->focus;
	struct wl_list *link = focus ? &focus->link : &server->views;
	link = direction > 0 ? link->next : link->prev;
	if (link == &server->views) {
		link = direction > 0 ? link->next : link->prev;
	}
	struct pw_view *next = wl_container_of(link, next, link);
	pw_server_focus(server, next);
}

struct pw_view *
pw_server_view_at(struct pw_server *server, double x, double y)
{
	struct pw_view *view;
	wl_list_for_each(view, &server->views, link) {
		if (view->fullscreen) {
			return view;
		}
	}
	/* Tiles do not overlap, but test-positioned views may: the last drawn is on top. */
	wl_list_for_each_reverse(view, &server->views, link) {
		if (pw_box_contains(view->tile, (int)x, (int)y)) {
			return view;
		}
	}
	return NULL;
}

static struct pw_surface *
tree_at(struct pw_surface *root, double x, double y, double *sx, double *sy)
{
	int ox, oy;
	struct pw_box clip;
	if (!root->role || !root->role->place || !root->role->place(root, &ox, &oy, &clip) ||
		!pw_box_contains(clip, (int)x, (int)y)) {
		return NULL;
	}
	return pw_surface_at(root, x - ox, y - oy, sx, sy);
}

struct pw_surface *
pw_server_surface_at(struct pw_server *server, double x, double y, double *sx, double *sy)
{
	struct pw_popup *popup;
	wl_list_for_each_reverse(popup, &server->popups, link) {
		struct pw_surface *hit = tree_at(popup->surface, x, y, sx, sy);
		if (hit) {
			return hit;
		}
	}
	struct pw_surface *hit = pw_layer_shell_surface_at(server, PW_LAYER_OVERLAY, x, y, sx, sy);
	if (!hit) {
		hit = pw_layer_shell_surface_at(server, PW_LAYER_TOP, x, y, sx, sy);
	}
	if (hit) {
		return hit;
	}
	struct pw_view *view = pw_server_view_at(server, x, y);
	hit = view ? tree_at(view->surface, x, y, sx, sy) : NULL;
	if (!hit) {
		hit = pw_layer_shell_surface_at(server, PW_LAYER_BOTTOM, x, y, sx, sy);
	}
	if (!hit) {
		hit = pw_layer_shell_surface_at(server, PW_LAYER_BACKGROUND, x, y, sx, sy);
	}
	return hit;
}

/* The bindings of the config in effect (config/picowl.ini lists the defaults). */
bool
pw_server_handle_binding(struct pw_server *server, uint32_t modifiers, uint32_t keysym)
{
	return pw_bindings_handle(server, modifiers, keysym);
}

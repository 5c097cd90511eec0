/*
 * picowl-panel: a zwlr_layer_shell_v1 bar in the top layer with an exclusive zone, for one
 * finger (decision 4.52): a launcher button, the focused window's title (a tap lists the
 * windows), the battery and the clock, a keyboard button and a close button. The launcher, the
 * window list and the kill confirmation are a menu, a second layer surface (menu.c). The windows
 * come from picowl_control_v1 version 5 (absent on other compositors: the clock and the battery
 * only). Wakes up once a minute for the clock, and while it reads .desktop files.
 */
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

#include "client.h"
#include "draw.h"
#include "menu.h"
#include "panel.h"
#include "picowl-control-unstable-v1-client-protocol.h"
#include "wlr-layer-shell-unstable-v1-client-protocol.h"

void
panel_buffer_free(struct panel_buffer *b)
{
	if (b->image) {
		pixman_image_unref(b->image);
	}
	pw_client_buffer_finish(&b->shm);
	*b = (struct panel_buffer){0};
}

pixman_image_t *
panel_buffer_get(struct panel *p, struct panel_buffer buffers[2], int width, int height)
{
	struct panel_buffer *b = !buffers[0].shm.busy ? &buffers[0]
		: !buffers[1].shm.busy                ? &buffers[1]
						      : NULL;
	if (!b) {
		return NULL;
	}
	if (b->shm.wl && (b->shm.width != width || b->shm.height != height)) {
		panel_buffer_free(b);
	}
	if (!b->shm.wl) {
		if (!pw_client_buffer_init(&b->shm, p->client.shm, width, height,
			    WL_SHM_FORMAT_RGB565)) {
			return NULL;
		}
		b->image = pixman_image_create_bits(PIXMAN_r5g6b5, width, height, b->shm.data,
			b->shm.stride);
		if (!b->image) {
			panel_buffer_free(b);
			return NULL;
		}
	}
	b->shm.busy = true;
	p->last_buffer = b;
	return b->image;
}

void
panel_redraw(struct panel *p)
{
	if (!p->configured || p->width <= 0 || p->height <= 0) {
		return;
	}
	pixman_image_t *image = panel_buffer_get(p, p->buffers, p->width, p->height);
	if (!image) {
		p->dirty = true; /* drawn when a buffer comes back, or no memory */
		return;
	}
	panel_draw(&p->model, image, &p->hits);
	wl_surface_attach(p->surface, p->last_buffer->shm.wl, 0, 0);
	wl_surface_damage_buffer(p->surface, 0, 0, p->width, p->height);
	wl_surface_commit(p->surface);
	p->dirty = false;
}

static void
set_layer_state(struct panel *p)
{
	zwlr_layer_surface_v1_set_anchor(p->layer,
		(p->bottom ? ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM
			   : ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP) |
			ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT | ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT);
	zwlr_layer_surface_v1_set_size(p->layer, 0, (uint32_t)p->height);
	zwlr_layer_surface_v1_set_exclusive_zone(p->layer, p->height);
}

static void
layer_configure(void *data, struct zwlr_layer_surface_v1 *layer, uint32_t serial, uint32_t w,
	uint32_t h)
{
	struct panel *p = data;
	zwlr_layer_surface_v1_ack_configure(layer, serial);
	p->width = (int)w;
	p->height = h ? (int)h : p->height;
	p->configured = true;
	panel_redraw(p);
}

static void
layer_closed(void *data, struct zwlr_layer_surface_v1 *layer)
{
	struct panel *p = data;
	p->closed = true;
}

static const struct zwlr_layer_surface_v1_listener layer_listener = {layer_configure, layer_closed};

static void control_window(void *data, struct picowl_control_v1 *control, uint32_t id,
	const char *title, const char *app_id, uint32_t flags);
static void control_windows_done(void *data, struct picowl_control_v1 *control);

/* An older picowl (version < 5) sends tiles only: they stand in for the windows, without ids. */
static void
control_tile(void *data, struct picowl_control_v1 *control, uint32_t index, const char *title,
	const char *app_id, uint32_t flags)
{
	if (picowl_control_v1_get_version(control) < 5) {
		control_window(data, control, 0, title, app_id,
			(flags & PICOWL_CONTROL_V1_TILE_FLAGS_FOCUSED
					? PICOWL_CONTROL_V1_WINDOW_FLAGS_FOCUSED
					: 0) |
				(flags & PICOWL_CONTROL_V1_TILE_FLAGS_FULLSCREEN
						? PICOWL_CONTROL_V1_WINDOW_FLAGS_FULLSCREEN
						: 0));
	}
}

static void
control_tiles_done(void *data, struct picowl_control_v1 *control)
{
	if (picowl_control_v1_get_version(control) < 5) {
		control_windows_done(data, control);
	}
}

static void
control_window(void *data, struct picowl_control_v1 *control, uint32_t id, const char *title,
	const char *app_id, uint32_t flags)
{
	struct panel *p = data;
	panel_window_list_put(&p->pending, id, title, app_id, flags);
}

static void
control_window_removed(void *data, struct picowl_control_v1 *control, uint32_t id)
{
	struct panel *p = data;
	panel_window_list_remove(&p->pending, id);
	panel_icons_remove(&p->icons, id);
}

static void
control_window_icon(void *data, struct picowl_control_v1 *control, uint32_t id, const char *name,
	int32_t size, struct wl_array *pixels)
{
	struct panel *p = data;
	bool whole = size > 0 && size <= 256 && pixels->size == (size_t)size * size * 4;
	panel_icons_put(&p->icons, id, name, whole ? size : 0, whole ? pixels->data : NULL);
}

static void
control_window_order(void *data, struct picowl_control_v1 *control, struct wl_array *ids)
{
	struct panel *p = data;
	panel_window_list_order(&p->pending, ids->data, ids->size / sizeof(uint32_t));
}

static void
control_windows_done(void *data, struct picowl_control_v1 *control)
{
	struct panel *p = data;
	memcpy(p->model.windows, p->pending.v, sizeof(p->pending.v));
	p->model.window_count = p->pending.count;
	if (picowl_control_v1_get_version(control) <
		PICOWL_CONTROL_V1_WINDOW_REMOVED_SINCE_VERSION) {
		p->pending.count = 0; /* the next list comes whole */
	}
	panel_redraw(p);
	panel_menu_windows_changed(p);
}

static void
control_action_failed(void *data, struct picowl_control_v1 *control, const char *action,
	const char *message)
{
	fprintf(stderr, "picowl-panel: picowl cannot run \"%s\": %s\n", action, message);
}

static void
control_launcher(void *data, struct picowl_control_v1 *control)
{
	panel_menu_toggle(data, PANEL_MENU_LAUNCHER);
}

static void
control_power(void *data, struct picowl_control_v1 *control, uint32_t state)
{
}

static void
control_calibration(void *data, struct picowl_control_v1 *control, uint32_t result,
	const char *matrix, const char *message)
{
}

static void
control_panel(void *data, struct picowl_control_v1 *control, uint32_t position, int32_t height,
	uint32_t autohide)
{
	struct panel *p = data;
	bool bottom = p->forced_position ? p->bottom
					 : position == PICOWL_CONTROL_V1_PANEL_POSITION_BOTTOM;
	int h = p->forced_height || height < 1 ? p->height : height;
	if (bottom == p->bottom && h == p->height) {
		return;
	}
	p->bottom = bottom;
	p->height = h;
	if (p->layer) {
		set_layer_state(p);
		wl_surface_commit(p->surface); /* answered by a configure */
	}
}

static void
control_spawned(void *data, struct picowl_control_v1 *control, int32_t pid)
{
}

static void
control_reloaded(void *data, struct picowl_control_v1 *control, int32_t errors)
{
}

static const struct picowl_control_v1_listener control_listener = {
	.tile = control_tile,
	.tiles_done = control_tiles_done,
	.panel = control_panel,
	.spawned = control_spawned,
	.reloaded = control_reloaded,
	.power = control_power,
	.calibration = control_calibration,
	.window = control_window,
	.windows_done = control_windows_done,
	.action_failed = control_action_failed,
	.launcher = control_launcher,
	.window_removed = control_window_removed,
	.window_order = control_window_order,
	.window_icon = control_window_icon,
};

static void
tap(struct panel *p, double x, double y)
{
	if (p->client.input_surface != p->surface) {
		panel_menu_tap(p, x, y);
		return;
	}
	const struct panel_window *focus = panel_focused(&p->model);
	switch (panel_target_at(&p->hits, (int)x)) {
	case PANEL_TARGET_LAUNCHER:
		panel_menu_toggle(p, PANEL_MENU_LAUNCHER);
		break;
	case PANEL_TARGET_TITLE:
		panel_menu_toggle(p, PANEL_MENU_WINDOWS);
		break;
	case PANEL_TARGET_KEYBOARD:
		if (p->control && picowl_control_v1_get_version(p->control) >= 5) {
			picowl_control_v1_run_action(p->control, "keyboard toggle");
		}
		break;
	case PANEL_TARGET_CLOSE:
		if (focus && p->control) {
			panel_menu_close_window(p, focus);
		}
		break;
	case PANEL_TARGET_NONE:
		break;
	}
}

static void
handle_pointer_enter(void *data, uint32_t serial, double x, double y)
{
	struct panel *p = data;
	p->pointer_x = x;
	p->pointer_y = y;
}

static void
handle_pointer_motion(void *data, uint32_t time, double x, double y)
{
	struct panel *p = data;
	p->pointer_x = x;
	p->pointer_y = y;
}

static void
handle_pointer_button(void *data, uint32_t time, uint32_t button, bool pressed)
{
	struct panel *p = data;
	if (pressed) {
		tap(p, p->pointer_x, p->pointer_y);
	}
}

static void
handle_touch_down(void *data, uint32_t time, int32_t id, double x, double y)
{
	tap(data, x, y);
}

static const struct pw_client_input_listener input_listener = {
	.pointer_enter = handle_pointer_enter,
	.pointer_motion = handle_pointer_motion,
	.pointer_button = handle_pointer_button,
	.touch_down = handle_touch_down,
};

/* Fires at the start of every minute, for the clock. */
static int
minute_timer(void)
{
	int fd = timerfd_create(CLOCK_REALTIME, TFD_CLOEXEC);
	if (fd < 0) {
		return -1;
	}
	struct timespec now;
	clock_gettime(CLOCK_REALTIME, &now);
	struct itimerspec spec = {
		.it_interval = {60, 0},
		.it_value = {now.tv_sec - now.tv_sec % 60 + 60, 0},
	};
	timerfd_settime(fd, TFD_TIMER_ABSTIME, &spec, NULL);
	return fd;
}

/* --list-apps: the launcher's list, one "NAME<TAB>ARGV..." line each, for tests and people. */
static int
list_apps(void)
{
	struct panel_apps apps = {0};
	if (!panel_apps_start(&apps)) {
		return 1;
	}
	while (!panel_apps_step(&apps, 64)) {
	}
	for (int i = 0; i < apps.count; i++) {
		char **argv = panel_apps_argv(&apps, &apps.v[i]);
		printf("%s", apps.v[i].name);
		for (int k = 0; argv && argv[k]; k++) {
			printf("\t%s", argv[k]);
		}
		printf("\n");
		free(argv);
	}
	panel_apps_finish(&apps);
	return 0;
}

static int
usage(void)
{
	fprintf(stderr,
		"Usage: picowl-panel [--height PIXELS] [--position top|bottom]\n"
		"  [--background RRGGBB] [--foreground RRGGBB] [--highlight RRGGBB]\n"
		"       picowl-panel --list-apps\n"
		"Without --height or --position the panel follows picowl's [panel] config.\n");
	return 2;
}

static bool
parse_args(struct panel *p, int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		if (i + 1 >= argc) {
			return false;
		}
		const char *v = argv[++i];
		if (strcmp(argv[i - 1], "--height") == 0 && atoi(v) > 0) {
			p->height = atoi(v);
			p->forced_height = true;
		} else if (strcmp(argv[i - 1], "--position") == 0 &&
			(strcmp(v, "top") == 0 || strcmp(v, "bottom") == 0)) {
			p->bottom = v[0] == 'b';
			p->forced_position = true;
		} else if (strcmp(argv[i - 1], "--background") == 0) {
			p->model.background = (uint32_t)strtoul(v, NULL, 16);
		} else if (strcmp(argv[i - 1], "--foreground") == 0) {
			p->model.foreground = (uint32_t)strtoul(v, NULL, 16);
		} else if (strcmp(argv[i - 1], "--highlight") == 0) {
			p->model.highlight = (uint32_t)strtoul(v, NULL, 16);
		} else {
			return false;
		}
	}
	return true;
}

int
main(int argc, char **argv)
{
	struct panel p = {.height = PANEL_BUTTON_MIN};
	p.model.background = 0x203040;
	p.model.foreground = 0xffffff;
	p.model.highlight = 0x4c7899;
	if (argc == 2 && strcmp(argv[1], "--list-apps") == 0) {
		return list_apps();
	}
	if (!parse_args(&p, argc, argv)) {
		return usage();
	}
	const struct pw_client_global globals[] = {
		{&zwlr_layer_shell_v1_interface, 4, (void **)&p.layer_shell},
		{&picowl_control_v1_interface, 8, (void **)&p.control, &control_listener, &p},
		{NULL},
	};
	const struct pw_client_versions versions = {.compositor = 4, .shm = 1, .seat = 3};
	p.client = (struct pw_client){.name = "picowl-panel", .globals = globals, .data = &p};
	pw_client_input_init(&p.client, &input_listener);
	/* Two round trips: the globals, then the control's panel settings and tiles. */
	if (!pw_client_connect(&p.client, &versions, -1) ||
		pw_client_roundtrip(&p.client, -1) != 1) {
		pw_client_disconnect(&p.client);
		return 1;
	}
	if (!p.layer_shell) {
		fprintf(stderr, "picowl-panel: the compositor lacks zwlr_layer_shell_v1\n");
		pw_client_disconnect(&p.client);
		return 1;
	}
	panel_update_status(&p.model);
	p.surface = wl_compositor_create_surface(p.client.compositor);
	p.layer = zwlr_layer_shell_v1_get_layer_surface(p.layer_shell, p.surface, NULL,
		ZWLR_LAYER_SHELL_V1_LAYER_TOP, "panel");
	zwlr_layer_surface_v1_add_listener(p.layer, &layer_listener, &p);
	set_layer_state(&p);
	wl_surface_commit(p.surface);

	int timer = minute_timer();
	p.close_timer = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC);
	int status = 0;
	while (!p.closed) {
		if (p.dirty && (!p.buffers[0].shm.busy || !p.buffers[1].shm.busy)) {
			panel_redraw(&p);
		}
		struct pollfd fds[2] = {{timer, POLLIN, 0}, {p.close_timer, POLLIN, 0}};
		/* reading .desktop files: a few per turn, the socket served between them */
		int timeout = panel_menu_busy(&p) ? 0 : -1;
		if (pw_client_dispatch_fds(&p.client, fds, 2, timeout) < 0) {
			/* the compositor went: a normal end; poll failing is not */
			status = wl_display_get_error(p.client.display) ? 0 : 1;
			break;
		}
		uint64_t ticks;
		if (timer >= 0 && (fds[0].revents & POLLIN) &&
			read(timer, &ticks, sizeof(ticks)) == sizeof(ticks) &&
			panel_update_status(&p.model)) {
			panel_redraw(&p);
		}
		if (p.close_timer >= 0 && (fds[1].revents & POLLIN) &&
			read(p.close_timer, &ticks, sizeof(ticks)) == sizeof(ticks)) {
			panel_menu_close_timeout(&p);
		}
		panel_menu_work(&p);
	}
	panel_menu_destroy(&p);
	if (p.close_timer >= 0) {
		close(p.close_timer);
	}
	for (int i = 0; i < 2; i++) {
		panel_buffer_free(&p.buffers[i]);
	}
	if (timer >= 0) {
		close(timer);
	}
	wl_proxy_destroy((struct wl_proxy *)p.layer);
	wl_proxy_destroy((struct wl_proxy *)p.surface);
	pw_client_disconnect(&p.client);
	panel_icons_finish(&p.icons);
	return status;
}

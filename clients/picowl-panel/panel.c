/*
 * picowl-panel: a zwlr_layer_shell_v1 bar in the top layer with an exclusive zone. Tiles and
 * titles come from picowl_control_v1 (absent on other compositors: the bar shows the clock and
 * the battery only); a tap on a tile's number focuses it. Wakes up once a minute for the clock.
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
#include "picowl-control-unstable-v1-client-protocol.h"
#include "wlr-layer-shell-unstable-v1-client-protocol.h"

struct buffer {
	struct pw_client_buffer shm;
	pixman_image_t *image;
};

struct panel {
	struct pw_client client;
	struct zwlr_layer_shell_v1 *layer_shell;
	struct picowl_control_v1 *control;
	struct wl_surface *surface;
	struct zwlr_layer_surface_v1 *layer;
	struct buffer buffers[2];
	int width, height;
	bool bottom;
	bool forced_height, forced_position; /* given on the command line: the config is ignored */
	bool configured, dirty, closed;
	double pointer_x;
	struct panel_model model;
	struct panel_tile pending[PANEL_MAX_TILES];
	int pending_count;
	int tile_x[PANEL_MAX_TILES];
};

static void
buffer_free(struct buffer *b)
{
	if (b->image) {
		pixman_image_unref(b->image);
	}
	pw_client_buffer_finish(&b->shm);
	*b = (struct buffer){0};
}

static bool
buffer_create(struct panel *p, struct buffer *b)
{
	if (!pw_client_buffer_init(&b->shm, p->client.shm, p->width, p->height,
		    WL_SHM_FORMAT_RGB565)) {
		return false;
	}
	b->image = pixman_image_create_bits(PIXMAN_r5g6b5, p->width, p->height, b->shm.data,
		b->shm.stride);
	return b->image != NULL;
}

static void
redraw(struct panel *p)
{
	if (!p->configured || p->width <= 0 || p->height <= 0) {
		return;
	}
	struct buffer *b = !p->buffers[0].shm.busy ? &p->buffers[0]
		: !p->buffers[1].shm.busy          ? &p->buffers[1]
						   : NULL;
	if (!b) {
		p->dirty = true; /* drawn when a buffer comes back */
		return;
	}
	if (b->shm.wl && (b->shm.width != p->width || b->shm.height != p->height)) {
		buffer_free(b);
	}
	if (!b->shm.wl && !buffer_create(p, b)) {
		fprintf(stderr, "picowl-panel: cannot allocate a buffer\n");
		return;
	}
	panel_draw(&p->model, b->image, p->tile_x);
	wl_surface_attach(p->surface, b->shm.wl, 0, 0);
	wl_surface_damage_buffer(p->surface, 0, 0, p->width, p->height);
	wl_surface_commit(p->surface);
	b->shm.busy = true;
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
	redraw(p);
}

static void
layer_closed(void *data, struct zwlr_layer_surface_v1 *layer)
{
	struct panel *p = data;
	p->closed = true;
}

static const struct zwlr_layer_surface_v1_listener layer_listener = {layer_configure, layer_closed};

static void
control_tile(void *data, struct picowl_control_v1 *control, uint32_t index, const char *title,
	const char *app_id, uint32_t flags)
{
	struct panel *p = data;
	if (p->pending_count >= PANEL_MAX_TILES) {
		return;
	}
	struct panel_tile *t = &p->pending[p->pending_count++];
	snprintf(t->title, sizeof(t->title), "%s", title);
	snprintf(t->app_id, sizeof(t->app_id), "%s", app_id);
	t->focused = flags & PICOWL_CONTROL_V1_TILE_FLAGS_FOCUSED;
	t->fullscreen = flags & PICOWL_CONTROL_V1_TILE_FLAGS_FULLSCREEN;
}

static void
control_tiles_done(void *data, struct picowl_control_v1 *control)
{
	struct panel *p = data;
	memcpy(p->model.tiles, p->pending, sizeof(p->pending));
	p->model.tile_count = p->pending_count;
	p->pending_count = 0;
	redraw(p);
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
};

static void
tap(struct panel *p, double x)
{
	int tile = panel_tile_at(&p->model, p->tile_x, (int)x);
	if (tile && p->control) {
		picowl_control_v1_focus_tile(p->control, tile);
	}
}

static void
handle_pointer_enter(void *data, uint32_t serial, double x, double y)
{
	struct panel *p = data;
	p->pointer_x = x;
}

static void
handle_pointer_motion(void *data, uint32_t time, double x, double y)
{
	struct panel *p = data;
	p->pointer_x = x;
}

static void
handle_pointer_button(void *data, uint32_t time, uint32_t button, bool pressed)
{
	struct panel *p = data;
	if (pressed) {
		tap(p, p->pointer_x);
	}
}

static void
handle_touch_down(void *data, uint32_t time, int32_t id, double x, double y)
{
	tap(data, x);
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

static int
usage(void)
{
	fprintf(stderr,
		"Usage: picowl-panel [--height PIXELS] [--position top|bottom]\n"
		"  [--background RRGGBB] [--foreground RRGGBB] [--highlight RRGGBB]\n"
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
	struct panel p = {.height = 16};
	p.model.background = 0x203040;
	p.model.foreground = 0xffffff;
	p.model.highlight = 0x4c7899;
	if (!parse_args(&p, argc, argv)) {
		return usage();
	}
	const struct pw_client_global globals[] = {
		{&zwlr_layer_shell_v1_interface, 4, (void **)&p.layer_shell},
		{&picowl_control_v1_interface, 1, (void **)&p.control, &control_listener, &p},
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
	struct pollfd tick = {timer, POLLIN, 0};
	int status = 0;
	while (!p.closed) {
		if (p.dirty && (!p.buffers[0].shm.busy || !p.buffers[1].shm.busy)) {
			redraw(&p);
		}
		if (pw_client_dispatch_fds(&p.client, &tick, timer >= 0 ? 1 : 0, -1) < 0) {
			/* the compositor went: a normal end; poll failing is not */
			status = wl_display_get_error(p.client.display) ? 0 : 1;
			break;
		}
		if (timer >= 0 && (tick.revents & POLLIN)) {
			uint64_t ticks;
			if (read(timer, &ticks, sizeof(ticks)) == sizeof(ticks) &&
				panel_update_status(&p.model)) {
				redraw(&p);
			}
		}
	}
	for (int i = 0; i < 2; i++) {
		buffer_free(&p.buffers[i]);
	}
	if (timer >= 0) {
		close(timer);
	}
	wl_proxy_destroy((struct wl_proxy *)p.layer);
	wl_proxy_destroy((struct wl_proxy *)p.surface);
	pw_client_disconnect(&p.client);
	return status;
}

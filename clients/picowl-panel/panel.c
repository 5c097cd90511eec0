/*
 * picowl-panel: a zwlr_layer_shell_v1 bar in the top layer with an exclusive zone. Tiles and
 * titles come from picowl_control_v1 (absent on other compositors: the bar shows the clock and
 * the battery only); a tap on a tile's number focuses it. Wakes up once a minute for the clock.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>
#include <wayland-client.h>

#include "panel.h"
#include "picowl-control-unstable-v1-client-protocol.h"
#include "wlr-layer-shell-unstable-v1-client-protocol.h"

struct buffer {
	struct wl_buffer *wl;
	pixman_image_t *image;
	void *data;
	size_t size;
	bool busy;
};

struct panel {
	struct wl_display *display;
	struct wl_compositor *compositor;
	struct wl_shm *shm;
	struct wl_seat *seat;
	struct wl_pointer *pointer;
	struct wl_touch *touch;
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
buffer_release(void *data, struct wl_buffer *wl)
{
	struct buffer *b = data;
	b->busy = false;
}

static const struct wl_buffer_listener buffer_listener = {buffer_release};

static void
buffer_free(struct buffer *b)
{
	if (b->wl) {
		wl_buffer_destroy(b->wl);
		pixman_image_unref(b->image);
		munmap(b->data, b->size);
	}
	*b = (struct buffer){0};
}

static bool
buffer_create(struct panel *p, struct buffer *b)
{
	int stride = p->width * 2;
	b->size = (size_t)stride * (size_t)p->height;
	int fd = memfd_create("picowl-panel", MFD_CLOEXEC);
	if (fd < 0 || ftruncate(fd, (off_t)b->size) < 0) {
		if (fd >= 0) {
			close(fd);
		}
		return false;
	}
	b->data = mmap(NULL, b->size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (b->data == MAP_FAILED) {
		close(fd);
		return false;
	}
	struct wl_shm_pool *pool = wl_shm_create_pool(p->shm, fd, (int32_t)b->size);
	b->wl = wl_shm_pool_create_buffer(pool, 0, p->width, p->height, stride,
		WL_SHM_FORMAT_RGB565);
	wl_shm_pool_destroy(pool);
	close(fd);
	b->image = pixman_image_create_bits(PIXMAN_r5g6b5, p->width, p->height, b->data, stride);
	wl_buffer_add_listener(b->wl, &buffer_listener, b);
	return b->image != NULL;
}

static void
redraw(struct panel *p)
{
	if (!p->configured || p->width <= 0 || p->height <= 0) {
		return;
	}
	struct buffer *b = !p->buffers[0].busy ? &p->buffers[0]
		: !p->buffers[1].busy          ? &p->buffers[1]
					       : NULL;
	if (!b) {
		p->dirty = true; /* drawn when a buffer comes back */
		return;
	}
	if (b->wl &&
		(pixman_image_get_width(b->image) != p->width ||
			pixman_image_get_height(b->image) != p->height)) {
		buffer_free(b);
	}
	if (!b->wl && !buffer_create(p, b)) {
		fprintf(stderr, "picowl-panel: cannot allocate a buffer\n");
		return;
	}
	panel_draw(&p->model, b->image, p->tile_x);
	wl_surface_attach(p->surface, b->wl, 0, 0);
	wl_surface_damage_buffer(p->surface, 0, 0, p->width, p->height);
	wl_surface_commit(p->surface);
	b->busy = true;
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
pointer_enter(void *data, struct wl_pointer *pointer, uint32_t serial, struct wl_surface *surface,
	wl_fixed_t x, wl_fixed_t y)
{
	struct panel *p = data;
	p->pointer_x = wl_fixed_to_double(x);
}

static void
pointer_leave(void *data, struct wl_pointer *pointer, uint32_t serial, struct wl_surface *surface)
{
}

static void
pointer_motion(void *data, struct wl_pointer *pointer, uint32_t time, wl_fixed_t x, wl_fixed_t y)
{
	struct panel *p = data;
	p->pointer_x = wl_fixed_to_double(x);
}

static void
pointer_button(void *data, struct wl_pointer *pointer, uint32_t serial, uint32_t time,
	uint32_t button, uint32_t state)
{
	struct panel *p = data;
	if (state == WL_POINTER_BUTTON_STATE_PRESSED) {
		tap(p, p->pointer_x);
	}
}

static void
pointer_axis(void *data, struct wl_pointer *pointer, uint32_t time, uint32_t axis, wl_fixed_t value)
{
}

static const struct wl_pointer_listener pointer_listener = {
	.enter = pointer_enter,
	.leave = pointer_leave,
	.motion = pointer_motion,
	.button = pointer_button,
	.axis = pointer_axis,
};

static void
touch_down(void *data, struct wl_touch *touch, uint32_t serial, uint32_t time,
	struct wl_surface *surface, int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	tap(data, wl_fixed_to_double(x));
}

static void
touch_up(void *data, struct wl_touch *touch, uint32_t serial, uint32_t time, int32_t id)
{
}

static void
touch_motion(void *data, struct wl_touch *touch, uint32_t time, int32_t id, wl_fixed_t x,
	wl_fixed_t y)
{
}

static void
touch_frame(void *data, struct wl_touch *touch)
{
}

static void
touch_cancel(void *data, struct wl_touch *touch)
{
}

static const struct wl_touch_listener touch_listener = {
	.down = touch_down,
	.up = touch_up,
	.motion = touch_motion,
	.frame = touch_frame,
	.cancel = touch_cancel,
};

static void
seat_capabilities(void *data, struct wl_seat *seat, uint32_t caps)
{
	struct panel *p = data;
	if ((caps & WL_SEAT_CAPABILITY_POINTER) && !p->pointer) {
		p->pointer = wl_seat_get_pointer(seat);
		wl_pointer_add_listener(p->pointer, &pointer_listener, p);
	}
	if ((caps & WL_SEAT_CAPABILITY_TOUCH) && !p->touch) {
		p->touch = wl_seat_get_touch(seat);
		wl_touch_add_listener(p->touch, &touch_listener, p);
	}
}

static void
seat_name(void *data, struct wl_seat *seat, const char *name)
{
}

static const struct wl_seat_listener seat_listener = {seat_capabilities, seat_name};

static void
registry_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface,
	uint32_t version)
{
	struct panel *p = data;
	if (strcmp(interface, wl_compositor_interface.name) == 0) {
		p->compositor = wl_registry_bind(registry, name, &wl_compositor_interface, 4);
	} else if (strcmp(interface, wl_shm_interface.name) == 0) {
		p->shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
	} else if (strcmp(interface, wl_seat_interface.name) == 0 && !p->seat) {
		p->seat = wl_registry_bind(registry, name, &wl_seat_interface,
			version < 3 ? version : 3);
		wl_seat_add_listener(p->seat, &seat_listener, p);
	} else if (strcmp(interface, zwlr_layer_shell_v1_interface.name) == 0) {
		p->layer_shell = wl_registry_bind(registry, name, &zwlr_layer_shell_v1_interface,
			version < 4 ? version : 4);
	} else if (strcmp(interface, picowl_control_v1_interface.name) == 0) {
		p->control = wl_registry_bind(registry, name, &picowl_control_v1_interface, 1);
		picowl_control_v1_add_listener(p->control, &control_listener, p);
	}
}

static void
registry_global_remove(void *data, struct wl_registry *registry, uint32_t name)
{
}

static const struct wl_registry_listener registry_listener = {registry_global,
	registry_global_remove};

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
	p.display = wl_display_connect(NULL);
	if (!p.display) {
		fprintf(stderr, "picowl-panel: cannot connect (is WAYLAND_DISPLAY set?)\n");
		return 1;
	}
	struct wl_registry *registry = wl_display_get_registry(p.display);
	wl_registry_add_listener(registry, &registry_listener, &p);
	/* Two roundtrips: the globals, then the control's panel settings and tiles. */
	if (wl_display_roundtrip(p.display) < 0 || wl_display_roundtrip(p.display) < 0) {
		return 1;
	}
	if (!p.compositor || !p.shm || !p.layer_shell) {
		fprintf(stderr,
			"picowl-panel: the compositor lacks wl_compositor, wl_shm or "
			"zwlr_layer_shell_v1\n");
		return 1;
	}
	panel_update_status(&p.model);
	p.surface = wl_compositor_create_surface(p.compositor);
	p.layer = zwlr_layer_shell_v1_get_layer_surface(p.layer_shell, p.surface, NULL,
		ZWLR_LAYER_SHELL_V1_LAYER_TOP, "panel");
	zwlr_layer_surface_v1_add_listener(p.layer, &layer_listener, &p);
	set_layer_state(&p);
	wl_surface_commit(p.surface);

	int timer = minute_timer();
	struct pollfd fds[2] = {
		{wl_display_get_fd(p.display), POLLIN, 0},
		{timer, POLLIN, 0},
	};
	int status = 0;
	while (!p.closed) {
		if (p.dirty && (!p.buffers[0].busy || !p.buffers[1].busy)) {
			redraw(&p);
		}
		wl_display_flush(p.display);
		if (poll(fds, timer >= 0 ? 2 : 1, -1) < 0) {
			if (errno == EINTR) {
				continue;
			}
			status = 1;
			break;
		}
		if (fds[0].revents & POLLIN) {
			if (wl_display_dispatch(p.display) < 0) {
				break; /* the compositor went: a normal end */
			}
		} else if (fds[0].revents & (POLLHUP | POLLERR)) {
			break;
		}
		if (timer >= 0 && (fds[1].revents & POLLIN)) {
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
	wl_display_disconnect(p.display);
	return status;
}

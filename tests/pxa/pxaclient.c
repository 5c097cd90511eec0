/*
 * The pxa tests' client: a toplevel that follows every configure (tile, rotation, fullscreen),
 * in one colour with a yellow top-left quarter so a screendump shows its size and rotation.
 *
 *   pxaclient RRGGBB NAME STATE_FILE
 *
 * Each event is one line appended to STATE_FILE: "drawn W H" (a frame of that size was shown),
 * "enter", "leave", "key CODE 1|0", "touch down X Y", "touch up".
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-client.h>

#include "xdg-shell-client-protocol.h"

#define YELLOW 0xffffff00u

struct app {
	struct wl_compositor *compositor;
	struct wl_shm *shm;
	struct xdg_wm_base *wm_base;
	struct wl_surface *surface;
	uint32_t colour;
	int width, height;         /* of the last configure */
	int drawn_width, drawn_height;
	FILE *state;
};

static void __attribute__((format(printf, 2, 3)))
say(struct app *app, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfprintf(app->state, fmt, ap);
	va_end(ap);
	fputc('\n', app->state);
	fflush(app->state);
}

static void
handle_frame_done(void *data, struct wl_callback *cb, uint32_t time)
{
	struct app *app = data;
	wl_callback_destroy(cb);
	say(app, "drawn %d %d", app->drawn_width, app->drawn_height);
}

static const struct wl_callback_listener frame_listener = {.done = handle_frame_done};

static void
handle_buffer_release(void *data, struct wl_buffer *buffer)
{
	wl_buffer_destroy(buffer);
}

static const struct wl_buffer_listener buffer_listener = {.release = handle_buffer_release};

static bool
draw(struct app *app)
{
	int w = app->width, h = app->height, stride = w * 4;
	size_t size = (size_t)stride * (size_t)h;
	int fd = memfd_create("pxaclient", MFD_CLOEXEC);
	if (fd < 0 || ftruncate(fd, (off_t)size) < 0) {
		return false;
	}
	uint32_t *px = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (px == MAP_FAILED) {
		close(fd);
		return false;
	}
	for (int y = 0; y < h; y++) {
		for (int x = 0; x < w; x++) {
			px[y * w + x] = x < w / 4 && y < h / 4 ? YELLOW : app->colour;
		}
	}
	munmap(px, size);
	struct wl_shm_pool *pool = wl_shm_create_pool(app->shm, fd, (int32_t)size);
	struct wl_buffer *buffer =
		wl_shm_pool_create_buffer(pool, 0, w, h, stride, WL_SHM_FORMAT_XRGB8888);
	wl_shm_pool_destroy(pool);
	close(fd);
	wl_buffer_add_listener(buffer, &buffer_listener, app);
	wl_surface_attach(app->surface, buffer, 0, 0);
	wl_surface_damage_buffer(app->surface, 0, 0, INT32_MAX, INT32_MAX);
	wl_callback_add_listener(wl_surface_frame(app->surface), &frame_listener, app);
	wl_surface_commit(app->surface);
	app->drawn_width = w;
	app->drawn_height = h;
	return true;
}

static void
handle_xdg_surface_configure(void *data, struct xdg_surface *surface, uint32_t serial)
{
	struct app *app = data;
	xdg_surface_ack_configure(surface, serial);
	if (app->width != app->drawn_width || app->height != app->drawn_height) {
		if (!draw(app)) {
			say(app, "error no buffer");
			exit(1);
		}
	}
}

static const struct xdg_surface_listener xdg_surface_listener = {
	.configure = handle_xdg_surface_configure,
};

static void
handle_toplevel_configure(void *data, struct xdg_toplevel *toplevel, int32_t w, int32_t h,
	struct wl_array *states)
{
	struct app *app = data;
	if (w > 0 && h > 0) {
		app->width = w;
		app->height = h;
	}
}

static void
handle_toplevel_close(void *data, struct xdg_toplevel *toplevel)
{
	exit(0);
}

static const struct xdg_toplevel_listener toplevel_listener = {
	.configure = handle_toplevel_configure,
	.close = handle_toplevel_close,
};

static void
handle_keyboard_keymap(void *data, struct wl_keyboard *k, uint32_t format, int32_t fd,
	uint32_t size)
{
	close(fd);
}

static void
handle_keyboard_enter(void *data, struct wl_keyboard *k, uint32_t serial,
	struct wl_surface *surface, struct wl_array *keys)
{
	say(data, "enter");
}

static void
handle_keyboard_leave(void *data, struct wl_keyboard *k, uint32_t serial,
	struct wl_surface *surface)
{
	say(data, "leave");
}

static void
handle_keyboard_key(void *data, struct wl_keyboard *k, uint32_t serial, uint32_t time,
	uint32_t key, uint32_t state)
{
	say(data, "key %u %u", key, state);
}

static void
handle_keyboard_modifiers(void *data, struct wl_keyboard *k, uint32_t serial, uint32_t depressed,
	uint32_t latched, uint32_t locked, uint32_t group)
{
}

static void
handle_keyboard_repeat_info(void *data, struct wl_keyboard *k, int32_t rate, int32_t delay)
{
}

static const struct wl_keyboard_listener keyboard_listener = {
	.keymap = handle_keyboard_keymap,
	.enter = handle_keyboard_enter,
	.leave = handle_keyboard_leave,
	.key = handle_keyboard_key,
	.modifiers = handle_keyboard_modifiers,
	.repeat_info = handle_keyboard_repeat_info,
};

static void
handle_touch_down(void *data, struct wl_touch *t, uint32_t serial, uint32_t time,
	struct wl_surface *surface, int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	say(data, "touch down %.0f %.0f", wl_fixed_to_double(x), wl_fixed_to_double(y));
}

static void
handle_touch_up(void *data, struct wl_touch *t, uint32_t serial, uint32_t time, int32_t id)
{
	say(data, "touch up");
}

static void
handle_touch_motion(void *data, struct wl_touch *t, uint32_t time, int32_t id, wl_fixed_t x,
	wl_fixed_t y)
{
}

static void
handle_touch_frame(void *data, struct wl_touch *t)
{
}

static void
handle_touch_cancel(void *data, struct wl_touch *t)
{
}

static const struct wl_touch_listener touch_listener = {
	.down = handle_touch_down,
	.up = handle_touch_up,
	.motion = handle_touch_motion,
	.frame = handle_touch_frame,
	.cancel = handle_touch_cancel,
};

static void
handle_seat_capabilities(void *data, struct wl_seat *seat, uint32_t caps)
{
	static bool keyboard, touch;
	if ((caps & WL_SEAT_CAPABILITY_KEYBOARD) && !keyboard) {
		keyboard = true;
		wl_keyboard_add_listener(wl_seat_get_keyboard(seat), &keyboard_listener, data);
	}
	if ((caps & WL_SEAT_CAPABILITY_TOUCH) && !touch) {
		touch = true;
		wl_touch_add_listener(wl_seat_get_touch(seat), &touch_listener, data);
	}
}

static void
handle_seat_name(void *data, struct wl_seat *seat, const char *name)
{
}

static const struct wl_seat_listener seat_listener = {
	.capabilities = handle_seat_capabilities,
	.name = handle_seat_name,
};

static void
handle_wm_base_ping(void *data, struct xdg_wm_base *wm_base, uint32_t serial)
{
	xdg_wm_base_pong(wm_base, serial);
}

static const struct xdg_wm_base_listener wm_base_listener = {.ping = handle_wm_base_ping};

static void
handle_registry_global(void *data, struct wl_registry *registry, uint32_t name,
	const char *iface, uint32_t version)
{
	struct app *app = data;
	if (strcmp(iface, wl_compositor_interface.name) == 0) {
		app->compositor = wl_registry_bind(registry, name, &wl_compositor_interface, 4);
	} else if (strcmp(iface, wl_shm_interface.name) == 0) {
		app->shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
	} else if (strcmp(iface, xdg_wm_base_interface.name) == 0) {
		app->wm_base = wl_registry_bind(registry, name, &xdg_wm_base_interface, 1);
		xdg_wm_base_add_listener(app->wm_base, &wm_base_listener, app);
	} else if (strcmp(iface, wl_seat_interface.name) == 0) {
		struct wl_seat *seat = wl_registry_bind(registry, name, &wl_seat_interface, 5);
		wl_seat_add_listener(seat, &seat_listener, app);
	}
}

static void
handle_registry_global_remove(void *data, struct wl_registry *registry, uint32_t name)
{
}

static const struct wl_registry_listener registry_listener = {
	.global = handle_registry_global,
	.global_remove = handle_registry_global_remove,
};

int
main(int argc, char *argv[])
{
	if (argc != 4) {
		fprintf(stderr, "usage: pxaclient RRGGBB NAME STATE_FILE\n");
		return 2;
	}
	struct app app = {.width = 100, .height = 100};
	app.colour = 0xff000000u | (uint32_t)strtoul(argv[1], NULL, 16);
	app.state = fopen(argv[3], "a");
	struct wl_display *display = wl_display_connect(NULL);
	if (!app.state || !display) {
		fprintf(stderr, "pxaclient: cannot connect\n");
		return 1;
	}
	struct wl_registry *registry = wl_display_get_registry(display);
	wl_registry_add_listener(registry, &registry_listener, &app);
	wl_display_roundtrip(display);
	if (!app.compositor || !app.shm || !app.wm_base) {
		fprintf(stderr, "pxaclient: missing globals\n");
		return 1;
	}
	app.surface = wl_compositor_create_surface(app.compositor);
	struct xdg_surface *xdg_surface = xdg_wm_base_get_xdg_surface(app.wm_base, app.surface);
	xdg_surface_add_listener(xdg_surface, &xdg_surface_listener, &app);
	struct xdg_toplevel *toplevel = xdg_surface_get_toplevel(xdg_surface);
	xdg_toplevel_add_listener(toplevel, &toplevel_listener, &app);
	xdg_toplevel_set_app_id(toplevel, argv[2]);
	xdg_toplevel_set_title(toplevel, argv[2]);
	wl_surface_commit(app.surface);
	while (wl_display_dispatch(display) >= 0) {
	}
	return 0;
}

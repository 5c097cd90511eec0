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
#include <unistd.h>

#include "client.h"

#define YELLOW 0xffffff00u

struct app {
	struct tc_client tc;
	struct tc_toplevel top; /* its size: of the last configure */
	uint32_t colour;
	int drawn_width, drawn_height;
	FILE *state;
};

static void __attribute__((format(printf, 2, 3))) say(struct app *app, const char *fmt, ...)
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
	int w = app->top.width, h = app->top.height;
	struct tc_canvas cv;
	if (!tc_canvas_init(&cv, w, h)) {
		return false;
	}
	uint32_t *px = cv.pixels;
	for (int y = 0; y < h; y++) {
		for (int x = 0; x < w; x++) {
			px[y * w + x] = x < w / 4 && y < h / 4 ? YELLOW : app->colour;
		}
	}
	struct wl_buffer *buffer = tc_canvas_finish(&cv, app->tc.shm);
	struct wl_surface *surface = app->top.surface;
	wl_buffer_add_listener(buffer, &buffer_listener, app);
	wl_surface_attach(surface, buffer, 0, 0);
	wl_surface_damage_buffer(surface, 0, 0, INT32_MAX, INT32_MAX);
	wl_callback_add_listener(wl_surface_frame(surface), &frame_listener, app);
	wl_surface_commit(surface);
	app->drawn_width = w;
	app->drawn_height = h;
	return true;
}

/* Each configure of a new size: a frame of that size. */
static void
handle_configure(struct tc_toplevel *top)
{
	struct app *app = top->data;
	if (top->width != app->drawn_width || top->height != app->drawn_height) {
		if (!draw(app)) {
			say(app, "error no buffer");
			exit(1);
		}
	}
}

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
handle_keyboard_key(void *data, struct wl_keyboard *k, uint32_t serial, uint32_t time, uint32_t key,
	uint32_t state)
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

int
main(int argc, char *argv[])
{
	if (argc != 4) {
		fprintf(stderr, "usage: pxaclient RRGGBB NAME STATE_FILE\n");
		return 2;
	}
	struct app app = {
		.tc = {.name = "pxaclient", .data = &app, .seat_listener = &seat_listener},
		.top = {.width = 100, .height = 100, .configure = handle_configure, .data = &app},
	};
	const struct tc_versions versions = {.compositor = 4, .shm = 1, .seat = 5, .wm_base = 1};
	app.colour = 0xff000000u | (uint32_t)strtoul(argv[1], NULL, 16);
	app.state = fopen(argv[3], "a");
	if (!app.state) {
		fprintf(stderr, "pxaclient: cannot open %s\n", argv[3]);
		return 1;
	}
	if (!tc_connect(&app.tc, &versions, -1)) {
		return 1;
	}
	tc_toplevel_init(&app.top, &app.tc, argv[2], argv[2]);
	wl_surface_commit(app.top.surface);
	while (!app.top.closed && wl_display_dispatch(app.tc.display) >= 0) {
	}
	tc_toplevel_finish(&app.top);
	tc_disconnect(&app.tc);
	return 0;
}

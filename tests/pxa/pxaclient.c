/*
 * The pxa tests' client: a toplevel that follows every configure (tile, rotation, fullscreen),
 * in one colour with a yellow top-left quarter so a screendump shows its size and rotation.
 *
 *   pxaclient RRGGBB NAME STATE_FILE [--keysyms]
 *
 * Each event is one line appended to STATE_FILE: "drawn W H" (a frame of that size was shown),
 * "enter", "leave", "key CODE 1|0", "touch down X Y", "touch up". A touch down redraws the
 * same pixels (a touch's effect, for the counters' touch->on screen) and logs "touch drawn
 * RECEIVED SENT", the CLOCK_MONOTONIC ns of the down and of the commit's flush. With --keysyms it
 * compiles the compositor's keymap (about 400 kB, which the Doom boot of the 32 MiB z2 cannot
 * spare) and a key's line ends with its keysym's name under the modifiers of that moment.
 */
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "client.h"
#include "client_keys.h"
#include "test_client.h"

#define YELLOW 0xffffff00u

struct app {
	struct pw_client tc;
	struct pw_client_toplevel top; /* its size: of the last configure */
	struct pw_client_keys keys;
	bool keysyms; /* --keysyms */
	uint32_t colour;
	int drawn_width, drawn_height;
};

static void
handle_frame_done(void *data, struct wl_callback *cb, uint32_t time)
{
	struct app *app = data;
	wl_callback_destroy(cb);
	test_client_say("drawn %d %d", app->drawn_width, app->drawn_height);
}

static const struct wl_callback_listener frame_listener = {.done = handle_frame_done};

static void
handle_buffer_release(void *data, struct wl_buffer *buffer)
{
	wl_buffer_destroy(buffer);
}

static const struct wl_buffer_listener buffer_listener = {.release = handle_buffer_release};

/* `tell`: a frame callback says "drawn W H" once the frame is shown. */
static bool
draw(struct app *app, bool tell)
{
	int w = app->top.width, h = app->top.height;
	struct pw_client_canvas cv;
	if (!pw_client_canvas_init(&cv, w, h, WL_SHM_FORMAT_XRGB8888)) {
		return false;
	}
	uint32_t *px = cv.pixels;
	for (int y = 0; y < h; y++) {
		for (int x = 0; x < w; x++) {
			px[y * w + x] = x < w / 4 && y < h / 4 ? YELLOW : app->colour;
		}
	}
	struct wl_buffer *buffer = pw_client_canvas_finish(&cv, app->tc.shm);
	struct wl_surface *surface = app->top.surface;
	wl_buffer_add_listener(buffer, &buffer_listener, app);
	wl_surface_attach(surface, buffer, 0, 0);
	wl_surface_damage_buffer(surface, 0, 0, INT32_MAX, INT32_MAX);
	if (tell) {
		wl_callback_add_listener(wl_surface_frame(surface), &frame_listener, app);
	}
	wl_surface_commit(surface);
	app->drawn_width = w;
	app->drawn_height = h;
	return true;
}

/* Each configure of a new size: a frame of that size. */
static void
handle_configure(struct pw_client_toplevel *top)
{
	struct app *app = top->data;
	if (top->width != app->drawn_width || top->height != app->drawn_height) {
		if (!draw(app, true)) {
			test_client_say("error no buffer");
			exit(1);
		}
	}
}

static void
handle_key_enter(void *data, struct wl_surface *surface)
{
	test_client_say("enter");
}

static void
handle_key_leave(void *data, struct wl_surface *surface)
{
	if (surface) {
		test_client_say("leave");
	}
}

static void
handle_keymap(void *data, uint32_t format, int32_t fd, uint32_t size)
{
	struct app *app = data;
	pw_client_keys_keymap(&app->keys, format, fd, size);
}

static void
handle_modifiers(void *data, uint32_t depressed, uint32_t latched, uint32_t locked, uint32_t group)
{
	struct app *app = data;
	pw_client_keys_modifiers(&app->keys, depressed, latched, locked, group);
}

static void
handle_key(void *data, uint32_t time, uint32_t key, bool pressed)
{
	struct app *app = data;
	char name[64] = "NoSymbol";
	if (!app->keysyms) {
		test_client_say("key %u %u", key, pressed ? 1u : 0u);
		return;
	}
	if (app->keys.state) {
		xkb_keysym_get_name(xkb_state_key_get_one_sym(app->keys.state, key + 8), name,
			sizeof(name));
	}
	test_client_say("key %u %u %s", key, pressed ? 1u : 0u, name);
}

static void
handle_touch_down(void *data, uint32_t time, int32_t id, double x, double y)
{
	struct app *app = data;
	long long received = (long long)test_client_now_ns();
	test_client_say("touch down %.0f %.0f", x, y);
	if (app->drawn_width && draw(app, false)) {
		wl_display_flush(app->tc.display);
		test_client_say("touch drawn %lld %lld", received, (long long)test_client_now_ns());
	}
}

static void
handle_touch_up(void *data, uint32_t time, int32_t id)
{
	test_client_say("touch up");
}

static const struct pw_client_input_listener input_listener = {
	.keymap = handle_keymap,
	.modifiers = handle_modifiers,
	.key_enter = handle_key_enter,
	.key_leave = handle_key_leave,
	.key = handle_key,
	.touch_down = handle_touch_down,
	.touch_up = handle_touch_up,
};

int
main(int argc, char *argv[])
{
	if (argc != 4 && (argc != 5 || strcmp(argv[4], "--keysyms") != 0)) {
		fprintf(stderr, "usage: pxaclient RRGGBB NAME STATE_FILE [--keysyms]\n");
		return 2;
	}
	struct app app = {
		.tc = {.name = "pxaclient", .data = &app},
		.top = {.width = 100, .height = 100, .configure = handle_configure, .data = &app},
	};
	const struct pw_client_versions versions = {.compositor = 4,
		.shm = 1,
		.seat = 5,
		.wm_base = 1};
	app.colour = 0xff000000u | (uint32_t)strtoul(argv[1], NULL, 16);
	if (!test_client_open("pxaclient", argv[3], NULL)) {
		return 1;
	}
	app.keysyms = argc == 5;
	if (app.keysyms) {
		pw_client_keys_init(&app.keys, "pxaclient");
	}
	pw_client_input_init(&app.tc, &input_listener);
	if (!pw_client_connect(&app.tc, &versions, -1)) {
		return 1;
	}
	pw_client_toplevel_init(&app.top, &app.tc, argv[2], argv[2]);
	wl_surface_commit(app.top.surface);
	while (!app.top.closed && wl_display_dispatch(app.tc.display) >= 0) {
	}
	pw_client_toplevel_finish(&app.top);
	pw_client_disconnect(&app.tc);
	pw_client_keys_finish(&app.keys);
	return 0;
}

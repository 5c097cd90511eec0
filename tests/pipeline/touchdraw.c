/*
 * A test client for touch to photon: a dark toplevel that, at each wl_touch.frame after a down
 * or a motion, draws a white 16x16 box where the finger is and commits at once, damaging the
 * old box and the new. It prints "ready" once its first frame is on screen, and for each box
 * it commits "drawn X Y RECEIVED SENT": the CLOCK_MONOTONIC nanoseconds of the frame's first
 * touch event and of the commit's flush to the compositor (its own time to answer).
 *
 *   touchdraw
 */
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "client.h"

#define DARK 0xff102040u
#define WHITE 0xffffffffu
#define BOX 16

struct app {
	struct pw_client tc;
	struct pw_client_toplevel top;
	int drawn_width, drawn_height;
	int x, y; /* the finger, surface-local */
	int box_x, box_y; /* the box drawn last; -BOX: none */
	bool moved; /* a down or motion since the last touch frame */
	long long received; /* the first of them, CLOCK_MONOTONIC ns */
	bool ready;
};

static long long
now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void
handle_frame_done(void *data, struct wl_callback *cb, uint32_t time)
{
	struct app *app = data;
	wl_callback_destroy(cb);
	if (!app->ready) {
		app->ready = true;
		printf("ready\n");
		fflush(stdout);
	}
}

static const struct wl_callback_listener frame_listener = {.done = handle_frame_done};

static void
handle_buffer_release(void *data, struct wl_buffer *buffer)
{
	wl_buffer_destroy(buffer);
}

static const struct wl_buffer_listener buffer_listener = {.release = handle_buffer_release};

static void
draw(struct app *app, bool box)
{
	int w = app->top.width, h = app->top.height;
	struct pw_client_canvas cv;
	if (!pw_client_canvas_init(&cv, w, h, WL_SHM_FORMAT_XRGB8888)) {
		fprintf(stderr, "touchdraw: no buffer\n");
		exit(1);
	}
	uint32_t *px = cv.pixels;
	int bx = app->x - BOX / 2, by = app->y - BOX / 2;
	for (int y = 0; y < h; y++) {
		for (int x = 0; x < w; x++) {
			bool in = box && x >= bx && x < bx + BOX && y >= by && y < by + BOX;
			px[y * w + x] = in ? WHITE : DARK;
		}
	}
	struct wl_buffer *buffer = pw_client_canvas_finish(&cv, app->tc.shm);
	struct wl_surface *surface = app->top.surface;
	wl_buffer_add_listener(buffer, &buffer_listener, app);
	wl_surface_attach(surface, buffer, 0, 0);
	if (box) {
		wl_surface_damage_buffer(surface, app->box_x, app->box_y, BOX, BOX);
		wl_surface_damage_buffer(surface, bx, by, BOX, BOX);
		app->box_x = bx;
		app->box_y = by;
	} else {
		wl_surface_damage_buffer(surface, 0, 0, INT32_MAX, INT32_MAX);
	}
	wl_callback_add_listener(wl_surface_frame(surface), &frame_listener, app);
	wl_surface_commit(surface);
	app->drawn_width = w;
	app->drawn_height = h;
}

static void
handle_configure(struct pw_client_toplevel *top)
{
	struct app *app = top->data;
	if (top->width != app->drawn_width || top->height != app->drawn_height) {
		draw(app, false);
	}
}

static void
handle_touch_down(void *data, uint32_t time, int32_t id, double x, double y)
{
	struct app *app = data;
	if (!app->moved) {
		app->received = now_ns();
	}
	app->x = (int)x;
	app->y = (int)y;
	app->moved = true;
}

static void
handle_touch_frame(void *data)
{
	struct app *app = data;
	if (app->moved) {
		app->moved = false;
		draw(app, true);
		wl_display_flush(app->tc.display);
		printf("drawn %d %d %lld %lld\n", app->x, app->y, app->received, now_ns());
		fflush(stdout);
	}
}

static const struct pw_client_input_listener input_listener = {
	.touch_down = handle_touch_down,
	.touch_motion = handle_touch_down,
	.touch_frame = handle_touch_frame,
};

int
main(void)
{
	struct app app = {
		.tc = {.name = "touchdraw", .data = &app},
		.top = {.width = 100, .height = 100, .configure = handle_configure, .data = &app},
		.box_x = -BOX,
		.box_y = -BOX,
	};
	const struct pw_client_versions versions = {.compositor = 4,
		.shm = 1,
		.seat = 5,
		.wm_base = 1};
	pw_client_input_init(&app.tc, &input_listener);
	if (!pw_client_connect(&app.tc, &versions, -1)) {
		return 1;
	}
	pw_client_toplevel_init(&app.top, &app.tc, "touchdraw", "touchdraw");
	wl_surface_commit(app.top.surface);
	while (!app.top.closed && wl_display_dispatch(app.tc.display) >= 0) {
	}
	pw_client_toplevel_finish(&app.top);
	pw_client_disconnect(&app.tc);
	return 0;
}

/*
 * The pointer emulation tests' client (test_touch_pointer*.py): a toplevel of one colour that
 * binds the seat's pointer, and its touch too when asked.
 *
 *   ptrclient pointer|touch|vanish[-big]|sub|layer STATE_FILE [APP_ID]
 *
 * pointer: binds wl_pointer only (as foot 1.13 and SDL 1.2 programs do). touch: binds wl_touch
 * too. vanish: pointer only, and destroys its toplevel at its first motion with a button held
 * (a client that destroys its surface under the finger). It fills its toplevel green (pointer),
 * red (touch) or blue (vanish); with -big it draws 480x640 whatever it is told (the scale to
 * fit tests, 4.50), its quadrants red, green, blue and yellow from the top left, row by row.
 * sub: touch-big with a 240x320 magenta subsurface over its bottom-right quadrant.
 * layer: a 480x640 overlay layer surface, anchored nowhere, of those quadrants, with wl_touch.
 * Every event is one line on stdout and
 * appended to STATE_FILE:
 *   drawn | enter X Y | leave | motion X Y TIME | button CODE 1|0 | axis AXIS VALUE |
 *   touch_down X Y | touch_motion X Y | touch_up | touch_cancel | vanished
 */
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "client.h"
#include "client_shm.h"
#include "test_client.h"
#include "wlr-layer-shell-unstable-v1-client-protocol.h"

struct app {
	struct pw_client tc;
	struct pw_client_toplevel top;
	bool vanish, big, sub, drawn, gone;
	struct wl_surface *child;
	struct zwlr_layer_shell_v1 *layer_shell;
	struct zwlr_layer_surface_v1 *layer;
	struct wl_surface *layer_surface;
	uint32_t colour; /* green (pointer), red (touch) or blue (vanish) */
	int buttons;
};

static void
handle_enter(void *data, uint32_t serial, double x, double y)
{
	test_client_say("enter %.0f %.0f", x, y);
}

static void
handle_motion(void *data, uint32_t time, double x, double y)
{
	struct app *app = data;

	test_client_say("motion %.0f %.0f %u", x, y, time);
	if (app->vanish && app->buttons > 0 && !app->gone) {
		/* The requests themselves: the library's teardown sends none. */
		xdg_toplevel_destroy(app->top.toplevel);
		xdg_surface_destroy(app->top.xdg_surface);
		wl_surface_destroy(app->top.surface);
		app->top.toplevel = NULL;
		app->top.xdg_surface = NULL;
		app->top.surface = NULL;
		wl_display_flush(app->tc.display);
		app->gone = true;
		test_client_say("vanished");
	}
}

static void
handle_button(void *data, uint32_t time, uint32_t button, bool pressed)
{
	struct app *app = data;

	app->buttons += pressed ? 1 : -1;
	test_client_say("button %u %d", button, pressed ? 1 : 0);
}

static void
handle_axis(void *data, uint32_t time, uint32_t axis, double value)
{
	test_client_say("axis %u %.1f", axis, value);
}

static void
handle_touch_down(void *data, uint32_t time, int32_t id, double x, double y)
{
	test_client_say("touch_down %.0f %.0f", x, y);
}

static void
handle_touch_motion(void *data, uint32_t time, int32_t id, double x, double y)
{
	test_client_say("touch_motion %.0f %.0f", x, y);
}

static void
handle_touch_up(void *data, uint32_t time, int32_t id)
{
	test_client_say("touch_up");
}

static void
handle_touch_cancel(void *data)
{
	test_client_say("touch_cancel");
}

/* 480x640 whatever the compositor asked for, its quadrants red, green, blue and yellow. */
/* "drawn" once: later configures are answered with the same picture. */
static void
draw_big(struct app *app, struct wl_surface *surface)
{
	struct pw_client_canvas cv;
	if (!pw_client_canvas_init(&cv, 480, 640, WL_SHM_FORMAT_XRGB8888)) {
		return;
	}
	const uint32_t quadrant[4] = {0xffff0000u, 0xff00ff00u, 0xff0000ffu, 0xffffff00u};
	for (int y = 0; y < cv.height; y++) {
		for (int x = 0; x < cv.width; x++) {
			cv.pixels[y * cv.width + x] = quadrant[(y >= 320) * 2 + (x >= 240)];
		}
	}
	if (app->sub && !app->child && app->tc.subcompositor) {
		struct wl_buffer *magenta = pw_client_solid_buffer(&app->tc, 240, 320, 0xffff00ffu);
		app->child = wl_compositor_create_surface(app->tc.compositor);
		struct wl_subsurface *sub =
			wl_subcompositor_get_subsurface(app->tc.subcompositor, app->child, surface);
		wl_subsurface_set_position(sub, 240, 320);
		wl_subsurface_set_desync(sub);
		wl_surface_attach(app->child, magenta, 0, 0);
		wl_surface_damage_buffer(app->child, 0, 0, INT32_MAX, INT32_MAX);
		wl_surface_commit(app->child);
	}
	wl_surface_attach(surface, pw_client_canvas_finish(&cv, app->tc.shm), 0, 0);
	wl_surface_damage_buffer(surface, 0, 0, INT32_MAX, INT32_MAX);
	wl_surface_commit(surface);
	if (!app->drawn) {
		test_client_say("drawn");
	}
	app->drawn = true;
}

static void
handle_configure(struct pw_client_toplevel *top)
{
	struct app *app = top->data;

	if (!app->big) {
		test_client_draw_once(top, &app->drawn, app->colour);
		return;
	}
	draw_big(app, top->surface); /* every configure answered, 480x640 as ever */
}

static void
layer_configure(void *data, struct zwlr_layer_surface_v1 *layer, uint32_t serial, uint32_t w,
	uint32_t h)
{
	struct app *app = data;

	zwlr_layer_surface_v1_ack_configure(layer, serial);
	test_client_say("configure %u %u", w, h);
	if (!app->drawn) {
		draw_big(app, app->layer_surface);
	}
}

static void
layer_closed(void *data, struct zwlr_layer_surface_v1 *layer)
{
	test_client_say("closed");
}

static const struct zwlr_layer_surface_v1_listener layer_listener = {layer_configure, layer_closed};

int
main(int argc, char *argv[])
{
	struct app app = {
		.tc = {.name = "ptrclient", .data = &app},
		.top = {.width = 100, .height = 100, .configure = handle_configure, .data = &app},
	};
	const struct pw_client_versions versions = {.compositor = 4,
		.subcompositor = 1,
		.shm = 1,
		.seat = 7,
		.output = 3,
		.wm_base = 1};
	struct pw_client_input_listener input = {
		.pointer_enter = handle_enter,
		.pointer_motion = handle_motion,
		.pointer_button = handle_button,
		.pointer_axis = handle_axis,
	};

	char mode[16] = "";
	if (argc >= 3) {
		snprintf(mode, sizeof(mode), "%s", argv[1]);
	}
	size_t len = strlen(mode);
	app.big = len > 4 && strcmp(mode + len - 4, "-big") == 0;
	if (app.big) {
		mode[len - 4] = '\0';
	}
	bool layer = strcmp(mode, "layer") == 0;
	if (strcmp(mode, "sub") == 0) {
		snprintf(mode, sizeof(mode), "touch");
		app.big = app.sub = true;
	}
	if (argc < 3 || argc > 4 ||
		(strcmp(mode, "pointer") && strcmp(mode, "touch") && strcmp(mode, "vanish") &&
			!layer)) {
		fprintf(stderr,
			"usage: ptrclient pointer|touch|vanish[-big]|sub|layer STATE_FILE "
			"[APP_ID]\n");
		return 2;
	}
	const struct pw_client_global globals[] = {
		{&zwlr_layer_shell_v1_interface, 1, (void **)&app.layer_shell},
		{NULL},
	};
	app.tc.globals = globals;
	if (strcmp(mode, "touch") == 0 || layer) {
		input.touch_down = handle_touch_down;
		input.touch_motion = handle_touch_motion;
		input.touch_up = handle_touch_up;
		input.touch_cancel = handle_touch_cancel;
	}
	app.vanish = strcmp(mode, "vanish") == 0;
	app.colour = app.vanish ? 0xff202080u : input.touch_down ? 0xff802020u : 0xff208020u;
	if (!test_client_open("ptrclient", argv[2], "@@PTR")) {
		return 1;
	}
	pw_client_input_init(&app.tc, &input);
	if (!pw_client_connect(&app.tc, &versions, 5000) || !app.tc.seat) {
		fprintf(stderr, "ptrclient: no compositor or seat\n");
		pw_client_disconnect(&app.tc);
		return 1;
	}
	if (layer) {
		if (!app.layer_shell) {
			fprintf(stderr, "ptrclient: no zwlr_layer_shell_v1\n");
			pw_client_disconnect(&app.tc);
			return 1;
		}
		app.big = true;
		app.layer_surface = wl_compositor_create_surface(app.tc.compositor);
		app.layer = zwlr_layer_shell_v1_get_layer_surface(app.layer_shell,
			app.layer_surface, NULL, ZWLR_LAYER_SHELL_V1_LAYER_OVERLAY, "ptrclient");
		zwlr_layer_surface_v1_add_listener(app.layer, &layer_listener, &app);
		zwlr_layer_surface_v1_set_size(app.layer, 480, 640);
		wl_surface_commit(app.layer_surface);
	} else {
		pw_client_toplevel_init(&app.top, &app.tc, "ptrclient",
			argc > 3 ? argv[3] : "ptrclient");
		if (!pw_client_toplevel_wait_configure(&app.top, 5000)) {
			return 1;
		}
	}
	while (pw_client_dispatch_until(&app.tc, NULL, -1) >= 0) {
	}
	test_client_say("gone");
	return 0;
}

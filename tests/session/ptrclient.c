/*
 * The pointer emulation tests' client (test_touch_pointer*.py): a toplevel of one colour that
 * binds the seat's pointer, and its touch too when asked.
 *
 *   ptrclient pointer|touch|vanish STATE_FILE [APP_ID]
 *
 * pointer: binds wl_pointer only (as foot 1.13 and SDL 1.2 programs do). touch: binds wl_touch
 * too. vanish: pointer only, and destroys its toplevel at its first motion with a button held
 * (a client that destroys its surface under the finger). It fills its toplevel green (pointer),
 * red (touch) or blue (vanish). Every event is one line on stdout and
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
#include "test_client.h"

struct app {
	struct pw_client tc;
	struct pw_client_toplevel top;
	bool vanish, drawn, gone;
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

static void
handle_configure(struct pw_client_toplevel *top)
{
	struct app *app = top->data;

	test_client_draw_once(top, &app->drawn, app->colour);
}

int
main(int argc, char *argv[])
{
	struct app app = {
		.tc = {.name = "ptrclient", .data = &app},
		.top = {.width = 100, .height = 100, .configure = handle_configure, .data = &app},
	};
	const struct pw_client_versions versions = {.compositor = 4,
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

	if (argc < 3 || argc > 4 ||
		(strcmp(argv[1], "pointer") && strcmp(argv[1], "touch") &&
			strcmp(argv[1], "vanish"))) {
		fprintf(stderr, "usage: ptrclient pointer|touch|vanish STATE_FILE [APP_ID]\n");
		return 2;
	}
	if (strcmp(argv[1], "touch") == 0) {
		input.touch_down = handle_touch_down;
		input.touch_motion = handle_touch_motion;
		input.touch_up = handle_touch_up;
		input.touch_cancel = handle_touch_cancel;
	}
	app.vanish = strcmp(argv[1], "vanish") == 0;
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
	pw_client_toplevel_init(&app.top, &app.tc, "ptrclient", argc > 3 ? argv[3] : "ptrclient");
	if (!pw_client_toplevel_wait_configure(&app.top, 5000)) {
		return 1;
	}
	while (pw_client_dispatch_until(&app.tc, NULL, -1) >= 0) {
	}
	test_client_say("gone");
	return 0;
}

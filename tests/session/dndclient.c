/*
 * The drag and drop test's client (test_drag_and_drop.py): a toplevel of one colour that is
 * the source of drags or their target.
 *
 *   dndclient source|target STATE_FILE [TEXT]
 *
 * source: fills its toplevel blue. At each touch down on it, it starts a drag of a new
 * wl_data_source offering text/plain with the copy and move actions, with a 16x16 red icon
 * attached at offset -8,-8 (centred on the touch point); it writes TEXT (DNDCLIENT_TEXT by
 * default) for a send.
 * target: fills its toplevel green. At each enter it accepts text/plain and asks for copy and
 * move, preferring move; at the drop it reads the data, logs it and finishes the offer.
 * Every event is one line on stdout and appended to STATE_FILE:
 *   drawn | started | target MIME | action N | send MIME | dnd_drop_performed |
 *   dnd_finished | cancelled (source)
 *   offer MIME | source_actions N | enter X Y | offer_action N | motion X Y | leave | drop |
 *   data TEXT (target)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "client.h"
#include "test_client.h"

#define DNDCLIENT_TEXT "dragged from one tile into the other"
#define ICON_SIZE 16
#define BLUE 0xff0000ffu
#define GREEN 0xff00ff00u
#define RED 0xffff0000u
#define COPY WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY
#define MOVE WL_DATA_DEVICE_MANAGER_DND_ACTION_MOVE

struct app {
	struct pw_client tc;
	struct pw_client_toplevel top;
	bool source_mode;
	const char *text; /* what the source sends */
	struct wl_data_device_manager *manager;
	struct wl_data_device *device;
	struct wl_touch *touch;
	struct wl_surface *icon;
	struct wl_data_source *source;
	struct wl_data_offer *offer; /* the last one introduced */
	uint32_t enter_serial;
	bool drawn;
};

/* source side */

static void
handle_source_target(void *data, struct wl_data_source *source, const char *mime_type)
{
	test_client_say("target %s", mime_type ? mime_type : "(none)");
}

static void
handle_source_send(void *data, struct wl_data_source *source, const char *mime_type, int32_t fd)
{
	struct app *app = data;

	test_client_say("send %s", mime_type);
	if (write(fd, app->text, strlen(app->text)) < 0) {
		test_client_say("error write: %s", strerror(errno));
	}
	close(fd);
}

static void
end_source(struct app *app, const char *what)
{
	test_client_say("%s", what);
	wl_data_source_destroy(app->source);
	app->source = NULL;
}

static void
handle_source_cancelled(void *data, struct wl_data_source *source)
{
	end_source(data, "cancelled");
}

static void
handle_source_drop_performed(void *data, struct wl_data_source *source)
{
	test_client_say("dnd_drop_performed");
}

static void
handle_source_finished(void *data, struct wl_data_source *source)
{
	end_source(data, "dnd_finished");
}

static void
handle_source_action(void *data, struct wl_data_source *source, uint32_t action)
{
	test_client_say("action %u", action);
}

static const struct wl_data_source_listener source_listener = {
	.target = handle_source_target,
	.send = handle_source_send,
	.cancelled = handle_source_cancelled,
	.dnd_drop_performed = handle_source_drop_performed,
	.dnd_finished = handle_source_finished,
	.action = handle_source_action,
};

static void
handle_touch_down(void *data, struct wl_touch *touch, uint32_t serial, uint32_t time,
	struct wl_surface *surface, int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	struct app *app = data;

	if (!app->source_mode || app->source) {
		return;
	}
	app->source = wl_data_device_manager_create_data_source(app->manager);
	wl_data_source_add_listener(app->source, &source_listener, app);
	wl_data_source_offer(app->source, "text/plain");
	wl_data_source_set_actions(app->source, COPY | MOVE);
	wl_data_device_start_drag(app->device, app->source, app->top.surface, app->icon, serial);
	wl_surface_attach(app->icon, pw_client_solid_buffer(&app->tc, ICON_SIZE, ICON_SIZE, RED),
		-ICON_SIZE / 2, -ICON_SIZE / 2);
	wl_surface_damage(app->icon, 0, 0, ICON_SIZE, ICON_SIZE);
	wl_surface_commit(app->icon);
	test_client_say("started");
}

static void
handle_touch_other(void)
{
}

static void
handle_touch_up(void *data, struct wl_touch *touch, uint32_t serial, uint32_t time, int32_t id)
{
	handle_touch_other();
}

static void
handle_touch_motion(void *data, struct wl_touch *touch, uint32_t time, int32_t id, wl_fixed_t x,
	wl_fixed_t y)
{
	handle_touch_other();
}

static void
handle_touch_frame(void *data, struct wl_touch *touch)
{
	handle_touch_other();
}

static void
handle_touch_cancel(void *data, struct wl_touch *touch)
{
	handle_touch_other();
}

static const struct wl_touch_listener touch_listener = {
	.down = handle_touch_down,
	.up = handle_touch_up,
	.motion = handle_touch_motion,
	.frame = handle_touch_frame,
	.cancel = handle_touch_cancel,
};

/* target side */

static void
handle_offer_offer(void *data, struct wl_data_offer *offer, const char *mime_type)
{
	test_client_say("offer %s", mime_type);
}

static void
handle_offer_source_actions(void *data, struct wl_data_offer *offer, uint32_t actions)
{
	test_client_say("source_actions %u", actions);
}

static void
handle_offer_action(void *data, struct wl_data_offer *offer, uint32_t action)
{
	test_client_say("offer_action %u", action);
}

static const struct wl_data_offer_listener offer_listener = {
	.offer = handle_offer_offer,
	.source_actions = handle_offer_source_actions,
	.action = handle_offer_action,
};

static void
handle_device_data_offer(void *data, struct wl_data_device *device, struct wl_data_offer *offer)
{
	struct app *app = data;

	wl_data_offer_add_listener(offer, &offer_listener, app);
}

static void
drop_offer(struct app *app)
{
	if (app->offer) {
		wl_data_offer_destroy(app->offer);
		app->offer = NULL;
	}
}

static void
handle_device_enter(void *data, struct wl_data_device *device, uint32_t serial,
	struct wl_surface *surface, wl_fixed_t x, wl_fixed_t y, struct wl_data_offer *offer)
{
	struct app *app = data;

	test_client_say("enter %.0f %.0f", wl_fixed_to_double(x), wl_fixed_to_double(y));
	drop_offer(app);
	app->offer = offer;
	app->enter_serial = serial;
	if (offer && !app->source_mode) {
		wl_data_offer_accept(offer, serial, "text/plain");
		wl_data_offer_set_actions(offer, COPY | MOVE, MOVE);
	}
}

static void
handle_device_leave(void *data, struct wl_data_device *device)
{
	struct app *app = data;

	test_client_say("leave");
	drop_offer(app);
}

static void
handle_device_motion(void *data, struct wl_data_device *device, uint32_t time, wl_fixed_t x,
	wl_fixed_t y)
{
	test_client_say("motion %.0f %.0f", wl_fixed_to_double(x), wl_fixed_to_double(y));
}

static void
handle_device_drop(void *data, struct wl_data_device *device)
{
	struct app *app = data;
	char text[256];
	size_t got = 0;
	int fds[2];

	test_client_say("drop");
	if (!app->offer || pipe(fds) < 0) {
		return;
	}
	wl_data_offer_receive(app->offer, "text/plain", fds[1]);
	close(fds[1]);
	wl_display_flush(app->tc.display);
	for (;;) {
		ssize_t n = read(fds[0], text + got, sizeof(text) - 1 - got);
		if (n <= 0) {
			break;
		}
		got += (size_t)n;
	}
	close(fds[0]);
	text[got] = '\0';
	test_client_say("data %s", text);
	wl_data_offer_finish(app->offer);
	drop_offer(app);
}

static void
handle_device_selection(void *data, struct wl_data_device *device, struct wl_data_offer *offer)
{
	if (offer) {
		wl_data_offer_destroy(offer);
	}
}

static const struct wl_data_device_listener device_listener = {
	.data_offer = handle_device_data_offer,
	.enter = handle_device_enter,
	.leave = handle_device_leave,
	.motion = handle_device_motion,
	.drop = handle_device_drop,
	.selection = handle_device_selection,
};

static void
handle_configure(struct pw_client_toplevel *top)
{
	struct app *app = top->data;

	test_client_draw_once(top, &app->drawn, app->source_mode ? BLUE : GREEN);
}

int
main(int argc, char *argv[])
{
	struct app app = {
		.tc = {.name = "dndclient", .data = &app},
		.top = {.width = 100, .height = 100, .configure = handle_configure, .data = &app},
	};
	const struct pw_client_global globals[] = {
		{&wl_data_device_manager_interface, 3, (void **)&app.manager, NULL, NULL},
		{0},
	};

	if (argc < 3 || argc > 4 || (strcmp(argv[1], "source") && strcmp(argv[1], "target"))) {
		fprintf(stderr, "usage: dndclient source|target STATE_FILE [TEXT]\n");
		return 2;
	}
	app.source_mode = strcmp(argv[1], "source") == 0;
	app.text = argc > 3 ? argv[3] : DNDCLIENT_TEXT;
	if (!test_client_open("dndclient", argv[2], "@@DND")) {
		return 1;
	}
	app.tc.globals = globals;
	if (!pw_client_connect(&app.tc, &test_client_versions, 5000) || !app.manager ||
		!app.tc.seat) {
		fprintf(stderr, "dndclient: no compositor, data device manager or seat\n");
		pw_client_disconnect(&app.tc);
		return 1;
	}
	app.device = wl_data_device_manager_get_data_device(app.manager, app.tc.seat);
	wl_data_device_add_listener(app.device, &device_listener, &app);
	app.touch = wl_seat_get_touch(app.tc.seat);
	wl_touch_add_listener(app.touch, &touch_listener, &app);
	app.icon = wl_compositor_create_surface(app.tc.compositor);
	pw_client_toplevel_init(&app.top, &app.tc, app.source_mode ? "dnd source" : "dnd target",
		"dndclient");
	if (!pw_client_toplevel_wait_configure(&app.top, 5000)) {
		return 1;
	}
	while (pw_client_dispatch_until(&app.tc, NULL, -1) >= 0) {
	}
	test_client_say("gone");
	return 0;
}

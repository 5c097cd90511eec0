/*
 * The ime tests' input method: commits TEXT (with a preedit first) each time it is activated,
 * and optionally shows a POPUP_W x POPUP_H blue popup and grabs the keyboard.
 *
 *   imclient STATE_FILE TEXT [popup] [grab]
 *
 * Every event is one line, appended to STATE_FILE and on stdout as "@@CLIENT ...":
 *   unavailable | activate | deactivate | done N | surrounding TEXT CURSOR ANCHOR |
 *   cause C | content HINT PURPOSE | committed TEXT | rectangle X Y W H |
 *   grab keymap SIZE | grab repeat RATE DELAY | grab key CODE STATE | error ...
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "client.h"
#include "input-method-unstable-v2-client-protocol.h"
#include "test_client.h"

#define POPUP_W 40
#define POPUP_H 20
#define BLUE 0xff0000ffu

struct app {
	struct pw_client tc;
	struct zwp_input_method_manager_v2 *manager;
	struct zwp_input_method_v2 *im;
	struct zwp_input_popup_surface_v2 *popup;
	struct wl_surface *popup_surface;
	struct wl_buffer *popup_buffer;
	struct zwp_input_method_keyboard_grab_v2 *grab;
	const char *text;
	bool pending_active, active, unavailable;
	uint32_t dones;
};

static void
handle_activate(void *data, struct zwp_input_method_v2 *im)
{
	((struct app *)data)->pending_active = true;
}

static void
handle_deactivate(void *data, struct zwp_input_method_v2 *im)
{
	((struct app *)data)->pending_active = false;
}

static void
handle_surrounding(void *data, struct zwp_input_method_v2 *im, const char *text, uint32_t cursor,
	uint32_t anchor)
{
	test_client_say("surrounding %s %u %u", text, cursor, anchor);
}

static void
handle_cause(void *data, struct zwp_input_method_v2 *im, uint32_t cause)
{
	test_client_say("cause %u", cause);
}

static void
handle_content(void *data, struct zwp_input_method_v2 *im, uint32_t hint, uint32_t purpose)
{
	test_client_say("content %u %u", hint, purpose);
}

static void
handle_done(void *data, struct zwp_input_method_v2 *im)
{
	struct app *app = data;
	bool was = app->active;

	app->dones++;
	app->active = app->pending_active;
	if (app->active != was) {
		test_client_say(app->active ? "activate" : "deactivate");
	}
	test_client_say("done %u", app->dones);
	if (app->active && !was) {
		zwp_input_method_v2_set_preedit_string(im, "pre", 0, 3);
		zwp_input_method_v2_commit(im, app->dones);
		zwp_input_method_v2_commit_string(im, app->text);
		zwp_input_method_v2_commit(im, app->dones);
		test_client_say("committed %s", app->text);
	}
}

static void
handle_unavailable(void *data, struct zwp_input_method_v2 *im)
{
	struct app *app = data;
	app->unavailable = true;
	test_client_say("unavailable");
}

static const struct zwp_input_method_v2_listener im_listener = {
	.activate = handle_activate,
	.deactivate = handle_deactivate,
	.surrounding_text = handle_surrounding,
	.text_change_cause = handle_cause,
	.content_type = handle_content,
	.done = handle_done,
	.unavailable = handle_unavailable,
};

static void
handle_rectangle(void *data, struct zwp_input_popup_surface_v2 *popup, int32_t x, int32_t y,
	int32_t w, int32_t h)
{
	test_client_say("rectangle %d %d %d %d", x, y, w, h);
}

static const struct zwp_input_popup_surface_v2_listener popup_listener = {
	.text_input_rectangle = handle_rectangle,
};

static void
handle_grab_keymap(void *data, struct zwp_input_method_keyboard_grab_v2 *grab, uint32_t format,
	int32_t fd, uint32_t size)
{
	close(fd);
	test_client_say("grab keymap %u", size);
}

static void
handle_grab_key(void *data, struct zwp_input_method_keyboard_grab_v2 *grab, uint32_t serial,
	uint32_t time, uint32_t key, uint32_t state)
{
	test_client_say("grab key %u %u", key, state);
}

static void
handle_grab_modifiers(void *data, struct zwp_input_method_keyboard_grab_v2 *grab, uint32_t serial,
	uint32_t depressed, uint32_t latched, uint32_t locked, uint32_t group)
{
}

static void
handle_grab_repeat(void *data, struct zwp_input_method_keyboard_grab_v2 *grab, int32_t rate,
	int32_t delay)
{
	test_client_say("grab repeat %d %d", rate, delay);
}

static const struct zwp_input_method_keyboard_grab_v2_listener grab_listener = {
	.keymap = handle_grab_keymap,
	.key = handle_grab_key,
	.modifiers = handle_grab_modifiers,
	.repeat_info = handle_grab_repeat,
};

int
main(int argc, char *argv[])
{
	struct app app = {.tc = {.name = "imclient", .data = &app}};
	const struct pw_client_versions versions = {.compositor = 4, .shm = 1, .seat = 5};
	const struct pw_client_global globals[] = {
		{&zwp_input_method_manager_v2_interface, 1, (void **)&app.manager, NULL, NULL},
		{0},
	};
	if (argc < 3) {
		fprintf(stderr, "usage: imclient STATE_FILE TEXT [popup] [grab]\n");
		return 2;
	}
	app.text = argv[2];
	app.tc.globals = globals;
	if (!test_client_open("imclient", argv[1], "@@CLIENT")) {
		return 1;
	}
	if (!pw_client_connect(&app.tc, &versions, -1)) {
		return 1;
	}
	if (!app.manager || !app.tc.seat) {
		test_client_say("error no input method manager");
		pw_client_disconnect(&app.tc);
		return 1;
	}
	app.im = zwp_input_method_manager_v2_get_input_method(app.manager, app.tc.seat);
	zwp_input_method_v2_add_listener(app.im, &im_listener, &app);
	for (int i = 3; i < argc; i++) {
		if (strcmp(argv[i], "popup") == 0) {
			app.popup_surface = wl_compositor_create_surface(app.tc.compositor);
			app.popup = zwp_input_method_v2_get_input_popup_surface(app.im,
				app.popup_surface);
			zwp_input_popup_surface_v2_add_listener(app.popup, &popup_listener, &app);
			app.popup_buffer = pw_client_solid_buffer(&app.tc, POPUP_W, POPUP_H, BLUE);
			wl_surface_attach(app.popup_surface, app.popup_buffer, 0, 0);
			wl_surface_damage_buffer(app.popup_surface, 0, 0, POPUP_W, POPUP_H);
			wl_surface_commit(app.popup_surface);
		} else if (strcmp(argv[i], "grab") == 0) {
			app.grab = zwp_input_method_v2_grab_keyboard(app.im);
			zwp_input_method_keyboard_grab_v2_add_listener(app.grab, &grab_listener,
				&app);
		}
	}
	while (pw_client_dispatch_fds(&app.tc, NULL, 0, -1) >= 0) {
	}
	test_client_say("error disconnected");
	pw_client_disconnect(&app.tc);
	test_client_close();
	return 0;
}

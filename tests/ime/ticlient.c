/*
 * The ime tests' text-input client: a grey toplevel with one zwp_text_input_v3 that enables
 * itself whenever it is entered (content type normal, cursor rectangle CURSOR_X,CURSOR_Y 2x16)
 * and logs what the input method sends.
 *
 *   ticlient STATE_FILE
 *
 *   ticlient STATE_FILE flood N
 *
 * SIGUSR1 disables the text input (commit); the next one enables it again, and so on. With
 * `flood N` it instead commits 4,000 bytes of surrounding text N times, a round trip after each
 * (issue 38: such a client got the on-screen keyboard disconnected), ending with the text
 * "end", and says "flooded N". Every
 * event is one line, appended to STATE_FILE and on stdout as "@@CLIENT ...":
 *   drawn | enter | leave | enabled | disabled | preedit TEXT BEGIN END | commit TEXT |
 *   delete BEFORE AFTER | done SERIAL | key CODE 1|0 | error no text input
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "client.h"
#include "test_client.h"
#include "text-input-unstable-v3-client-protocol.h"

#define CURSOR_X 20
#define CURSOR_Y 30
#define GREY 0xff808080u

struct app {
	struct pw_client tc;
	struct pw_client_toplevel top;
	struct zwp_text_input_manager_v3 *manager;
	struct zwp_text_input_v3 *ti;
	bool entered, enabled, drawn;
	int flood; /* commits of long surrounding text a SIGUSR1 makes, 0: it toggles */
};

static void
set_enabled(struct app *app, bool on)
{
	app->enabled = on;
	if (on) {
		zwp_text_input_v3_enable(app->ti);
		zwp_text_input_v3_set_content_type(app->ti, ZWP_TEXT_INPUT_V3_CONTENT_HINT_NONE,
			ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_NORMAL);
		zwp_text_input_v3_set_surrounding_text(app->ti, "", 0, 0);
		zwp_text_input_v3_set_cursor_rectangle(app->ti, CURSOR_X, CURSOR_Y, 2, 16);
	} else {
		zwp_text_input_v3_disable(app->ti);
	}
	zwp_text_input_v3_commit(app->ti);
	test_client_say(on ? "enabled" : "disabled");
}

static void
handle_enter(void *data, struct zwp_text_input_v3 *ti, struct wl_surface *surface)
{
	struct app *app = data;
	app->entered = true;
	test_client_say("enter");
	set_enabled(app, true);
}

static void
handle_leave(void *data, struct zwp_text_input_v3 *ti, struct wl_surface *surface)
{
	struct app *app = data;
	app->entered = false;
	test_client_say("leave");
	zwp_text_input_v3_disable(ti);
	zwp_text_input_v3_commit(ti);
}

static void
handle_preedit(void *data, struct zwp_text_input_v3 *ti, const char *text, int32_t begin,
	int32_t end)
{
	test_client_say("preedit %s %d %d", text ? text : "", begin, end);
}

static void
handle_commit(void *data, struct zwp_text_input_v3 *ti, const char *text)
{
	test_client_say("commit %s", text ? text : "");
}

static void
handle_delete(void *data, struct zwp_text_input_v3 *ti, uint32_t before, uint32_t after)
{
	test_client_say("delete %u %u", before, after);
}

static void
handle_done(void *data, struct zwp_text_input_v3 *ti, uint32_t serial)
{
	test_client_say("done %u", serial);
}

static const struct zwp_text_input_v3_listener ti_listener = {
	.enter = handle_enter,
	.leave = handle_leave,
	.preedit_string = handle_preedit,
	.commit_string = handle_commit,
	.delete_surrounding_text = handle_delete,
	.done = handle_done,
};

static void
handle_configure(struct pw_client_toplevel *top)
{
	struct app *app = top->data;
	if (!app->drawn) {
		struct wl_buffer *b =
			pw_client_solid_buffer(&app->tc, top->width, top->height, GREY);
		if (b) {
			app->drawn = true;
			pw_client_toplevel_commit(top, b);
			test_client_say("drawn");
		}
	}
}

static void
handle_key(void *data, uint32_t time, uint32_t key, bool pressed)
{
	test_client_say("key %u %u", key, pressed ? 1u : 0u);
}

static const struct pw_client_input_listener input_listener = {
	.key = handle_key,
};

#define FLOOD_TEXT 4000

static void
flood(struct app *app)
{
	static char text[FLOOD_TEXT + 1];
	int i;
	for (i = 0; i < app->flood; i++) {
		memset(text, 'a' + i % 26, FLOOD_TEXT);
		zwp_text_input_v3_set_surrounding_text(app->ti, i + 1 < app->flood ? text : "end",
			0, 0);
		zwp_text_input_v3_commit(app->ti);
		if (pw_client_roundtrip(&app->tc, 10000) != 1) {
			break;
		}
	}
	char msg[64];
	snprintf(msg, sizeof(msg), "flooded %d", i);
	test_client_say(msg);
}

/* SIGUSR1: the text input disabled, or enabled again; or the flood. */
static void
handle_signal(void *data)
{
	struct app *app = data;
	if (app->entered && app->flood) {
		flood(app);
	} else if (app->entered) {
		set_enabled(app, !app->enabled);
		wl_display_flush(app->tc.display);
	}
}

int
main(int argc, char *argv[])
{
	struct app app = {
		.tc = {.name = "ticlient", .data = &app},
		.top = {.width = 200, .height = 200, .configure = handle_configure, .data = &app},
	};
	const struct pw_client_global globals[] = {
		{&zwp_text_input_manager_v3_interface, 1, (void **)&app.manager, NULL, NULL},
		{0},
	};
	app.tc.globals = globals;
	if (argc == 4 && strcmp(argv[2], "flood") == 0) {
		app.flood = atoi(argv[3]);
	}
	if (!test_client_open("ticlient", argc > 1 ? argv[1] : NULL, "@@CLIENT")) {
		return 1;
	}
	int sfd = test_client_signalfd(SIGUSR1);

	pw_client_input_init(&app.tc, &input_listener);
	if (!pw_client_connect(&app.tc, &test_client_versions, -1)) {
		return 1;
	}
	if (!app.manager || !app.tc.seat) {
		test_client_say("error no text input");
		pw_client_disconnect(&app.tc);
		return 1;
	}
	app.ti = zwp_text_input_manager_v3_get_text_input(app.manager, app.tc.seat);
	zwp_text_input_v3_add_listener(app.ti, &ti_listener, &app);
	pw_client_toplevel_init(&app.top, &app.tc, "ticlient", NULL);
	wl_surface_commit(app.top.surface);

	test_client_run(&app.tc, &app.top.closed, sfd, handle_signal, &app);
	zwp_text_input_v3_destroy(app.ti);
	pw_client_toplevel_finish(&app.top);
	pw_client_disconnect(&app.tc);
	close(sfd);
	test_client_close();
	return 0;
}

/*
 * The vm tests' client: a toplevel of known colours, and a log of the input it receives.
 *
 *   vmclient STATE_FILE [follow|stubborn|pointer|tablet]
 *
 * With `follow` a configure of another size (the output's mode changed) is drawn again at that
 * size, with its configured and drawn lines; without it the first configure's size is kept.
 * `pointer` follows too, and binds a wl_pointer whose events it logs; `tablet` follows and
 * takes a tablet seat whose events it logs (vmclient_tablet.c).
 * Fills its buffer magenta with a yellow top-left quarter (so a screendump shows the
 * rotation). The Nth SIGUSR1 adds a 32x32 cyan square, centred at the Nth of (1/2, 1/2),
 * (3/8, 5/8), (5/8, 3/8) of the buffer (then round again), and damages only that square; from
 * the first on, every buffer also paints the bottom-right eighth (x >= 7/8 and y >= 7/8 of the
 * buffer) green without ever damaging it, so a compositor that repaints or uploads only the
 * damage keeps magenta there. Every event is one line, "@@CLIENT ...", on stdout and appended
 * to STATE_FILE:
 *   configured W H | drawn W H | partial N | key CODE 1|0 | touch down|motion ID X Y |
 *   touch up ID | button CODE 1|0 | pointer X Y (with `pointer`: its wl_pointer's enter or
 *   motion, surface-local) | axis AXIS VALUE | enter | keymap SIZE | keysym NAME 1|0 (after its key
 *   line: the key's keysym in the last keymap, first level) | modifiers DEP LAT LOCK GROUP |
 *   presented N SEC NSEC REFRESH_NS SEQ FLAGS SYNC COMMIT_NS RECV_NS | discarded N
 * Every buffer's commit asks for wp_presentation feedback: "presented" says what picowl
 * answered for buffer N (0: the first), with SYNC the number of sync_output events naming the
 * client's wl_output, COMMIT_NS and RECV_NS the client's CLOCK_MONOTONIC at the commit and at
 * the answer. wp_presentation is bound at version 1, or at $VMCLIENT_PRESENTATION. Its title is
 * "vmclient" ("stubborn" with stubborn), or $VMCLIENT_TITLE.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "client.h"
#include "client_keys.h"
#include "cursor-shape-v1-client-protocol.h"
#include "presentation-time-client-protocol.h"
#include "tablet-unstable-v2-client-protocol.h"
#include "test_client.h"
#include "vmclient_tablet.h"

#define MAGENTA 0xffff00ffu
#define YELLOW 0xffffff00u
#define CYAN 0xff00ffffu
#define GREEN 0xff00ff00u
#define PATCH 32
#define SPOTS 3

/* The squares' centres, in eighths of the buffer's width and height. */
static const int spots[SPOTS][2] = {{4, 4}, {3, 5}, {5, 3}};

struct app {
	struct pw_client tc;
	struct pw_client_toplevel top;
	/* buffers not yet released and frame callbacks not yet done, freed at exit */
	struct wl_proxy *inflight[16];
	int width, height; /* of the first configure, kept */
	int step; /* SIGUSR1s so far: squares shown */
	bool configured, drawn;
	bool follow; /* draw at every configure's size */
	struct wp_presentation *presentation;
	struct zwp_tablet_manager_v2 *tablets; /* with `tablet` */
	struct wp_cursor_shape_manager_v1 *shapes; /* with `tablet` */
	/* the feedback in flight: its buffer's number, sync_output events so far, commit time */
	int fb_step, fb_sync;
	int64_t fb_commit_ns;
	struct pw_client_keys keys; /* the keymap last sent, for the keysym lines */
};

#define INFLIGHT (sizeof(((struct app *)0)->inflight) / sizeof(struct wl_proxy *))

/* Swaps the slot holding OLD for NEW; swap_inflight(app, NULL, p) takes a free one. */
static bool
swap_inflight(struct app *app, void *old, void *new)
{
	for (size_t i = 0; i < INFLIGHT; i++) {
		if (app->inflight[i] == old) {
			app->inflight[i] = new;
			return true;
		}
	}
	return false;
}

static void
handle_buffer_release(void *data, struct wl_buffer *buffer)
{
	swap_inflight(data, buffer, NULL);
	wl_buffer_destroy(buffer);
}

static const struct wl_buffer_listener buffer_listener = {.release = handle_buffer_release};

/* Square `i` (0-based) in buffer coordinates. */
static void
spot_box(const struct app *app, int i, int *x, int *y)
{
	*x = app->width * spots[i % SPOTS][0] / 8 - PATCH / 2;
	*y = app->height * spots[i % SPOTS][1] / 8 - PATCH / 2;
}

static uint32_t
pixel(const struct app *app, int x, int y)
{
	int w = app->width, h = app->height;
	for (int i = 0; i < app->step; i++) {
		int sx, sy;
		spot_box(app, i, &sx, &sy);
		if (x >= sx && x < sx + PATCH && y >= sy && y < sy + PATCH) {
			return CYAN;
		}
	}
	if (app->step > 0 && x >= w * 7 / 8 && y >= h * 7 / 8) {
		return GREEN; /* never damaged */
	}
	return x < w / 4 && y < h / 4 ? YELLOW : MAGENTA;
}

static struct wl_buffer *
make_buffer(struct app *app)
{
	int w = app->width, h = app->height;
	struct pw_client_canvas cv;
	if (!pw_client_canvas_init(&cv, w, h, WL_SHM_FORMAT_XRGB8888)) {
		return NULL;
	}
	uint32_t *px = cv.pixels;
	for (int y = 0; y < h; y++) {
		for (int x = 0; x < w; x++) {
			px[y * w + x] = pixel(app, x, y);
		}
	}
	struct wl_buffer *buffer = pw_client_canvas_finish(&cv, app->tc.shm);
	wl_buffer_add_listener(buffer, &buffer_listener, app);
	return buffer;
}

static void
handle_frame_done(void *data, struct wl_callback *cb, uint32_t time)
{
	struct app *app = data;
	swap_inflight(app, cb, NULL);
	wl_callback_destroy(cb);
	if (!app->drawn) {
		app->drawn = true;
		test_client_say("drawn %d %d", app->width, app->height);
	} else {
		test_client_say("partial %d", app->step);
	}
}

static const struct wl_callback_listener frame_listener = {.done = handle_frame_done};

static void
handle_sync_output(void *data, struct wp_presentation_feedback *fb, struct wl_output *output)
{
	struct app *app = data;
	if (output == app->tc.output) {
		app->fb_sync++;
	}
}

static void
handle_presented(void *data, struct wp_presentation_feedback *fb, uint32_t sec_hi, uint32_t sec_lo,
	uint32_t nsec, uint32_t refresh, uint32_t seq_hi, uint32_t seq_lo, uint32_t flags)
{
	struct app *app = data;
	long long recv = (long long)test_client_now_ns();
	swap_inflight(app, fb, NULL);
	wp_presentation_feedback_destroy(fb);
	test_client_say("presented %d %llu %u %u %llu %u %d %lld %lld", app->fb_step,
		(unsigned long long)(((uint64_t)sec_hi << 32) | sec_lo), nsec, refresh,
		(unsigned long long)(((uint64_t)seq_hi << 32) | seq_lo), flags, app->fb_sync,
		(long long)app->fb_commit_ns, recv);
}

static void
handle_discarded(void *data, struct wp_presentation_feedback *fb)
{
	struct app *app = data;
	swap_inflight(app, fb, NULL);
	wp_presentation_feedback_destroy(fb);
	test_client_say("discarded %d", app->fb_step);
}

static const struct wp_presentation_feedback_listener feedback_listener = {
	.sync_output = handle_sync_output,
	.presented = handle_presented,
	.discarded = handle_discarded,
};

static void
draw(struct app *app)
{
	struct wl_buffer *buffer = make_buffer(app);
	if (!buffer || !swap_inflight(app, NULL, buffer)) {
		test_client_say("error no buffer");
		exit(1);
	}
	wl_surface_attach(app->top.surface, buffer, 0, 0);
	if (app->step > 0) {
		int x, y;
		spot_box(app, app->step - 1, &x, &y);
		wl_surface_damage_buffer(app->top.surface, x, y, PATCH, PATCH);
	} else {
		wl_surface_damage_buffer(app->top.surface, 0, 0, INT32_MAX, INT32_MAX);
	}
	struct wl_callback *cb = wl_surface_frame(app->top.surface);
	wl_callback_add_listener(cb, &frame_listener, app);
	if (!swap_inflight(app, NULL, cb)) {
		test_client_say("error too many frames in flight");
		exit(1);
	}
	if (app->presentation) {
		/* One answer at a time: the partial updates come seconds apart. */
		struct wp_presentation_feedback *fb =
			wp_presentation_feedback(app->presentation, app->top.surface);
		wp_presentation_feedback_add_listener(fb, &feedback_listener, app);
		if (!swap_inflight(app, NULL, fb)) {
			test_client_say("error too many frames in flight");
			exit(1);
		}
		app->fb_step = app->step;
		app->fb_sync = 0;
	}
	app->fb_commit_ns = test_client_now_ns();
	wl_surface_commit(app->top.surface);
}

/* Draws at the first configure's size and keeps it (or, with follow, each new one's). */
static void
handle_configure(struct pw_client_toplevel *top)
{
	struct app *app = top->data;
	bool resized = top->width != app->width || top->height != app->height;
	if (!app->configured || (app->follow && resized)) {
		app->drawn = false;
		app->configured = true;
		app->width = top->width;
		app->height = top->height;
		test_client_say("configured %d %d", app->width, app->height);
		draw(app);
	}
}

static void
handle_key_enter(void *data, struct wl_surface *surface)
{
	test_client_say("enter");
}

static void
handle_keymap(void *data, uint32_t format, int32_t fd, uint32_t size)
{
	struct app *app = data;
	test_client_say("keymap %u", size);
	pw_client_keys_keymap(&app->keys, format, fd, size);
}

static void
handle_key(void *data, uint32_t time, uint32_t key, bool pressed)
{
	struct app *app = data;
	char name[64];
	test_client_say("key %u %u", key, pressed ? 1u : 0u);
	if (xkb_keysym_get_name(pw_client_keys_base_sym(&app->keys, key), name, sizeof(name)) < 0) {
		snprintf(name, sizeof(name), "none");
	}
	test_client_say("keysym %s %u", name, pressed ? 1u : 0u);
}

static void
handle_modifiers(void *data, uint32_t depressed, uint32_t latched, uint32_t locked, uint32_t group)
{
	struct app *app = data;
	test_client_say("modifiers %u %u %u %u", depressed, latched, locked, group);
	pw_client_keys_modifiers(&app->keys, depressed, latched, locked, group);
}

static void
handle_touch_down(void *data, uint32_t time, int32_t id, double x, double y)
{
	test_client_say("touch down %d %.1f %.1f", id, x, y);
}

static void
handle_touch_up(void *data, uint32_t time, int32_t id)
{
	test_client_say("touch up %d", id);
}

static void
handle_touch_motion(void *data, uint32_t time, int32_t id, double x, double y)
{
	test_client_say("touch motion %d %.1f %.1f", id, x, y);
}

static void
handle_pointer_enter(void *data, uint32_t serial, double x, double y)
{
	test_client_say("pointer %.2f %.2f", x, y);
}

static void
handle_pointer_motion(void *data, uint32_t time, double x, double y)
{
	test_client_say("pointer %.2f %.2f", x, y);
}

static void
handle_pointer_button(void *data, uint32_t time, uint32_t button, bool pressed)
{
	test_client_say("button %u %u", button, pressed ? 1u : 0u);
}

static void
handle_pointer_axis(void *data, uint32_t time, uint32_t axis, double value)
{
	test_client_say("axis %u %.2f", axis, value);
}

static const struct pw_client_input_listener input_listener = {
	.keymap = handle_keymap,
	.key_enter = handle_key_enter,
	.key = handle_key,
	.modifiers = handle_modifiers,
	.touch_down = handle_touch_down,
	.touch_up = handle_touch_up,
	.touch_motion = handle_touch_motion,
};

/* "pointer": the same with a wl_pointer, whose events it logs too (the remote input test) */
static const struct pw_client_input_listener pointer_input_listener = {
	.pointer_enter = handle_pointer_enter,
	.pointer_motion = handle_pointer_motion,
	.pointer_button = handle_pointer_button,
	.pointer_axis = handle_pointer_axis,
	.keymap = handle_keymap,
	.key_enter = handle_key_enter,
	.key = handle_key,
	.modifiers = handle_modifiers,
	.touch_down = handle_touch_down,
	.touch_up = handle_touch_up,
	.touch_motion = handle_touch_motion,
};

/* SIGUSR1: the next cyan square. */
static void
handle_signal(void *data)
{
	struct app *app = data;
	if (app->configured) {
		app->step++;
		draw(app);
	}
}

int
main(int argc, char *argv[])
{
	struct app app = {
		.tc = {.name = "vmclient", .data = &app},
		.top = {.width = 200, .height = 200, .configure = handle_configure, .data = &app},
	};
	const char *presentation_version = getenv("VMCLIENT_PRESENTATION");
	bool tablet = argc > 2 && strcmp(argv[2], "tablet") == 0;
	const struct pw_client_global globals[] = {
		{&wp_presentation_interface,
			presentation_version ? (uint32_t)atoi(presentation_version) : 1,
			(void **)&app.presentation, NULL, NULL},
		{tablet ? &zwp_tablet_manager_v2_interface : NULL, 1, (void **)&app.tablets, NULL,
			NULL},
		{&wp_cursor_shape_manager_v1_interface, 2, (void **)&app.shapes, NULL, NULL},
		{0},
	};
	app.tc.globals = globals;
	app.follow = argc > 2 && strcmp(argv[2], "follow") == 0;
	/* "stubborn": ignores xdg_toplevel.close, a client the panel must offer to kill */
	bool stubborn = argc > 2 && strcmp(argv[2], "stubborn") == 0, never = false;
	if (!test_client_open("vmclient", argc > 1 ? argv[1] : NULL, "@@CLIENT")) {
		return 1;
	}
	int sfd = test_client_signalfd(SIGUSR1);

	pw_client_keys_init(&app.keys, "vmclient");
	bool pointer = argc > 2 && strcmp(argv[2], "pointer") == 0;
	app.follow |=
		pointer || tablet; /* a tile that changes size is drawn at it: no scale to fit */
	pw_client_input_init(&app.tc, pointer ? &pointer_input_listener : &input_listener);
	if (!pw_client_connect(&app.tc, &test_client_versions, -1)) {
		return 1;
	}
	const char *title = getenv("VMCLIENT_TITLE");
	pw_client_toplevel_init(&app.top, &app.tc,
		title              ? title
			: stubborn ? "stubborn"
				   : "vmclient",
		NULL);
	if (app.tablets && app.tc.seat) {
		/* $VMCLIENT_BAD_CURSOR: role or shape, the tool's bad cursor (vmclient_tablet.h) */
		vmclient_tablet_start(app.tablets, app.tc.seat, app.top.surface, app.tc.compositor,
			app.shapes, getenv("VMCLIENT_BAD_CURSOR"));
	} else if (tablet) {
		test_client_say("error no tablet manager");
	}
	wl_surface_commit(app.top.surface);

	test_client_run(&app.tc, stubborn ? &never : &app.top.closed, sfd, handle_signal, &app);
	const struct wl_interface *iface = NULL;
	uint32_t code = wl_display_get_protocol_error(app.tc.display, &iface, NULL);
	if (iface) {
		test_client_say("error protocol %s %u", iface->name, code);
	}
	/* The compositor went or closed the window: free every proxy, so no leak is reported. */
	for (size_t i = 0; i < INFLIGHT; i++) {
		if (app.inflight[i]) {
			wl_proxy_destroy(app.inflight[i]);
		}
	}
	if (app.tablets) {
		vmclient_tablet_finish();
	}
	pw_client_toplevel_finish(&app.top);
	/* the managers are globals[]' proxies: pw_client_disconnect destroys them */
	pw_client_disconnect(&app.tc);
	pw_client_keys_finish(&app.keys);
	close(sfd);
	test_client_close();
	return 0;
}

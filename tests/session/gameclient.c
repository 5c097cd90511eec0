/*
 * The input protocols a game or a remote viewer uses (4.91, 4.92), for test_games.c and
 * test_shortcuts_inhibit.py: a green toplevel that takes the pointer and keys.
 *
 *   gameclient STATE_FILE [--lock|--confine] [--oneshot] [--hint X Y] [--inhibit]
 *              [--shape N] [--app-id ID] [--gestures]
 *
 * --lock/--confine: a persistent (--oneshot: oneshot) zwp_pointer_constraints_v1 lock or
 * confinement of its surface, whole, made once it is drawn; --hint: the lock's cursor position
 * hint. --inhibit: a zwp_keyboard_shortcuts_inhibitor_v1 on its surface. --shape: a
 * wp_cursor_shape_device_v1 sets shape N at each pointer enter. It always binds a relative
 * pointer. Appends one line per event to STATE_FILE: "drawn W H", "enter X Y", "motion X Y",
 * "relative DX DY UX UY" (two decimals), "locked", "unlocked", "confined", "unconfined",
 * "active", "inactive", "key CODE 1|0", "shape N SERIAL", "ready" (the requests answered).
 * --gestures: zwp_pointer_gestures_v1 version 3's swipe, pinch and hold from its pointer
 * (4.104): "swipe begin FINGERS ours|other", "swipe update DX DY", "pinch begin FINGERS
 * ours|other", "pinch update DX DY SCALE ROTATION", "hold begin FINGERS ours|other", and
 * "KIND end CANCELLED" (two decimals; "ours": the begin named its toplevel's surface).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "client.h"
#include "client_seat.h"
#include "cursor-shape-v1-client-protocol.h"
#include "keyboard-shortcuts-inhibit-unstable-v1-client-protocol.h"
#include "pointer-constraints-unstable-v1-client-protocol.h"
#include "pointer-gestures-unstable-v1-client-protocol.h"
#include "relative-pointer-unstable-v1-client-protocol.h"
#include "test_client.h"

#define GREEN 0xff00c000u

struct app {
	struct pw_client tc;
	struct pw_client_toplevel top;
	struct zwp_relative_pointer_manager_v1 *relative_manager;
	struct zwp_pointer_constraints_v1 *constraints;
	struct zwp_keyboard_shortcuts_inhibit_manager_v1 *inhibit_manager;
	struct wp_cursor_shape_manager_v1 *shape_manager;
	struct wp_cursor_shape_device_v1 *shape_device;
	struct zwp_pointer_gestures_v1 *gestures;
	uint32_t shape;
};

static void
handle_enter(void *data, uint32_t serial, double x, double y)
{
	struct app *app = data;

	test_client_say("enter %.2f %.2f", x, y);
	if (app->shape_device) {
		wp_cursor_shape_device_v1_set_shape(app->shape_device, serial, app->shape);
		test_client_say("shape %u %u", app->shape, serial);
	}
}

static void
handle_motion(void *data, uint32_t time, double x, double y)
{
	test_client_say("motion %.2f %.2f", x, y);
}

static void
handle_key(void *data, uint32_t time, uint32_t key, bool pressed)
{
	test_client_say("key %u %d", key, pressed ? 1 : 0);
}

static void
handle_relative_motion(void *data, struct zwp_relative_pointer_v1 *rel, uint32_t utime_hi,
	uint32_t utime_lo, wl_fixed_t dx, wl_fixed_t dy, wl_fixed_t dx_unaccel,
	wl_fixed_t dy_unaccel)
{
	test_client_say("relative %.2f %.2f %.2f %.2f", wl_fixed_to_double(dx),
		wl_fixed_to_double(dy), wl_fixed_to_double(dx_unaccel),
		wl_fixed_to_double(dy_unaccel));
}

static const struct zwp_relative_pointer_v1_listener relative_listener = {
	.relative_motion = handle_relative_motion,
};

static void
handle_locked(void *data, struct zwp_locked_pointer_v1 *locked)
{
	test_client_say("locked");
}

static void
handle_unlocked(void *data, struct zwp_locked_pointer_v1 *locked)
{
	test_client_say("unlocked");
}

static const struct zwp_locked_pointer_v1_listener locked_listener = {
	.locked = handle_locked,
	.unlocked = handle_unlocked,
};

static void
handle_confined(void *data, struct zwp_confined_pointer_v1 *confined)
{
	test_client_say("confined");
}

static void
handle_unconfined(void *data, struct zwp_confined_pointer_v1 *confined)
{
	test_client_say("unconfined");
}

static const struct zwp_confined_pointer_v1_listener confined_listener = {
	.confined = handle_confined,
	.unconfined = handle_unconfined,
};

static void
handle_active(void *data, struct zwp_keyboard_shortcuts_inhibitor_v1 *inhibitor)
{
	test_client_say("active");
}

static void
handle_inactive(void *data, struct zwp_keyboard_shortcuts_inhibitor_v1 *inhibitor)
{
	test_client_say("inactive");
}

static const struct zwp_keyboard_shortcuts_inhibitor_v1_listener inhibitor_listener = {
	.active = handle_active,
	.inactive = handle_inactive,
};

static const char *
whose(struct app *app, struct wl_surface *surface)
{
	return surface && surface == app->top.surface ? "ours" : "other";
}

static void
handle_swipe_begin(void *data, struct zwp_pointer_gesture_swipe_v1 *swipe, uint32_t serial,
	uint32_t time, struct wl_surface *surface, uint32_t fingers)
{
	test_client_say("swipe begin %u %s", fingers, whose(data, surface));
}

static void
handle_swipe_update(void *data, struct zwp_pointer_gesture_swipe_v1 *swipe, uint32_t time,
	wl_fixed_t dx, wl_fixed_t dy)
{
	test_client_say("swipe update %.2f %.2f", wl_fixed_to_double(dx), wl_fixed_to_double(dy));
}

static void
handle_swipe_end(void *data, struct zwp_pointer_gesture_swipe_v1 *swipe, uint32_t serial,
	uint32_t time, int32_t cancelled)
{
	test_client_say("swipe end %d", cancelled);
}

static const struct zwp_pointer_gesture_swipe_v1_listener swipe_listener = {
	.begin = handle_swipe_begin,
	.update = handle_swipe_update,
	.end = handle_swipe_end,
};

static void
handle_pinch_begin(void *data, struct zwp_pointer_gesture_pinch_v1 *pinch, uint32_t serial,
	uint32_t time, struct wl_surface *surface, uint32_t fingers)
{
	test_client_say("pinch begin %u %s", fingers, whose(data, surface));
}

static void
handle_pinch_update(void *data, struct zwp_pointer_gesture_pinch_v1 *pinch, uint32_t time,
	wl_fixed_t dx, wl_fixed_t dy, wl_fixed_t scale, wl_fixed_t rotation)
{
	test_client_say("pinch update %.2f %.2f %.2f %.2f", wl_fixed_to_double(dx),
		wl_fixed_to_double(dy), wl_fixed_to_double(scale), wl_fixed_to_double(rotation));
}

static void
handle_pinch_end(void *data, struct zwp_pointer_gesture_pinch_v1 *pinch, uint32_t serial,
	uint32_t time, int32_t cancelled)
{
	test_client_say("pinch end %d", cancelled);
}

static const struct zwp_pointer_gesture_pinch_v1_listener pinch_listener = {
	.begin = handle_pinch_begin,
	.update = handle_pinch_update,
	.end = handle_pinch_end,
};

static void
handle_hold_begin(void *data, struct zwp_pointer_gesture_hold_v1 *hold, uint32_t serial,
	uint32_t time, struct wl_surface *surface, uint32_t fingers)
{
	test_client_say("hold begin %u %s", fingers, whose(data, surface));
}

static void
handle_hold_end(void *data, struct zwp_pointer_gesture_hold_v1 *hold, uint32_t serial,
	uint32_t time, int32_t cancelled)
{
	test_client_say("hold end %d", cancelled);
}

static const struct zwp_pointer_gesture_hold_v1_listener hold_listener = {
	.begin = handle_hold_begin,
	.end = handle_hold_end,
};

/* --gestures: one object of each kind from the client's pointer (4.104). */
static bool
listen_gestures(struct app *app)
{
	if (!app->gestures ||
		zwp_pointer_gestures_v1_get_version(app->gestures) <
			ZWP_POINTER_GESTURES_V1_GET_HOLD_GESTURE_SINCE_VERSION) {
		fprintf(stderr, "gameclient: no zwp_pointer_gestures_v1 version 3\n");
		return false;
	}
	struct wl_pointer *pointer = app->tc.pointer;
	zwp_pointer_gesture_swipe_v1_add_listener(
		zwp_pointer_gestures_v1_get_swipe_gesture(app->gestures, pointer), &swipe_listener,
		app);
	zwp_pointer_gesture_pinch_v1_add_listener(
		zwp_pointer_gestures_v1_get_pinch_gesture(app->gestures, pointer), &pinch_listener,
		app);
	zwp_pointer_gesture_hold_v1_add_listener(
		zwp_pointer_gestures_v1_get_hold_gesture(app->gestures, pointer), &hold_listener,
		app);
	return true;
}

int
main(int argc, char **argv)
{
	struct app app = {
		.tc = {.name = "gameclient", .data = &app},
		.top = {.width = 100, .height = 100},
	};
	bool lock = false, confine = false, oneshot = false, inhibit = false, hint = false;
	bool gestures = false;
	double hint_x = 0, hint_y = 0;
	const char *app_id = "gameclient";
	int bad = argc < 2;

	for (int i = 2; i < argc && !bad; i++) {
		if (strcmp(argv[i], "--lock") == 0) {
			lock = true;
		} else if (strcmp(argv[i], "--confine") == 0) {
			confine = true;
		} else if (strcmp(argv[i], "--oneshot") == 0) {
			oneshot = true;
		} else if (strcmp(argv[i], "--gestures") == 0) {
			gestures = true;
		} else if (strcmp(argv[i], "--inhibit") == 0) {
			inhibit = true;
		} else if (strcmp(argv[i], "--hint") == 0 && i + 2 < argc) {
			hint = true;
			hint_x = atof(argv[++i]);
			hint_y = atof(argv[++i]);
		} else if (strcmp(argv[i], "--shape") == 0 && i + 1 < argc) {
			app.shape = (uint32_t)strtoul(argv[++i], NULL, 10);
		} else if (strcmp(argv[i], "--app-id") == 0 && i + 1 < argc) {
			app_id = argv[++i];
		} else {
			bad = 1;
		}
	}
	if (bad || (lock && confine)) {
		fprintf(stderr,
			"usage: gameclient STATE_FILE [--lock|--confine] [--oneshot] "
			"[--hint X Y] [--inhibit] [--shape N] [--app-id ID] [--gestures]\n");
		return 2;
	}
	if (!test_client_open("gameclient", argv[1], "@@GAME")) {
		return 1;
	}
	const struct pw_client_global globals[] = {
		{&zwp_relative_pointer_manager_v1_interface, 1, (void **)&app.relative_manager},
		{&zwp_pointer_constraints_v1_interface, 1, (void **)&app.constraints},
		{&zwp_keyboard_shortcuts_inhibit_manager_v1_interface, 1,
			(void **)&app.inhibit_manager},
		{&wp_cursor_shape_manager_v1_interface, 2, (void **)&app.shape_manager},
		{&zwp_pointer_gestures_v1_interface, 3, (void **)&app.gestures},
		{NULL},
	};
	const struct pw_client_input_listener input = {
		.pointer_enter = handle_enter,
		.pointer_motion = handle_motion,
		.key = handle_key,
	};
	const struct pw_client_versions versions = {.compositor = 4,
		.shm = 1,
		.seat = 7,
		.output = 3,
		.wm_base = 1};
	app.tc.globals = globals;
	pw_client_input_init(&app.tc, &input);
	if (!pw_client_connect(&app.tc, &versions, 5000) || !app.tc.seat ||
		pw_client_roundtrip(&app.tc, 5000) != 1 || !app.tc.pointer) {
		fprintf(stderr, "gameclient: no compositor, seat or pointer\n");
		pw_client_disconnect(&app.tc);
		return 1;
	}
	if (!app.relative_manager || !app.constraints || !app.inhibit_manager ||
		!app.shape_manager) {
		fprintf(stderr, "gameclient: a global of 4.91 or 4.92 is not offered\n");
		pw_client_disconnect(&app.tc);
		return 1;
	}
	struct zwp_relative_pointer_v1 *rel =
		zwp_relative_pointer_manager_v1_get_relative_pointer(app.relative_manager,
			app.tc.pointer);
	zwp_relative_pointer_v1_add_listener(rel, &relative_listener, &app);
	if (app.shape) {
		app.shape_device =
			wp_cursor_shape_manager_v1_get_pointer(app.shape_manager, app.tc.pointer);
	}
	if (gestures && !listen_gestures(&app)) {
		pw_client_disconnect(&app.tc);
		return 1;
	}
	pw_client_toplevel_init(&app.top, &app.tc, "gameclient", app_id);
	int status = 1;
	if (!pw_client_toplevel_map(&app.top, GREEN, 5000)) {
		goto out;
	}
	test_client_say("drawn %d %d", app.top.width, app.top.height);
	uint32_t lifetime = oneshot ? ZWP_POINTER_CONSTRAINTS_V1_LIFETIME_ONESHOT
				    : ZWP_POINTER_CONSTRAINTS_V1_LIFETIME_PERSISTENT;
	if (lock) {
		struct zwp_locked_pointer_v1 *locked =
			zwp_pointer_constraints_v1_lock_pointer(app.constraints, app.top.surface,
				app.tc.pointer, NULL, lifetime);
		zwp_locked_pointer_v1_add_listener(locked, &locked_listener, &app);
		if (hint) {
			zwp_locked_pointer_v1_set_cursor_position_hint(locked,
				wl_fixed_from_double(hint_x), wl_fixed_from_double(hint_y));
			wl_surface_commit(app.top.surface);
		}
	} else if (confine) {
		struct zwp_confined_pointer_v1 *confined =
			zwp_pointer_constraints_v1_confine_pointer(app.constraints, app.top.surface,
				app.tc.pointer, NULL, lifetime);
		zwp_confined_pointer_v1_add_listener(confined, &confined_listener, &app);
	}
	if (inhibit) {
		struct zwp_keyboard_shortcuts_inhibitor_v1 *inhibitor =
			zwp_keyboard_shortcuts_inhibit_manager_v1_inhibit_shortcuts(
				app.inhibit_manager, app.top.surface, app.tc.seat);
		zwp_keyboard_shortcuts_inhibitor_v1_add_listener(inhibitor, &inhibitor_listener,
			&app);
	}
	if (pw_client_roundtrip(&app.tc, 5000) != 1) {
		goto out;
	}
	test_client_say("ready");
	/* The constraint objects live as long as the connection: picowl ends them with it. */
	status = pw_client_dispatch_until(&app.tc, &app.top.closed, -1) == 1 ? 0 : 1;
out:
	pw_client_toplevel_finish(&app.top);
	pw_client_disconnect(&app.tc);
	test_client_close();
	return status;
}

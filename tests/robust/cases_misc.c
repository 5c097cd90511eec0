/* Hostile cases: wp_presentation, zxdg_output_manager_v1, wl_seat. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "cases.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

static uint32_t
id_of(void *proxy)
{
	return wl_proxy_get_id(proxy);
}

/* ---- wp_presentation ---- */

static void
handle_fb_sync_output(void *data, struct wp_presentation_feedback *fb, struct wl_output *output)
{
}

static void
handle_fb_presented(void *data, struct wp_presentation_feedback *fb, uint32_t tv_sec_hi,
	uint32_t tv_sec_lo, uint32_t tv_nsec, uint32_t refresh, uint32_t seq_hi, uint32_t seq_lo,
	uint32_t flags)
{
	((struct conn *)data)->events++;
	wp_presentation_feedback_destroy(fb);
}

static void
handle_fb_discarded(void *data, struct wp_presentation_feedback *fb)
{
	((struct conn *)data)->events++;
	wp_presentation_feedback_destroy(fb);
}

static const struct wp_presentation_feedback_listener fb_listener = {
	.sync_output = handle_fb_sync_output,
	.presented = handle_fb_presented,
	.discarded = handle_fb_discarded,
};

/* Feedback asked for, then the surface destroyed before and after its commit. */
static bool
pres_surface_destroyed(struct conn *c)
{
	struct wl_surface *a = wl_compositor_create_surface(c->tc.compositor);
	struct wl_surface *b = wl_compositor_create_surface(c->tc.compositor);

	wp_presentation_feedback_add_listener(wp_presentation_feedback(c->presentation, a),
		&fb_listener, c);
	wl_surface_destroy(a);
	wp_presentation_feedback_add_listener(wp_presentation_feedback(c->presentation, b),
		&fb_listener, c);
	wl_surface_commit(b);
	wl_surface_destroy(b);
	/* each is answered: discarded, as neither surface is shown */
	return conn_wait_events(c, 2, 5000);
}

static bool
pres_feedback_dead_surface(struct conn *c)
{
	struct wl_surface *surface = wl_compositor_create_surface(c->tc.compositor);
	uint32_t sid = id_of(surface);
	uint32_t args[2] = {sid, 0};

	wl_surface_destroy(surface);
	args[1] = raw_new_id(c, &wp_presentation_feedback_interface);
	return raw_send(c, id_of(c->presentation), WP_PRESENTATION_FEEDBACK, args, 2);
}

static bool
pres_double_destroy(struct conn *c)
{
	uint32_t id = id_of(c->presentation);

	wp_presentation_destroy(c->presentation);
	c->presentation = NULL;
	return raw_send(c, id, WP_PRESENTATION_DESTROY, NULL, 0);
}

/* 2,000 feedbacks on one mapped commit: all answered, none leaked. */
static bool
pres_feedback_flood(struct conn *c)
{
	if (!conn_map(c, false)) {
		return false;
	}
	c->events = 0;
	for (int i = 0; i < 2000; i++) {
		wp_presentation_feedback_add_listener(wp_presentation_feedback(c->presentation,
							      c->top.surface),
			&fb_listener, c);
		if (i % 100 == 99) {
			wl_display_flush(c->tc.display);
		}
	}
	wl_surface_attach(c->top.surface, c->top.buffer, 0, 0);
	wl_surface_damage_buffer(c->top.surface, 0, 0, 1, 1);
	wl_surface_commit(c->top.surface);
	return conn_wait_events(c, 2000, 10000);
}

static const struct rcase presentation_cases[] = {
	{"presentation-feedback-surface-destroyed", pres_surface_destroyed, EXPECT_NONE},
	/* libwayland answers an argument naming no live object as invalid arguments */
	{"presentation-feedback-on-dead-surface-id", pres_feedback_dead_surface, EXPECT_ERROR,
		"wl_display", WL_DISPLAY_ERROR_INVALID_METHOD},
	{"presentation-destroy-twice", pres_double_destroy, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_INVALID_OBJECT},
	{"presentation-2000-feedbacks-one-commit", pres_feedback_flood, EXPECT_NONE},
};

const struct group presentation_group = {"presentation", presentation_cases, N(presentation_cases)};

/* ---- zxdg_output_manager_v1 ---- */

static bool
xo_many(struct conn *c)
{
	for (int i = 0; i < 100; i++) {
		struct zxdg_output_v1 *o =
			zxdg_output_manager_v1_get_xdg_output(c->xdg_output, c->tc.output);
		if (i % 2) {
			zxdg_output_v1_destroy(o);
		}
	}
	wl_output_release(c->tc.output);
	c->tc.output = NULL;
	zxdg_output_manager_v1_destroy(c->xdg_output);
	c->xdg_output = NULL;
	return true;
}

static bool
xo_not_an_output(struct conn *c)
{
	struct wl_surface *surface = wl_compositor_create_surface(c->tc.compositor);
	uint32_t args[2] = {raw_new_id(c, &zxdg_output_v1_interface), id_of(surface)};

	return raw_send(c, id_of(c->xdg_output), ZXDG_OUTPUT_MANAGER_V1_GET_XDG_OUTPUT, args, 2);
}

static bool
xo_released_output(struct conn *c)
{
	uint32_t output = id_of(c->tc.output);

	wl_output_release(c->tc.output);
	c->tc.output = NULL;
	uint32_t args[2] = {raw_new_id(c, &zxdg_output_v1_interface), output};
	return raw_send(c, id_of(c->xdg_output), ZXDG_OUTPUT_MANAGER_V1_GET_XDG_OUTPUT, args, 2);
}

static const struct rcase xdg_output_cases[] = {
	{"xdg-output-100-for-one-output", xo_many, EXPECT_NONE},
	{"xdg-output-of-a-surface", xo_not_an_output, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_INVALID_METHOD},
	{"xdg-output-of-a-released-output", xo_released_output, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_INVALID_METHOD},
};

const struct group xdg_output_group = {"xdg-output", xdg_output_cases, N(xdg_output_cases)};

/* ---- wl_seat ---- */

static void
handle_pointer_enter(void *data, uint32_t serial, double x, double y)
{
	struct conn *c = data;

	c->serial = serial;
	c->events++;
}

static const struct pw_client_input_listener pointer_listener = {
	.pointer_enter = handle_pointer_enter,
};

/*
 * picowl runs this group with --test-hooks; with no pointer device there is no pointer until
 * a motion comes (issue 16), so the cases that need one move it to 0,0 first.
 */
static bool
pointer_exists(struct conn *c)
{
	if (!c->control || wl_proxy_get_version((struct wl_proxy *)c->control) < 2) {
		printf("  no picowl_control_v1 version 2 (the pointer hooks)\n");
		return false;
	}
	picowl_control_v1_inject_pointer_motion(c->control, 0, 0);
	return true;
}

/*
 * A fullscreen toplevel: the pointer, moved to 0,0, is over it and enters it; the cursor can
 * then be set with the enter's serial.
 */
static struct wl_pointer *
pointer_in(struct conn *c)
{
	struct wl_pointer *pointer = wl_seat_get_pointer(c->tc.seat);

	pw_client_pointer_listen(&c->tc, &pointer_listener, pointer);
	if (!pointer_exists(c) || !conn_map(c, true) || !conn_wait_events(c, 1, 5000)) {
		printf("  no pointer enter on the fullscreen toplevel\n");
		return NULL;
	}
	return pointer;
}

static bool
seat_get_many(struct conn *c)
{
	for (int i = 0; i < 100; i++) {
		struct wl_pointer *p = wl_seat_get_pointer(c->tc.seat);
		struct wl_keyboard *k = wl_seat_get_keyboard(c->tc.seat);
		struct wl_touch *t = wl_seat_get_touch(c->tc.seat);
		if (i % 2) {
			wl_pointer_release(p);
			wl_keyboard_release(k);
			wl_touch_release(t);
		}
		if (i % 10 == 9) {
			wl_display_flush(c->tc.display);
		}
	}
	wl_seat_release(c->tc.seat);
	c->tc.seat = NULL;
	return true;
}

static bool
seat_cursor_toplevel(struct conn *c)
{
	struct wl_pointer *pointer = pointer_in(c);

	if (pointer) {
		wl_pointer_set_cursor(pointer, c->serial, c->top.surface, 0, 0);
	}
	return pointer != NULL;
}

static bool
seat_cursor_subsurface(struct conn *c)
{
	struct wl_pointer *pointer = pointer_in(c);
	struct wl_surface *sub = wl_compositor_create_surface(c->tc.compositor);

	wl_subcompositor_get_subsurface(c->tc.subcompositor, sub, c->top.surface);
	if (pointer) {
		wl_pointer_set_cursor(pointer, c->serial, sub, 0, 0);
	}
	return pointer != NULL;
}

/* A plain surface takes the cursor role, with a hotspot far out; then again, and none. */
static bool
seat_cursor_odd(struct conn *c)
{
	struct wl_pointer *pointer = pointer_in(c);
	struct wl_surface *cursor = wl_compositor_create_surface(c->tc.compositor);

	if (!pointer) {
		return false;
	}
	wl_pointer_set_cursor(pointer, c->serial, cursor, INT32_MIN, INT32_MAX);
	wl_surface_attach(cursor, pw_client_solid_buffer(&c->tc, 4, 4, 0xffffffffu), 0, 0);
	wl_surface_offset(cursor, INT32_MAX, INT32_MIN);
	wl_surface_commit(cursor);
	wl_pointer_set_cursor(pointer, c->serial, cursor, INT32_MAX, INT32_MIN);
	wl_pointer_set_cursor(pointer, c->serial + 1000, cursor, 1, 1);
	wl_pointer_set_cursor(pointer, c->serial, NULL, 0, 0);
	wl_surface_destroy(cursor);
	wl_pointer_set_cursor(pointer, c->serial, NULL, 0, 0);
	return pw_client_roundtrip(&c->tc, 5000) == 1;
}

static bool
seat_released(struct conn *c)
{
	uint32_t seat = id_of(c->tc.seat);

	wl_seat_release(c->tc.seat);
	c->tc.seat = NULL;
	uint32_t args[1] = {raw_new_id(c, &wl_pointer_interface)};
	return raw_send(c, seat, WL_SEAT_GET_POINTER, args, 1);
}

/* The order of a mapping surface's wl_surface.enter and wl_pointer.enter (issue 16: yambar
 * crashed on a pointer enter that came first). */
static int order_step, surface_entered, pointer_entered;

static void
handle_order_surface_enter(void *data, struct wl_surface *surface, struct wl_output *output)
{
	surface_entered = ++order_step;
}

static void
handle_order_surface_leave(void *data, struct wl_surface *surface, struct wl_output *output)
{
}

static const struct wl_surface_listener order_surface_listener = {
	.enter = handle_order_surface_enter,
	.leave = handle_order_surface_leave,
};

static void
handle_order_pointer_enter(void *data, uint32_t serial, double x, double y)
{
	struct conn *c = data;

	pointer_entered = ++order_step;
	c->events++;
}

static const struct pw_client_input_listener order_pointer_listener = {
	.pointer_enter = handle_order_pointer_enter,
};

/* A fullscreen toplevel maps under the pointer (at 0,0): its output enter comes first. */
static bool
seat_pointer_enter_after_output_enter(struct conn *c)
{
	struct wl_pointer *pointer = wl_seat_get_pointer(c->tc.seat);

	order_step = surface_entered = pointer_entered = 0;
	pw_client_pointer_listen(&c->tc, &order_pointer_listener, pointer);
	if (!pointer_exists(c)) {
		return false;
	}
	c->top.width = c->top.height = 64;
	pw_client_toplevel_init(&c->top, &c->tc, NULL, "robust-cases");
	wl_surface_add_listener(c->top.surface, &order_surface_listener, c);
	xdg_toplevel_set_fullscreen(c->top.toplevel, NULL);
	if (!pw_client_toplevel_map(&c->top, 0xff0000ffu, 5000) || !conn_wait_events(c, 1, 5000)) {
		printf("  no pointer enter on the fullscreen toplevel\n");
		return false;
	}
	if (!surface_entered || surface_entered > pointer_entered) {
		printf("  wl_pointer.enter came %s wl_surface.enter (steps %d and %d)\n",
			surface_entered ? "before" : "without", pointer_entered, surface_entered);
		return false;
	}
	return true;
}

/*
 * Before any pointer device or motion (this group's first case), a fullscreen toplevel over
 * 0,0 gets no pointer enter: yambar crashed on one with only a touchscreen there.
 */
static bool
seat_no_pointer_no_enter(struct conn *c)
{
	struct wl_pointer *pointer = wl_seat_get_pointer(c->tc.seat);

	pw_client_pointer_listen(&c->tc, &pointer_listener, pointer);
	if (!conn_map(c, true)) {
		return false;
	}
	if (conn_wait_events(c, 1, 500)) {
		printf("  a pointer enter with no pointer device\n");
		return false;
	}
	return true;
}

static const struct rcase seat_cases[] = {
	{"seat-no-pointer-enter-without-a-pointer", seat_no_pointer_no_enter, EXPECT_NONE},
	{"seat-pointer-enter-after-output-enter", seat_pointer_enter_after_output_enter,
		EXPECT_NONE},
	{"seat-get-pointer-keyboard-touch-100-times", seat_get_many, EXPECT_NONE},
	{"seat-cursor-is-a-toplevel", seat_cursor_toplevel, EXPECT_ERROR, "wl_pointer",
		WL_POINTER_ERROR_ROLE},
	{"seat-cursor-is-a-subsurface", seat_cursor_subsurface, EXPECT_ERROR, "wl_pointer",
		WL_POINTER_ERROR_ROLE},
	{"seat-cursor-plain-surface-extreme-hotspots", seat_cursor_odd, EXPECT_NONE},
	{"seat-get-pointer-after-release", seat_released, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_INVALID_OBJECT},
};

const struct group seat_group = {"seat", seat_cases, N(seat_cases)};

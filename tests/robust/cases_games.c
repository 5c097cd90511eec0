/*
 * Hostile cases: zwp_pointer_constraints_v1 with zwp_relative_pointer_manager_v1 (input/
 * pointer_constraints.c, relative_pointer.c), zwp_keyboard_shortcuts_inhibit_manager_v1
 * (input/shortcuts_inhibit.c) and wp_cursor_shape_manager_v1 (input/cursor_shape.c): 4.91, 4.92.
 * A region of the wrong interface or naming no object is the wire cases' (libwayland's).
 */
#include <stdio.h>
#include <string.h>

#include "cases.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

static bool
have(struct conn *c, void *global, const char *name)
{
	if (!global || !c->tc.seat) {
		printf("  %s or wl_seat is not offered to this client\n", name);
		return false;
	}
	return true;
}

/* A mapped window and a wl_pointer of the seat, for the constraint cases. */
static struct wl_pointer *
mapped_pointer(struct conn *c)
{
	if (!have(c, c->pointer_constraints, "zwp_pointer_constraints_v1") || !conn_map(c, false)) {
		return NULL;
	}
	return wl_seat_get_pointer(c->tc.seat);
}

/* lock_pointer twice on one surface: already_constrained. */
static bool
lock_twice(struct conn *c)
{
	struct wl_pointer *p = mapped_pointer(c);
	if (!p) {
		return false;
	}
	zwp_pointer_constraints_v1_lock_pointer(c->pointer_constraints, c->top.surface, p, NULL,
		ZWP_POINTER_CONSTRAINTS_V1_LIFETIME_PERSISTENT);
	zwp_pointer_constraints_v1_lock_pointer(c->pointer_constraints, c->top.surface, p, NULL,
		ZWP_POINTER_CONSTRAINTS_V1_LIFETIME_ONESHOT);
	return true;
}

/* A confinement on a surface that has a lock: already_constrained. */
static bool
lock_then_confine(struct conn *c)
{
	struct wl_pointer *p = mapped_pointer(c);
	if (!p) {
		return false;
	}
	zwp_pointer_constraints_v1_lock_pointer(c->pointer_constraints, c->top.surface, p, NULL,
		ZWP_POINTER_CONSTRAINTS_V1_LIFETIME_ONESHOT);
	zwp_pointer_constraints_v1_confine_pointer(c->pointer_constraints, c->top.surface, p, NULL,
		ZWP_POINTER_CONSTRAINTS_V1_LIFETIME_ONESHOT);
	return true;
}

/* A lifetime that is neither oneshot nor persistent: a malformed request. */
static bool
bad_lifetime(struct conn *c)
{
	struct wl_pointer *p = mapped_pointer(c);
	if (!p) {
		return false;
	}
	zwp_pointer_constraints_v1_confine_pointer(c->pointer_constraints, c->top.surface, p, NULL,
		7);
	return true;
}

/* A lock destroyed, then another on the surface: allowed, no error. */
static bool
relock(struct conn *c)
{
	struct wl_pointer *p = mapped_pointer(c);
	if (!p) {
		return false;
	}
	for (int i = 0; i < 100; i++) {
		struct zwp_locked_pointer_v1 *l =
			zwp_pointer_constraints_v1_lock_pointer(c->pointer_constraints,
				c->top.surface, p, NULL,
				ZWP_POINTER_CONSTRAINTS_V1_LIFETIME_PERSISTENT);
		zwp_locked_pointer_v1_destroy(l);
	}
	return true;
}

/*
 * The surface destroyed under its lock and confinement: they stay, inert; their requests (a
 * region whose wl_region is already destroyed, a hint, destroy) change nothing.
 */
static bool
surface_gone(struct conn *c)
{
	struct wl_pointer *p = mapped_pointer(c);
	if (!p) {
		return false;
	}
	struct wl_surface *a = wl_compositor_create_surface(c->tc.compositor);
	struct wl_surface *b = wl_compositor_create_surface(c->tc.compositor);
	struct zwp_locked_pointer_v1 *l =
		zwp_pointer_constraints_v1_lock_pointer(c->pointer_constraints, a, p, NULL,
			ZWP_POINTER_CONSTRAINTS_V1_LIFETIME_PERSISTENT);
	struct zwp_confined_pointer_v1 *f =
		zwp_pointer_constraints_v1_confine_pointer(c->pointer_constraints, b, p, NULL,
			ZWP_POINTER_CONSTRAINTS_V1_LIFETIME_ONESHOT);
	struct wl_region *r = wl_compositor_create_region(c->tc.compositor);
	wl_region_add(r, 0, 0, 10, 10);
	zwp_locked_pointer_v1_set_region(l, r);
	zwp_confined_pointer_v1_set_region(f, r);
	wl_region_destroy(r);
	wl_surface_destroy(a);
	wl_surface_destroy(b);
	zwp_locked_pointer_v1_set_cursor_position_hint(l, wl_fixed_from_int(-5),
		wl_fixed_from_int(1 << 20));
	zwp_locked_pointer_v1_set_region(l, NULL);
	zwp_confined_pointer_v1_set_region(f, NULL);
	zwp_locked_pointer_v1_destroy(l);
	zwp_confined_pointer_v1_destroy(f);
	return true;
}

/*
 * A lock's region a far one, then empty, then none, each committed, its hint far outside the
 * surface; a relative pointer of a released wl_pointer: nothing breaks, no error.
 */
static bool
regions(struct conn *c)
{
	struct wl_pointer *p = mapped_pointer(c);
	if (!p || !have(c, c->relative_pointer_manager, "zwp_relative_pointer_manager_v1")) {
		return false;
	}
	struct zwp_relative_pointer_v1 *rel =
		zwp_relative_pointer_manager_v1_get_relative_pointer(c->relative_pointer_manager,
			p);
	struct wl_region *empty = wl_compositor_create_region(c->tc.compositor);
	struct wl_region *far = wl_compositor_create_region(c->tc.compositor);
	wl_region_add(far, 1 << 20, 1 << 20, 0x7fffffff, 0x7fffffff);
	struct zwp_locked_pointer_v1 *l =
		zwp_pointer_constraints_v1_lock_pointer(c->pointer_constraints, c->top.surface, p,
			far, ZWP_POINTER_CONSTRAINTS_V1_LIFETIME_PERSISTENT);
	zwp_locked_pointer_v1_set_cursor_position_hint(l, wl_fixed_from_int(-100000),
		wl_fixed_from_int(100000));
	pw_client_toplevel_commit(&c->top, NULL);
	zwp_locked_pointer_v1_set_region(l, empty);
	pw_client_toplevel_commit(&c->top, NULL);
	zwp_locked_pointer_v1_set_region(l, NULL);
	pw_client_toplevel_commit(&c->top, NULL);
	wl_region_destroy(empty);
	wl_region_destroy(far);
	wl_pointer_release(p);
	zwp_locked_pointer_v1_destroy(l);
	zwp_relative_pointer_v1_destroy(rel);
	return true;
}

static const struct rcase constraint_cases[] = {
	{"pointer-constraints-lock-twice", lock_twice, EXPECT_ERROR, "zwp_pointer_constraints_v1",
		ZWP_POINTER_CONSTRAINTS_V1_ERROR_ALREADY_CONSTRAINED},
	{"pointer-constraints-lock-then-confine", lock_then_confine, EXPECT_ERROR,
		"zwp_pointer_constraints_v1", ZWP_POINTER_CONSTRAINTS_V1_ERROR_ALREADY_CONSTRAINED},
	{"pointer-constraints-bad-lifetime", bad_lifetime, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_INVALID_METHOD},
	{"pointer-constraints-relock", relock, EXPECT_NONE},
	{"pointer-constraints-surface-gone", surface_gone, EXPECT_NONE},
	{"pointer-constraints-regions", regions, EXPECT_NONE},
};

const struct group pointer_constraints_group = {"pointer-constraints", constraint_cases,
	N(constraint_cases), NULL};

static struct zwp_keyboard_shortcuts_inhibitor_v1 *
inhibit(struct conn *c, struct wl_surface *surface)
{
	return zwp_keyboard_shortcuts_inhibit_manager_v1_inhibit_shortcuts(
		c->shortcuts_inhibit_manager, surface, c->tc.seat);
}

/* Two inhibitors on one surface: already_inhibited. */
static bool
inhibit_twice(struct conn *c)
{
	if (!have(c, c->shortcuts_inhibit_manager, "zwp_keyboard_shortcuts_inhibit_manager_v1") ||
		!conn_map(c, false)) {
		return false;
	}
	inhibit(c, c->top.surface);
	inhibit(c, c->top.surface);
	return true;
}

/* The surface destroyed under its inhibitor, which stays inert; one destroyed, then another. */
static bool
inhibitor_surface_gone(struct conn *c)
{
	if (!have(c, c->shortcuts_inhibit_manager, "zwp_keyboard_shortcuts_inhibit_manager_v1") ||
		!conn_map(c, false)) {
		return false;
	}
	for (int i = 0; i < 50; i++) {
		zwp_keyboard_shortcuts_inhibitor_v1_destroy(inhibit(c, c->top.surface));
	}
	struct wl_surface *s = wl_compositor_create_surface(c->tc.compositor);
	struct zwp_keyboard_shortcuts_inhibitor_v1 *in = inhibit(c, s);
	wl_surface_destroy(s);
	zwp_keyboard_shortcuts_inhibitor_v1_destroy(in);
	return true;
}

static const struct rcase inhibit_cases[] = {
	{"shortcuts-inhibit-twice", inhibit_twice, EXPECT_ERROR,
		"zwp_keyboard_shortcuts_inhibit_manager_v1",
		ZWP_KEYBOARD_SHORTCUTS_INHIBIT_MANAGER_V1_ERROR_ALREADY_INHIBITED},
	{"shortcuts-inhibit-surface-gone", inhibitor_surface_gone, EXPECT_NONE},
};

const struct group shortcuts_inhibit_group = {"shortcuts-inhibit", inhibit_cases, N(inhibit_cases),
	NULL};

/* A cursor shape device bound at `version` (the conn binds the highest). */
static struct wp_cursor_shape_device_v1 *
shape_device(struct conn *c, uint32_t version)
{
	if (!have(c, c->cursor_shape_manager, "wp_cursor_shape_manager_v1")) {
		return NULL;
	}
	struct wp_cursor_shape_manager_v1 *m = c->cursor_shape_manager;
	for (int i = 0; i < c->n_globals && version != 2; i++) {
		if (strcmp(c->globals[i].interface, wp_cursor_shape_manager_v1_interface.name) ==
			0) {
			m = wl_registry_bind(c->tc.registry, c->globals[i].name,
				&wp_cursor_shape_manager_v1_interface, version);
		}
	}
	return wp_cursor_shape_manager_v1_get_pointer(m, wl_seat_get_pointer(c->tc.seat));
}

static bool
shape_zero(struct conn *c)
{
	struct wp_cursor_shape_device_v1 *d = shape_device(c, 2);
	if (d) {
		wp_cursor_shape_device_v1_set_shape(d, 0, 0);
	}
	return d != NULL;
}

static bool
shape_past_end(struct conn *c)
{
	struct wp_cursor_shape_device_v1 *d = shape_device(c, 2);
	if (d) {
		wp_cursor_shape_device_v1_set_shape(d, 0,
			WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_ALL_RESIZE + 1);
	}
	return d != NULL;
}

/* dnd_ask is version 2's: a version 1 device may not name it. */
static bool
shape_of_v2_on_v1(struct conn *c)
{
	struct wp_cursor_shape_device_v1 *d = shape_device(c, 1);
	if (d) {
		wp_cursor_shape_device_v1_set_shape(d, 0, WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_DND_ASK);
	}
	return d != NULL;
}

/* A serial that is no enter's, and 0xffffffff as a shape's serial: ignored, no error. */
static bool
shape_bad_serial(struct conn *c)
{
	struct wp_cursor_shape_device_v1 *d = shape_device(c, 2);
	if (!d || !conn_map(c, false)) {
		return false;
	}
	wp_cursor_shape_device_v1_set_shape(d, 0xffffffffu, WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_WAIT);
	wp_cursor_shape_device_v1_set_shape(d, 12345, WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_TEXT);
	wp_cursor_shape_device_v1_destroy(d);
	return true;
}

static const struct rcase shape_cases[] = {
	{"cursor-shape-zero", shape_zero, EXPECT_ERROR, "wp_cursor_shape_device_v1",
		WP_CURSOR_SHAPE_DEVICE_V1_ERROR_INVALID_SHAPE},
	{"cursor-shape-past-end", shape_past_end, EXPECT_ERROR, "wp_cursor_shape_device_v1",
		WP_CURSOR_SHAPE_DEVICE_V1_ERROR_INVALID_SHAPE},
	{"cursor-shape-v2-on-v1", shape_of_v2_on_v1, EXPECT_ERROR, "wp_cursor_shape_device_v1",
		WP_CURSOR_SHAPE_DEVICE_V1_ERROR_INVALID_SHAPE},
	{"cursor-shape-bad-serial", shape_bad_serial, EXPECT_NONE},
};

const struct group cursor_shape_group = {"cursor-shape", shape_cases, N(shape_cases), NULL};

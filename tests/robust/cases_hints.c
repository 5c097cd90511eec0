/*
 * Hostile cases: the surface protocols of decision 4.93 (single-pixel buffers, alpha modifier,
 * fractional scale, content type, tearing control). Each bad request alone, and the odd but
 * valid ones that must draw and answer without an error.
 */
#include <stdbool.h>
#include <stdint.h>

#include "cases.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

static struct wl_surface *
new_surface(struct conn *c)
{
	return wl_compositor_create_surface(c->tc.compositor);
}

static bool
alpha_twice(struct conn *c)
{
	struct wl_surface *s = new_surface(c);
	wp_alpha_modifier_v1_get_surface(c->alpha_modifier, s);
	wp_alpha_modifier_v1_get_surface(c->alpha_modifier, s);
	return true;
}

static bool
alpha_surface_gone(struct conn *c)
{
	struct wl_surface *s = new_surface(c);
	struct wp_alpha_modifier_surface_v1 *a =
		wp_alpha_modifier_v1_get_surface(c->alpha_modifier, s);
	wl_surface_destroy(s);
	wp_alpha_modifier_surface_v1_set_multiplier(a, 0);
	return true;
}

/* A new object after the first was destroyed; factor 0 on the mapped window, then back. */
static bool
alpha_again_and_zero(struct conn *c)
{
	if (!conn_map(c, false)) {
		return false;
	}
	struct wl_surface *s = c->top.surface;
	struct wp_alpha_modifier_surface_v1 *a =
		wp_alpha_modifier_v1_get_surface(c->alpha_modifier, s);
	wp_alpha_modifier_surface_v1_destroy(a);
	a = wp_alpha_modifier_v1_get_surface(c->alpha_modifier, s);
	wp_alpha_modifier_surface_v1_set_multiplier(a, 0);
	wl_surface_commit(s);
	wp_alpha_modifier_surface_v1_set_multiplier(a, UINT32_MAX - 1);
	wl_surface_commit(s);
	wp_alpha_modifier_surface_v1_destroy(a);
	wl_surface_commit(s);
	return pw_client_roundtrip(&c->tc, 5000) == 1;
}

static bool
fractional_twice(struct conn *c)
{
	struct wl_surface *s = new_surface(c);
	wp_fractional_scale_manager_v1_get_fractional_scale(c->fractional_scale, s);
	wp_fractional_scale_manager_v1_get_fractional_scale(c->fractional_scale, s);
	return true;
}

static void
handle_preferred_scale(void *data, struct wp_fractional_scale_v1 *fs, uint32_t scale)
{
	struct conn *c = data;
	c->events += scale == 120 ? 1 : 1000;
}

static const struct wp_fractional_scale_v1_listener fractional_listener = {
	.preferred_scale = handle_preferred_scale,
};

/* Each object hears 120 once; one outlives its surface and is destroyed after it. */
static bool
fractional_outlives_surface(struct conn *c)
{
	struct wl_surface *s = new_surface(c);
	struct wp_fractional_scale_v1 *fs =
		wp_fractional_scale_manager_v1_get_fractional_scale(c->fractional_scale, s);
	wp_fractional_scale_v1_add_listener(fs, &fractional_listener, c);
	wl_surface_destroy(s);
	if (pw_client_roundtrip(&c->tc, 5000) != 1 || c->events != 1) {
		return false;
	}
	wp_fractional_scale_v1_destroy(fs);
	return pw_client_roundtrip(&c->tc, 5000) == 1;
}

static bool
content_type_twice(struct conn *c)
{
	struct wl_surface *s = new_surface(c);
	wp_content_type_manager_v1_get_surface_content_type(c->content_type, s);
	wp_content_type_manager_v1_get_surface_content_type(c->content_type, s);
	return true;
}

/* An unknown type (counted as none), a type on a surface that went: no error, no crash. */
static bool
content_type_odd(struct conn *c)
{
	struct wl_surface *s = new_surface(c);
	struct wp_content_type_v1 *t =
		wp_content_type_manager_v1_get_surface_content_type(c->content_type, s);
	wp_content_type_v1_set_content_type(t, UINT32_MAX);
	wl_surface_commit(s);
	wl_surface_destroy(s);
	wp_content_type_v1_set_content_type(t, WP_CONTENT_TYPE_V1_TYPE_GAME);
	wp_content_type_v1_destroy(t);
	return pw_client_roundtrip(&c->tc, 5000) == 1;
}

static bool
tearing_twice(struct conn *c)
{
	struct wl_surface *s = new_surface(c);
	wp_tearing_control_manager_v1_get_tearing_control(c->tearing_control, s);
	wp_tearing_control_manager_v1_get_tearing_control(c->tearing_control, s);
	return true;
}

static bool
tearing_odd(struct conn *c)
{
	struct wl_surface *s = new_surface(c);
	struct wp_tearing_control_v1 *t =
		wp_tearing_control_manager_v1_get_tearing_control(c->tearing_control, s);
	wp_tearing_control_v1_set_presentation_hint(t, UINT32_MAX);
	wl_surface_commit(s);
	wl_surface_destroy(s);
	wp_tearing_control_v1_set_presentation_hint(t,
		WP_TEARING_CONTROL_V1_PRESENTATION_HINT_ASYNC);
	wp_tearing_control_v1_destroy(t);
	return pw_client_roundtrip(&c->tc, 5000) == 1;
}

/*
 * Single-pixel buffers at the extremes on the mapped window, stretched by a viewport to the
 * output and past it: all ones, a colour above its alpha (not premultiplied), all zeros; the
 * buffer destroyed while shown.
 */
static bool
single_pixel_extremes(struct conn *c)
{
	if (!conn_map(c, false)) {
		return false;
	}
	struct wl_surface *s = c->top.surface;
	struct wp_viewport *vp = wp_viewporter_get_viewport(c->viewporter, s);
	const uint32_t colours[][4] = {{UINT32_MAX, UINT32_MAX, UINT32_MAX, UINT32_MAX},
		{UINT32_MAX, 0, UINT32_MAX, 1}, {0, 0, 0, 0}};
	for (size_t i = 0; i < N(colours); i++) {
		struct wl_buffer *b =
			wp_single_pixel_buffer_manager_v1_create_u32_rgba_buffer(c->single_pixel,
				colours[i][0], colours[i][1], colours[i][2], colours[i][3]);
		wp_viewport_set_destination(vp, i == 1 ? INT32_MAX : 240, i == 1 ? INT32_MAX : 320);
		wl_surface_attach(s, b, 0, 0);
		wl_surface_damage_buffer(s, 0, 0, INT32_MAX, INT32_MAX);
		wl_surface_commit(s);
		if (pw_client_roundtrip(&c->tc, 5000) != 1) {
			return false;
		}
		wl_buffer_destroy(b);
	}
	return pw_client_roundtrip(&c->tc, 5000) == 1;
}

/* Without a viewport the buffer is 1x1: a source rectangle past it is the viewport's error. */
static bool
single_pixel_source_outside(struct conn *c)
{
	struct wl_surface *s = new_surface(c);
	struct wp_viewport *vp = wp_viewporter_get_viewport(c->viewporter, s);
	struct wl_buffer *b =
		wp_single_pixel_buffer_manager_v1_create_u32_rgba_buffer(c->single_pixel, 0, 0, 0,
			UINT32_MAX);
	wp_viewport_set_source(vp, 0, 0, wl_fixed_from_int(2), wl_fixed_from_int(2));
	wl_surface_attach(s, b, 0, 0);
	wl_surface_commit(s);
	return true;
}

static const struct rcase cases[] = {
	{"alpha-modifier-already-constructed", alpha_twice, EXPECT_ERROR, "wp_alpha_modifier_v1",
		WP_ALPHA_MODIFIER_V1_ERROR_ALREADY_CONSTRUCTED},
	{"alpha-modifier-no-surface", alpha_surface_gone, EXPECT_ERROR,
		"wp_alpha_modifier_surface_v1", WP_ALPHA_MODIFIER_SURFACE_V1_ERROR_NO_SURFACE},
	{"alpha-modifier-again-and-zero", alpha_again_and_zero, EXPECT_NONE},
	{"fractional-scale-exists", fractional_twice, EXPECT_ERROR,
		"wp_fractional_scale_manager_v1",
		WP_FRACTIONAL_SCALE_MANAGER_V1_ERROR_FRACTIONAL_SCALE_EXISTS},
	{"fractional-scale-outlives-surface", fractional_outlives_surface, EXPECT_NONE},
	{"content-type-already-constructed", content_type_twice, EXPECT_ERROR,
		"wp_content_type_manager_v1", WP_CONTENT_TYPE_MANAGER_V1_ERROR_ALREADY_CONSTRUCTED},
	{"content-type-unknown-and-surface-gone", content_type_odd, EXPECT_NONE},
	{"tearing-control-exists", tearing_twice, EXPECT_ERROR, "wp_tearing_control_manager_v1",
		WP_TEARING_CONTROL_MANAGER_V1_ERROR_TEARING_CONTROL_EXISTS},
	{"tearing-control-unknown-and-surface-gone", tearing_odd, EXPECT_NONE},
	{"single-pixel-extremes", single_pixel_extremes, EXPECT_NONE},
	{"single-pixel-source-outside", single_pixel_source_outside, EXPECT_ERROR, "wp_viewport",
		WP_VIEWPORT_ERROR_OUT_OF_BUFFER},
};

const struct group surface_hints_group = {"surface-hints", cases, N(cases), NULL};

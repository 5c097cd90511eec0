/* Hostile cases: zwlr_layer_shell_v1 and zxdg_decoration_manager_v1. */
#include <stdint.h>
#include <stdio.h>

#include "cases.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* ---- zwlr_layer_shell_v1 ---- */

static struct zwlr_layer_surface_v1 *
layer_surface(struct conn *c, struct wl_surface **surface_out)
{
	struct wl_surface *surface = wl_compositor_create_surface(c->tc.compositor);

	if (surface_out) {
		*surface_out = surface;
	}
	return zwlr_layer_shell_v1_get_layer_surface(c->layer_shell, surface, NULL,
		ZWLR_LAYER_SHELL_V1_LAYER_TOP, "robust");
}

static bool
ls_bad_layer(struct conn *c)
{
	zwlr_layer_shell_v1_get_layer_surface(c->layer_shell,
		wl_compositor_create_surface(c->tc.compositor), NULL, 4, "robust");
	return true;
}

static bool
ls_set_bad_layer(struct conn *c)
{
	zwlr_layer_surface_v1_set_layer(layer_surface(c, NULL), UINT32_MAX);
	return true;
}

static bool
ls_bad_anchor(struct conn *c)
{
	zwlr_layer_surface_v1_set_anchor(layer_surface(c, NULL), 16);
	return true;
}

static bool
ls_bad_keyboard(struct conn *c)
{
	zwlr_layer_surface_v1_set_keyboard_interactivity(layer_surface(c, NULL), 3);
	return true;
}

static bool
ls_zero_size_unanchored(struct conn *c)
{
	struct wl_surface *surface;
	struct zwlr_layer_surface_v1 *ls = layer_surface(c, &surface);

	zwlr_layer_surface_v1_set_size(ls, 0, 0);
	zwlr_layer_surface_v1_set_anchor(ls, ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP);
	wl_surface_commit(surface);
	return true;
}

static void
handle_layer_configure(void *data, struct zwlr_layer_surface_v1 *ls, uint32_t serial,
	uint32_t width, uint32_t height)
{
	struct conn *c = data;

	zwlr_layer_surface_v1_ack_configure(ls, serial);
	c->events++;
}

static void
handle_layer_closed(void *data, struct zwlr_layer_surface_v1 *ls)
{
}

static const struct zwlr_layer_surface_v1_listener layer_listener = {
	.configure = handle_layer_configure,
	.closed = handle_layer_closed,
};

/* A mapped layer surface of size w x h with extreme zone and margins; all legal. */
static bool
layer_extremes(struct conn *c, uint32_t w, uint32_t h, uint32_t anchor, int32_t zone,
	int32_t margin)
{
	struct wl_surface *surface;
	struct zwlr_layer_surface_v1 *ls = layer_surface(c, &surface);

	zwlr_layer_surface_v1_add_listener(ls, &layer_listener, c);
	zwlr_layer_surface_v1_set_size(ls, w, h);
	zwlr_layer_surface_v1_set_anchor(ls, anchor);
	zwlr_layer_surface_v1_set_exclusive_zone(ls, zone);
	zwlr_layer_surface_v1_set_margin(ls, margin, margin, margin, margin);
	wl_surface_commit(surface);
	if (!conn_wait_events(c, 1, 5000)) {
		printf("  no layer configure\n");
		return false;
	}
	wl_surface_attach(surface, pw_client_solid_buffer(&c->tc, 8, 8, 0xffff0000u), 0, 0);
	wl_surface_commit(surface);
	zwlr_layer_surface_v1_set_exclusive_zone(ls, -zone);
	zwlr_layer_surface_v1_set_margin(ls, -margin, margin, -margin, margin);
	wl_surface_commit(surface);
	return pw_client_roundtrip(&c->tc, 5000) == 1;
}

static bool
ls_huge_size(struct conn *c)
{
	return layer_extremes(c, UINT32_MAX, UINT32_MAX, ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP, 0, 0);
}

static bool
ls_zone_max(struct conn *c)
{
	return layer_extremes(c, 0, 20, 13, INT32_MAX, INT32_MAX);
}

static bool
ls_zone_min(struct conn *c)
{
	return layer_extremes(c, 0, 20, 13, INT32_MIN + 1, INT32_MIN);
}

static bool
ls_all_anchors_margins(struct conn *c)
{
	return layer_extremes(c, 0, 0, 15, 100000, -100000);
}

static bool
ls_role_taken(struct conn *c)
{
	struct wl_surface *surface = wl_compositor_create_surface(c->tc.compositor);
	struct xdg_surface *xdg = xdg_wm_base_get_xdg_surface(c->tc.wm_base, surface);

	xdg_surface_get_toplevel(xdg);
	zwlr_layer_shell_v1_get_layer_surface(c->layer_shell, surface, NULL, 0, "robust");
	return true;
}

static bool
ls_has_buffer(struct conn *c)
{
	struct wl_surface *surface = wl_compositor_create_surface(c->tc.compositor);

	wl_surface_attach(surface, pw_client_solid_buffer(&c->tc, 8, 8, 0xffff0000u), 0, 0);
	zwlr_layer_shell_v1_get_layer_surface(c->layer_shell, surface, NULL, 0, "robust");
	return true;
}

/*
 * Unmapped by a commit without a buffer, a layer surface must start over with a commit without
 * a buffer; this one commits a buffer before any new configure. (The very first commit may
 * carry a buffer: picowl accepts it, as the WLCS runner needs.)
 */
static bool
ls_buffer_before_configure(struct conn *c)
{
	struct wl_surface *surface;
	struct zwlr_layer_surface_v1 *ls = layer_surface(c, &surface);
	struct wl_buffer *buffer = pw_client_solid_buffer(&c->tc, 8, 8, 0xffff0000u);

	zwlr_layer_surface_v1_add_listener(ls, &layer_listener, c);
	zwlr_layer_surface_v1_set_size(ls, 8, 8);
	wl_surface_commit(surface);
	if (!conn_wait_events(c, 1, 5000)) {
		printf("  no layer configure\n");
		return false;
	}
	wl_surface_attach(surface, buffer, 0, 0);
	wl_surface_commit(surface);
	wl_surface_attach(surface, NULL, 0, 0);
	wl_surface_commit(surface);
	wl_surface_attach(surface, buffer, 0, 0);
	wl_surface_commit(surface);
	return true;
}

/* The wl_surface goes first; the layer surface's requests then do nothing. */
static bool
ls_surface_gone(struct conn *c)
{
	struct wl_surface *surface;
	struct zwlr_layer_surface_v1 *ls = layer_surface(c, &surface);

	wl_surface_destroy(surface);
	zwlr_layer_surface_v1_set_size(ls, 10, 10);
	zwlr_layer_surface_v1_set_anchor(ls, 15);
	zwlr_layer_surface_v1_set_layer(ls, 1);
	zwlr_layer_surface_v1_ack_configure(ls, 99);
	zwlr_layer_surface_v1_destroy(ls);
	return true;
}

/* set_exclusive_edge (v5) with two edges at once: not one edge. */
static bool
ls_edge_two_bits(struct conn *c)
{
	zwlr_layer_surface_v1_set_exclusive_edge(layer_surface(c, NULL),
		ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP | ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT);
	return true;
}

/* One edge, but not one the surface is anchored to: the error comes at the commit. */
static bool
ls_edge_not_anchored(struct conn *c)
{
	struct wl_surface *surface;
	struct zwlr_layer_surface_v1 *ls = layer_surface(c, &surface);

	zwlr_layer_surface_v1_set_size(ls, 10, 10);
	zwlr_layer_surface_v1_set_anchor(ls,
		ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP | ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT);
	zwlr_layer_surface_v1_set_exclusive_edge(ls, ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM);
	wl_surface_commit(surface);
	return true;
}

/* An edge set, then the anchor changed to include it before the commit: fine, and 0 clears. */
static bool
ls_edge_anchored_later(struct conn *c)
{
	struct wl_surface *surface;
	struct zwlr_layer_surface_v1 *ls = layer_surface(c, &surface);

	zwlr_layer_surface_v1_set_size(ls, 10, 10);
	zwlr_layer_surface_v1_set_exclusive_edge(ls, ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT);
	zwlr_layer_surface_v1_set_anchor(ls,
		ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM | ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT);
	zwlr_layer_surface_v1_set_exclusive_zone(ls, INT32_MAX);
	wl_surface_commit(surface);
	zwlr_layer_surface_v1_set_exclusive_edge(ls, 0);
	zwlr_layer_surface_v1_set_anchor(ls, 0);
	wl_surface_commit(surface);
	return pw_client_roundtrip(&c->tc, 5000) == 1;
}

static const struct rcase layer_shell_cases[] = {
	{"layer-exclusive-edge-two-edges", ls_edge_two_bits, EXPECT_ERROR, "zwlr_layer_surface_v1",
		ZWLR_LAYER_SURFACE_V1_ERROR_INVALID_EXCLUSIVE_EDGE},
	{"layer-exclusive-edge-not-anchored", ls_edge_not_anchored, EXPECT_ERROR,
		"zwlr_layer_surface_v1", ZWLR_LAYER_SURFACE_V1_ERROR_INVALID_EXCLUSIVE_EDGE},
	{"layer-exclusive-edge-anchored-later", ls_edge_anchored_later, EXPECT_NONE},
	{"layer-bad-layer", ls_bad_layer, EXPECT_ERROR, "zwlr_layer_shell_v1",
		ZWLR_LAYER_SHELL_V1_ERROR_INVALID_LAYER},
	/* the protocol's own quirk: the shell's error code, on the layer surface */
	{"layer-set-bad-layer", ls_set_bad_layer, EXPECT_ERROR, "zwlr_layer_surface_v1",
		ZWLR_LAYER_SHELL_V1_ERROR_INVALID_LAYER},
	{"layer-bad-anchor", ls_bad_anchor, EXPECT_ERROR, "zwlr_layer_surface_v1",
		ZWLR_LAYER_SURFACE_V1_ERROR_INVALID_ANCHOR},
	{"layer-bad-keyboard-interactivity", ls_bad_keyboard, EXPECT_ERROR, "zwlr_layer_surface_v1",
		ZWLR_LAYER_SURFACE_V1_ERROR_INVALID_KEYBOARD_INTERACTIVITY},
	{"layer-size-0-without-opposite-anchors", ls_zero_size_unanchored, EXPECT_ERROR,
		"zwlr_layer_surface_v1", ZWLR_LAYER_SURFACE_V1_ERROR_INVALID_SIZE},
	{"layer-size-uint32-max", ls_huge_size, EXPECT_NONE},
	{"layer-zone-and-margins-int32-max", ls_zone_max, EXPECT_NONE},
	{"layer-zone-and-margins-int32-min", ls_zone_min, EXPECT_NONE},
	{"layer-all-anchors-huge-margins", ls_all_anchors_margins, EXPECT_NONE},
	{"layer-surface-with-xdg-role", ls_role_taken, EXPECT_ERROR, "zwlr_layer_shell_v1",
		ZWLR_LAYER_SHELL_V1_ERROR_ROLE},
	{"layer-surface-with-buffer", ls_has_buffer, EXPECT_ERROR, "zwlr_layer_shell_v1",
		ZWLR_LAYER_SHELL_V1_ERROR_ALREADY_CONSTRUCTED},
	{"layer-buffer-before-configure", ls_buffer_before_configure, EXPECT_ERROR,
		"zwlr_layer_surface_v1", ZWLR_LAYER_SURFACE_V1_ERROR_INVALID_SURFACE_STATE},
	{"layer-requests-after-surface-gone", ls_surface_gone, EXPECT_NONE},
};

const struct group layer_shell_group = {"layer-shell", layer_shell_cases, N(layer_shell_cases)};

/* ---- zxdg_decoration_manager_v1 ---- */

static void
handle_deco_configure(void *data, struct zxdg_toplevel_decoration_v1 *deco, uint32_t mode)
{
	struct conn *c = data;

	c->events += mode == ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE;
}

static const struct zxdg_toplevel_decoration_v1_listener deco_listener = {
	.configure = handle_deco_configure,
};

static struct xdg_toplevel *
bare_toplevel(struct conn *c, struct xdg_surface **xdg_out)
{
	struct wl_surface *surface = wl_compositor_create_surface(c->tc.compositor);
	struct xdg_surface *xdg = xdg_wm_base_get_xdg_surface(c->tc.wm_base, surface);

	if (xdg_out) {
		*xdg_out = xdg;
	}
	return xdg_surface_get_toplevel(xdg);
}

static bool
deco_twice(struct conn *c)
{
	struct xdg_toplevel *toplevel = bare_toplevel(c, NULL);

	zxdg_decoration_manager_v1_get_toplevel_decoration(c->decoration, toplevel);
	zxdg_decoration_manager_v1_get_toplevel_decoration(c->decoration, toplevel);
	return true;
}

static bool
deco_bad_mode(struct conn *c)
{
	struct zxdg_toplevel_decoration_v1 *deco =
		zxdg_decoration_manager_v1_get_toplevel_decoration(c->decoration,
			bare_toplevel(c, NULL));

	zxdg_toplevel_decoration_v1_add_listener(deco, &deco_listener, c);
	zxdg_toplevel_decoration_v1_set_mode(deco, 99);
	zxdg_toplevel_decoration_v1_set_mode(deco, 0);
	zxdg_toplevel_decoration_v1_unset_mode(deco);
	/* the answer to each: server-side, whatever was asked */
	return conn_wait_events(c, 4, 5000);
}

static bool
deco_orphaned(struct conn *c)
{
	struct xdg_toplevel *toplevel = bare_toplevel(c, NULL);

	zxdg_decoration_manager_v1_get_toplevel_decoration(c->decoration, toplevel);
	xdg_toplevel_destroy(toplevel);
	return true;
}

static bool
deco_after_buffer(struct conn *c)
{
	if (!conn_map(c, false)) {
		return false;
	}
	zxdg_decoration_manager_v1_get_toplevel_decoration(c->decoration, c->top.toplevel);
	return true;
}

/* The decoration and then the manager go first, in the right order: nothing to complain of. */
static bool
deco_clean_order(struct conn *c)
{
	struct xdg_surface *xdg;
	struct xdg_toplevel *toplevel = bare_toplevel(c, &xdg);
	struct zxdg_toplevel_decoration_v1 *deco =
		zxdg_decoration_manager_v1_get_toplevel_decoration(c->decoration, toplevel);

	zxdg_decoration_manager_v1_destroy(c->decoration);
	c->decoration = NULL;
	zxdg_toplevel_decoration_v1_set_mode(deco, 1);
	zxdg_toplevel_decoration_v1_destroy(deco);
	xdg_toplevel_destroy(toplevel);
	xdg_surface_destroy(xdg);
	return true;
}

static const struct rcase decoration_cases[] = {
	{"decoration-twice-for-one-toplevel", deco_twice, EXPECT_ERROR,
		"zxdg_decoration_manager_v1",
		ZXDG_TOPLEVEL_DECORATION_V1_ERROR_ALREADY_CONSTRUCTED},
	{"decoration-bad-mode", deco_bad_mode, EXPECT_NONE},
	{"decoration-toplevel-destroyed-first", deco_orphaned, EXPECT_ERROR,
		"zxdg_toplevel_decoration_v1", ZXDG_TOPLEVEL_DECORATION_V1_ERROR_ORPHANED},
	{"decoration-after-buffer", deco_after_buffer, EXPECT_ERROR, "zxdg_decoration_manager_v1",
		ZXDG_TOPLEVEL_DECORATION_V1_ERROR_UNCONFIGURED_BUFFER},
	{"decoration-manager-destroyed-first", deco_clean_order, EXPECT_NONE},
};

const struct group decoration_group = {"decoration", decoration_cases, N(decoration_cases)};

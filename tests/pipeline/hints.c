/*
 * A window drawn through the surface protocols of decision 4.93, for test_surface_hints.py:
 *
 *   hints STATE_FILE
 *
 * Maps a toplevel filled blue and asks for its fractional scale, content type "game" and the
 * async presentation hint. Over it go two desynchronized subsurfaces, each a single-pixel
 * buffer stretched by a viewport: the left half opaque white through an alpha modifier of one
 * half, the right half red at half alpha (premultiplied). Appends "scale N" (the preferred scale
 * heard), then "stage 1 W H" when all is committed. At SIGUSR1 it destroys the alpha modifier
 * and commits the left subsurface (opaque white again) and appends "stage 2". Runs until closed.
 *
 *   hints STATE_FILE --corner left|top|none
 *
 * Layer shell 5 instead: a window drawn blue at every configure (a single-pixel buffer at the
 * configured size), and a red 40x40 layer surface in the top left corner with an exclusive zone
 * of 40 along the edge named (none: no exclusive edge, so the corner's zone counts as 0).
 * Appends "corner mapped" once both are shown.
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "alpha-modifier-v1-client-protocol.h"
#include "client.h"
#include "content-type-v1-client-protocol.h"
#include "fractional-scale-v1-client-protocol.h"
#include "single-pixel-buffer-v1-client-protocol.h"
#include "tearing-control-v1-client-protocol.h"
#include "test_client.h"
#include "viewporter-client-protocol.h"
#include "wlr-layer-shell-unstable-v1-client-protocol.h"

#define BLUE 0xff0000ffu
#define HALF 0x80000000u

struct hints {
	struct pw_client client;
	struct wp_single_pixel_buffer_manager_v1 *single_pixel;
	struct wp_viewporter *viewporter;
	struct wp_alpha_modifier_v1 *alpha_modifier;
	struct wp_fractional_scale_manager_v1 *fractional;
	struct wp_content_type_manager_v1 *content_type;
	struct wp_tearing_control_manager_v1 *tearing;
	struct zwlr_layer_shell_v1 *layer_shell;
	struct wp_viewport *top_viewport;
	uint32_t layer_serial;
	bool layer_configured;
	struct wl_surface *left;
	struct wp_alpha_modifier_surface_v1 *left_alpha;
	uint32_t scale;
};

static void
handle_preferred_scale(void *data, struct wp_fractional_scale_v1 *fs, uint32_t scale)
{
	((struct hints *)data)->scale = scale;
}

static const struct wp_fractional_scale_v1_listener fractional_listener = {
	.preferred_scale = handle_preferred_scale,
};

/* A desynchronized subsurface of `parent` at x,y showing one colour stretched to w x h. */
static struct wl_surface *
solid_child(struct hints *h, struct wl_surface *parent, int x, int y, int w, int hgt,
	const uint32_t rgba[4])
{
	struct wl_surface *s = wl_compositor_create_surface(h->client.compositor);
	struct wl_subsurface *sub =
		wl_subcompositor_get_subsurface(h->client.subcompositor, s, parent);
	wl_subsurface_set_position(sub, x, y);
	wl_subsurface_set_desync(sub);
	struct wp_viewport *vp = wp_viewporter_get_viewport(h->viewporter, s);
	wp_viewport_set_destination(vp, w, hgt);
	struct wl_buffer *b =
		wp_single_pixel_buffer_manager_v1_create_u32_rgba_buffer(h->single_pixel, rgba[0],
			rgba[1], rgba[2], rgba[3]);
	wl_surface_attach(s, b, 0, 0);
	wl_surface_damage_buffer(s, 0, 0, 1, 1);
	return s;
}

static void
handle_usr1(void *data)
{
	struct hints *h = data;
	if (!h->left_alpha) {
		return;
	}
	wp_alpha_modifier_surface_v1_destroy(h->left_alpha);
	h->left_alpha = NULL;
	wl_surface_commit(h->left);
	if (pw_client_roundtrip(&h->client, 5000) == 1) {
		test_client_say("stage 2");
	}
}

static struct wl_buffer *
solid(struct hints *h, uint32_t r, uint32_t g, uint32_t b)
{
	return wp_single_pixel_buffer_manager_v1_create_u32_rgba_buffer(h->single_pixel, r, g, b,
		UINT32_MAX);
}

/* The window at its configured size, blue. */
static void
handle_top_configure(struct pw_client_toplevel *top)
{
	struct hints *h = top->data;
	if (top->configured_width <= 0 || top->configured_height <= 0) {
		return;
	}
	wp_viewport_set_destination(h->top_viewport, top->configured_width, top->configured_height);
	wl_surface_attach(top->surface, solid(h, 0, 0, UINT32_MAX), 0, 0);
	wl_surface_damage_buffer(top->surface, 0, 0, 1, 1);
	wl_surface_commit(top->surface);
}

static void
handle_layer_configure(void *data, struct zwlr_layer_surface_v1 *ls, uint32_t serial, uint32_t w,
	uint32_t hgt)
{
	struct hints *h = data;
	zwlr_layer_surface_v1_ack_configure(ls, serial);
	h->layer_configured = true;
}

static void
handle_layer_closed(void *data, struct zwlr_layer_surface_v1 *ls)
{
}

static const struct zwlr_layer_surface_v1_listener layer_listener = {
	.configure = handle_layer_configure,
	.closed = handle_layer_closed,
};

static int
run_corner(struct hints *h, const char *edge_name)
{
	uint32_t edge = strcmp(edge_name, "left") == 0 ? ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT
		: strcmp(edge_name, "top") == 0        ? ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP
						       : 0;
	struct pw_client_toplevel top = {.width = 64, .height = 64};
	pw_client_toplevel_init(&top, &h->client, "hints", "hints");
	top.data = h;
	top.configure = handle_top_configure;
	h->top_viewport = wp_viewporter_get_viewport(h->viewporter, top.surface);
	int status = 1;
	if (!pw_client_toplevel_wait_configure(&top, 5000)) {
		goto out;
	}
	struct wl_surface *s = wl_compositor_create_surface(h->client.compositor);
	struct zwlr_layer_surface_v1 *ls = zwlr_layer_shell_v1_get_layer_surface(h->layer_shell, s,
		NULL, ZWLR_LAYER_SHELL_V1_LAYER_TOP, "corner");
	zwlr_layer_surface_v1_add_listener(ls, &layer_listener, h);
	zwlr_layer_surface_v1_set_size(ls, 40, 40);
	zwlr_layer_surface_v1_set_anchor(ls,
		ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP | ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT);
	zwlr_layer_surface_v1_set_exclusive_zone(ls, 40);
	if (edge) {
		zwlr_layer_surface_v1_set_exclusive_edge(ls, edge);
	}
	wl_surface_commit(s);
	if (pw_client_dispatch_until(&h->client, &h->layer_configured, 5000) != 1) {
		goto out;
	}
	wp_viewport_set_destination(wp_viewporter_get_viewport(h->viewporter, s), 40, 40);
	wl_surface_attach(s, solid(h, UINT32_MAX, 0, 0), 0, 0);
	wl_surface_damage_buffer(s, 0, 0, 1, 1);
	wl_surface_commit(s);
	if (pw_client_roundtrip(&h->client, 5000) != 1 ||
		pw_client_roundtrip(&h->client, 5000) != 1) {
		goto out;
	}
	test_client_say("corner mapped");
	status = pw_client_dispatch_until(&h->client, &top.closed, -1) == 1 ? 0 : 1;
out:
	pw_client_toplevel_finish(&top);
	return status;
}

int
main(int argc, char **argv)
{
	bool corner = argc == 4 && strcmp(argv[2], "--corner") == 0;
	if (argc != 2 && !corner) {
		fprintf(stderr, "usage: hints STATE_FILE [--corner left|top|none]\n");
		return 2;
	}
	if (!test_client_open("hints", argv[1], NULL)) {
		return 1;
	}
	struct hints h = {0};
	const struct pw_client_global globals[] = {
		{&wp_single_pixel_buffer_manager_v1_interface, 1, (void **)&h.single_pixel, NULL,
			NULL},
		{&wp_viewporter_interface, 1, (void **)&h.viewporter, NULL, NULL},
		{&wp_alpha_modifier_v1_interface, 1, (void **)&h.alpha_modifier, NULL, NULL},
		{&wp_fractional_scale_manager_v1_interface, 1, (void **)&h.fractional, NULL, NULL},
		{&wp_content_type_manager_v1_interface, 1, (void **)&h.content_type, NULL, NULL},
		{&wp_tearing_control_manager_v1_interface, 1, (void **)&h.tearing, NULL, NULL},
		{&zwlr_layer_shell_v1_interface, 5, (void **)&h.layer_shell, NULL, NULL},
		{NULL},
	};
	h.client = (struct pw_client){.name = "hints", .globals = globals};
	const struct pw_client_versions want = {.compositor = 4,
		.subcompositor = 1,
		.shm = 1,
		.wm_base = 1};
	if (!pw_client_connect(&h.client, &want, 5000)) {
		return 1;
	}
	if (!h.single_pixel || !h.viewporter || !h.alpha_modifier || !h.fractional ||
		!h.content_type || !h.tearing || !h.client.subcompositor || !h.layer_shell) {
		fprintf(stderr, "hints: a surface protocol is missing\n");
		pw_client_disconnect(&h.client);
		return 1;
	}
	if (corner) {
		int status = run_corner(&h, argv[3]);
		pw_client_disconnect(&h.client);
		test_client_close();
		return status;
	}
	struct pw_client_toplevel top = {.width = 64, .height = 64};
	pw_client_toplevel_init(&top, &h.client, "hints", "hints");
	int status = 1;
	if (!pw_client_toplevel_map(&top, BLUE, 5000)) {
		goto out;
	}
	struct wp_fractional_scale_v1 *fs =
		wp_fractional_scale_manager_v1_get_fractional_scale(h.fractional, top.surface);
	wp_fractional_scale_v1_add_listener(fs, &fractional_listener, &h);
	wp_content_type_v1_set_content_type(
		wp_content_type_manager_v1_get_surface_content_type(h.content_type, top.surface),
		WP_CONTENT_TYPE_V1_TYPE_GAME);
	wp_tearing_control_v1_set_presentation_hint(
		wp_tearing_control_manager_v1_get_tearing_control(h.tearing, top.surface),
		WP_TEARING_CONTROL_V1_PRESENTATION_HINT_ASYNC);
	if (pw_client_roundtrip(&h.client, 5000) != 1) {
		goto out;
	}
	test_client_say("scale %u", h.scale);
	int w = top.width, half = top.width / 2;
	const uint32_t white[4] = {UINT32_MAX, UINT32_MAX, UINT32_MAX, UINT32_MAX};
	const uint32_t red[4] = {HALF, 0, 0, HALF};
	h.left = solid_child(&h, top.surface, 0, 0, half, top.height, white);
	h.left_alpha = wp_alpha_modifier_v1_get_surface(h.alpha_modifier, h.left);
	wp_alpha_modifier_surface_v1_set_multiplier(h.left_alpha, HALF);
	wl_surface_commit(h.left);
	struct wl_surface *right = solid_child(&h, top.surface, half, 0, w - half, top.height, red);
	wl_surface_commit(right);
	wl_surface_commit(top.surface); /* the positions, and the content type and hint */
	if (pw_client_roundtrip(&h.client, 5000) != 1) {
		goto out;
	}
	test_client_say("stage 1 %d %d", top.width, top.height);
	int fd = test_client_signalfd(SIGUSR1);
	test_client_run(&h.client, &top.closed, fd, handle_usr1, &h);
	status = 0;
out:
	pw_client_toplevel_finish(&top);
	pw_client_disconnect(&h.client);
	test_client_close();
	return status;
}

/*
 * wlr-layer-shell: the protocol and the role (layer_shell.c), and the layer surface object it
 * shares with layer_arrange.c (placement, drawing, hit tests: layer_arrange.h).
 */
#ifndef PW_LAYER_SHELL_H
#define PW_LAYER_SHELL_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-server-core.h>

#include "layout.h"

struct pw_server;
struct pw_surface;

/* The four layers, bottom first: pw_desktop.layers is indexed by them. */
enum pw_layer {
	PW_LAYER_BACKGROUND,
	PW_LAYER_BOTTOM,
	PW_LAYER_TOP,
	PW_LAYER_OVERLAY,
	PW_LAYER_COUNT,
};

enum { PW_ANCHOR_T = 1, PW_ANCHOR_B = 2, PW_ANCHOR_L = 4, PW_ANCHOR_R = 8 };

struct pw_layer_state {
	uint32_t width, height, anchor, keyboard, layer;
	int32_t zone;
	int32_t margin_top, margin_right, margin_bottom, margin_left;
	uint32_t edge; /* set_exclusive_edge (v5): one anchored edge, 0 deduced from the anchors */
};

struct pw_layer_surface {
	struct wl_resource *resource;
	struct pw_server *server;
	struct pw_surface *surface; /* NULL once the wl_surface died */
	struct wl_list link; /* pw_desktop.layers[current.layer] */
	struct pw_layer_state pending, current;
	bool committed; /* a commit came since get_layer_surface */
	bool initialized; /* the initial commit came: it gets configures */
	bool configured; /* a configure was sent since then */
	bool mapped;
	uint32_t sent_width, sent_height;
	struct pw_box box; /* output coordinates */
	bool osk; /* the on-screen keyboard's (osk.h) */
	bool pinned; /* placed by pw_layer_shell_set_test_position, not by its anchors */
	int pin_x, pin_y;
	struct wl_listener surface_destroy;
};

bool pw_layer_shell_create(struct pw_server *server);
/*
 * A button or touch press on `surface` (NULL: on nothing), after its view was focused: a layer
 * surface with on-demand keyboard interactivity takes the keyboard; a press elsewhere gives it
 * back to the focused view.
 */
void pw_layer_shell_pressed(struct pw_server *server, struct pw_surface *surface);
/*
 * For the conformance suite only (WLCS's position_window_absolute): puts the layer surface of
 * `surface` at output x,y, wherever its anchors would put it. False if it is no layer surface.
 */
bool pw_layer_shell_set_test_position(struct pw_surface *surface, int x, int y);

#endif

/*
 * The layer surface object, shared by layer_shell.c (the protocol and the role) and
 * layer_arrange.c (placement, drawing, hit tests). The rest of the core goes through desktop.h.
 */
#ifndef PW_LAYER_SHELL_H
#define PW_LAYER_SHELL_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-server-core.h>

#include "layout.h"

struct pw_server;
struct pw_surface;

enum { PW_ANCHOR_T = 1, PW_ANCHOR_B = 2, PW_ANCHOR_L = 4, PW_ANCHOR_R = 8 };

struct pw_layer_state {
	uint32_t width, height, anchor, keyboard, layer;
	int32_t zone;
	int32_t margin_top, margin_right, margin_bottom, margin_left;
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
	bool pinned; /* placed by pw_layer_shell_set_test_position, not by its anchors */
	int pin_x, pin_y;
	struct wl_listener surface_destroy;
};

/* Mapped, alive, and not hidden by a fullscreen view. */
bool pw_layer_surface_shown(struct pw_layer_surface *ls);
/* Damages `box` on the output, if there is one and the box is not empty. */
void pw_layer_damage_box(struct pw_server *server, struct pw_box box);

#endif

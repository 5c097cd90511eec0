/*
 * The layer surfaces as the scene holds them: placement against their anchors and exclusive
 * zones, drawing, hit tests, damage (layer_arrange.c).
 */
#ifndef PW_LAYER_ARRANGE_H
#define PW_LAYER_ARRANGE_H

#include <pixman.h>
#include <stdbool.h>

#include "layer_shell.h"
#include "layout.h"

struct pw_server;
struct pw_surface;

/* Places every layer surface, sends configures, updates desktop->usable. */
void pw_layer_arrange(struct pw_server *server);
/* Paints the surfaces of `layer` that are shown. */
void pw_layer_arrange_render(struct pw_server *server, pixman_image_t *target,
	const pixman_region32_t *damage, enum pw_layer layer);
/* Damages every mapped surface of `layer` (it is shown or hidden). */
void pw_layer_arrange_damage_layer(struct pw_server *server, enum pw_layer layer);
/* The topmost shown surface of `layer` at output x,y (surface-local in *sx,*sy), or NULL. */
struct pw_surface *pw_layer_arrange_surface_at(struct pw_server *server, enum pw_layer layer,
	double x, double y, double *sx, double *sy);
/* Calls `fn` for every layer surface shown, bottom layer first. */
void pw_layer_arrange_for_each_shown(struct pw_server *server,
	void (*fn)(struct pw_surface *, void *), void *data);
/* Whether something of the top or overlay layer is shown over a fullscreen view. */
bool pw_layer_arrange_over_fullscreen(struct pw_server *server);
/* The output position of a layer surface; false when it is not shown. */
bool pw_layer_arrange_origin(struct pw_layer_surface *ls, int *x, int *y);
/* Mapped, alive, and not hidden by a fullscreen view. */
bool pw_layer_arrange_shown(struct pw_layer_surface *ls);
/* Damages `box` on the output, if there is one and the box is not empty. */
void pw_layer_arrange_damage_box(struct pw_server *server, struct pw_box box);

#endif

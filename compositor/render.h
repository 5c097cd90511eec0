/* Composites the scene (views, borders, popups) into an image, damaged region only. */
#ifndef PW_RENDER_H
#define PW_RENDER_H

#include <pixman.h>

#include "layout.h"

struct pw_server;
struct pw_surface;
struct wl_list;

/*
 * Paints `damage` (output coordinates) of the scene into `target`. Client pixels are read
 * only inside wl_shm_buffer_begin_access/end_access.
 */
void pw_render_frame(struct pw_server *server, pixman_image_t *target,
	const pixman_region32_t *damage);

/* Paints `root` and its subsurfaces with origin x,y, clipped to `clip` and `damage`. */
void pw_render_surface_tree(struct pw_surface *root, int x, int y, struct pw_box clip,
	pixman_image_t *target, const pixman_region32_t *damage);

/*
 * Moves the current frame callbacks and presentation feedbacks of every surface shown to
 * `callbacks` and `feedbacks` (wl_resource links), to be answered for this frame.
 */
void pw_render_take_frame_callbacks(struct pw_server *server, struct wl_list *callbacks,
	struct wl_list *feedbacks);

/*
 * The surface whose buffer can go to the display without composition: a fullscreen view
 * whose opaque, untransformed buffer covers the output exactly, with nothing drawn over it.
 * NULL otherwise.
 */
struct pw_surface *pw_render_direct_surface(struct pw_server *server);

#endif

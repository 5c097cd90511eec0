/*
 * Paints surface trees into an image, damaged region only. What is drawn where (views, borders,
 * popups, layers) is the shell's scene (server.h's pw_server_shell), which paints through these.
 */
#ifndef PW_RENDER_H
#define PW_RENDER_H

#include <pixman.h>

#include "layout.h"

struct pw_surface;
struct pw_server_shell;

/*
 * Paints `root` and its subsurfaces with origin x,y, clipped to `clip` and `damage`. Client
 * pixels are read only inside pw_shm_buffer_begin_access/end_access.
 */
void pw_render_surface_tree(struct pw_surface *root, int x, int y, struct pw_box clip,
	pixman_image_t *target, const pixman_region32_t *damage);
/*
 * The same at `scale` (scale.h), which must be the tree's (pw_surface_tree_scale): for a caller
 * that keeps it, so that a frame does not ask the root's role (the scene's views, 4.50).
 */
void pw_render_surface_tree_at(struct pw_surface *root, int x, int y, int32_t scale,
	struct pw_box clip, pixman_image_t *target, const pixman_region32_t *damage);

/* Fills `region` of `target` with the colour 0xRRGGBB. */
void pw_render_fill(pixman_image_t *target, const pixman_region32_t *region, uint32_t rgb);

/* The scene of a server no shell registered with: black, no surfaces. */
extern const struct pw_server_shell pw_render_empty_scene;

#endif

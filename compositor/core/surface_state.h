/* surface.c's internals: the double-buffered state, the surface's size and damage. */
#ifndef PW_SURFACE_STATE_H
#define PW_SURFACE_STATE_H

#include "surface.h"

void pw_surface_state_init(struct pw_surface_state *state);
/* Destroys the frame callbacks, discards the feedbacks, frees the regions. */
void pw_surface_state_finish(struct pw_surface_state *state);
/* Points the state at `buffer` (NULL: none), whose wl_shm_buffer is `shm`, and follows its
 * destruction. */
void pw_surface_state_set_buffer(struct pw_surface_state *state, struct wl_resource *buffer,
	struct pw_shm_buffer *shm);
/* Moves what `src` has committed into `dst`, leaving `src` empty of it. */
void pw_surface_state_move(struct pw_surface_state *dst, struct pw_surface_state *src);

/* Whether a wl_output.transform swaps width and height. */
bool pw_surface_transform_swaps(int32_t transform);
/* The surface size from the buffer, transform, scale and viewport. */
void pw_surface_update_size(struct pw_surface *surface);
/* Adds buffer-coordinate damage to surface->damage, through transform and scale. */
void pw_surface_add_buffer_damage(struct pw_surface *surface,
	const pixman_region32_t *buffer_damage);

#endif

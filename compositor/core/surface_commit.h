/* Applying committed state to a surface tree. */
#ifndef PW_SURFACE_COMMIT_H
#define PW_SURFACE_COMMIT_H

#include "surface.h"

/*
 * Applies `next` to `top`, and to each subsurface below it the state it cached while it was
 * synchronized; then the tree's damage, enter and leave, and surface_moved.
 */
void pw_surface_commit_tree(struct pw_surface *top, struct pw_surface_state *next);
/* A subsurface became desynchronized: apply what it cached, and what its subsurfaces cached. */
void pw_surface_commit_apply_cached(struct pw_surface *surface);
/* Sends wl_buffer.release for the buffer the surface shows and forgets it. */
void pw_surface_commit_release_buffer(struct pw_surface *surface);

#endif

/*
 * A surface's subsurface tree: each surface's cached place in it (struct pw_surface_tree, in
 * surface.h), walks over it without recursion, and what is at a point.
 */
#ifndef PW_SURFACE_TREE_H
#define PW_SURFACE_TREE_H

#include <stdbool.h>
#include <wayland-server-core.h>

#include "scale.h"
#include "surface.h"

/* pw_surface_tree_get's way when the surface's place is stale (surface_tree.c). */
const struct pw_surface_tree *pw_surface_tree_update(struct pw_surface *surface);

/* The surface's place in its tree, brought up to date (amortized O(1)). */
static inline const struct pw_surface_tree *
pw_surface_tree_get(struct pw_surface *surface)
{
	return surface->tree.clean ? &surface->tree : pw_surface_tree_update(surface);
}

/* The root of a subsurface tree (the surface itself when it is no subsurface). */
static inline struct pw_surface *
pw_surface_root(struct pw_surface *surface)
{
	return pw_surface_tree_get(surface)->root;
}
/*
 * The scale the tree of `surface` is drawn at (its root role's `scale`, else PW_SCALE_ONE,
 * decision 4.50): the tree's coordinates times it, from the origin `place` gives, are output
 * coordinates.
 */
static inline int32_t
pw_surface_tree_scale(struct pw_surface *surface)
{
	struct pw_surface *root = pw_surface_root(surface);
	return root->role && root->role->scale && root->role_data ? root->role->scale(root)
								  : PW_SCALE_ONE;
}

/* Its parent, position, sync or buffer changed: marks it and every surface below it. */
void pw_surface_tree_changed(struct pw_surface *surface);

/*
 * A walk over a surface tree without recursion (a client makes trees of any depth), each
 * surface's stack in order, bottom to top (or top to bottom with `reverse`):
 * pw_surface_walk_next gives PW_WALK_SELF at `surface` itself, PW_WALK_CHILD at a subsurface
 * (`child`; pw_surface_walk_descend goes into it, else the walk skips it), PW_WALK_UP when it
 * leaves `child` back to its parent `surface`, PW_WALK_END after `top`. Nothing may join or
 * leave a stack on the walk's way while it walks.
 */
enum pw_surface_walk_step { PW_WALK_SELF, PW_WALK_CHILD, PW_WALK_UP, PW_WALK_END };
struct pw_surface_walk {
	struct pw_surface *top, *surface, *child;
	struct wl_list *link;
	bool reverse;
};
void pw_surface_walk_init(struct pw_surface_walk *walk, struct pw_surface *top, bool reverse);
enum pw_surface_walk_step pw_surface_walk_next(struct pw_surface_walk *walk);
void pw_surface_walk_descend(struct pw_surface_walk *walk);

/*
 * Calls `fn` for the surface and every mapped subsurface below it, bottom to top, with the
 * surface-local origin of each relative to `surface`. Without recursion, in time linear in the
 * tree; `fn` must not change the tree.
 */
void pw_surface_for_each(struct pw_surface *surface, int x, int y,
	void (*fn)(struct pw_surface *s, int x, int y, void *data), void *data);

/* The surface in the tree at surface-local sx,sy whose input region holds the point. */
struct pw_surface *pw_surface_at(struct pw_surface *surface, double sx, double sy, double *out_sx,
	double *out_sy);

#endif

/*
 * The subsurface tree: walks without recursion, and each surface's place in its tree (root,
 * offset, whether it is shown, whether it is synchronized) cached, so that nothing costs the
 * depth of the tree per surface. A client picks the depth: deep trees overflowed the stack of
 * the recursive walks, and the walks to the root made a frame of a long chain cubic (decision
 * 4.40).
 */
#include <pixman.h>

#include "subsurface.h"
#include "surface.h"
#include "surface_tree.h"

void
pw_surface_walk_init(struct pw_surface_walk *walk, struct pw_surface *top, bool reverse)
{
	*walk = (struct pw_surface_walk){.top = top,
		.surface = top,
		.link = &top->stack,
		.reverse = reverse};
}

enum pw_surface_walk_step
pw_surface_walk_next(struct pw_surface_walk *walk)
{
	walk->link = walk->reverse ? walk->link->prev : walk->link->next;
	if (walk->link == &walk->surface->stack) {
		if (walk->surface == walk->top) {
			return PW_WALK_END;
		}
		/* A surface in a stack is a subsurface with a parent: the way back up. */
		walk->child = walk->surface;
		walk->link = &walk->surface->subsurface->node.link;
		walk->surface = walk->surface->subsurface->parent;
		return PW_WALK_UP;
	}
	struct pw_surface_node *node = wl_container_of(walk->link, node, link);
	walk->child = node->surface;
	return node->surface == walk->surface ? PW_WALK_SELF : PW_WALK_CHILD;
}

void
pw_surface_walk_descend(struct pw_surface_walk *walk)
{
	walk->surface = walk->child;
	walk->link = &walk->child->stack;
}

void
pw_surface_tree_changed(struct pw_surface *surface)
{
	/* A surface already marked has everything below it marked. */
	if (!surface->tree.clean) {
		return;
	}
	surface->tree.clean = false;
	struct pw_surface_walk walk;
	pw_surface_walk_init(&walk, surface, false);
	enum pw_surface_walk_step step;
	while ((step = pw_surface_walk_next(&walk)) != PW_WALK_END) {
		if (step == PW_WALK_CHILD && walk.child->tree.clean) {
			walk.child->tree.clean = false;
			pw_surface_walk_descend(&walk);
		}
	}
}

const struct pw_surface_tree *
pw_surface_tree_update(struct pw_surface *surface)
{
	/* Up to the first clean surface or the root, noting the way back down in `down`. */
	struct pw_surface *s = surface, *below = NULL;
	while (!s->tree.clean && s->subsurface && s->subsurface->parent) {
		s->tree.down = below;
		below = s;
		s = s->subsurface->parent;
	}
	if (!s->tree.clean) {
		/* A root; an inert subsurface (its parent died) is one that shows nothing. */
		s->tree.clean = true;
		s->tree.root = s;
		s->tree.shown = !s->subsurface;
		s->tree.sync = s->subsurface && s->subsurface->synchronized;
		s->tree.x = s->tree.y = 0;
	}
	while (below) {
		const struct pw_surface_tree *up = &s->tree;
		struct pw_subsurface *sub = below->subsurface;
		struct pw_surface *next = below->tree.down;
		below->tree.clean = true;
		below->tree.root = up->root;
		below->tree.shown = up->shown && pw_surface_has_buffer(below);
		below->tree.sync = sub->synchronized || up->sync;
		below->tree.x = up->x + sub->x;
		below->tree.y = up->y + sub->y;
		s = below;
		below = next;
	}
	return &surface->tree;
}

/*
 * Whether a walk of `top`'s tree shows the subsurfaces below it: true for a root, and for a
 * subsurface that is itself mapped (with a buffer, every subsurface above it too).
 */
static bool
shows_below(struct pw_surface *top)
{
	return !top->subsurface || pw_surface_tree_get(top)->shown;
}

void
pw_surface_for_each(struct pw_surface *surface, int x, int y,
	void (*fn)(struct pw_surface *s, int x, int y, void *data), void *data)
{
	if (pw_surface_alone(surface)) {
		fn(surface, x, y, data);
		return;
	}
	bool below = shows_below(surface);
	long long ox = 0, oy = 0; /* of walk.surface from `surface`, exact */
	struct pw_surface_walk walk;
	pw_surface_walk_init(&walk, surface, false);
	enum pw_surface_walk_step step;
	while ((step = pw_surface_walk_next(&walk)) != PW_WALK_END) {
		struct pw_subsurface *sub = walk.child->subsurface;
		if (step == PW_WALK_SELF) {
			fn(walk.surface, pw_position_at(x, ox), pw_position_at(y, oy), data);
		} else if (step == PW_WALK_UP) {
			ox -= sub->x;
			oy -= sub->y;
		} else if (below && pw_surface_has_buffer(walk.child)) {
			/* Its parent is mapped (the walk is in it), so it is. */
			ox += sub->x;
			oy += sub->y;
			pw_surface_walk_descend(&walk);
		}
	}
}

struct pw_surface *
pw_surface_at(struct pw_surface *surface, double sx, double sy, double *out_sx, double *out_sy)
{
	bool below = shows_below(surface);
	long long ox = 0, oy = 0;
	struct pw_surface_walk walk;
	pw_surface_walk_init(&walk, surface, true);
	enum pw_surface_walk_step step;
	while ((step = pw_surface_walk_next(&walk)) != PW_WALK_END) {
		struct pw_surface *s = walk.child;
		if (step == PW_WALK_SELF) {
			double lx = sx - (double)ox, ly = sy - (double)oy;
			if (pw_surface_has_buffer(s) && lx >= 0 && ly >= 0 && lx < s->width &&
				ly < s->height &&
				pixman_region32_contains_point(&s->current.input, (int)lx, (int)ly,
					NULL)) {
				*out_sx = lx;
				*out_sy = ly;
				return s;
			}
		} else if (step == PW_WALK_UP) {
			ox -= s->subsurface->x;
			oy -= s->subsurface->y;
		} else if (below && pw_surface_has_buffer(s)) {
			ox += s->subsurface->x;
			oy += s->subsurface->y;
			pw_surface_walk_descend(&walk);
		}
	}
	return NULL;
}

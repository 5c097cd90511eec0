/* What a surface's commit damages on the output. */
#ifndef PW_SURFACE_DAMAGE_H
#define PW_SURFACE_DAMAGE_H

#include <stdbool.h>
#include <stdint.h>

#include "layout.h"
#include "surface.h"

/*
 * The surface committed new state (or, as a subsurface, moved): emits the server's
 * surface_commit and damages the output where the surface is shown.
 */
void pw_surface_damage_output(struct pw_surface *surface);

/*
 * The damage of one commit applied to `top` and the subsurfaces below it:
 * _begin, before, notes where each shown subsurface of that tree is; _end, after, emits
 * surface_commit once, damages the output with each surface's damage, and where a subsurface was
 * and is when it moved, appeared or went, and records one commit.
 */
struct pw_tree_damage {
	bool shown;
	int x, y;
	struct pw_box clip;
	int32_t scale; /* scale.h: the tree's, from x, y */
};
void pw_surface_damage_tree_begin(struct pw_surface *top, struct pw_tree_damage *damage);
void pw_surface_damage_tree_end(struct pw_surface *top, struct pw_tree_damage *damage);

#endif

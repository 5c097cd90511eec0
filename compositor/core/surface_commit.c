/*
 * A wl_surface's commit: the state applied to the surface and to the synchronized subsurfaces
 * below it, in one walk, then the damage and the enter and leave events.
 */
#include <wayland-server-protocol.h>

#include "output.h"
#include "region.h"
#include "server.h"
#include "shm.h"
#include "single_pixel_buffer.h"
#include "subsurface.h"
#include "surface.h"
#include "surface_commit.h"
#include "surface_damage.h"
#include "surface_pixels.h"
#include "surface_state.h"
#include "surface_tree.h"
#include "viewporter.h"

void
pw_surface_commit_release_buffer(struct pw_surface *surface)
{
	if (!surface->buffer) {
		return;
	}
	wl_buffer_send_release(surface->buffer);
	wl_list_remove(&surface->buffer_destroy.link);
	wl_list_init(&surface->buffer_destroy.link);
	surface->buffer = NULL;
	surface->shm = NULL;
}

/* picowl has one output and shows every surface with a buffer on it. */
static void
send_output_enter(struct pw_surface *surface, bool enter)
{
	struct pw_output *output = surface->server->output;
	struct wl_client *client = wl_resource_get_client(surface->resource);
	struct wl_resource *resource;
	surface->on_output = enter;
	if (!output) {
		return;
	}
	wl_resource_for_each(resource, &output->resources) {
		if (wl_resource_get_client(resource) != client) {
			continue;
		}
		if (enter) {
			wl_surface_send_enter(surface->resource, resource);
		} else {
			wl_surface_send_leave(surface->resource, resource);
		}
	}
}

/*
 * The first half of applying `next`: the state moves in, the buffer, offset and size follow,
 * and the damage is in surface coordinates. False when a viewport does not fit (an error posted):
 * then nothing below it is applied, and the second half does not run.
 */
static bool
apply_begin(struct pw_surface *surface, struct pw_surface_state *next)
{
	struct pw_surface_state *cur = &surface->current;
	int old_w = surface->width, old_h = surface->height;
	bool old_mapped = pw_surface_has_contents(surface);
	bool had_buffer = pw_surface_has_buffer(surface);
	uint32_t c = next->committed;
	uint32_t old_alpha = cur->alpha;

	pw_surface_state_move(cur, next);

	if (c & PW_STATE_BUFFER) {
		pw_surface_pixels_drop_kept(surface);
		if (cur->buffer != surface->buffer) {
			pw_surface_commit_release_buffer(surface);
		}
		surface->buffer = cur->buffer;
		struct pw_shm_buffer *shm = cur->shm;
		pw_surface_state_set_buffer(cur, NULL, NULL);
		if (surface->buffer) {
			wl_list_remove(&surface->buffer_destroy.link);
			wl_resource_add_destroy_listener(surface->buffer, &surface->buffer_destroy);
			surface->shm = shm;
			/* A single-pixel buffer is 1x1; its colour is all picowl keeps (4.93). */
			surface->solid = !shm &&
				pw_single_pixel_buffer_colour(surface->buffer,
					&surface->solid_colour);
			surface->buffer_width = shm ? shm->width : surface->solid;
			surface->buffer_height = shm ? shm->height : surface->solid;
		} else {
			surface->shm = NULL;
			surface->solid = false;
			surface->buffer_width = surface->buffer_height = 0;
		}
	}
	bool offset = (c & PW_STATE_OFFSET) && (cur->dx != 0 || cur->dy != 0);
	if (c & PW_STATE_OFFSET) {
		/* picowl places toplevels in tiles; the offset moves subsurfaces only. */
		if (surface->subsurface && offset) {
			surface->subsurface->x = pw_position_add(surface->subsurface->x, cur->dx);
			surface->subsurface->y = pw_position_add(surface->subsurface->y, cur->dy);
			pw_surface_tree_changed(surface);
		}
		cur->dx = cur->dy = 0;
	}
	pw_surface_update_size(surface);
	if (surface->subsurface && had_buffer != pw_surface_has_buffer(surface)) {
		pw_surface_tree_changed(surface);
	}
	if (!pw_viewporter_check(surface)) {
		return false;
	}

	pw_surface_add_buffer_damage(surface, &cur->buffer_damage);
	if (cur->alpha != old_alpha) {
		pixman_region32_union_rect(&surface->damage, &surface->damage, 0, 0,
			(unsigned)surface->width, (unsigned)surface->height);
	}
	pw_region_take(&surface->damage, &cur->surface_damage);
	pixman_region32_clear(&cur->buffer_damage);
	int max_w = old_w > surface->width ? old_w : surface->width;
	int max_h = old_h > surface->height ? old_h : surface->height;
	if (old_w != surface->width || old_h != surface->height ||
		old_mapped != pw_surface_has_contents(surface)) {
		pw_region_add_box(&surface->damage, 0, 0, max_w, max_h);
	}
	pw_region_clip(&surface->damage, 0, 0, max_w, max_h);
	surface->apply.old_w = old_w;
	surface->apply.old_h = old_h;
	surface->apply.old_mapped = old_mapped;
	surface->apply.offset = offset;
	surface->apply.committed = c;
	surface->apply.applied = true;
	return true;
}

/*
 * The second half, once the subsurfaces below applied theirs: the role's commit and the commit
 * signal. True when the commit can change what is under a point.
 */
static bool
apply_end(struct pw_surface *surface)
{
	uint32_t c = surface->apply.committed;
	if (surface->role && surface->role->commit) {
		surface->role->commit(surface);
	}
	surface->current.committed = 0;
	wl_signal_emit(&surface->events.commit, surface);
	/* A new frame of the same size in the same place cannot move the pointer's focus. */
	const uint32_t content = PW_STATE_BUFFER | PW_STATE_DAMAGE | PW_STATE_FRAME |
		PW_STATE_FEEDBACK | PW_STATE_OPAQUE;
	return (c & ~(content | PW_STATE_OFFSET)) || surface->apply.offset ||
		surface->apply.old_w != surface->width || surface->apply.old_h != surface->height ||
		surface->apply.old_mapped != pw_surface_has_contents(surface) ||
		surface->subsurface || surface->stack.next->next != &surface->stack;
}

/* wl_surface.enter or leave for each surface the commit applied, after its damage. */
static void
send_enters(struct pw_surface *top)
{
	if (pw_surface_alone(top)) {
		if (top->apply.applied) {
			top->apply.applied = false;
			if (top->on_output != pw_surface_has_contents(top)) {
				send_output_enter(top, pw_surface_has_contents(top));
			}
		}
		return;
	}
	struct pw_surface_walk walk;
	pw_surface_walk_init(&walk, top, false);
	enum pw_surface_walk_step step;
	while ((step = pw_surface_walk_next(&walk)) != PW_WALK_END) {
		struct pw_surface *s = walk.child;
		if (step == PW_WALK_SELF && s->apply.applied) {
			s->apply.applied = false;
			if (s->on_output != pw_surface_has_contents(s)) {
				send_output_enter(s, pw_surface_has_contents(s));
			}
		} else if (step == PW_WALK_CHILD && s->apply.applied) {
			pw_surface_walk_descend(&walk);
		}
	}
}

/*
 * Applies `next` to `top`, and to each subsurface below it the state it cached while it was
 * synchronized (the parent's commit applies it), in one walk: a client picks the depth. Each
 * surface's first half runs before the subsurfaces below it, its second half after. The tree's
 * damage and surface_moved come once, at the end.
 */
void
pw_surface_commit_tree(struct pw_surface *top, struct pw_surface_state *next)
{
	struct pw_tree_damage damage;
	bool moved = false;
	pw_surface_damage_tree_begin(top, &damage);
	if (apply_begin(top, next)) {
		top->apply.sync =
			top->subsurface && pw_subsurface_effectively_sync(top->subsurface);
		struct pw_surface_walk walk;
		pw_surface_walk_init(&walk, top, false);
		enum pw_surface_walk_step step;
		while (!pw_surface_alone(top) &&
			(step = pw_surface_walk_next(&walk)) != PW_WALK_END) {
			struct pw_surface *child = walk.child;
			if (step == PW_WALK_UP) {
				moved |= apply_end(child);
			} else if (step == PW_WALK_CHILD) {
				pw_subsurface_parent_commit(child->subsurface);
				child->apply.sync =
					child->subsurface->synchronized || walk.surface->apply.sync;
				if (child->apply.sync && child->has_cache) {
					child->has_cache = false;
					if (apply_begin(child, &child->cached)) {
						pw_surface_walk_descend(&walk);
					}
				}
			}
		}
		moved |= apply_end(top);
	}
	pw_surface_damage_tree_end(top, &damage);
	send_enters(top);
	if (moved) {
		wl_signal_emit(&top->server->events.surface_moved, top);
	}
}

void
pw_surface_commit_apply_cached(struct pw_surface *surface)
{
	if (surface->has_cache) {
		surface->has_cache = false;
		pw_surface_commit_tree(surface, &surface->cached);
	}
}

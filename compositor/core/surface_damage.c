/* A committed surface's damage, moved to where its tree is shown on the output. */
#include <wayland-server-core.h>

#include "clock.h"
#include "counters.h"
#include "output.h"
#include "region.h"
#include "scale.h"
#include "server.h"
#include "subsurface.h"
#include "surface.h"
#include "surface_damage.h"
#include "surface_tree.h"

/* Where the tree of `root` is shown (its origin and clip); false when it is not. */
static inline bool
place_tree(struct pw_surface *root, struct pw_tree_damage *where)
{
	where->shown = root->server->output && root->role && root->role->place && root->role_data &&
		root->role->place(root, &where->x, &where->y, &where->clip);
	/* pw_surface_tree_scale without finding the root again: at every commit (4.50). */
	where->scale = where->shown && root->role->scale ? root->role->scale(root) : PW_SCALE_ONE;
	return where->shown;
}

static void
clip_to(pixman_region32_t *region, struct pw_box clip)
{
	pw_region_clip(region, clip.x, clip.y, pw_region_end(clip.x, clip.width),
		pw_region_end(clip.y, clip.height));
}

/*
 * Moves `region` (surface-local, the surface at tree offset tx, ty) to the output and clips it;
 * a scaled tree's damage is scaled about its origin, rounded outwards (4.50).
 */
static inline void
to_output(pixman_region32_t *region, const struct pw_tree_damage *where, long long tx, long long ty)
{
	if (__builtin_expect(where->scale == PW_SCALE_ONE, 1)) {
		pixman_region32_translate(region, pw_position_at(where->x, tx),
			pw_position_at(where->y, ty));
	} else {
		pixman_region32_translate(region, pw_position_at(0, tx), pw_position_at(0, ty));
		pw_scale_region(region, where->scale);
		pixman_region32_translate(region, where->x, where->y);
	}
	clip_to(region, where->clip);
}

/* Records a commit of the tree of `root` that damaged or wants a frame callback. */
static inline void
note_commit(struct pw_surface *root)
{
	struct pw_server *server = root->server;
	if (server->counters) {
		pw_counters_commit(server->counters, root->id, pw_now_ns());
	}
	pw_output_note_commit(server->output, wl_resource_get_client(root->resource));
}

void
pw_surface_damage_output(struct pw_surface *surface)
{
	struct pw_server *server = surface->server;
	/* The shell re-places what depends on the tree (a test-positioned view) before `place`. */
	wl_signal_emit(&server->events.surface_commit, surface);
	const struct pw_surface_tree *tree = pw_surface_tree_get(surface);
	struct pw_surface *root = tree->root;
	struct pw_tree_damage where;
	if (tree->shown && place_tree(root, &where)) {
		to_output(&surface->damage, &where, tree->x, tree->y);
		const struct wl_list *cbs = &surface->current.frame_callbacks;
		bool callbacks = cbs->next != cbs;
		bool damaged = pixman_region32_not_empty(&surface->damage);
		if (callbacks || damaged) {
			note_commit(root);
		}
		if (damaged) {
			pw_output_damage_region(server->output, &surface->damage); /* schedules */
		} else if (callbacks) {
			pw_output_schedule_repaint(server->output);
		}
	}
	pixman_region32_clear(&surface->damage);
}

static void
note_box(struct pw_surface *s)
{
	const struct pw_surface_tree *tree = pw_surface_tree_get(s);
	s->tree.noted = true;
	s->tree.was_x = tree->x;
	s->tree.was_y = tree->y;
	s->tree.was_w = s->width;
	s->tree.was_h = s->height;
}

void
pw_surface_damage_tree_begin(struct pw_surface *top, struct pw_tree_damage *damage)
{
	damage->shown = false;
	if (pw_surface_alone(top)) {
		return; /* its own damage says it all */
	}
	const struct pw_surface_tree *tree = pw_surface_tree_get(top);
	if (!tree->shown || !place_tree(tree->root, damage)) {
		return;
	}
	note_box(top);
	struct pw_surface_walk walk;
	pw_surface_walk_init(&walk, top, false);
	enum pw_surface_walk_step step;
	while ((step = pw_surface_walk_next(&walk)) != PW_WALK_END) {
		if (step == PW_WALK_CHILD && pw_surface_has_buffer(walk.child)) {
			note_box(walk.child); /* under a shown parent: shown */
			pw_surface_walk_descend(&walk);
		}
	}
}

/* Adds `box` (w x h at the tree offset x, y from `where`) to `out`, clipped. */
static void
add_box(pixman_region32_t *out, const struct pw_tree_damage *where, long long x, long long y, int w,
	int h)
{
	pixman_region32_t box;
	pixman_region32_init_rect(&box, 0, 0, (unsigned)(w > 0 ? w : 0), (unsigned)(h > 0 ? h : 0));
	to_output(&box, where, x, y);
	pw_region_add(out, &box);
	pixman_region32_fini(&box);
}

/* The damage of one surface of the tree, into `out` (output coordinates). */
static void
surface_damage(struct pw_surface *s, const struct pw_tree_damage *before,
	const struct pw_tree_damage *after, pixman_region32_t *out)
{
	const struct pw_surface_tree *tree = pw_surface_tree_get(s);
	bool was = s->tree.noted && before->shown, now = tree->shown && after->shown;
	s->tree.noted = false;
	bool moved = s->subsurface &&
		(!was || !now || tree->x != s->tree.was_x || tree->y != s->tree.was_y);
	if (was && moved) {
		add_box(out, before, s->tree.was_x, s->tree.was_y, s->tree.was_w, s->tree.was_h);
	}
	if (now && moved) {
		add_box(out, after, tree->x, tree->y, s->width, s->height);
	}
	if (now) {
		to_output(&s->damage, after, tree->x, tree->y);
		pw_region_add(out, &s->damage);
	}
	pixman_region32_clear(&s->damage);
	/* Damage is never wrong by being more: past so many boxes, their extents. */
	if (pixman_region32_n_rects(out) > PW_REGION_DAMAGE_BOXES) {
		pixman_box32_t e = *pixman_region32_extents(out);
		pixman_region32_fini(out);
		pixman_region32_init_rect(out, e.x1, e.y1, (unsigned)(e.x2 - e.x1),
			(unsigned)(e.y2 - e.y1));
	}
}

void
pw_surface_damage_tree_end(struct pw_surface *top, struct pw_tree_damage *damage)
{
	if (pw_surface_alone(top) && !damage->shown) {
		pw_surface_damage_output(top); /* begin noted no box to damage */
		return;
	}
	struct pw_server *server = top->server;
	wl_signal_emit(&server->events.surface_commit, top);
	const struct pw_surface_tree *tree = pw_surface_tree_get(top);
	struct pw_surface *root = tree->root;
	struct pw_tree_damage after;
	place_tree(root, &after);
	pixman_region32_t out;
	pixman_region32_init(&out);
	bool callbacks = false;
	struct pw_surface_walk walk;
	pw_surface_walk_init(&walk, top, false);
	enum pw_surface_walk_step step;
	while ((step = pw_surface_walk_next(&walk)) != PW_WALK_END) {
		struct pw_surface *s = walk.child;
		if (step == PW_WALK_SELF) {
			surface_damage(s, damage, &after, &out);
			callbacks |= after.shown && pw_surface_tree_get(s)->shown &&
				!wl_list_empty(&s->current.frame_callbacks);
		} else if (step == PW_WALK_CHILD &&
			(s->tree.noted || pw_surface_has_buffer(s) ||
				pixman_region32_not_empty(&s->damage))) {
			/* Shown now or before, or with damage to drop: the walk goes in. */
			pw_surface_walk_descend(&walk);
		}
	}
	if (after.shown && (callbacks || pixman_region32_not_empty(&out))) {
		note_commit(root);
	}
	if (after.shown || damage->shown) {
		pw_output_damage_region(server->output, &out);
	}
	pixman_region32_fini(&out);
	if (callbacks) {
		pw_output_schedule_repaint(server->output);
	}
}

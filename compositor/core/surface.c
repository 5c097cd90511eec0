#include "surface.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-server-protocol.h>

#include "budget.h"
#include "clock.h"
#include "dispatch.h"
#include "format.h"
#include "output.h"
#include "presentation.h"
#include "region.h"
#include "server.h"
#include "subsurface.h"
#include "surface_state.h"

/*
 * The client destroyed the buffer the surface shows: its pixels stay on screen until the next
 * attach, as the protocol has it, so they are copied while the buffer still exists (the destroy
 * signal comes before libwayland frees it).
 */
static void
handle_buffer_destroy(struct wl_listener *listener, void *data)
{
	struct pw_surface *surface = wl_container_of(listener, surface, buffer_destroy);
	bool had_buffer = pw_surface_has_buffer(surface);
	wl_list_remove(&surface->buffer_destroy.link);
	wl_list_init(&surface->buffer_destroy.link);
	pw_surface_keep_pixels(surface);
	surface->buffer = NULL;
	surface->shm = NULL;
	if (had_buffer != pw_surface_has_buffer(surface)) {
		pw_surface_tree_changed(surface); /* pixels too big to keep */
	}
}

static void
release_buffer(struct pw_surface *surface)
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

	pw_surface_state_move(cur, next);

	if (c & PW_STATE_BUFFER) {
		pw_surface_drop_kept(surface);
		if (cur->buffer != surface->buffer) {
			release_buffer(surface);
		}
		surface->buffer = cur->buffer;
		struct wl_shm_buffer *shm = cur->shm;
		pw_surface_state_set_buffer(cur, NULL, NULL);
		if (surface->buffer) {
			wl_list_remove(&surface->buffer_destroy.link);
			wl_resource_add_destroy_listener(surface->buffer, &surface->buffer_destroy);
			surface->shm = shm;
			surface->buffer_width = shm ? wl_shm_buffer_get_width(shm) : 0;
			surface->buffer_height = shm ? wl_shm_buffer_get_height(shm) : 0;
		} else {
			surface->shm = NULL;
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
	if (!pw_viewport_check(surface)) {
		return false;
	}

	pw_surface_add_buffer_damage(surface, &cur->buffer_damage);
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
static void
commit_tree(struct pw_surface *top, struct pw_surface_state *next)
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
pw_surface_apply_cached(struct pw_surface *surface)
{
	if (surface->has_cache) {
		surface->has_cache = false;
		commit_tree(surface, &surface->cached);
	}
}

/*
 * wl_surface's requests: their resource is one of surface_impl's, so its user data is the
 * surface, without pw_surface_from_resource's check (four requests a frame).
 */
static void
surface_commit(struct wl_client *client, struct wl_resource *resource)
{
	struct pw_surface *surface = wl_resource_get_user_data(resource);
	if (surface->role && surface->role->precommit &&
		!surface->role->precommit(surface, &surface->pending)) {
		return;
	}
	if (surface->subsurface && pw_subsurface_effectively_sync(surface->subsurface)) {
		pw_surface_state_move(&surface->cached, &surface->pending);
		surface->has_cache = true;
		return;
	}
	if (surface->has_cache) {
		pw_surface_state_move(&surface->cached, &surface->pending);
		surface->has_cache = false;
		commit_tree(surface, &surface->cached);
	} else {
		commit_tree(surface, &surface->pending);
	}
}

static void
surface_destroy(struct wl_client *client, struct wl_resource *resource)
{
	wl_resource_destroy(resource);
}

/*
 * libwayland checks only stride >= width, not against the bytes per pixel: a stride that lies
 * would let the renderer read past the pool. Posts the error and returns false then.
 */
static bool
shm_buffer_fits(struct wl_resource *buffer, struct wl_shm_buffer *shm)
{
	enum pw_format format;
	if (!pw_format_from_shm(wl_shm_buffer_get_format(shm), &format)) {
		wl_resource_post_error(buffer, WL_SHM_ERROR_INVALID_FORMAT,
			"wl_shm format 0x%x is not one picowl takes",
			wl_shm_buffer_get_format(shm));
		return false;
	}
	int bpp = pw_format_bpp(format);
	/* Pixels are read whole, 16 or 32 bits at a time: ARMv5 cannot load them unaligned. */
	if (wl_shm_buffer_get_stride(shm) % bpp != 0 ||
		(uintptr_t)wl_shm_buffer_get_data(shm) % (uintptr_t)bpp != 0) {
		wl_resource_post_error(buffer, WL_SHM_ERROR_INVALID_STRIDE,
			"offset and stride %d must be multiples of %d bytes per pixel",
			wl_shm_buffer_get_stride(shm), bpp);
		return false;
	}
	int64_t row = (int64_t)wl_shm_buffer_get_width(shm) * bpp;
	if (wl_shm_buffer_get_stride(shm) < row) {
		wl_resource_post_error(buffer, WL_SHM_ERROR_INVALID_STRIDE,
			"stride %d is less than width %d times %d bytes per pixel",
			wl_shm_buffer_get_stride(shm), wl_shm_buffer_get_width(shm),
			pw_format_bpp(format));
		return false;
	}
	return true;
}

static void
surface_attach(struct wl_client *client, struct wl_resource *resource, struct wl_resource *buffer,
	int32_t x, int32_t y)
{
	struct pw_surface *surface = wl_resource_get_user_data(resource);
	if (wl_resource_get_version(resource) >= WL_SURFACE_OFFSET_SINCE_VERSION &&
		(x != 0 || y != 0)) {
		wl_resource_post_error(resource, WL_SURFACE_ERROR_INVALID_OFFSET,
			"attach offset must be zero since version 5, use wl_surface.offset");
		return;
	}
	struct wl_shm_buffer *shm = buffer ? wl_shm_buffer_get(buffer) : NULL;
	if (buffer && !shm) {
		wl_resource_post_error(resource, WL_DISPLAY_ERROR_INVALID_OBJECT,
			"picowl takes only wl_shm buffers");
		return;
	}
	if (buffer && !shm_buffer_fits(buffer, shm)) {
		return;
	}
	if (buffer && surface->role && surface->role->attach && surface->role_data &&
		!surface->role->attach(surface)) {
		return;
	}
	pw_surface_state_set_buffer(&surface->pending, buffer, shm);
	surface->pending.dx = x;
	surface->pending.dy = y;
	surface->pending.committed |= PW_STATE_BUFFER | PW_STATE_OFFSET;
}

static void
surface_offset(struct wl_client *client, struct wl_resource *resource, int32_t x, int32_t y)
{
	struct pw_surface *surface = wl_resource_get_user_data(resource);
	surface->pending.dx = x;
	surface->pending.dy = y;
	surface->pending.committed |= PW_STATE_OFFSET;
}

static bool
valid_box(int32_t x, int32_t y, int32_t w, int32_t h)
{
	return w > 0 && h > 0 && w <= INT32_MAX - (x > 0 ? x : 0) &&
		h <= INT32_MAX - (y > 0 ? y : 0);
}

static void
surface_damage(struct wl_client *client, struct wl_resource *resource, int32_t x, int32_t y,
	int32_t width, int32_t height)
{
	struct pw_surface *surface = wl_resource_get_user_data(resource);
	if (!valid_box(x, y, width, height)) {
		return;
	}
	pw_region_add_damage_box(&surface->pending.surface_damage, x, y, x + width, y + height);
	surface->pending.committed |= PW_STATE_DAMAGE;
}

static void
surface_damage_buffer(struct wl_client *client, struct wl_resource *resource, int32_t x, int32_t y,
	int32_t width, int32_t height)
{
	struct pw_surface *surface = wl_resource_get_user_data(resource);
	if (!valid_box(x, y, width, height)) {
		return;
	}
	pw_region_add_damage_box(&surface->pending.buffer_damage, x, y, x + width, y + height);
	surface->pending.committed |= PW_STATE_DAMAGE;
}

static void
handle_callback_resource_destroy(struct wl_resource *resource)
{
	wl_list_remove(wl_resource_get_link(resource));
	pw_budget_callback_gone(resource);
}

static void
surface_frame(struct wl_client *client, struct wl_resource *resource, uint32_t id)
{
	struct pw_surface *surface = wl_resource_get_user_data(resource);
	struct wl_resource *cb = wl_resource_create(client, &wl_callback_interface, 1, id);
	if (!cb) {
		wl_resource_post_no_memory(resource);
		return;
	}
	wl_resource_set_implementation(cb, NULL, NULL, handle_callback_resource_destroy);
	wl_list_insert(surface->pending.frame_callbacks.prev, wl_resource_get_link(cb));
	if (!pw_budget_charge_callback(cb)) {
		return; /* the client has its no_memory error */
	}
	surface->pending.committed |= PW_STATE_FRAME;
}

static void
surface_set_opaque_region(struct wl_client *client, struct wl_resource *resource,
	struct wl_resource *region)
{
	struct pw_surface *surface = wl_resource_get_user_data(resource);
	if (region) {
		pw_region_copy(&surface->pending.opaque, region);
	} else {
		pixman_region32_clear(&surface->pending.opaque);
	}
	pw_budget_resize_region(resource, PW_BUDGET_SLOT_A, &surface->pending.opaque, 3);
	surface->pending.committed |= PW_STATE_OPAQUE;
}

static void
surface_set_input_region(struct wl_client *client, struct wl_resource *resource,
	struct wl_resource *region)
{
	struct pw_surface *surface = wl_resource_get_user_data(resource);
	if (region) {
		pw_region_copy(&surface->pending.input, region);
	} else {
		pixman_region32_fini(&surface->pending.input);
		pixman_region32_init_rect(&surface->pending.input, INT32_MIN / 2, INT32_MIN / 2,
			UINT32_MAX / 2, UINT32_MAX / 2);
	}
	pw_budget_resize_region(resource, PW_BUDGET_SLOT_B, &surface->pending.input, 3);
	surface->pending.committed |= PW_STATE_INPUT;
}

static void
surface_set_buffer_transform(struct wl_client *client, struct wl_resource *resource,
	int32_t transform)
{
	struct pw_surface *surface = wl_resource_get_user_data(resource);
	if (transform < WL_OUTPUT_TRANSFORM_NORMAL || transform > WL_OUTPUT_TRANSFORM_FLIPPED_270) {
		wl_resource_post_error(resource, WL_SURFACE_ERROR_INVALID_TRANSFORM,
			"buffer transform %d is not a wl_output.transform", transform);
		return;
	}
	surface->pending.transform = transform;
	surface->pending.committed |= PW_STATE_TRANSFORM;
}

static void
surface_set_buffer_scale(struct wl_client *client, struct wl_resource *resource, int32_t scale)
{
	struct pw_surface *surface = wl_resource_get_user_data(resource);
	if (scale < 1) {
		wl_resource_post_error(resource, WL_SURFACE_ERROR_INVALID_SCALE,
			"buffer scale %d is not positive", scale);
		return;
	}
	surface->pending.scale = scale;
	surface->pending.committed |= PW_STATE_SCALE;
}

static const struct wl_surface_interface surface_impl = {
	.destroy = surface_destroy,
	.attach = surface_attach,
	.damage = surface_damage,
	.frame = surface_frame,
	.set_opaque_region = surface_set_opaque_region,
	.set_input_region = surface_set_input_region,
	.commit = surface_commit,
	.set_buffer_transform = surface_set_buffer_transform,
	.set_buffer_scale = surface_set_buffer_scale,
	.damage_buffer = surface_damage_buffer,
	.offset = surface_offset,
};

static void
handle_surface_resource_destroy(struct wl_resource *resource)
{
	struct pw_surface *surface = wl_resource_get_user_data(resource);
	wl_signal_emit_mutable(&surface->events.destroy, surface);
	wl_signal_emit(&surface->server->events.surface_destroy, surface);
	if (surface->buffer) {
		wl_list_remove(&surface->buffer_destroy.link);
	}
	pw_surface_drop_kept(surface);
	pw_surface_state_finish(&surface->pending);
	pw_surface_state_finish(&surface->cached);
	pw_surface_state_finish(&surface->current);
	pixman_region32_fini(&surface->damage);
	free(surface);
}

struct pw_surface *
pw_surface_create(struct wl_client *client, uint32_t version, uint32_t id, struct pw_server *server)
{
	struct pw_surface *surface = calloc(1, sizeof(*surface));
	if (!surface) {
		return NULL;
	}
	surface->resource = wl_resource_create(client, &wl_surface_interface, (int)version, id);
	if (!surface->resource) {
		free(surface);
		return NULL;
	}
	wl_resource_set_dispatcher(surface->resource, pw_dispatch_wl_surface, &surface_impl,
		surface, handle_surface_resource_destroy);
	surface->server = server;
	surface->id = ++server->next_surface_id;
	pw_surface_state_init(&surface->pending);
	pw_surface_state_init(&surface->cached);
	pw_surface_state_init(&surface->current);
	pixman_region32_init(&surface->damage);
	wl_list_init(&surface->buffer_destroy.link);
	surface->buffer_destroy.notify = handle_buffer_destroy;
	wl_list_init(&surface->stack);
	surface->self_node.surface = surface;
	wl_list_insert(&surface->stack, &surface->self_node.link);
	wl_signal_init(&surface->events.commit);
	wl_signal_init(&surface->events.destroy);
	return surface;
}

struct pw_surface *
pw_surface_from_resource(struct wl_resource *resource)
{
	assert(wl_resource_instance_of(resource, &wl_surface_interface, &surface_impl));
	return wl_resource_get_user_data(resource);
}

bool
pw_surface_set_role(struct pw_surface *surface, const struct pw_surface_role *role, void *role_data,
	struct wl_resource *error_resource, uint32_t error_code)
{
	if (surface->role && surface->role != role) {
		wl_resource_post_error(error_resource, error_code,
			"wl_surface@%u already has the role %s",
			wl_resource_get_id(surface->resource), surface->role->name);
		return false;
	}
	if (surface->role_data) {
		wl_resource_post_error(error_resource, error_code,
			"wl_surface@%u already has a live %s",
			wl_resource_get_id(surface->resource), role->name);
		return false;
	}
	surface->role = role;
	surface->role_data = role_data;
	surface->role_resource = error_resource;
	return true;
}

void
pw_surface_clear_role_data(struct pw_surface *surface)
{
	surface->role_data = NULL;
	surface->role_resource = NULL;
}

bool
pw_surface_has_buffer(const struct pw_surface *surface)
{
	return pw_surface_has_contents(surface) && surface->width > 0 && surface->height > 0;
}

bool
pw_surface_opaque(const struct pw_surface *surface)
{
	struct wl_shm_buffer *shm = surface->shm;
	if (!shm && !surface->kept.data) {
		return false;
	}
	enum pw_format format;
	if (pw_format_from_shm(shm ? wl_shm_buffer_get_format(shm) : surface->kept.shm_format,
		    &format) &&
		format != PW_FORMAT_ARGB8888) {
		return true;
	}
	pixman_box32_t box = {0, 0, surface->width, surface->height};
	return pixman_region32_contains_rectangle((pixman_region32_t *)&surface->current.opaque,
		       &box) == PIXMAN_REGION_IN;
}

static void
send_done(struct pw_surface *surface, int x, int y, void *data)
{
	uint32_t msec = *(uint32_t *)data;
	struct wl_resource *cb, *tmp;
	wl_resource_for_each_safe(cb, tmp, &surface->current.frame_callbacks) {
		wl_callback_send_done(cb, msec);
		wl_resource_destroy(cb);
	}
}

void
pw_surface_send_frame_done(struct pw_surface *surface, uint32_t msec)
{
	pw_surface_for_each(surface, 0, 0, send_done, &msec);
}

void
pw_surface_unmap_buffer(struct pw_surface *surface)
{
	release_buffer(surface);
	pw_surface_drop_kept(surface);
	surface->buffer_width = surface->buffer_height = 0;
	surface->width = surface->height = 0;
	pw_surface_tree_changed(surface);
}

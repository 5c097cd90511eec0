#include "surface.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-server-protocol.h>

#include "budget.h"
#include "clock.h"
#include "compositor.h"
#include "dispatch.h"
#include "format.h"
#include "output.h"
#include "presentation.h"
#include "region.h"
#include "request.h"
#include "server.h"
#include "shm.h"
#include "single_pixel_buffer.h"
#include "subsurface.h"
#include "surface_commit.h"
#include "surface_hold.h"
#include "surface_pixels.h"
#include "surface_state.h"
#include "surface_tree.h"

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
	pw_surface_pixels_keep(surface);
	surface->buffer = NULL;
	surface->shm = NULL;
	if (had_buffer != pw_surface_has_buffer(surface)) {
		pw_surface_tree_changed(surface); /* pixels too big to keep */
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
	if (surface->hold && pw_surface_hold_commit(surface)) {
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
		pw_surface_commit_tree(surface, &surface->cached);
	} else {
		pw_surface_commit_tree(surface, &surface->pending);
	}
}

/*
 * libwayland checks only stride >= width, not against the bytes per pixel: a stride that lies
 * would let the renderer read past the pool. Posts the error and returns false then.
 */
static bool
shm_buffer_fits(struct wl_resource *buffer, struct pw_shm_buffer *shm)
{
	enum pw_format format;
	if (!pw_format_from_shm(shm->format, &format)) {
		wl_resource_post_error(buffer, WL_SHM_ERROR_INVALID_FORMAT,
			"wl_shm format 0x%x is not one picowl takes", shm->format);
		return false;
	}
	int bpp = pw_format_bpp(format);
	/* Pixels are read whole, 16 or 32 bits at a time: ARMv5 cannot load them unaligned. */
	if (shm->stride % bpp != 0 || (uintptr_t)pw_shm_buffer_data(shm) % (uintptr_t)bpp != 0) {
		wl_resource_post_error(buffer, WL_SHM_ERROR_INVALID_STRIDE,
			"offset and stride %d must be multiples of %d bytes per pixel", shm->stride,
			bpp);
		return false;
	}
	int64_t row = (int64_t)shm->width * bpp;
	if (shm->stride < row) {
		wl_resource_post_error(buffer, WL_SHM_ERROR_INVALID_STRIDE,
			"stride %d is less than width %d times %d bytes per pixel", shm->stride,
			shm->width, pw_format_bpp(format));
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
	struct pw_shm_buffer *shm = buffer ? pw_shm_buffer_get(buffer) : NULL;
	pixman_color_t colour;
	if (buffer && !shm && !pw_single_pixel_buffer_colour(buffer, &colour)) {
		wl_resource_post_error(resource, WL_DISPLAY_ERROR_INVALID_OBJECT,
			"picowl takes only wl_shm and linux-dmabuf buffers");
		return;
	}
	if (shm && !shm_buffer_fits(buffer, shm)) {
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
		pw_compositor_region_copy(&surface->pending.opaque, region);
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
		pw_compositor_region_copy(&surface->pending.input, region);
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
	.destroy = pw_request_destroy,
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
	pw_surface_pixels_drop_kept(surface);
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
	if (surface->current.alpha != UINT32_MAX) {
		return false; /* the fast paths step aside only then (4.93) */
	}
	struct pw_shm_buffer *shm = surface->shm;
	if (!shm && surface->solid) {
		return surface->solid_colour.alpha == 0xffff; /* never with shm: one test a frame */
	}
	if (!shm && !surface->kept.data) {
		return false;
	}
	enum pw_format format;
	if (pw_format_from_shm(shm ? shm->format : surface->kept.shm_format, &format) &&
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
	pw_surface_commit_release_buffer(surface);
	pw_surface_pixels_drop_kept(surface);
	surface->solid = false;
	surface->buffer_width = surface->buffer_height = 0;
	surface->width = surface->height = 0;
	pw_surface_tree_changed(surface);
}

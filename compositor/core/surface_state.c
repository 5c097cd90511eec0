/* The double-buffered state of a wl_surface, and its size and damage through the transform. */
#include <string.h>
#include <wayland-server-protocol.h>

#include "presentation.h"
#include "region.h"
#include "surface_state.h"

static void
handle_state_buffer_destroy(struct wl_listener *listener, void *data)
{
	struct pw_surface_state *state = wl_container_of(listener, state, buffer_destroy);
	/* A buffer destroyed before it was committed attaches nothing. */
	state->buffer = NULL;
	state->shm = NULL;
	wl_list_remove(&state->buffer_destroy.link);
	wl_list_init(&state->buffer_destroy.link);
}

void
pw_surface_state_init(struct pw_surface_state *state)
{
	memset(state, 0, sizeof(*state));
	pixman_region32_init(&state->surface_damage);
	pixman_region32_init(&state->buffer_damage);
	pixman_region32_init(&state->opaque);
	pixman_region32_init_rect(&state->input, INT32_MIN / 2, INT32_MIN / 2, UINT32_MAX / 2,
		UINT32_MAX / 2);
	state->scale = 1;
	state->alpha = UINT32_MAX;
	state->transform = WL_OUTPUT_TRANSFORM_NORMAL;
	wl_list_init(&state->frame_callbacks);
	wl_list_init(&state->feedbacks);
	state->buffer_destroy.notify = handle_state_buffer_destroy;
	wl_list_init(&state->buffer_destroy.link);
}

void
pw_surface_state_finish(struct pw_surface_state *state)
{
	struct wl_resource *cb, *tmp;
	wl_resource_for_each_safe(cb, tmp, &state->frame_callbacks) {
		wl_resource_destroy(cb);
	}
	pw_presentation_discard(&state->feedbacks);
	wl_list_remove(&state->buffer_destroy.link);
	pixman_region32_fini(&state->surface_damage);
	pixman_region32_fini(&state->buffer_damage);
	pixman_region32_fini(&state->opaque);
	pixman_region32_fini(&state->input);
}

void
pw_surface_state_set_buffer(struct pw_surface_state *state, struct wl_resource *buffer,
	struct pw_shm_buffer *shm)
{
	wl_list_remove(&state->buffer_destroy.link);
	wl_list_init(&state->buffer_destroy.link);
	state->buffer = buffer;
	state->shm = shm;
	if (buffer) {
		wl_resource_add_destroy_listener(buffer, &state->buffer_destroy);
	}
}

/* Moves what `src` has committed into `dst`, leaving `src` empty of it. */
void
pw_surface_state_move(struct pw_surface_state *dst, struct pw_surface_state *src)
{
	uint32_t c = src->committed;
	if (c & PW_STATE_BUFFER) {
		pw_surface_state_set_buffer(dst, src->buffer, src->shm);
		pw_surface_state_set_buffer(src, NULL, NULL);
	}
	if (c & PW_STATE_OFFSET) {
		dst->dx += src->dx;
		dst->dy += src->dy;
		src->dx = src->dy = 0;
	}
	if (c & PW_STATE_DAMAGE) {
		pw_region_take(&dst->surface_damage, &src->surface_damage);
		pw_region_take(&dst->buffer_damage, &src->buffer_damage);
	}
	if (c & PW_STATE_OPAQUE) {
		pixman_region32_copy(&dst->opaque, &src->opaque);
	}
	if (c & PW_STATE_INPUT) {
		pixman_region32_copy(&dst->input, &src->input);
	}
	if (c & PW_STATE_TRANSFORM) {
		dst->transform = src->transform;
	}
	if (c & PW_STATE_SCALE) {
		dst->scale = src->scale;
	}
	if (c & PW_STATE_VIEWPORT) {
		dst->has_src = src->has_src;
		dst->has_dst = src->has_dst;
		dst->src_x = src->src_x;
		dst->src_y = src->src_y;
		dst->src_w = src->src_w;
		dst->src_h = src->src_h;
		dst->dst_w = src->dst_w;
		dst->dst_h = src->dst_h;
	}
	if (c & PW_STATE_HINTS) {
		dst->alpha = src->alpha;
		dst->content_type = src->content_type;
		dst->presentation_hint = src->presentation_hint;
	}
	if (c & PW_STATE_FRAME) {
		wl_list_insert_list(dst->frame_callbacks.prev, &src->frame_callbacks);
		wl_list_init(&src->frame_callbacks);
	}
	if (c & PW_STATE_FEEDBACK) {
		/* Content that was never shown is superseded by this commit's. */
		pw_presentation_discard(&dst->feedbacks);
		wl_list_insert_list(&dst->feedbacks, &src->feedbacks);
		wl_list_init(&src->feedbacks);
	}
	dst->committed |= c;
	src->committed = 0;
}

bool
pw_surface_transform_swaps(int32_t transform)
{
	return transform & WL_OUTPUT_TRANSFORM_90;
}

void
pw_surface_update_size(struct pw_surface *surface)
{
	const struct pw_surface_state *cur = &surface->current;
	if (!surface->buffer && surface->buffer_width == 0) {
		surface->width = surface->height = 0;
		return;
	}
	int w = surface->buffer_width, h = surface->buffer_height;
	if (pw_surface_transform_swaps(cur->transform)) {
		int t = w;
		w = h;
		h = t;
	}
	w /= cur->scale;
	h /= cur->scale;
	if (cur->has_dst) {
		w = cur->dst_w;
		h = cur->dst_h;
	} else if (cur->has_src) {
		w = (int)cur->src_w;
		h = (int)cur->src_h;
	}
	surface->width = w;
	surface->height = h;
}

/* A box of the buffer mapped back through the buffer transform, in transformed buffer pixels. */
static pixman_box32_t
untransform_box(pixman_box32_t b, int32_t transform, int wt, int ht)
{
	int x1, y1, x2, y2;
	switch (transform) {
	case WL_OUTPUT_TRANSFORM_90:
		x1 = wt - b.y2, y1 = b.x1, x2 = wt - b.y1, y2 = b.x2;
		break;
	case WL_OUTPUT_TRANSFORM_180:
		x1 = wt - b.x2, y1 = ht - b.y2, x2 = wt - b.x1, y2 = ht - b.y1;
		break;
	case WL_OUTPUT_TRANSFORM_270:
		x1 = b.y1, y1 = ht - b.x2, x2 = b.y2, y2 = ht - b.x1;
		break;
	case WL_OUTPUT_TRANSFORM_FLIPPED:
		x1 = wt - b.x2, y1 = b.y1, x2 = wt - b.x1, y2 = b.y2;
		break;
	case WL_OUTPUT_TRANSFORM_FLIPPED_90:
		x1 = b.y1, y1 = b.x1, x2 = b.y2, y2 = b.x2;
		break;
	case WL_OUTPUT_TRANSFORM_FLIPPED_180:
		x1 = b.x1, y1 = ht - b.y2, x2 = b.x2, y2 = ht - b.y1;
		break;
	case WL_OUTPUT_TRANSFORM_FLIPPED_270:
		x1 = wt - b.y2, y1 = ht - b.x2, x2 = wt - b.y1, y2 = ht - b.x1;
		break;
	default:
		return b;
	}
	return (pixman_box32_t){x1, y1, x2, y2};
}

/*
 * Buffer damage in surface coordinates: back through the buffer transform and scale, rounded
 * outwards. A viewport crops and scales, so there the whole surface is damaged.
 */
void
pw_surface_add_buffer_damage(struct pw_surface *surface, const pixman_region32_t *buffer_damage)
{
	const struct pw_surface_state *cur = &surface->current;
	if (!pixman_region32_not_empty(buffer_damage)) {
		return;
	}
	if (cur->has_src || cur->has_dst) {
		pw_region_add_box(&surface->damage, 0, 0, surface->width, surface->height);
		return;
	}
	int wt = surface->buffer_width, ht = surface->buffer_height;
	if (pw_surface_transform_swaps(cur->transform)) {
		wt = surface->buffer_height;
		ht = surface->buffer_width;
	}
	int scale = cur->scale;
	pixman_region32_t clipped;
	pixman_region32_init(&clipped);
	pw_region_clip_to(&clipped, buffer_damage, 0, 0, surface->buffer_width,
		surface->buffer_height);
	int n;
	const pixman_box32_t *boxes = pixman_region32_rectangles(&clipped, &n);
	for (int i = 0; i < n; i++) {
		pixman_box32_t b = untransform_box(boxes[i], cur->transform, wt, ht);
		if (scale == 1) {
			/* ARMv5 divides in software: not for 1 */
			pw_region_add_box(&surface->damage, b.x1, b.y1, b.x2, b.y2);
			continue;
		}
		int x1 = b.x1 / scale, y1 = b.y1 / scale;
		/* in 64 bits: any positive scale is valid, INT32_MAX too */
		int x2 = (int)(((int64_t)b.x2 + scale - 1) / scale);
		int y2 = (int)(((int64_t)b.y2 + scale - 1) / scale);
		pw_region_add_box(&surface->damage, x1, y1, x2, y2);
	}
	pixman_region32_fini(&clipped);
}

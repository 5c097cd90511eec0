#include "render.h"

#include <wayland-server-core.h>

#include "format.h"
#include "pixels.h"
#include "region.h"
#include "scale.h"
#include "server.h"
#include "surface.h"
#include "surface_pixels.h"
#include "surface_tree.h"

struct paint {
	pixman_image_t *target;
	pixman_region32_t *clip; /* damage within the box the tree is clipped to */
	int x, y; /* the tree's origin on the output, for a scaled tree */
	int32_t scale; /* scale.h; PW_SCALE_ONE draws the tree 1:1 */
};

static bool
target_format(pixman_image_t *target, enum pw_format *out)
{
	switch (pixman_image_get_format(target)) {
	case PIXMAN_r5g6b5:
		*out = PW_FORMAT_RGB565;
		return true;
	case PIXMAN_x8r8g8b8:
		*out = PW_FORMAT_XRGB8888;
		return true;
	default:
		return false;
	}
}

/* The target's pixels as picowl's spans take them; false for a format they do not write. */
static bool
target_pixmap(pixman_image_t *target, struct pw_pixmap *dst)
{
	enum pw_format df;
	if (!target_format(target, &df)) {
		return false;
	}
	*dst = (struct pw_pixmap){pixman_image_get_data(target), pixman_image_get_width(target),
		pixman_image_get_height(target), pixman_image_get_stride(target), df};
	return true;
}

/*
 * The hot case, an opaque buffer drawn 1:1: picowl's own spans (a row copy or a conversion),
 * which beat pixman's general paths, box by box of the clip.
 */
static bool
blit_opaque(const struct pw_pixmap *src, int x, int y, pixman_image_t *target,
	const pixman_region32_t *clip)
{
	struct pw_pixmap dst;
	if (!target_pixmap(target, &dst) || !pw_pixels_supported(src->format, dst.format)) {
		return false;
	}
	int n;
	const pixman_box32_t *b = pixman_region32_rectangles((pixman_region32_t *)clip, &n);
	for (int i = 0; i < n; i++) {
		pw_pixels_blit_at(&dst, src, b[i].x1 - x, b[i].y1 - y, b[i].x2 - b[i].x1,
			b[i].y2 - b[i].y1, x, y, dst.width, dst.height, 0);
	}
	return true;
}

/* A scaled opaque buffer without a transform of its own: picowl's nearest spans (4.50). */
static bool
scale_opaque(const struct pw_pixmap *src, int x, int y, int32_t scale, pixman_image_t *target,
	const pixman_region32_t *clip)
{
	struct pw_pixmap dst;
	if (!target_pixmap(target, &dst)) {
		return false;
	}
	int n;
	const pixman_box32_t *b = pixman_region32_rectangles((pixman_region32_t *)clip, &n);
	for (int i = 0; i < n; i++) {
		if (!pw_scale_blit(&dst, src, x, y, scale, &b[i])) {
			return false; /* the format: the first box says it for all */
		}
	}
	return true;
}

static pixman_color_t
color(uint32_t rgb)
{
	return (pixman_color_t){
		.red = (uint16_t)(((rgb >> 16) & 0xff) * 0x101),
		.green = (uint16_t)(((rgb >> 8) & 0xff) * 0x101),
		.blue = (uint16_t)((rgb & 0xff) * 0x101),
		.alpha = 0xffff,
	};
}

void
pw_render_fill(pixman_image_t *target, const pixman_region32_t *region, uint32_t rgb)
{
	int n;
	pixman_box32_t *boxes = pixman_region32_rectangles((pixman_region32_t *)region, &n);
	if (n <= 0) {
		return;
	}
	enum pw_format format;
	if (target_format(target, &format)) {
		struct pw_pixmap dst = {pixman_image_get_data(target),
			pixman_image_get_width(target), pixman_image_get_height(target),
			pixman_image_get_stride(target), format};
		for (int i = 0; i < n; i++) {
			int x1 = boxes[i].x1 > 0 ? boxes[i].x1 : 0;
			int y1 = boxes[i].y1 > 0 ? boxes[i].y1 : 0;
			int x2 = boxes[i].x2 < dst.width ? boxes[i].x2 : dst.width;
			int y2 = boxes[i].y2 < dst.height ? boxes[i].y2 : dst.height;
			if (x2 > x1 && y2 > y1) {
				pw_pixels_fill(&dst, x1, y1, x2 - x1, y2 - y1, rgb);
			}
		}
		return;
	}
	pixman_color_t c = color(rgb);
	pixman_image_fill_boxes(PIXMAN_OP_SRC, target, &c, n, boxes);
}

/* Maps surface-local coordinates to buffer coordinates: viewport, scale, buffer transform. */
static bool
buffer_transform(const struct pw_surface *surface, pixman_transform_t *out)
{
	const struct pw_surface_state *cur = &surface->current;
	if (cur->transform == 0 && cur->scale == 1 && !cur->has_src && !cur->has_dst) {
		return false;
	}
	struct pixman_f_transform m;
	pixman_f_transform_init_identity(&m);
	/* Surface size before the viewport, in transformed buffer units / scale. */
	int tw = surface->buffer_width / cur->scale, th = surface->buffer_height / cur->scale;
	if (cur->transform & 1) {
		int t = tw;
		tw = th;
		th = t;
	}
	double sx = cur->has_src ? cur->src_x : 0, sy = cur->has_src ? cur->src_y : 0;
	double sw = cur->has_src ? cur->src_w : tw, sh = cur->has_src ? cur->src_h : th;
	pixman_f_transform_scale(&m, NULL, sw / surface->width, sh / surface->height);
	pixman_f_transform_translate(&m, NULL, sx, sy);
	if (cur->transform & 4) { /* flipped: mirror, then rotate */
		pixman_f_transform_scale(&m, NULL, -1, 1);
		pixman_f_transform_translate(&m, NULL, tw, 0);
	}
	/* Undo the client's transform: rotate the tw x th frame back by the transform. */
	switch (cur->transform & 3) {
	case 1: /* 90: surface (x, y) is buffer (y, tw - x) */
		pixman_f_transform_rotate(&m, NULL, 0, -1);
		pixman_f_transform_translate(&m, NULL, 0, tw);
		break;
	case 2:
		pixman_f_transform_rotate(&m, NULL, -1, 0);
		pixman_f_transform_translate(&m, NULL, tw, th);
		break;
	case 3: /* 270: surface (x, y) is buffer (th - y, x) */
		pixman_f_transform_rotate(&m, NULL, 0, 1);
		pixman_f_transform_translate(&m, NULL, th, 0);
		break;
	}
	pixman_f_transform_scale(&m, NULL, cur->scale, cur->scale);
	return pixman_transform_from_pixman_f_transform(out, &m);
}

/*
 * A scaled surface (4.50): its place on the output, the tree offset tx, ty times the scale from
 * the tree's origin; the surface is drawn into floor-rounded bounds, so that nearest samples
 * never leave its buffer.
 */
static void
scaled_box(const struct paint *paint, struct pw_surface *surface, int tx, int ty, int *box)
{
	box[0] = paint->x + pw_scale_floor(tx, paint->scale);
	box[1] = paint->y + pw_scale_floor(ty, paint->scale);
	box[2] = paint->x + pw_scale_floor(tx + surface->width, paint->scale);
	box[3] = paint->y + pw_scale_floor(ty + surface->height, paint->scale);
}

/* Output pixels to buffer pixels: the inverse scale, then the buffer's own transform. */
static bool
scaled_transform(const struct pw_surface *surface, int32_t scale, pixman_transform_t *out)
{
	pixman_fixed_t inv = (pixman_fixed_t)(((int64_t)1 << 32) / scale);
	pixman_transform_t down;
	pixman_transform_init_scale(&down, inv, inv);
	pixman_transform_t buffer;
	if (!buffer_transform(surface, &buffer)) {
		*out = down;
		return true;
	}
	return pixman_transform_multiply(out, &buffer, &down);
}

/* c times a wp_alpha_modifier_v1 factor, channel by channel (premultiplied). */
static uint16_t
faded(uint16_t c, uint32_t alpha)
{
	return (uint16_t)(((uint64_t)c * alpha) / UINT32_MAX);
}

/*
 * A single-pixel buffer's surface (4.93): an opaque colour is a fill of the clip, as the
 * background's; any other is composited as pixman's solid source over its box.
 */
static void
paint_solid(const struct paint *paint, const struct pw_surface *surface, const int *box,
	pixman_region32_t *clip)
{
	pixman_color_t c = surface->solid_colour;
	uint32_t alpha = surface->current.alpha;
	if (alpha != UINT32_MAX) {
		c = (pixman_color_t){faded(c.red, alpha), faded(c.green, alpha),
			faded(c.blue, alpha), faded(c.alpha, alpha)};
	}
	if (c.alpha == 0xffff) {
		pw_render_fill(paint->target, clip,
			(uint32_t)(c.red >> 8) << 16 | (uint32_t)(c.green >> 8) << 8 |
				(uint32_t)(c.blue >> 8));
		return;
	}
	pixman_image_t *src = c.alpha ? pixman_image_create_solid_fill(&c) : NULL;
	if (src) {
		pixman_image_set_clip_region32(paint->target, clip);
		pixman_image_composite32(PIXMAN_OP_OVER, src, NULL, paint->target, 0, 0, 0, 0,
			box[0], box[1], box[2] - box[0], box[3] - box[1]);
		pixman_image_set_clip_region32(paint->target, NULL);
		pixman_image_unref(src);
	}
}

static void
paint_surface(struct pw_surface *surface, int x, int y, void *data)
{
	struct paint *paint = data;
	if (!pw_surface_has_buffer(surface)) {
		return;
	}
	bool scaled = paint->scale != PW_SCALE_ONE;
	int box[4] = {x, y, pw_region_end(x, surface->width), pw_region_end(y, surface->height)};
	if (scaled) {
		scaled_box(paint, surface, x, y, box);
	}
	pixman_region32_t clip;
	pixman_region32_init(&clip);
	pw_region_clip_to(&clip, paint->clip, box[0], box[1], box[2], box[3]);
	if (!pixman_region32_not_empty(&clip)) {
		pixman_region32_fini(&clip);
		return;
	}
	if (surface->solid) {
		paint_solid(paint, surface, box, &clip);
		pixman_region32_fini(&clip);
		return;
	}
	struct pw_pixmap pixels;
	if (!pw_surface_pixels_begin(surface, &pixels)) {
		pixman_region32_fini(&clip);
		return;
	}
	pixman_transform_t transform;
	const struct pw_surface_state *cur = &surface->current;
	bool plain = cur->transform == 0 && cur->scale == 1 && !cur->has_src && !cur->has_dst;
	bool transformed = !plain && buffer_transform(surface, &transform);
	if (!transformed && pw_surface_opaque(surface) &&
		(scaled ? scale_opaque(&pixels, box[0], box[1], paint->scale, paint->target, &clip)
			: blit_opaque(&pixels, x, y, paint->target, &clip))) {
		pw_surface_pixels_end(surface);
		pixman_region32_fini(&clip);
		return;
	}
	if (scaled) {
		transformed = scaled_transform(surface, paint->scale, &transform);
	}
	pixman_image_t *src = pixman_image_create_bits_no_clear(pw_format_pixman(pixels.format),
		pixels.width, pixels.height, pixels.data, pixels.stride);
	if (src) {
		if (transformed) {
			/* Scaled to fit: nearest, whatever the viewport asks (4.50). */
			pixman_image_set_transform(src, &transform);
			pixman_image_set_filter(src,
				!scaled && (surface->current.has_dst || surface->current.has_src)
					? PIXMAN_FILTER_BILINEAR
					: PIXMAN_FILTER_NEAREST,
				NULL, 0);
		}
		pixman_image_set_clip_region32(paint->target, &clip);
		pixman_op_t op = pw_surface_opaque(surface) ? PIXMAN_OP_SRC : PIXMAN_OP_OVER;
		/* A wp_alpha_modifier_v1 factor below one: a solid mask of it (4.93). */
		uint32_t alpha = surface->current.alpha;
		pixman_image_t *mask = NULL;
		if (alpha != UINT32_MAX) {
			pixman_color_t m = {0, 0, 0, (uint16_t)(alpha >> 16)};
			mask = pixman_image_create_solid_fill(&m);
		}
		pixman_image_composite32(op, src, mask, paint->target, 0, 0, 0, 0, box[0], box[1],
			box[2] - box[0], box[3] - box[1]);
		if (mask) {
			pixman_image_unref(mask);
		}
		pixman_image_set_clip_region32(paint->target, NULL);
		pixman_image_unref(src);
	}
	pw_surface_pixels_end(surface);
	pixman_region32_fini(&clip);
}

void
pw_render_surface_tree_at(struct pw_surface *root, int x, int y, int32_t scale, struct pw_box box,
	pixman_image_t *target, const pixman_region32_t *damage)
{
	pixman_region32_t clip;
	pixman_region32_init(&clip);
	pw_region_clip_to(&clip, damage, box.x, box.y, pw_region_end(box.x, box.width),
		pw_region_end(box.y, box.height));
	if (pixman_region32_not_empty(&clip)) {
		struct paint paint = {.target = target,
			.clip = &clip,
			.x = x,
			.y = y,
			.scale = scale};
		if (scale == PW_SCALE_ONE) {
			pw_surface_for_each(root, x, y, paint_surface, &paint);
		} else {
			pw_surface_for_each(root, 0, 0, paint_surface, &paint);
		}
	}
	pixman_region32_fini(&clip);
}

void
pw_render_surface_tree(struct pw_surface *root, int x, int y, struct pw_box clip,
	pixman_image_t *target, const pixman_region32_t *damage)
{
	pw_render_surface_tree_at(root, x, y, pw_surface_tree_scale(root), clip, target, damage);
}

static void
render_nothing(struct pw_server *server, pixman_image_t *target, const pixman_region32_t *damage)
{
	pw_render_fill(target, damage, 0x000000);
}

static void
take_no_callbacks(struct pw_server *server, struct wl_list *callbacks, struct wl_list *feedbacks)
{
}

static struct pw_surface *
no_direct_surface(struct pw_server *server)
{
	return NULL;
}

const struct pw_server_shell pw_render_empty_scene = {
	.render = render_nothing,
	.take_frame_callbacks = take_no_callbacks,
	.direct_surface = no_direct_surface,
};

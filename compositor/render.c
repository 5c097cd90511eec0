#include "render.h"

#include <wayland-server-core.h>

#include "desktop.h"
#include "format.h"
#include "output.h"
#include "pixels.h"
#include "region.h"
#include "server.h"
#include "subsurface.h"
#include "surface.h"
#include "view.h"
#include "xdg_shell.h"

struct paint {
	pixman_image_t *target;
	pixman_region32_t *clip; /* damage within the box the tree is clipped to */
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

/*
 * The hot case, an opaque buffer drawn 1:1: picowl's own spans (a row copy or a conversion),
 * which beat pixman's general paths, box by box of the clip.
 */
static bool
blit_opaque(struct pw_surface *surface, struct wl_shm_buffer *shm, enum pw_format format, int x,
	int y, pixman_image_t *target, const pixman_region32_t *clip)
{
	enum pw_format df;
	if (!target_format(target, &df) || !pw_pixels_supported(format, df)) {
		return false;
	}
	struct pw_pixmap dst = {pixman_image_get_data(target), pixman_image_get_width(target),
		pixman_image_get_height(target), pixman_image_get_stride(target), df};
	struct pw_pixmap src = {wl_shm_buffer_get_data(shm), surface->buffer_width,
		surface->buffer_height, wl_shm_buffer_get_stride(shm), format};
	int n;
	const pixman_box32_t *b = pixman_region32_rectangles((pixman_region32_t *)clip, &n);
	for (int i = 0; i < n; i++) {
		pw_pixels_blit_at(&dst, &src, b[i].x1 - x, b[i].y1 - y, b[i].x2 - b[i].x1,
			b[i].y2 - b[i].y1, x, y, dst.width, dst.height, 0);
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

static void
fill(pixman_image_t *target, const pixman_region32_t *region, uint32_t rgb)
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

static void
paint_surface(struct pw_surface *surface, int x, int y, void *data)
{
	struct paint *paint = data;
	if (!pw_surface_has_buffer(surface)) {
		return;
	}
	struct wl_shm_buffer *shm = surface->shm;
	enum pw_format format;
	if (!shm || !pw_format_from_shm(wl_shm_buffer_get_format(shm), &format)) {
		return;
	}
	pixman_region32_t clip;
	pixman_region32_init(&clip);
	pw_region_clip_to(&clip, paint->clip, x, y, pw_region_end(x, surface->width),
		pw_region_end(y, surface->height));
	if (!pixman_region32_not_empty(&clip)) {
		pixman_region32_fini(&clip);
		return;
	}
	wl_shm_buffer_begin_access(shm);
	pixman_transform_t transform;
	bool transformed = buffer_transform(surface, &transform);
	if (!transformed && pw_surface_opaque(surface) &&
		blit_opaque(surface, shm, format, x, y, paint->target, &clip)) {
		wl_shm_buffer_end_access(shm);
		pixman_region32_fini(&clip);
		return;
	}
	pixman_image_t *src = pixman_image_create_bits_no_clear(pw_format_pixman(format),
		surface->buffer_width, surface->buffer_height, wl_shm_buffer_get_data(shm),
		wl_shm_buffer_get_stride(shm));
	if (src) {
		if (transformed) {
			pixman_image_set_transform(src, &transform);
			pixman_image_set_filter(src,
				surface->current.has_dst || surface->current.has_src
					? PIXMAN_FILTER_BILINEAR
					: PIXMAN_FILTER_NEAREST,
				NULL, 0);
		}
		pixman_image_set_clip_region32(paint->target, &clip);
		pixman_op_t op = pw_surface_opaque(surface) ? PIXMAN_OP_SRC : PIXMAN_OP_OVER;
		pixman_image_composite32(op, src, NULL, paint->target, 0, 0, 0, 0, x, y,
			surface->width, surface->height);
		pixman_image_set_clip_region32(paint->target, NULL);
		pixman_image_unref(src);
	}
	wl_shm_buffer_end_access(shm);
	pixman_region32_fini(&clip);
}

static void
paint_tree(struct pw_surface *root, int x, int y, struct pw_box box, pixman_image_t *target,
	const pixman_region32_t *damage)
{
	pixman_region32_t clip;
	pixman_region32_init(&clip);
	pw_region_clip_to(&clip, damage, box.x, box.y, pw_region_end(box.x, box.width),
		pw_region_end(box.y, box.height));
	if (pixman_region32_not_empty(&clip)) {
		struct paint paint = {.target = target, .clip = &clip};
		pw_surface_for_each(root, x, y, paint_surface, &paint);
	}
	pixman_region32_fini(&clip);
}

void
pw_render_surface_tree(struct pw_surface *root, int x, int y, struct pw_box clip,
	pixman_image_t *target, const pixman_region32_t *damage)
{
	paint_tree(root, x, y, clip, target, damage);
}

static bool
box_inside(const pixman_box32_t *b, struct pw_box box)
{
	return b->x1 >= box.x && b->y1 >= box.y && b->x2 <= box.x + box.width &&
		b->y2 <= box.y + box.height;
}

static void
paint_border(struct pw_server *server, struct pw_view *view, pixman_image_t *target,
	const pixman_region32_t *damage)
{
	const pixman_box32_t *ext = pixman_region32_extents((pixman_region32_t *)damage);
	if (box_inside(ext, view->content)) {
		return; /* the common frame: damage inside a client, none on its border */
	}
	uint32_t rgb =
		view == server->focus ? server->colors.border_focused : server->colors.border;
	if (pixman_region32_n_rects((pixman_region32_t *)damage) == 1) {
		/* One damage box (a band of rows): the four strips clipped to it, no region ops. */
		struct pw_box t = view->tile, c = view->content;
		pixman_box32_t strips[4] = {
			{t.x, t.y, t.x + t.width, c.y},
			{t.x, c.y + c.height, t.x + t.width, t.y + t.height},
			{t.x, c.y, c.x, c.y + c.height},
			{c.x + c.width, c.y, t.x + t.width, c.y + c.height},
		};
		for (int i = 0; i < 4; i++) {
			pixman_box32_t b = {strips[i].x1 > ext->x1 ? strips[i].x1 : ext->x1,
				strips[i].y1 > ext->y1 ? strips[i].y1 : ext->y1,
				strips[i].x2 < ext->x2 ? strips[i].x2 : ext->x2,
				strips[i].y2 < ext->y2 ? strips[i].y2 : ext->y2};
			if (b.x2 > b.x1 && b.y2 > b.y1) {
				pixman_region32_t r;
				pixman_region32_init_rect(&r, b.x1, b.y1, (unsigned)(b.x2 - b.x1),
					(unsigned)(b.y2 - b.y1));
				fill(target, &r, rgb);
				pixman_region32_fini(&r);
			}
		}
		return;
	}
	pixman_region32_t border;
	pixman_region32_init_rect(&border, view->tile.x, view->tile.y, (unsigned)view->tile.width,
		(unsigned)view->tile.height);
	pixman_region32_t content;
	pixman_region32_init_rect(&content, view->content.x, view->content.y,
		(unsigned)view->content.width, (unsigned)view->content.height);
	pixman_region32_subtract(&border, &border, &content);
	pixman_region32_intersect(&border, &border, (pixman_region32_t *)damage);
	fill(target, &border, rgb);
	pixman_region32_fini(&content);
	pixman_region32_fini(&border);
}

static struct pw_view *
fullscreen_view(struct pw_server *server)
{
	struct pw_view *view;
	wl_list_for_each(view, &server->views, link) {
		if (view->fullscreen) {
			return view;
		}
	}
	return NULL;
}

/* Adds what the opaque root surface of `view` covers on the output to `covered`. */
static void
add_opaque(struct pw_view *view, pixman_region32_t *covered)
{
	struct pw_surface *s = view->surface;
	int x, y;
	struct pw_box clip;
	if (!pw_surface_has_buffer(s) || !pw_surface_opaque(s) || !s->role || !s->role->place ||
		!s->role->place(s, &x, &y, &clip)) {
		return;
	}
	/* The surface's box, clipped to where its view shows it. */
	int x1 = x > clip.x ? x : clip.x, y1 = y > clip.y ? y : clip.y;
	int sx2 = pw_region_end(x, s->width), cx2 = pw_region_end(clip.x, clip.width);
	int sy2 = pw_region_end(y, s->height), cy2 = pw_region_end(clip.y, clip.height);
	int x2 = sx2 < cx2 ? sx2 : cx2, y2 = sy2 < cy2 ? sy2 : cy2;
	struct pw_box c = view->content, t = view->tile;
	if (x1 <= c.x && y1 <= c.y && x2 >= c.x + c.width && y2 >= c.y + c.height) {
		/* The client fills its tile's content and the border is drawn over the rest. */
		pw_region_add_box(covered, t.x, t.y, t.x + t.width, t.y + t.height);
	} else {
		pw_region_add_box(covered, x1, y1, x2, y2);
	}
}

void
pw_render_frame(struct pw_server *server, pixman_image_t *target, const pixman_region32_t *damage)
{
	struct pw_view *full = fullscreen_view(server);
	struct pw_view *view;
	/* The background only where no opaque client will paint over it. */
	pixman_region32_t bare;
	pixman_region32_init(&bare);
	wl_list_for_each(view, &server->views, link) {
		if (!full || view == full) {
			add_opaque(view, &bare);
		}
	}
	pixman_box32_t extents = *pixman_region32_extents((pixman_region32_t *)damage);
	if (!pw_region_contains(&bare, &extents)) {
		pixman_region32_subtract(&bare, (pixman_region32_t *)damage, &bare);
		fill(target, &bare, server->colors.background);
	}
	pixman_region32_fini(&bare);
	pw_layer_shell_render(server, target, damage, PW_LAYER_BACKGROUND);
	pw_layer_shell_render(server, target, damage, PW_LAYER_BOTTOM);
	wl_list_for_each(view, &server->views, link) {
		if (full && view != full) {
			continue;
		}
		paint_border(server, view, target, damage);
		int x, y;
		struct pw_box clip;
		if (pw_view_place(view, &x, &y, &clip)) {
			paint_tree(view->surface, x, y, clip, target, damage);
		}
	}
	pw_layer_shell_render(server, target, damage, PW_LAYER_TOP);
	struct pw_popup *popup;
	wl_list_for_each(popup, &server->popups, link) {
		int x, y;
		struct pw_box clip;
		if (pw_popup_place(popup, &x, &y, &clip)) {
			paint_tree(popup->surface, x, y, clip, target, damage);
		}
	}
	pw_layer_shell_render(server, target, damage, PW_LAYER_OVERLAY);
}

static void
take_callbacks(struct pw_surface *surface, int x, int y, void *data)
{
	struct wl_list **lists = data;
	wl_list_insert_list(lists[0]->prev, &surface->current.frame_callbacks);
	wl_list_init(&surface->current.frame_callbacks);
	wl_list_insert_list(lists[1]->prev, &surface->current.feedbacks);
	wl_list_init(&surface->current.feedbacks);
}

static void
take_layer_callbacks(struct pw_surface *root, void *data)
{
	pw_surface_for_each(root, 0, 0, take_callbacks, data);
}

void
pw_render_take_frame_callbacks(struct pw_server *server, struct wl_list *callbacks,
	struct wl_list *feedbacks)
{
	struct wl_list *list[2] = {callbacks, feedbacks};
	struct pw_view *full = fullscreen_view(server);
	struct pw_view *view;
	wl_list_for_each(view, &server->views, link) {
		if (!full || view == full) {
			pw_surface_for_each(view->surface, 0, 0, take_callbacks, list);
		}
	}
	struct pw_popup *popup;
	wl_list_for_each(popup, &server->popups, link) {
		pw_surface_for_each(popup->surface, 0, 0, take_callbacks, list);
	}
	pw_layer_shell_for_each_shown(server, take_layer_callbacks, list);
}

struct pw_surface *
pw_render_direct_surface(struct pw_server *server)
{
	struct pw_view *view = fullscreen_view(server);
	struct pw_output *output = server->output;
	if (!view || !output || !wl_list_empty(&server->popups) ||
		pw_layer_shell_over_fullscreen(server)) {
		return NULL;
	}
	struct pw_surface *s = view->surface;
	const struct pw_surface_state *cur = &s->current;
	if (!pw_surface_has_buffer(s) || !pw_surface_opaque(s) || cur->transform != 0 ||
		cur->scale != 1 || cur->has_src || cur->has_dst ||
		s->buffer_width != output->width || s->buffer_height != output->height) {
		return NULL;
	}
	int x, y;
	struct pw_box clip;
	if (!s->role || !s->role->place || !s->role->place(s, &x, &y, &clip) || x != 0 || y != 0) {
		return NULL;
	}
	/* Only the surface itself: any mapped subsurface would need composition. */
	struct pw_surface_node *node;
	wl_list_for_each(node, &s->stack, link) {
		if (node->surface != s && node->surface->subsurface &&
			pw_subsurface_mapped(node->surface->subsurface)) {
			return NULL;
		}
	}
	return s;
}

/*
 * The scene: what the output shows, bottom to top (background, the bottom layers, the views and
 * their borders, the top layer, popups, input method popups, the overlay), and what is under a
 * point. The core paints it through pw_scene (server.h's pw_server_shell).
 */
#include "scene.h"

#include "desktop.h"
#include "dialog.h"
#include "drag_icon.h"
#include "ime_popup.h"
#include "layer_arrange.h"
#include "output.h"
#include "overlay.h"
#include "region.h"
#include "render.h"
#include "scale.h"
#include "server.h"
#include "session_lock.h"
#include "subsurface.h"
#include "surface.h"
#include "surface_pixels.h"
#include "surface_tree.h"
#include "system_bell.h"
#include "tiling.h"
#include "view.h"
#include "xdg_popup.h"
#include "xdg_shell.h"

static bool
box_inside(const pixman_box32_t *b, struct pw_box box)
{
	return b->x1 >= box.x && b->y1 >= box.y && b->x2 <= box.x + box.width &&
		b->y2 <= box.y + box.height;
}

static void
fill_border(struct pw_server *server, struct pw_view *view, pixman_image_t *target,
	const pixman_region32_t *damage, const pixman_box32_t *ext)
{
	uint32_t rgb = view == server->desktop->focus ? server->desktop->colors.border_focused
						      : server->desktop->colors.border;
	if (server->desktop->bell_rung) {
		pw_system_bell_flashing(server, view, &rgb);
	}
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
				pw_render_fill(target, &r, rgb);
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
	pw_render_fill(target, &border, rgb);
	pixman_region32_fini(&content);
	pixman_region32_fini(&border);
}

/* Inline for the common frame, whose damage is inside a client, none on its border. */
static inline void
paint_border(struct pw_server *server, struct pw_view *view, pixman_image_t *target,
	const pixman_region32_t *damage)
{
	const pixman_box32_t *ext = pixman_region32_extents((pixman_region32_t *)damage);
	if (!box_inside(ext, view->content)) {
		fill_border(server, view, target, damage, ext);
	}
}

static struct pw_view *
fullscreen_view(struct pw_server *server)
{
	struct pw_view *view;
	if (!server->desktop->fullscreens) {
		return NULL; /* most frames: no list walked */
	}
	wl_list_for_each(view, &server->desktop->views, link) {
		if (view->fullscreen) {
			return view;
		}
	}
	return NULL;
}

/*
 * The one view shown over the others: the fullscreen one, else in monocle layout the focused
 * view (the last one without a focused view), as every tile then covers the whole area; NULL
 * when every view shows.
 */
struct pw_view *
pw_scene_alone_view(struct pw_server *server)
{
	struct pw_desktop *desktop = server->desktop;
	struct pw_view *full = fullscreen_view(server), *view;
	if (full || desktop->layout.kind != PW_LAYOUT_MONOCLE || wl_list_empty(&desktop->views)) {
		return full;
	}
	struct pw_view *focus = desktop->focus ? desktop->focus->root : NULL;
	wl_list_for_each(view, &desktop->views, link) {
		if (view == focus) {
			return view;
		}
	}
	return wl_container_of(desktop->views.prev, view, link);
}

/* Adds what the opaque root surface of `view`, placed at view->drawn, covers to `covered`. */
static void
add_opaque(struct pw_view *view, pixman_region32_t *covered)
{
	struct pw_surface *s = view->surface;
	int x = view->drawn.x, y = view->drawn.y;
	struct pw_box clip = view->drawn.clip;
	if (!view->drawn.shown || !pw_surface_has_buffer(s) || !pw_surface_opaque(s)) {
		return;
	}
	/* The surface's box, scaled to fit (4.50), clipped to where its view shows it. */
	int w = s->width, h = s->height;
	if (view->scale != PW_SCALE_ONE) {
		w = pw_scale_floor(w, view->scale);
		h = pw_scale_floor(h, view->scale);
	}
	int x1 = x > clip.x ? x : clip.x, y1 = y > clip.y ? y : clip.y;
	int sx2 = pw_region_end(x, w), cx2 = pw_region_end(clip.x, clip.width);
	int sy2 = pw_region_end(y, h), cy2 = pw_region_end(clip.y, clip.height);
	int x2 = sx2 < cx2 ? sx2 : cx2, y2 = sy2 < cy2 ? sy2 : cy2;
	struct pw_box c = view->content, t = view->tile;
	if (x1 <= c.x && y1 <= c.y && x2 >= c.x + c.width && y2 >= c.y + c.height) {
		/* The client fills its tile's content and the border is drawn over the rest. */
		pw_region_add_box(covered, t.x, t.y, t.x + t.width, t.y + t.height);
	} else {
		pw_region_add_box(covered, x1, y1, x2, y2);
	}
}

/* Above every tile, each tile's dialogs in their tree's order (decision 4.51). */
static void
render_dialogs(struct pw_server *server, struct pw_view *full, pixman_image_t *target,
	const pixman_region32_t *damage)
{
	struct pw_view *tile;
	wl_list_for_each(tile, &server->desktop->views, link) {
		if (full && tile != full) {
			continue;
		}
		for (struct pw_view *d = pw_dialog_next(tile, tile); d;
			d = pw_dialog_next(d, tile)) {
			int x, y;
			struct pw_box clip;
			if (d->mapped && pw_view_place(d, &x, &y, &clip)) {
				paint_border(server, d, target, damage);
				pw_render_surface_tree(d->surface, x, y, clip, target, damage);
			}
		}
	}
}

static void
render(struct pw_server *server, pixman_image_t *target, const pixman_region32_t *damage)
{
	if (pw_session_lock_render(server, target, damage)) {
		return;
	}
	struct pw_view *full = pw_scene_alone_view(server);
	struct pw_view *view;
	/* The background only where no opaque client will paint over it. */
	pixman_region32_t bare;
	pixman_region32_init(&bare);
	wl_list_for_each(view, &server->desktop->views, link) {
		if (!full || view == full) {
			/* Placed once a frame: the views are drawn below with the same answer. */
			view->drawn.shown = pw_view_place(view, &view->drawn.x, &view->drawn.y,
				&view->drawn.clip);
			add_opaque(view, &bare);
		}
	}
	pixman_box32_t extents = *pixman_region32_extents((pixman_region32_t *)damage);
	if (!pw_region_contains(&bare, &extents)) {
		pixman_region32_subtract(&bare, (pixman_region32_t *)damage, &bare);
		pw_render_fill(target, &bare, server->desktop->colors.background);
	}
	pixman_region32_fini(&bare);
	/* Most frames have no layer surface: four calls saved (tests/bench, callgrind). */
	bool layers = pw_desktop_has_layers(server->desktop);
	if (layers) {
		pw_layer_arrange_render(server, target, damage, PW_LAYER_BACKGROUND);
		pw_layer_arrange_render(server, target, damage, PW_LAYER_BOTTOM);
	}
	wl_list_for_each(view, &server->desktop->views, link) {
		if (full && view != full) {
			continue;
		}
		paint_border(server, view, target, damage);
		if (view->drawn.shown) {
			pw_render_surface_tree_at(view->surface, view->drawn.x, view->drawn.y,
				view->scale, view->drawn.clip, target, damage);
		}
	}
	if (server->desktop->dialogs) { /* most frames have none: no tree walked (4.51) */
		render_dialogs(server, full, target, damage);
	}
	if (layers) {
		pw_layer_arrange_render(server, target, damage, PW_LAYER_TOP);
	}
	struct pw_xdg_popup *popup;
	wl_list_for_each(popup, &server->desktop->popups, link) {
		int x, y;
		struct pw_box clip;
		if (pw_xdg_popup_place(popup, &x, &y, &clip)) {
			pw_render_surface_tree(popup->surface, x, y, clip, target, damage);
		}
	}
	pw_overlay_render(server, target, damage);
	pw_ime_popup_render(server, target, damage);
	if (layers) {
		pw_layer_arrange_render(server, target, damage, PW_LAYER_OVERLAY);
	}
	pw_drag_icon_render(server, target, damage);
}

static void
take_callbacks(struct pw_surface *surface, int x, int y, void *data)
{
	struct wl_list **lists = data;
	struct wl_list *callbacks = &surface->current.frame_callbacks;
	struct wl_list *feedbacks = &surface->current.feedbacks;
	if (callbacks->next != callbacks) {
		wl_list_insert_list(lists[0]->prev, callbacks);
		wl_list_init(callbacks);
	}
	if (feedbacks->next != feedbacks) {
		wl_list_insert_list(lists[1]->prev, feedbacks);
		wl_list_init(feedbacks);
	}
}

void
pw_scene_take_tree_callbacks(struct pw_surface *root, struct wl_list *callbacks,
	struct wl_list *feedbacks)
{
	struct wl_list *lists[2] = {callbacks, feedbacks};
	pw_surface_for_each(root, 0, 0, take_callbacks, lists);
}

static void
take_layer_callbacks(struct pw_surface *root, void *data)
{
	pw_surface_for_each(root, 0, 0, take_callbacks, data);
}

/* The callbacks of `tile` and of each mapped dialog of its tree. */
static void
take_dialog_callbacks(struct pw_view *tile, struct wl_list **list)
{
	for (struct pw_view *d = tile; d; d = pw_dialog_next(d, tile)) {
		if (d->mapped) {
			pw_surface_for_each(d->surface, 0, 0, take_callbacks, list);
		}
	}
}

static void
take_frame_callbacks(struct pw_server *server, struct wl_list *callbacks, struct wl_list *feedbacks)
{
	if (pw_session_lock_take_callbacks(server, callbacks, feedbacks)) {
		return;
	}
	struct wl_list *list[2] = {callbacks, feedbacks};
	struct pw_view *full = pw_scene_alone_view(server);
	struct pw_view *view;
	bool dialogs = server->desktop->dialogs != 0;
	wl_list_for_each(view, &server->desktop->views, link) {
		if (full && view != full) {
			continue;
		}
		if (dialogs) {
			take_dialog_callbacks(view, list);
		} else { /* most frames: the tile alone, no tree walked (4.51) */
			pw_surface_for_each(view->surface, 0, 0, take_callbacks, list);
		}
	}
	struct pw_xdg_popup *popup;
	wl_list_for_each(popup, &server->desktop->popups, link) {
		pw_surface_for_each(popup->surface, 0, 0, take_callbacks, list);
	}
	struct pw_overlay *overlay;
	wl_list_for_each(overlay, &server->desktop->overlays, link) {
		pw_surface_for_each(overlay->surface, 0, 0, take_callbacks, list);
	}
	if (pw_desktop_has_layers(server->desktop)) {
		pw_layer_arrange_for_each_shown(server, take_layer_callbacks, list);
	}
	pw_ime_popup_take_callbacks(server, callbacks, feedbacks);
	pw_drag_icon_take_callbacks(server, callbacks, feedbacks);
}

static struct pw_surface *
direct_surface(struct pw_server *server)
{
	struct pw_view *view = fullscreen_view(server);
	struct pw_output *output = server->output;
	if (!view || !output || pw_session_lock_active(server) || pw_dialog_has_mapped(view) ||
		!wl_list_empty(&server->desktop->popups) ||
		!wl_list_empty(&server->desktop->overlays) ||
		pw_layer_arrange_over_fullscreen(server) || pw_ime_popup_shown(server) ||
		pw_drag_icon_shown(server)) {
		return NULL;
	}
	struct pw_surface *s = view->surface;
	const struct pw_surface_state *cur = &s->current;
	/* Unrotated (picowl rotates it), or drawn in the display's orientation already. */
	bool turned = cur->transform != 0 && cur->transform == output->transform;
	int bw = turned && (cur->transform & 1) ? output->height : output->width;
	int bh = turned && (cur->transform & 1) ? output->width : output->height;
	if (!pw_surface_has_buffer(s) || !pw_surface_opaque(s) ||
		(cur->transform != 0 && !turned) || cur->scale != 1 || cur->has_src ||
		cur->has_dst || s->buffer_width != bw || s->buffer_height != bh ||
		pw_surface_tree_scale(s) != PW_SCALE_ONE) {
		return NULL; /* a scaled tree is composed (4.50) */
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

static struct pw_surface *
tree_at(struct pw_surface *root, double x, double y, double *sx, double *sy)
{
	int ox, oy;
	struct pw_box clip;
	if (!root->role || !root->role->place || !root->role->place(root, &ox, &oy, &clip) ||
		!pw_box_contains(clip, (int)x, (int)y)) {
		return NULL;
	}
	int32_t scale = pw_surface_tree_scale(root);
	return pw_surface_at(root, pw_scale_unmap(x - ox, scale), pw_scale_unmap(y - oy, scale), sx,
		sy);
}

/* The topmost dialog's surface under x,y, of the tiles shown. */
static struct pw_surface *
dialog_at(struct pw_server *server, double x, double y, double *sx, double *sy)
{
	struct pw_view *full = pw_scene_alone_view(server), *tile;
	wl_list_for_each_reverse(tile, &server->desktop->views, link) {
		if (full && tile != full) {
			continue;
		}
		for (struct pw_view *d = pw_dialog_last(tile); d != tile;
			d = pw_dialog_prev(d, tile)) {
			struct pw_surface *hit =
				d->mapped ? tree_at(d->surface, x, y, sx, sy) : NULL;
			if (hit) {
				return hit;
			}
		}
	}
	return NULL;
}

struct pw_surface *
pw_scene_surface_at(struct pw_server *server, double x, double y, double *sx, double *sy)
{
	if (pw_session_lock_active(server)) {
		return pw_session_lock_surface_at(server, x, y, sx, sy);
	}
	struct pw_overlay *overlay;
	wl_list_for_each_reverse(overlay, &server->desktop->overlays, link) {
		struct pw_surface *hit = tree_at(overlay->surface, x, y, sx, sy);
		if (hit) {
			return hit;
		}
	}
	struct pw_xdg_popup *popup;
	wl_list_for_each_reverse(popup, &server->desktop->popups, link) {
		struct pw_surface *hit = tree_at(popup->surface, x, y, sx, sy);
		if (hit) {
			return hit;
		}
	}
	struct pw_surface *hit =
		pw_layer_arrange_surface_at(server, PW_LAYER_OVERLAY, x, y, sx, sy);
	if (!hit) {
		hit = pw_ime_popup_surface_at(server, x, y, sx, sy);
	}
	if (!hit) {
		hit = pw_layer_arrange_surface_at(server, PW_LAYER_TOP, x, y, sx, sy);
	}
	if (hit) {
		return hit;
	}
	hit = dialog_at(server, x, y, sx, sy);
	if (hit) {
		return hit;
	}
	struct pw_view *view = pw_tiling_view_at(server, x, y);
	hit = view ? tree_at(view->surface, x, y, sx, sy) : NULL;
	if (!hit) {
		hit = pw_layer_arrange_surface_at(server, PW_LAYER_BOTTOM, x, y, sx, sy);
	}
	if (!hit) {
		hit = pw_layer_arrange_surface_at(server, PW_LAYER_BACKGROUND, x, y, sx, sy);
	}
	return hit;
}

static void
find_in_tree(struct pw_surface *surface, int x, int y, void *data)
{
	struct pw_surface **want = data;
	if (surface == *want) {
		*want = NULL;
	}
}

bool
pw_scene_shows(struct pw_server *server, struct pw_surface *surface)
{
	struct pw_surface *root = pw_surface_root(surface), *want = surface;
	int x, y;
	struct pw_box clip;
	if (!pw_surface_has_contents(surface) || !root->role || !root->role->place ||
		!root->role->place(root, &x, &y, &clip)) {
		return false;
	}
	pw_surface_for_each(root, 0, 0, find_in_tree, &want);
	if (want) {
		return false; /* below a subsurface that is not mapped */
	}
	if (pw_session_lock_active(server)) {
		return root == pw_session_lock_keyboard_focus(server, root);
	}
	struct pw_view *view = pw_view_from_surface(root);
	if (view && view->surface == root) {
		struct pw_view *alone = pw_scene_alone_view(server);
		return view->mapped && (!alone || view->root == alone);
	}
	return true; /* a layer surface shown, a popup, an input method popup, a drag icon */
}

const struct pw_server_shell pw_scene = {
	.render = render,
	.take_frame_callbacks = take_frame_callbacks,
	.direct_surface = direct_surface,
};

/* wlr-layer-shell placement: where each layer surface goes, what it reserves, drawing, hits. */
#include "layer_arrange.h"

#include "desktop.h"
#include "layer_shell.h"
#include "osk.h"
#include "output.h"
#include "panel.h"
#include "render.h"
#include "scale.h"
#include "server.h"
#include "surface.h"
#include "surface_tree.h"
#include "view.h"
#include "wlr-layer-shell-unstable-v1-protocol.h"

bool
pw_layer_arrange_shown(struct pw_layer_surface *ls)
{
	if (!ls->mapped || !ls->surface || (ls->osk && pw_osk_hidden(ls->server))) {
		return false;
	}
	struct pw_view *view;
	wl_list_for_each(view, &ls->server->desktop->views, link) {
		if (view->fullscreen) {
			/* A fullscreen client covers everything but the overlay, the keyboard (it
			 * shrinks above it) and a shown panel. */
			return ls->current.layer == PW_LAYER_OVERLAY || ls->osk ||
				(ls->current.layer == PW_LAYER_TOP && pw_panel_visible(ls->server));
		}
	}
	return true;
}

void
pw_layer_arrange_damage_box(struct pw_server *server, struct pw_box box)
{
	if (server->output && !pw_box_empty(box)) {
		pw_output_damage_box(server->output, box.x, box.y, box.width, box.height);
	}
}

/* Where `ls` goes inside `bounds`: its size, stretched between opposite anchors, margins. */
static struct pw_box
place_in(const struct pw_layer_state *s, struct pw_box bounds)
{
	struct pw_box box = {0, 0, (int)s->width, (int)s->height};
	bool l = s->anchor & PW_ANCHOR_L, r = s->anchor & PW_ANCHOR_R;
	bool t = s->anchor & PW_ANCHOR_T, b = s->anchor & PW_ANCHOR_B;
	if (box.width == 0 && l && r) {
		box.width = bounds.width - s->margin_left - s->margin_right;
	}
	if (box.height == 0 && t && b) {
		box.height = bounds.height - s->margin_top - s->margin_bottom;
	}
	/* Larger than its bounds: the box is kept inside, the tree scaled to it (4.50). */
	if (box.width > bounds.width) {
		box.width = bounds.width;
	}
	if (box.height > bounds.height) {
		box.height = bounds.height;
	}
	if (l && !r) {
		box.x = bounds.x + s->margin_left;
	} else if (r && !l) {
		box.x = bounds.x + bounds.width - s->margin_right - box.width;
	} else {
		int left = bounds.x + (l ? s->margin_left : 0);
		int avail = bounds.width - (l ? s->margin_left + s->margin_right : 0);
		box.x = left + (avail - box.width) / 2;
	}
	if (t && !b) {
		box.y = bounds.y + s->margin_top;
	} else if (b && !t) {
		box.y = bounds.y + bounds.height - s->margin_bottom - box.height;
	} else {
		int top = bounds.y + (t ? s->margin_top : 0);
		int avail = bounds.height - (t ? s->margin_top + s->margin_bottom : 0);
		box.y = top + (avail - box.height) / 2;
	}
	if (box.width < 1) {
		box.width = 1;
	}
	if (box.height < 1) {
		box.height = 1;
	}
	return box;
}

/*
 * The edge a surface's exclusive zone reserves along: the one it named (v5), else the one its
 * anchors name (one edge, or one plus both beside it); 0 for none.
 */
static uint32_t
zone_edge(const struct pw_layer_state *s)
{
	const uint32_t lr = PW_ANCHOR_L | PW_ANCHOR_R, tb = PW_ANCHOR_T | PW_ANCHOR_B;
	if (s->edge) {
		return s->edge;
	}
	switch (s->anchor) {
	case PW_ANCHOR_T:
	case PW_ANCHOR_T | PW_ANCHOR_L | PW_ANCHOR_R:
	case PW_ANCHOR_B:
	case PW_ANCHOR_B | PW_ANCHOR_L | PW_ANCHOR_R:
		return s->anchor & tb;
	case PW_ANCHOR_L:
	case PW_ANCHOR_L | PW_ANCHOR_T | PW_ANCHOR_B:
	case PW_ANCHOR_R:
	case PW_ANCHOR_R | PW_ANCHOR_T | PW_ANCHOR_B:
		return s->anchor & lr;
	}
	return 0;
}

/* Takes the exclusive zone of a surface along its zone_edge. */
static void
reserve(const struct pw_layer_state *s, struct pw_box *usable)
{
	int zone = s->zone;
	switch (zone_edge(s)) {
	case PW_ANCHOR_T:
		zone += s->margin_top;
		usable->y += zone;
		usable->height -= zone;
		break;
	case PW_ANCHOR_B:
		usable->height -= zone + s->margin_bottom;
		break;
	case PW_ANCHOR_L:
		zone += s->margin_left;
		usable->x += zone;
		usable->width -= zone;
		break;
	case PW_ANCHOR_R:
		usable->width -= zone + s->margin_right;
		break;
	}
	if (usable->width < 1) {
		usable->width = 1;
	}
	if (usable->height < 1) {
		usable->height = 1;
	}
}

/* Cuts `area` at the edge `box` sits on (the keyboard's, over a fullscreen client). */
static void
reserve_box(struct pw_box box, struct pw_box *area)
{
	int top = box.y - area->y, bottom = area->y + area->height - (box.y + box.height);
	if (bottom <= top && box.y > area->y) {
		area->height = box.y - area->y;
	} else if (top < bottom && box.y + box.height < area->y + area->height) {
		area->height -= box.y + box.height - area->y;
		area->y = box.y + box.height;
	}
}

static void
arrange_one(struct pw_layer_surface *ls, struct pw_box full, struct pw_box *usable)
{
	struct pw_box box = place_in(&ls->current, ls->current.zone < 0 ? full : *usable);
	if (ls->pinned) {
		box.x = ls->pin_x;
		box.y = ls->pin_y;
	}
	if (ls->mapped && ls->current.zone > 0 && !(ls->osk && pw_osk_hidden(ls->server))) {
		reserve(&ls->current, usable);
	}
	if (box.x != ls->box.x || box.y != ls->box.y || box.width != ls->box.width ||
		box.height != ls->box.height) {
		if (pw_layer_arrange_shown(ls)) {
			pw_layer_arrange_damage_box(ls->server, ls->box);
			pw_layer_arrange_damage_box(ls->server, box);
		}
		ls->box = box;
	}
	if (!ls->configured || (uint32_t)box.width != ls->sent_width ||
		(uint32_t)box.height != ls->sent_height) {
		ls->configured = true;
		ls->sent_width = (uint32_t)box.width;
		ls->sent_height = (uint32_t)box.height;
		zwlr_layer_surface_v1_send_configure(ls->resource,
			wl_display_next_serial(ls->server->display), ls->sent_width,
			ls->sent_height);
	}
}

void
pw_layer_arrange(struct pw_server *server)
{
	struct pw_desktop *desktop = server->desktop;
	if (!desktop || !server->output) {
		return;
	}
	struct pw_box full = {0, 0, server->output->width, server->output->height};
	struct pw_box usable = full;
	/* Surfaces that reserve space go first, so the others avoid what they took. */
	for (int pass = 0; pass < 2; pass++) {
		for (int layer = PW_LAYER_OVERLAY; layer >= 0; layer--) {
			struct pw_layer_surface *ls;
			wl_list_for_each(ls, &desktop->layers[layer], link) {
				if (ls->initialized && (ls->current.zone > 0) == (pass == 0)) {
					arrange_one(ls, full, &usable);
				}
			}
		}
	}
	desktop->usable = usable;
	desktop->fullscreen_area = full;
	for (int layer = 0; layer < PW_LAYER_COUNT; layer++) {
		struct pw_layer_surface *ls;
		wl_list_for_each(ls, &desktop->layers[layer], link) {
			if (ls->osk && ls->current.zone > 0 && pw_layer_arrange_shown(ls)) {
				reserve_box(ls->box, &desktop->fullscreen_area);
			}
		}
	}
}

void
pw_layer_arrange_render(struct pw_server *server, pixman_image_t *target,
	const pixman_region32_t *damage, enum pw_layer layer)
{
	if (!server->desktop) {
		return;
	}
	struct pw_layer_surface *ls;
	wl_list_for_each(ls, &server->desktop->layers[layer], link) {
		if (pw_layer_arrange_shown(ls)) {
			pw_render_surface_tree(ls->surface, ls->box.x, ls->box.y, ls->box, target,
				damage);
		}
	}
}

struct pw_surface *
pw_layer_arrange_surface_at(struct pw_server *server, enum pw_layer layer, double x, double y,
	double *sx, double *sy)
{
	if (!server->desktop) {
		return NULL;
	}
	struct pw_layer_surface *ls;
	wl_list_for_each_reverse(ls, &server->desktop->layers[layer], link) {
		if (pw_layer_arrange_shown(ls) && pw_box_contains(ls->box, (int)x, (int)y)) {
			int32_t scale = pw_surface_tree_scale(ls->surface);
			struct pw_surface *hit =
				pw_surface_at(ls->surface, pw_scale_unmap(x - ls->box.x, scale),
					pw_scale_unmap(y - ls->box.y, scale), sx, sy);
			if (hit) {
				return hit;
			}
		}
	}
	return NULL;
}

void
pw_layer_arrange_for_each_shown(struct pw_server *server, void (*fn)(struct pw_surface *, void *),
	void *data)
{
	if (!server->desktop) {
		return;
	}
	for (int layer = 0; layer < PW_LAYER_COUNT; layer++) {
		struct pw_layer_surface *ls;
		wl_list_for_each(ls, &server->desktop->layers[layer], link) {
			if (pw_layer_arrange_shown(ls)) {
				fn(ls->surface, data);
			}
		}
	}
}

bool
pw_layer_arrange_over_fullscreen(struct pw_server *server)
{
	if (!server->desktop) {
		return false;
	}
	for (int layer = PW_LAYER_TOP; layer <= PW_LAYER_OVERLAY; layer++) {
		struct pw_layer_surface *ls;
		wl_list_for_each(ls, &server->desktop->layers[layer], link) {
			if (pw_layer_arrange_shown(ls)) {
				return true;
			}
		}
	}
	return false;
}

void
pw_layer_arrange_damage_layer(struct pw_server *server, enum pw_layer layer)
{
	struct pw_layer_surface *ls;
	wl_list_for_each(ls, &server->desktop->layers[layer], link) {
		if (ls->mapped) {
			pw_layer_arrange_damage_box(server, ls->box);
		}
	}
}

bool
pw_layer_arrange_origin(struct pw_layer_surface *ls, int *x, int *y)
{
	if (!pw_layer_arrange_shown(ls)) {
		return false;
	}
	*x = ls->box.x;
	*y = ls->box.y;
	return true;
}

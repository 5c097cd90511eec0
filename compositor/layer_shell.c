/*
 * zwlr_layer_shell_v1: surfaces in four layers around the tiles. Exclusive zones shrink the
 * area the tiles get (desktop->usable). One output: the output argument is accepted and ignored.
 */
#include <stdlib.h>
#include <string.h>

#include "desktop.h"
#include "output.h"
#include "render.h"
#include "seat.h"
#include "server.h"
#include "surface.h"
#include "view.h"
#include "wlr-layer-shell-unstable-v1-protocol.h"

#define LAYER_SHELL_VERSION 4

enum { ANCHOR_T = 1, ANCHOR_B = 2, ANCHOR_L = 4, ANCHOR_R = 8 };

struct layer_state {
	uint32_t width, height, anchor, keyboard, layer;
	int32_t zone;
	int32_t margin_top, margin_right, margin_bottom, margin_left;
};

struct pw_layer_surface {
	struct wl_resource *resource;
	struct pw_server *server;
	struct pw_surface *surface; /* NULL once the wl_surface died */
	struct wl_list link; /* pw_desktop.layers[current.layer] */
	struct layer_state pending, current;
	bool initialized; /* the initial commit came: it gets configures */
	bool configured; /* a configure was sent since then */
	bool mapped;
	uint32_t sent_width, sent_height;
	struct pw_box box; /* output coordinates */
	struct wl_listener surface_destroy;
};

static const struct pw_surface_role layer_role;

static struct pw_layer_surface *
from_resource(struct wl_resource *resource)
{
	return wl_resource_get_user_data(resource);
}

static bool
shown(struct pw_layer_surface *ls)
{
	if (!ls->mapped || !ls->surface) {
		return false;
	}
	struct pw_view *view;
	wl_list_for_each(view, &ls->server->views, link) {
		if (view->fullscreen) {
			/* A fullscreen client covers everything but the overlay and a shown panel.
			 */
			return ls->current.layer == PW_LAYER_OVERLAY ||
				(ls->current.layer == PW_LAYER_TOP && pw_panel_visible(ls->server));
		}
	}
	return true;
}

static void
damage_box(struct pw_server *server, struct pw_box box)
{
	if (server->output && !pw_box_empty(box)) {
		pw_output_damage_box(server->output, box.x, box.y, box.width, box.height);
	}
}

/* Where `ls` goes inside `bounds`: its size, stretched between opposite anchors, margins. */
static struct pw_box
place_in(const struct layer_state *s, struct pw_box bounds)
{
	struct pw_box box = {0, 0, (int)s->width, (int)s->height};
	bool l = s->anchor & ANCHOR_L, r = s->anchor & ANCHOR_R;
	bool t = s->anchor & ANCHOR_T, b = s->anchor & ANCHOR_B;
	if (box.width == 0 && l && r) {
		box.width = bounds.width - s->margin_left - s->margin_right;
	}
	if (box.height == 0 && t && b) {
		box.height = bounds.height - s->margin_top - s->margin_bottom;
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

/* Takes the exclusive zone of a surface anchored to one edge (or one plus both beside it). */
static void
reserve(const struct layer_state *s, struct pw_box *usable)
{
	int zone = s->zone;
	switch (s->anchor) {
	case ANCHOR_T:
	case ANCHOR_T | ANCHOR_L | ANCHOR_R:
		zone += s->margin_top;
		usable->y += zone;
		usable->height -= zone;
		break;
	case ANCHOR_B:
	case ANCHOR_B | ANCHOR_L | ANCHOR_R:
		usable->height -= zone + s->margin_bottom;
		break;
	case ANCHOR_L:
	case ANCHOR_L | ANCHOR_T | ANCHOR_B:
		zone += s->margin_left;
		usable->x += zone;
		usable->width -= zone;
		break;
	case ANCHOR_R:
	case ANCHOR_R | ANCHOR_T | ANCHOR_B:
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

static void
arrange_one(struct pw_layer_surface *ls, struct pw_box full, struct pw_box *usable)
{
	struct pw_box box = place_in(&ls->current, ls->current.zone < 0 ? full : *usable);
	if (ls->mapped && ls->current.zone > 0) {
		reserve(&ls->current, usable);
	}
	if (box.x != ls->box.x || box.y != ls->box.y || box.width != ls->box.width ||
		box.height != ls->box.height) {
		if (shown(ls)) {
			damage_box(ls->server, ls->box);
			damage_box(ls->server, box);
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
pw_layer_shell_arrange(struct pw_server *server)
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
}

static void
update_keyboard(struct pw_server *server)
{
	struct pw_desktop *desktop = server->desktop;
	struct pw_surface *want = NULL;
	for (int layer = PW_LAYER_OVERLAY; layer >= PW_LAYER_TOP && !want; layer--) {
		struct pw_layer_surface *ls;
		wl_list_for_each(ls, &desktop->layers[layer], link) {
			if (ls->mapped && ls->surface &&
				ls->current.keyboard ==
					ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_EXCLUSIVE) {
				want = ls->surface;
			}
		}
	}
	if (want == desktop->exclusive_focus) {
		return;
	}
	desktop->exclusive_focus = want;
	if (server->seat) {
		pw_seat_keyboard_focus(server->seat,
			want                    ? want
				: server->focus ? server->focus->surface
						: NULL);
	}
}

static void
unmap(struct pw_layer_surface *ls)
{
	if (!ls->mapped) {
		return;
	}
	if (shown(ls)) {
		damage_box(ls->server, ls->box);
	}
	ls->mapped = false;
	if (ls->surface && ls->server->seat) {
		pw_seat_surface_gone(ls->server->seat, ls->surface);
	}
	update_keyboard(ls->server);
}

static bool
role_precommit(struct pw_surface *surface, const struct pw_surface_state *pending)
{
	struct pw_layer_surface *ls = surface->role_data;
	if (!ls) {
		return true;
	}
	const struct layer_state *s = &ls->pending;
	if ((s->width == 0 && (s->anchor & (ANCHOR_L | ANCHOR_R)) != (ANCHOR_L | ANCHOR_R)) ||
		(s->height == 0 && (s->anchor & (ANCHOR_T | ANCHOR_B)) != (ANCHOR_T | ANCHOR_B))) {
		wl_resource_post_error(ls->resource, ZWLR_LAYER_SURFACE_V1_ERROR_INVALID_SIZE,
			"a zero width or height needs anchors on both opposite edges");
		return false;
	}
	if ((pending->committed & PW_STATE_BUFFER) && pending->buffer && !ls->configured) {
		wl_resource_post_error(ls->resource,
			ZWLR_LAYER_SURFACE_V1_ERROR_INVALID_SURFACE_STATE,
			"a buffer was attached before the first configure");
		return false;
	}
	return true;
}

static void
role_commit(struct pw_surface *surface)
{
	struct pw_layer_surface *ls = surface->role_data;
	if (!ls) {
		return;
	}
	struct pw_server *server = ls->server;
	bool was_shown = shown(ls), was_mapped = ls->mapped, was_initialized = ls->initialized;
	bool changed = memcmp(&ls->current, &ls->pending, sizeof(ls->current)) != 0;
	if (ls->current.layer != ls->pending.layer) {
		wl_list_remove(&ls->link);
		wl_list_insert(server->desktop->layers[ls->pending.layer].prev, &ls->link);
	}
	ls->current = ls->pending;
	if (!pw_surface_has_buffer(surface)) {
		if (ls->mapped) {
			unmap(ls);
			/* Back to the state after get_layer_surface: the next commit configures. */
			ls->initialized = false;
			ls->configured = false;
		} else {
			ls->initialized = true;
		}
	} else if (!ls->mapped) {
		ls->mapped = true;
	}
	/*
	 * Only a change of place, size or mapping re-tiles: a panel redrawing its content must
	 * not re-tile, which tells it the tiles again, which makes it redraw.
	 */
	if (changed || was_mapped != ls->mapped || was_initialized != ls->initialized) {
		pw_server_arrange(server); /* arranges the layers first */
		update_keyboard(server);
		if (was_shown || shown(ls)) {
			damage_box(server, ls->box);
		}
	}
}

static bool
role_place(struct pw_surface *surface, int *x, int *y, struct pw_box *clip)
{
	struct pw_layer_surface *ls = surface->role_data;
	if (!ls || !shown(ls)) {
		return false;
	}
	*x = ls->box.x;
	*y = ls->box.y;
	*clip = ls->box;
	return true;
}

static const struct pw_surface_role layer_role = {
	.name = "zwlr_layer_surface_v1",
	.precommit = role_precommit,
	.commit = role_commit,
	.place = role_place,
};

static void
finish(struct pw_layer_surface *ls)
{
	if (!ls->surface) {
		return;
	}
	unmap(ls);
	wl_list_remove(&ls->link);
	wl_list_init(&ls->link);
	wl_list_remove(&ls->surface_destroy.link);
	pw_surface_clear_role_data(ls->surface);
	ls->surface = NULL;
	pw_server_arrange(ls->server);
}

static void
handle_surface_destroy(struct wl_listener *listener, void *data)
{
	struct pw_layer_surface *ls = wl_container_of(listener, ls, surface_destroy);
	finish(ls);
}

static void
handle_resource_destroy(struct wl_resource *resource)
{
	struct pw_layer_surface *ls = from_resource(resource);
	finish(ls);
	free(ls);
}

#define LS_OR_RETURN(resource)                                 \
	struct pw_layer_surface *ls = from_resource(resource); \
	if (!ls->surface) {                                    \
		return;                                        \
	}

/* Sizes, margins and zones past any output are cut down: placing them never overflows an int. */
#define MAX_EXTENT 65536

static int32_t
extent(int32_t v)
{
	return v > MAX_EXTENT ? MAX_EXTENT : v < -MAX_EXTENT ? -MAX_EXTENT : v;
}

static void
layer_set_size(struct wl_client *client, struct wl_resource *resource, uint32_t w, uint32_t h)
{
	LS_OR_RETURN(resource);
	ls->pending.width = w > MAX_EXTENT ? MAX_EXTENT : w;
	ls->pending.height = h > MAX_EXTENT ? MAX_EXTENT : h;
}

static void
layer_set_anchor(struct wl_client *client, struct wl_resource *resource, uint32_t anchor)
{
	LS_OR_RETURN(resource);
	if (anchor > (ANCHOR_T | ANCHOR_B | ANCHOR_L | ANCHOR_R)) {
		wl_resource_post_error(resource, ZWLR_LAYER_SURFACE_V1_ERROR_INVALID_ANCHOR,
			"anchor %u has unknown bits", anchor);
		return;
	}
	ls->pending.anchor = anchor;
}

static void
layer_set_exclusive_zone(struct wl_client *client, struct wl_resource *resource, int32_t zone)
{
	LS_OR_RETURN(resource);
	ls->pending.zone = zone < -1 ? -1 : extent(zone);
}

static void
layer_set_margin(struct wl_client *client, struct wl_resource *resource, int32_t top, int32_t right,
	int32_t bottom, int32_t left)
{
	LS_OR_RETURN(resource);
	ls->pending.margin_top = extent(top);
	ls->pending.margin_right = extent(right);
	ls->pending.margin_bottom = extent(bottom);
	ls->pending.margin_left = extent(left);
}

static void
layer_set_keyboard_interactivity(struct wl_client *client, struct wl_resource *resource,
	uint32_t mode)
{
	LS_OR_RETURN(resource);
	uint32_t max = wl_resource_get_version(resource) >= 4 ? 2 : 1;
	if (mode > max) {
		wl_resource_post_error(resource,
			ZWLR_LAYER_SURFACE_V1_ERROR_INVALID_KEYBOARD_INTERACTIVITY,
			"keyboard interactivity %u is not valid", mode);
		return;
	}
	ls->pending.keyboard = mode;
}

static void
layer_get_popup(struct wl_client *client, struct wl_resource *resource, struct wl_resource *popup)
{
	/* Popups of layer surfaces are not placed yet: the popup stays unmapped. */
}

static void
layer_ack_configure(struct wl_client *client, struct wl_resource *resource, uint32_t serial)
{
	/* Sizes are hints and the last configure wins: nothing waits for the ack. */
}

static void
layer_destroy(struct wl_client *client, struct wl_resource *resource)
{
	wl_resource_destroy(resource);
}

static void
layer_set_layer(struct wl_client *client, struct wl_resource *resource, uint32_t layer)
{
	LS_OR_RETURN(resource);
	if (layer >= PW_LAYER_COUNT) {
		wl_resource_post_error(resource, ZWLR_LAYER_SHELL_V1_ERROR_INVALID_LAYER,
			"layer %u does not exist", layer);
		return;
	}
	ls->pending.layer = layer;
}

static const struct zwlr_layer_surface_v1_interface layer_surface_impl = {
	.set_size = layer_set_size,
	.set_anchor = layer_set_anchor,
	.set_exclusive_zone = layer_set_exclusive_zone,
	.set_margin = layer_set_margin,
	.set_keyboard_interactivity = layer_set_keyboard_interactivity,
	.get_popup = layer_get_popup,
	.ack_configure = layer_ack_configure,
	.destroy = layer_destroy,
	.set_layer = layer_set_layer,
};

static void
shell_get_layer_surface(struct wl_client *client, struct wl_resource *shell, uint32_t id,
	struct wl_resource *surface_resource, struct wl_resource *output, uint32_t layer,
	const char *namespace)
{
	struct pw_server *server = wl_resource_get_user_data(shell);
	struct pw_surface *surface = pw_surface_from_resource(surface_resource);
	if (layer >= PW_LAYER_COUNT) {
		wl_resource_post_error(shell, ZWLR_LAYER_SHELL_V1_ERROR_INVALID_LAYER,
			"layer %u does not exist", layer);
		return;
	}
	if (surface->buffer || surface->pending.buffer) {
		wl_resource_post_error(shell, ZWLR_LAYER_SHELL_V1_ERROR_ALREADY_CONSTRUCTED,
			"wl_surface@%u has a buffer", wl_resource_get_id(surface_resource));
		return;
	}
	struct pw_layer_surface *ls = calloc(1, sizeof(*ls));
	if (!ls) {
		wl_client_post_no_memory(client);
		return;
	}
	ls->resource = wl_resource_create(client, &zwlr_layer_surface_v1_interface,
		wl_resource_get_version(shell), id);
	if (!ls->resource) {
		free(ls);
		wl_client_post_no_memory(client);
		return;
	}
	ls->server = server;
	ls->pending.layer = ls->current.layer = layer;
	wl_list_init(&ls->link);
	wl_list_init(&ls->surface_destroy.link);
	wl_resource_set_implementation(ls->resource, &layer_surface_impl, ls,
		handle_resource_destroy);
	if (!pw_surface_set_role(surface, &layer_role, ls, shell, ZWLR_LAYER_SHELL_V1_ERROR_ROLE)) {
		return; /* the resource dies with the client */
	}
	ls->surface = surface;
	ls->surface_destroy.notify = handle_surface_destroy;
	wl_signal_add(&surface->events.destroy, &ls->surface_destroy);
	wl_list_insert(server->desktop->layers[layer].prev, &ls->link);
}

static void
shell_destroy(struct wl_client *client, struct wl_resource *resource)
{
	wl_resource_destroy(resource);
}

static const struct zwlr_layer_shell_v1_interface shell_impl = {
	.get_layer_surface = shell_get_layer_surface,
	.destroy = shell_destroy,
};

static void
bind_shell(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *resource =
		wl_resource_create(client, &zwlr_layer_shell_v1_interface, (int)version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &shell_impl, data, NULL);
}

bool
pw_layer_shell_create(struct pw_server *server)
{
	server->desktop->layer_shell = wl_global_create(server->display,
		&zwlr_layer_shell_v1_interface, LAYER_SHELL_VERSION, server, bind_shell);
	return server->desktop->layer_shell != NULL;
}

void
pw_layer_shell_render(struct pw_server *server, pixman_image_t *target,
	const pixman_region32_t *damage, enum pw_layer layer)
{
	if (!server->desktop) {
		return;
	}
	struct pw_layer_surface *ls;
	wl_list_for_each(ls, &server->desktop->layers[layer], link) {
		if (shown(ls)) {
			pw_render_surface_tree(ls->surface, ls->box.x, ls->box.y, ls->box, target,
				damage);
		}
	}
}

struct pw_surface *
pw_layer_shell_surface_at(struct pw_server *server, enum pw_layer layer, double x, double y,
	double *sx, double *sy)
{
	if (!server->desktop) {
		return NULL;
	}
	struct pw_layer_surface *ls;
	wl_list_for_each_reverse(ls, &server->desktop->layers[layer], link) {
		if (shown(ls) && pw_box_contains(ls->box, (int)x, (int)y)) {
			struct pw_surface *hit =
				pw_surface_at(ls->surface, x - ls->box.x, y - ls->box.y, sx, sy);
			if (hit) {
				return hit;
			}
		}
	}
	return NULL;
}

void
pw_layer_shell_for_each_shown(struct pw_server *server, void (*fn)(struct pw_surface *, void *),
	void *data)
{
	if (!server->desktop) {
		return;
	}
	for (int layer = 0; layer < PW_LAYER_COUNT; layer++) {
		struct pw_layer_surface *ls;
		wl_list_for_each(ls, &server->desktop->layers[layer], link) {
			if (shown(ls)) {
				fn(ls->surface, data);
			}
		}
	}
}

bool
pw_layer_shell_over_fullscreen(struct pw_server *server)
{
	if (!server->desktop) {
		return false;
	}
	for (int layer = PW_LAYER_TOP; layer <= PW_LAYER_OVERLAY; layer++) {
		struct pw_layer_surface *ls;
		wl_list_for_each(ls, &server->desktop->layers[layer], link) {
			if (shown(ls)) {
				return true;
			}
		}
	}
	return false;
}

void
pw_layer_shell_damage_layer(struct pw_server *server, enum pw_layer layer)
{
	struct pw_layer_surface *ls;
	wl_list_for_each(ls, &server->desktop->layers[layer], link) {
		if (ls->mapped) {
			damage_box(server, ls->box);
		}
	}
}

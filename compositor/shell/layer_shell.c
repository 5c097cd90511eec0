/*
 * zwlr_layer_shell_v1: surfaces in four layers around the tiles. Exclusive zones shrink the
 * area the tiles get (desktop->usable). One output: the output argument is accepted and ignored.
 */
#include <stdlib.h>
#include <string.h>

#include "desktop.h"
#include "keyboard.h"
#include "layer_arrange.h"
#include "layer_shell.h"
#include "osk.h"
#include "output.h"
#include "request.h"
#include "scale.h"
#include "seat.h"
#include "server.h"
#include "surface.h"
#include "surface_pixels.h"
#include "surface_tree.h"
#include "tiling.h"
#include "view.h"
#include "wlr-layer-shell-unstable-v1-protocol.h"
#include "xdg_popup.h"
#include "xdg_shell.h"

#define LAYER_SHELL_VERSION 5

static const struct pw_surface_role layer_role;

static struct pw_layer_surface *
from_resource(struct wl_resource *resource)
{
	return wl_resource_get_user_data(resource);
}

static bool
takes_keys(struct pw_surface *surface)
{
	struct pw_layer_surface *ls =
		surface && surface->role == &layer_role ? surface->role_data : NULL;
	return ls && ls->mapped && ls->surface &&
		ls->current.keyboard != ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_NONE;
}

static struct pw_surface *
focused_view_surface(struct pw_server *server)
{
	return server->desktop->focus ? server->desktop->focus->surface : NULL;
}

/*
 * An exclusive surface of the top or overlay layer takes the keyboard; so does an on-demand one
 * of those layers as it maps (`mapped`), until a press elsewhere. A layer surface that no
 * longer takes keys gives them back to the focused view.
 */
static void
update_keyboard(struct pw_server *server, struct pw_layer_surface *mapped)
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
	if (want != desktop->exclusive_focus) {
		desktop->exclusive_focus = want;
		if (server->seat) {
			pw_seat_keyboard_focus(server->seat,
				want ? want : focused_view_surface(server));
		}
		return;
	}
	if (want || !server->seat) {
		return;
	}
	struct pw_surface *kb = pw_seat_keyboard_focused(server->seat);
	if (mapped && mapped->surface && mapped->current.layer >= PW_LAYER_TOP &&
		mapped->current.keyboard ==
			ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_ON_DEMAND) {
		pw_seat_keyboard_focus(server->seat, mapped->surface);
	} else if (!kb || (kb->role == &layer_role && !takes_keys(kb))) {
		pw_seat_keyboard_focus(server->seat, focused_view_surface(server));
	}
}

void
pw_layer_shell_pressed(struct pw_server *server, struct pw_surface *surface)
{
	if (!server->desktop || server->desktop->exclusive_focus || !server->seat) {
		return;
	}
	struct pw_surface *root = surface ? pw_surface_root(surface) : NULL;
	struct pw_layer_surface *ls = root && root->role == &layer_role ? root->role_data : NULL;
	struct pw_surface *kb = pw_seat_keyboard_focused(server->seat);
	if (ls && ls->mapped &&
		ls->current.keyboard == ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_ON_DEMAND) {
		pw_seat_keyboard_focus(server->seat, root);
	} else if (!ls && kb && kb->role == &layer_role) {
		pw_seat_keyboard_focus(server->seat, focused_view_surface(server));
	}
}

static void
unmap(struct pw_layer_surface *ls)
{
	if (!ls->mapped) {
		return;
	}
	if (pw_layer_arrange_shown(ls)) {
		pw_layer_arrange_damage_box(ls->server, ls->box);
	}
	ls->mapped = false;
	if (ls->surface && ls->server->seat) {
		pw_seat_surface_gone(ls->server->seat, ls->surface);
	}
	update_keyboard(ls->server, NULL);
}

static bool
role_precommit(struct pw_surface *surface, const struct pw_surface_state *pending)
{
	struct pw_layer_surface *ls = surface->role_data;
	if (!ls) {
		return true;
	}
	const struct pw_layer_state *s = &ls->pending;
	const uint32_t lr = PW_ANCHOR_L | PW_ANCHOR_R, tb = PW_ANCHOR_T | PW_ANCHOR_B;
	if ((s->width == 0 && (s->anchor & lr) != lr) ||
		(s->height == 0 && (s->anchor & tb) != tb)) {
		wl_resource_post_error(ls->resource, ZWLR_LAYER_SURFACE_V1_ERROR_INVALID_SIZE,
			"a zero width or height needs anchors on both opposite edges");
		return false;
	}
	if (s->edge && !(s->anchor & s->edge)) {
		wl_resource_post_error(ls->resource,
			ZWLR_LAYER_SURFACE_V1_ERROR_INVALID_EXCLUSIVE_EDGE,
			"exclusive edge %u is not one of the anchored edges %u", s->edge,
			s->anchor);
		return false;
	}
	/*
	 * As xdg_shell.c, a buffer in the first commit after get_layer_surface is taken (the
	 * WLCS 1.5 runner commits one before any configure); that commit is the initial one and
	 * gets its configure. After an unmap, the client must start over with a commit without
	 * a buffer.
	 */
	if ((pending->committed & PW_STATE_BUFFER) && pending->buffer && !ls->configured &&
		ls->committed) {
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
	bool was_shown = pw_layer_arrange_shown(ls), was_mapped = ls->mapped;
	bool was_initialized = ls->initialized;
	bool changed = memcmp(&ls->current, &ls->pending, sizeof(ls->current)) != 0;
	if (ls->current.layer != ls->pending.layer) {
		wl_list_remove(&ls->link);
		wl_list_insert(server->desktop->layers[ls->pending.layer].prev, &ls->link);
	}
	ls->current = ls->pending;
	ls->committed = true;
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
		ls->initialized = true;
		if (ls->osk) {
			pw_osk_mapped(server);
		}
	}
	/*
	 * Only a change of place, size or mapping re-tiles: a panel redrawing its content must
	 * not re-tile, which tells it the tiles again, which makes it redraw.
	 */
	if (changed || was_mapped != ls->mapped || was_initialized != ls->initialized) {
		pw_tiling_arrange(server); /* arranges the layers first */
		update_keyboard(server, !was_mapped && ls->mapped ? ls : NULL);
		if (was_shown || pw_layer_arrange_shown(ls)) {
			pw_layer_arrange_damage_box(server, ls->box);
		}
	}
}

static bool
role_place(struct pw_surface *surface, int *x, int *y, struct pw_box *clip)
{
	struct pw_layer_surface *ls = surface->role_data;
	if (!ls || !pw_layer_arrange_shown(ls)) {
		return false;
	}
	*x = ls->box.x;
	*y = ls->box.y;
	*clip = ls->box;
	return true;
}

/* A layer surface whose tree is larger than its box (the output at most) is scaled (4.50). */
static int32_t
role_scale(struct pw_surface *surface)
{
	struct pw_layer_surface *ls = surface->role_data;
	int w = surface->width, h = surface->height;
	if (surface->stack.next->next != &surface->stack) {
		struct pw_box tree = pw_view_tree_box(surface);
		w = tree.x + tree.width;
		h = tree.y + tree.height;
	}
	return ls->pinned ? PW_SCALE_ONE : pw_scale_fit(ls->box.width, ls->box.height, w, h);
}

static const struct pw_surface_role layer_role = {
	.name = "zwlr_layer_surface_v1",
	.precommit = role_precommit,
	.commit = role_commit,
	.place = role_place,
	.scale = role_scale,
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
	pw_tiling_arrange(ls->server);
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
layer_surface_set_size(struct wl_client *client, struct wl_resource *resource, uint32_t w,
	uint32_t h)
{
	LS_OR_RETURN(resource);
	ls->pending.width = w > MAX_EXTENT ? MAX_EXTENT : w;
	ls->pending.height = h > MAX_EXTENT ? MAX_EXTENT : h;
}

static void
layer_surface_set_anchor(struct wl_client *client, struct wl_resource *resource, uint32_t anchor)
{
	LS_OR_RETURN(resource);
	if (anchor > (PW_ANCHOR_T | PW_ANCHOR_B | PW_ANCHOR_L | PW_ANCHOR_R)) {
		wl_resource_post_error(resource, ZWLR_LAYER_SURFACE_V1_ERROR_INVALID_ANCHOR,
			"anchor %u has unknown bits", anchor);
		return;
	}
	ls->pending.anchor = anchor;
}

static void
layer_surface_set_exclusive_zone(struct wl_client *client, struct wl_resource *resource,
	int32_t zone)
{
	LS_OR_RETURN(resource);
	ls->pending.zone = zone < -1 ? -1 : extent(zone);
}

static void
layer_surface_set_margin(struct wl_client *client, struct wl_resource *resource, int32_t top,
	int32_t right, int32_t bottom, int32_t left)
{
	LS_OR_RETURN(resource);
	ls->pending.margin_top = extent(top);
	ls->pending.margin_right = extent(right);
	ls->pending.margin_bottom = extent(bottom);
	ls->pending.margin_left = extent(left);
}

static void
layer_surface_set_keyboard_interactivity(struct wl_client *client, struct wl_resource *resource,
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
layer_surface_get_popup(struct wl_client *client, struct wl_resource *resource,
	struct wl_resource *popup_resource)
{
	LS_OR_RETURN(resource);
	struct pw_xdg_popup *popup = wl_resource_get_user_data(popup_resource);
	if (popup) {
		pw_xdg_popup_set_layer_parent(popup, ls, resource);
	}
}

static void
layer_surface_ack_configure(struct wl_client *client, struct wl_resource *resource, uint32_t serial)
{
	/* Sizes are hints and the last configure wins: nothing waits for the ack. */
}

static void
layer_surface_set_layer(struct wl_client *client, struct wl_resource *resource, uint32_t layer)
{
	LS_OR_RETURN(resource);
	if (layer >= PW_LAYER_COUNT) {
		wl_resource_post_error(resource, ZWLR_LAYER_SHELL_V1_ERROR_INVALID_LAYER,
			"layer %u does not exist", layer);
		return;
	}
	ls->pending.layer = layer;
}

static void
layer_surface_set_exclusive_edge(struct wl_client *client, struct wl_resource *resource,
	uint32_t edge)
{
	LS_OR_RETURN(resource);
	if (edge > PW_ANCHOR_R || (edge & (edge - 1)) != 0) {
		wl_resource_post_error(resource, ZWLR_LAYER_SURFACE_V1_ERROR_INVALID_EXCLUSIVE_EDGE,
			"exclusive edge %u is not one edge", edge);
		return;
	}
	ls->pending.edge = edge;
}

static const struct zwlr_layer_surface_v1_interface layer_surface_impl = {
	.set_size = layer_surface_set_size,
	.set_anchor = layer_surface_set_anchor,
	.set_exclusive_zone = layer_surface_set_exclusive_zone,
	.set_margin = layer_surface_set_margin,
	.set_keyboard_interactivity = layer_surface_set_keyboard_interactivity,
	.get_popup = layer_surface_get_popup,
	.ack_configure = layer_surface_ack_configure,
	.destroy = pw_request_destroy,
	.set_layer = layer_surface_set_layer,
	.set_exclusive_edge = layer_surface_set_exclusive_edge,
};

static void
layer_shell_get_layer_surface(struct wl_client *client, struct wl_resource *shell, uint32_t id,
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
	if (pw_surface_has_contents(surface) || surface->pending.buffer) {
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
	ls->osk = pw_osk_is_keyboard(server, client, namespace);
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

bool
pw_layer_shell_set_test_position(struct pw_surface *surface, int x, int y)
{
	struct pw_layer_surface *ls = surface->role == &layer_role ? surface->role_data : NULL;
	if (!ls) {
		return false;
	}
	ls->pinned = true;
	ls->pin_x = x;
	ls->pin_y = y;
	pw_tiling_arrange(ls->server);
	return true;
}

static const struct zwlr_layer_shell_v1_interface layer_shell_impl = {
	.get_layer_surface = layer_shell_get_layer_surface,
	.destroy = pw_request_destroy,
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
	wl_resource_set_implementation(resource, &layer_shell_impl, data, NULL);
}

bool
pw_layer_shell_create(struct pw_server *server)
{
	server->desktop->layer_shell = wl_global_create(server->display,
		&zwlr_layer_shell_v1_interface, LAYER_SHELL_VERSION, server, bind_shell);
	return server->desktop->layer_shell != NULL;
}

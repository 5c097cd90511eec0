/* The xdg_popup role: placed by its positioner, kept inside the output, drawn on top. */
#include "xdg_popup.h"

#include <stdlib.h>

#include "clock.h"
#include "desktop.h"
#include "input_serials.h"
#include "keyboard.h"
#include "layer_arrange.h"
#include "output.h"
#include "pointer.h"
#include "scale.h"
#include "seat.h"
#include "server.h"
#include "surface.h"
#include "surface_pixels.h"
#include "surface_tree.h"
#include "view.h"
#include "xdg-shell-protocol.h"
#include "xdg_positioner.h"
#include "xdg_shell.h"

/* Who gets the keyboard back from a popup: the topmost grab, an exclusive layer, the focus. */
static struct pw_surface *
keyboard_owner(struct pw_server *server)
{
	struct pw_xdg_popup *popup;
	wl_list_for_each_reverse(popup, &server->desktop->popups, link) {
		if (popup->grab) {
			return popup->surface;
		}
	}
	if (server->desktop && server->desktop->exclusive_focus) {
		return server->desktop->exclusive_focus;
	}
	return server->desktop->focus ? server->desktop->focus->surface : NULL;
}

static void
popup_unmap(struct pw_xdg_popup *popup)
{
	if (!popup->xdg->mapped) {
		return;
	}
	struct pw_box clip;
	int x, y;
	if (pw_xdg_popup_place(popup, &x, &y, &clip) && popup->xdg->server->output) {
		pw_output_damage_box(popup->xdg->server->output, x, y, popup->surface->width,
			popup->surface->height);
	}
	popup->xdg->mapped = false;
	wl_list_remove(&popup->link);
	wl_list_init(&popup->link);
	struct pw_seat *seat = popup->xdg->server->seat;
	if (seat) {
		pw_seat_surface_gone(seat, popup->surface);
		if (popup->grab && !pw_seat_keyboard_focused(seat)) {
			pw_seat_keyboard_focus(seat, keyboard_owner(popup->xdg->server));
		}
		/* What the popup covered is under the pointer now: enter it at once. */
		pw_seat_pointer_rescan(seat, pw_now_msec());
	}
}

/* The output position of the parent's window geometry; false when the parent is not shown. */
static bool
parent_origin(struct pw_xdg_popup *popup, int *x, int *y)
{
	if (popup->parent) {
		return pw_xdg_surface_window_origin(popup->parent, x, y);
	}
	return popup->layer_parent && pw_layer_arrange_origin(popup->layer_parent, x, y);
}

static struct pw_box
parent_bounds(struct pw_xdg_popup *popup)
{
	/* The output, in the coordinates of the parent's window geometry. */
	struct pw_output *output = popup->xdg->server->output;
	int px = 0, py = 0;
	if (!parent_origin(popup, &px, &py)) {
		px = py = 0;
	}
	/* A scaled parent's popups are scaled with it (4.50): the output in its units. */
	int32_t scale = pw_surface_tree_scale(popup->surface);
	int w = output ? output->width : 0, h = output ? output->height : 0;
	return (struct pw_box){(int)-pw_scale_unmap(px, scale), (int)-pw_scale_unmap(py, scale),
		(int)pw_scale_unmap(w, scale), (int)pw_scale_unmap(h, scale)};
}

void
pw_xdg_popup_send_configure(struct pw_xdg_popup *popup)
{
	popup->geometry = pw_positioner_place(&popup->rules, parent_bounds(popup));
	if (popup->send_repositioned) {
		popup->send_repositioned = false;
		xdg_popup_send_repositioned(popup->resource, popup->reposition_token);
	}
	xdg_popup_send_configure(popup->resource, popup->geometry.x, popup->geometry.y,
		popup->geometry.width, popup->geometry.height);
}

bool
pw_xdg_popup_place(struct pw_xdg_popup *popup, int *x, int *y, struct pw_box *clip)
{
	int px, py;
	struct pw_output *output = popup->xdg->server->output;
	if (!popup->xdg->mapped || !output || !parent_origin(popup, &px, &py)) {
		return false;
	}
	int gx, gy;
	pw_xdg_surface_geometry_origin(popup->xdg, &gx, &gy);
	int32_t scale = pw_surface_tree_scale(popup->surface);
	*x = px + pw_scale_floor(popup->geometry.x - gx, scale);
	*y = py + pw_scale_floor(popup->geometry.y - gy, scale);
	*clip = (struct pw_box){0, 0, output->width, output->height};
	return true;
}

void
pw_xdg_popup_commit(struct pw_xdg_popup *popup)
{
	struct pw_xdg_surface *xdg = popup->xdg;
	int px, py;
	if (popup->refused) {
		return;
	}
	if (!xdg->mapped && pw_surface_has_buffer(xdg->surface) && parent_origin(popup, &px, &py)) {
		xdg->mapped = true;
		wl_list_insert(xdg->server->desktop->popups.prev, &popup->link);
		if (popup->grab && xdg->server->seat) {
			pw_seat_keyboard_focus(xdg->server->seat, popup->surface);
		}
		pixman_region32_union_rect(&xdg->surface->damage, &xdg->surface->damage, 0, 0,
			xdg->surface->width, xdg->surface->height);
		pw_view_surface_committed(xdg->surface);
	} else if (xdg->mapped && !pw_surface_has_contents(xdg->surface)) {
		popup_unmap(popup);
	} else if (!xdg->mapped && !xdg->configure_sent) {
		pw_xdg_surface_schedule_configure(xdg);
	}
}

static void
dismiss(struct pw_xdg_popup *popup)
{
	popup_unmap(popup);
	xdg_popup_send_popup_done(popup->resource);
}

static void
handle_parent_destroy(struct wl_listener *listener, void *data)
{
	struct pw_xdg_popup *popup = wl_container_of(listener, popup, parent_destroy);
	wl_list_remove(&popup->parent_destroy.link);
	wl_list_init(&popup->parent_destroy.link);
	dismiss(popup);
	popup->parent = NULL;
	popup->layer_parent = NULL;
}

/* Whether a shown popup has this one as its parent: then this one is not the topmost. */
static bool
has_child_popup(struct pw_xdg_popup *popup)
{
	struct pw_xdg_popup *other;
	wl_list_for_each(other, &popup->xdg->server->desktop->popups, link) {
		if (other->parent == popup->xdg) {
			return true;
		}
	}
	return false;
}

static void
popup_destroy(struct wl_client *client, struct wl_resource *resource)
{
	struct pw_xdg_popup *popup = wl_resource_get_user_data(resource);
	if (popup && popup->xdg->mapped && has_child_popup(popup)) {
		/* xdg-shell: popups are destroyed topmost first */
		wl_resource_post_error(popup->xdg->wm_base->resource,
			XDG_WM_BASE_ERROR_NOT_THE_TOPMOST_POPUP,
			"xdg_popup@%u destroyed while a popup of it is shown",
			wl_resource_get_id(resource));
		return;
	}
	wl_resource_destroy(resource);
}

static void
popup_grab(struct wl_client *client, struct wl_resource *resource,
	struct wl_resource *seat_resource, uint32_t serial)
{
	/*
	 * The grabbed popup takes the keyboard; the pointer stays as it is (every surface of
	 * the client gets its events anyway). The grab ends when the focus moves to another
	 * window: pw_tiling_focus dismisses it.
	 */
	struct pw_xdg_popup *popup = wl_resource_get_user_data(resource);
	if (!popup) {
		return;
	}
	if (popup->xdg->mapped) {
		wl_resource_post_error(resource, XDG_POPUP_ERROR_INVALID_GRAB,
			"the popup is already mapped");
		return;
	}
	/* xdg-shell: a grab must answer a user event; a refused one dismisses the popup. */
	if (!pw_seat_input_serial_valid(pw_seat_from_resource(seat_resource), client, serial)) {
		popup->refused = true;
		xdg_popup_send_popup_done(resource);
		return;
	}
	popup->grab = true;
}

static void
popup_reposition(struct wl_client *client, struct wl_resource *resource,
	struct wl_resource *positioner, uint32_t token)
{
	struct pw_xdg_popup *popup = wl_resource_get_user_data(resource);
	if (!popup) {
		return;
	}
	struct pw_positioner_rules rules;
	if (!pw_xdg_positioner_rules(positioner, popup->xdg->wm_base->resource,
		    XDG_WM_BASE_ERROR_INVALID_POSITIONER, &rules)) {
		return;
	}
	popup->rules = rules;
	popup->reposition_token = token;
	popup->send_repositioned = true;
	pw_xdg_surface_schedule_configure(popup->xdg);
}

static const struct xdg_popup_interface popup_impl = {
	.destroy = popup_destroy,
	.grab = popup_grab,
	.reposition = popup_reposition,
};

void
pw_xdg_popup_destroy_role(struct pw_xdg_popup *popup)
{
	struct pw_xdg_surface *xdg = popup->xdg;
	popup_unmap(popup);
	wl_list_remove(&popup->parent_destroy.link);
	if (xdg->surface) {
		pw_surface_unmap_buffer(xdg->surface);
	}
	xdg->popup = NULL;
	xdg->configure_sent = false;
	wl_resource_set_user_data(popup->resource, NULL);
	free(popup);
}

static void
handle_popup_resource_destroy(struct wl_resource *resource)
{
	struct pw_xdg_popup *popup = wl_resource_get_user_data(resource);
	if (popup) {
		pw_xdg_popup_destroy_role(popup);
	}
}

void
pw_xdg_popup_create(struct pw_xdg_surface *xdg, uint32_t id, struct pw_xdg_surface *parent,
	const struct pw_positioner_rules *rules)
{
	struct wl_client *client = wl_resource_get_client(xdg->resource);
	struct pw_xdg_popup *popup = calloc(1, sizeof(*popup));
	if (!popup) {
		wl_client_post_no_memory(client);
		return;
	}
	popup->resource = wl_resource_create(client, &xdg_popup_interface,
		wl_resource_get_version(xdg->resource), id);
	if (!popup->resource) {
		free(popup);
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(popup->resource, &popup_impl, popup,
		handle_popup_resource_destroy);
	popup->xdg = xdg;
	popup->surface = xdg->surface;
	popup->rules = *rules;
	wl_list_init(&popup->link);
	wl_list_init(&popup->parent_destroy.link);
	xdg->role = PW_XDG_ROLE_POPUP;
	xdg->popup = popup;
	if (parent && parent->surface) {
		popup->parent = parent;
		popup->parent_destroy.notify = handle_parent_destroy;
		wl_resource_add_destroy_listener(parent->resource, &popup->parent_destroy);
	}
	/* Configure at once: some clients attach a buffer before their initial commit. */
	pw_xdg_surface_configure_now(xdg);
}

void
pw_xdg_popup_set_layer_parent(struct pw_xdg_popup *popup, struct pw_layer_surface *ls,
	struct wl_resource *ls_resource)
{
	if (popup->parent || popup->layer_parent) {
		return;
	}
	popup->layer_parent = ls;
	popup->parent_destroy.notify = handle_parent_destroy;
	wl_resource_add_destroy_listener(ls_resource, &popup->parent_destroy);
	/* The configure sent at get_popup was placed without a parent. */
	if (!popup->xdg->mapped) {
		pw_xdg_surface_configure_now(popup->xdg);
	}
}

void
pw_xdg_popup_dismiss_grabs(struct pw_server *server)
{
	bool found = true;
	while (found) {
		found = false;
		struct pw_xdg_popup *popup;
		wl_list_for_each_reverse(popup, &server->desktop->popups, link) {
			if (popup->grab) {
				dismiss(popup);
				found = true;
				break;
			}
		}
	}
}

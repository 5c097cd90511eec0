/*
 * xdg_wm_base and xdg_surface; xdg_positioner lives in xdg_positioner.c, the roles in
 * xdg_toplevel.c and xdg_popup.c.
 */
#include "xdg_shell.h"

#include <stdlib.h>

#include "desktop.h"
#include "layer_shell.h"
#include "scale.h"
#include "server.h"
#include "surface.h"
#include "surface_pixels.h"
#include "surface_tree.h"
#include "view.h"
#include "xdg-shell-protocol.h"
#include "xdg_popup.h"
#include "xdg_positioner.h"
#include "xdg_toplevel.h"

/* Version 6 (decision 4.49, after 4.17's 3): configure_bounds, wm_capabilities and suspended
 * for GTK and Qt; weston 10's weston-presentation-shm, which binds whatever is offered, aborts. */
#define WM_BASE_VERSION 6

static const struct xdg_surface_interface xdg_surface_impl;

/* ---- xdg_surface ---- */

static struct pw_xdg_surface *
xdg_surface_from_resource(struct wl_resource *resource)
{
	return wl_resource_get_user_data(resource);
}

static void
handle_configure_idle(void *data)
{
	struct pw_xdg_surface *xdg = data;
	xdg->configure_idle = NULL;
	if (xdg->role == PW_XDG_ROLE_TOPLEVEL && xdg->toplevel) {
		pw_xdg_toplevel_send_configure(xdg->toplevel);
	} else if (xdg->role == PW_XDG_ROLE_POPUP && xdg->popup) {
		pw_xdg_popup_send_configure(xdg->popup);
	} else {
		return;
	}
	xdg->configure_serial = wl_display_next_serial(xdg->server->display);
	xdg->configure_sent = true;
	if (xdg->role == PW_XDG_ROLE_TOPLEVEL && xdg->toplevel->size_changed) {
		xdg->toplevel->size_serial = xdg->configure_serial;
	}
	xdg_surface_send_configure(xdg->resource, xdg->configure_serial);
}

void
pw_xdg_surface_configure_now(struct pw_xdg_surface *xdg)
{
	if (xdg->configure_idle) {
		wl_event_source_remove(xdg->configure_idle);
	}
	handle_configure_idle(xdg);
}

void
pw_xdg_surface_schedule_configure(struct pw_xdg_surface *xdg)
{
	if (!xdg->configure_idle) {
		xdg->configure_idle =
			wl_event_loop_add_idle(xdg->server->loop, handle_configure_idle, xdg);
	}
}

/* The spec makes a buffer attached before the first configure an error, at the attach. */
static bool
role_attach(struct pw_surface *surface)
{
	struct pw_xdg_surface *xdg = surface->role_data;
	if (!xdg->configure_sent) {
		wl_resource_post_error(xdg->resource, XDG_SURFACE_ERROR_UNCONFIGURED_BUFFER,
			"a buffer was attached before the first configure");
		return false;
	}
	return true;
}

static bool
role_precommit(struct pw_surface *surface, const struct pw_surface_state *pending)
{
	struct pw_xdg_surface *xdg = surface->role_data;
	if (!xdg || !(pending->committed & PW_STATE_BUFFER) || !pending->buffer) {
		return true;
	}
	if (xdg->role == PW_XDG_ROLE_NONE) {
		wl_resource_post_error(xdg->resource, XDG_SURFACE_ERROR_NOT_CONSTRUCTED,
			"a buffer was committed before the xdg_surface got a role");
		return false;
	}
	if (!xdg->configure_sent) {
		wl_resource_post_error(xdg->resource, XDG_SURFACE_ERROR_UNCONFIGURED_BUFFER,
			"a buffer was committed before the first configure");
		return false;
	}
	return true;
}

static void
role_commit(struct pw_surface *surface)
{
	struct pw_xdg_surface *xdg = surface->role_data;
	if (!xdg) {
		return;
	}
	xdg->answered_serial = xdg->acked_serial;
	if (xdg->pending_geometry_set) {
		xdg->pending_geometry_set = false;
		xdg->has_geometry = xdg->pending_geometry.width > 0;
		xdg->geometry = xdg->pending_geometry;
	}
	if (xdg->role == PW_XDG_ROLE_TOPLEVEL && xdg->toplevel) {
		pw_xdg_toplevel_commit(xdg->toplevel);
	} else if (xdg->role == PW_XDG_ROLE_POPUP && xdg->popup) {
		pw_xdg_popup_commit(xdg->popup);
	}
}

/* Inline: role_place runs at every commit and frame. */
static inline void
geometry_origin(struct pw_xdg_surface *xdg, int *x, int *y)
{
	if (xdg->has_geometry) {
		*x = xdg->geometry.x;
		*y = xdg->geometry.y;
	} else if (xdg->surface && xdg->surface->stack.next->next != &xdg->surface->stack) {
		/* Unset, the window geometry is the bounding box of the surface tree. */
		struct pw_box box = pw_view_tree_box(xdg->surface);
		*x = box.x;
		*y = box.y;
	} else {
		*x = *y = 0; /* the root alone: its box starts at 0,0 */
	}
}

void
pw_xdg_surface_geometry_origin(struct pw_xdg_surface *xdg, int *x, int *y)
{
	geometry_origin(xdg, x, y);
}

bool
pw_xdg_surface_window_origin(struct pw_xdg_surface *xdg, int *x, int *y)
{
	if (!xdg->mapped) {
		return false;
	}
	if (xdg->role == PW_XDG_ROLE_TOPLEVEL && xdg->toplevel) {
		*x = xdg->toplevel->view.content.x;
		*y = xdg->toplevel->view.content.y;
		return true;
	}
	if (xdg->role == PW_XDG_ROLE_POPUP && xdg->popup) {
		struct pw_box clip;
		int gx, gy;
		if (!pw_xdg_popup_place(xdg->popup, x, y, &clip)) {
			return false;
		}
		pw_xdg_surface_geometry_origin(xdg, &gx, &gy);
		int32_t scale = pw_surface_tree_scale(xdg->surface);
		*x += pw_scale_floor(gx, scale);
		*y += pw_scale_floor(gy, scale);
		return true;
	}
	return false;
}

static bool
role_place(struct pw_surface *surface, int *x, int *y, struct pw_box *clip)
{
	struct pw_xdg_surface *xdg = surface->role_data;
	if (!xdg || !xdg->mapped) {
		return false;
	}
	if (xdg->role == PW_XDG_ROLE_POPUP && xdg->popup) {
		return pw_xdg_popup_place(xdg->popup, x, y, clip);
	}
	if (xdg->role != PW_XDG_ROLE_TOPLEVEL || !xdg->toplevel) {
		return false;
	}
	struct pw_view *view = &xdg->toplevel->view;
	struct pw_view *other;
	struct pw_desktop *desktop = view->server->desktop;
	if (desktop->fullscreens) { /* else no list walked: at every commit and frame */
		wl_list_for_each(other, &desktop->views, link) {
			if (other->fullscreen && other != view->root) {
				return false; /* hidden, unless a dialog of the fullscreen view
						 (4.51) */
			}
		}
	}
	int gx, gy;
	geometry_origin(xdg, &gx, &gy);
	if (view->scale != PW_SCALE_ONE) {
		gx = pw_scale_floor(gx, view->scale);
		gy = pw_scale_floor(gy, view->scale);
	}
	*x = view->content.x - gx;
	*y = view->content.y - gy;
	*clip = view->content;
	return true;
}

/* A popup is scaled with the toplevel or layer surface it belongs to. */
static int32_t
role_scale(struct pw_surface *surface)
{
	struct pw_xdg_surface *xdg = surface->role_data;
	if (xdg->role == PW_XDG_ROLE_TOPLEVEL && xdg->toplevel) {
		return xdg->toplevel->view.scale; /* kept by view.c at commits and tile changes */
	}
	while (xdg && xdg->role == PW_XDG_ROLE_POPUP && xdg->popup) {
		if (!xdg->popup->parent) {
			struct pw_layer_surface *ls = xdg->popup->layer_parent;
			return ls && ls->surface ? pw_surface_tree_scale(ls->surface)
						 : PW_SCALE_ONE;
		}
		xdg = xdg->popup->parent;
	}
	if (!xdg || xdg->role != PW_XDG_ROLE_TOPLEVEL || !xdg->toplevel) {
		return PW_SCALE_ONE;
	}
	return xdg->toplevel->view.scale;
}

static const struct pw_surface_role xdg_surface_role;

struct pw_view *
pw_xdg_surface_view(struct pw_surface *surface)
{
	if (surface->role != &xdg_surface_role) {
		return NULL;
	}
	struct pw_xdg_surface *xdg = surface->role_data;
	while (xdg && xdg->role == PW_XDG_ROLE_POPUP && xdg->popup) {
		xdg = xdg->popup->parent;
	}
	if (!xdg || xdg->role != PW_XDG_ROLE_TOPLEVEL || !xdg->toplevel) {
		return NULL;
	}
	return &xdg->toplevel->view;
}

struct pw_xdg_toplevel *
pw_xdg_surface_toplevel(struct pw_surface *surface)
{
	if (!surface || surface->role != &xdg_surface_role) {
		return NULL;
	}
	struct pw_xdg_surface *xdg = surface->role_data;
	return xdg && xdg->role == PW_XDG_ROLE_TOPLEVEL ? xdg->toplevel : NULL;
}

static const struct pw_surface_role xdg_surface_role = {
	.name = "xdg_surface",
	.attach = role_attach,
	.precommit = role_precommit,
	.commit = role_commit,
	.place = role_place,
	.scale = role_scale,
};

static void
xdg_surface_destroy(struct wl_client *client, struct wl_resource *resource)
{
	struct pw_xdg_surface *xdg = xdg_surface_from_resource(resource);
	if (xdg &&
		((xdg->role == PW_XDG_ROLE_TOPLEVEL && xdg->toplevel) ||
			(xdg->role == PW_XDG_ROLE_POPUP && xdg->popup))) {
		wl_resource_post_error(resource, XDG_SURFACE_ERROR_DEFUNCT_ROLE_OBJECT,
			"xdg_surface destroyed before its role object");
		return;
	}
	wl_resource_destroy(resource);
}

static bool
check_role_free(struct pw_xdg_surface *xdg, struct wl_resource *resource)
{
	if (!xdg->surface) {
		return false;
	}
	if (xdg->role != PW_XDG_ROLE_NONE) {
		wl_resource_post_error(resource, XDG_SURFACE_ERROR_ALREADY_CONSTRUCTED,
			"xdg_surface already has a role object");
		return false;
	}
	if (pw_surface_has_contents(xdg->surface)) {
		wl_resource_post_error(resource, XDG_SURFACE_ERROR_UNCONFIGURED_BUFFER,
			"the wl_surface already has a buffer");
		return false;
	}
	return true;
}

static void
xdg_surface_get_toplevel(struct wl_client *client, struct wl_resource *resource, uint32_t id)
{
	struct pw_xdg_surface *xdg = xdg_surface_from_resource(resource);
	if (!xdg || !check_role_free(xdg, resource)) {
		return;
	}
	pw_xdg_toplevel_create(xdg, id);
}

static void
xdg_surface_get_popup(struct wl_client *client, struct wl_resource *resource, uint32_t id,
	struct wl_resource *parent_resource, struct wl_resource *positioner)
{
	struct pw_xdg_surface *xdg = xdg_surface_from_resource(resource);
	if (!xdg || !check_role_free(xdg, resource)) {
		return;
	}
	struct pw_positioner_rules rules;
	if (!pw_xdg_positioner_rules(positioner, xdg->wm_base->resource,
		    XDG_WM_BASE_ERROR_INVALID_POSITIONER, &rules)) {
		return;
	}
	struct pw_xdg_surface *parent =
		parent_resource ? xdg_surface_from_resource(parent_resource) : NULL;
	/* A popup of itself, or of its own popup, would make every walk to the root endless. */
	for (struct pw_xdg_surface *p = parent; p;
		p = p->role == PW_XDG_ROLE_POPUP && p->popup ? p->popup->parent : NULL) {
		if (p == xdg) {
			wl_resource_post_error(xdg->wm_base->resource,
				XDG_WM_BASE_ERROR_INVALID_POPUP_PARENT,
				"xdg_surface@%u cannot be its own popup's parent",
				wl_resource_get_id(resource));
			return;
		}
	}
	pw_xdg_popup_create(xdg, id, parent, &rules);
}

static void
xdg_surface_set_window_geometry(struct wl_client *client, struct wl_resource *resource, int32_t x,
	int32_t y, int32_t width, int32_t height)
{
	struct pw_xdg_surface *xdg = xdg_surface_from_resource(resource);
	if (!xdg) {
		return;
	}
	if (width <= 0 || height <= 0) {
		wl_resource_post_error(resource, XDG_SURFACE_ERROR_INVALID_SIZE,
			"window geometry %dx%d is not positive", width, height);
		return;
	}
	/* held within 2^20 either way, as subsurface positions: they are added up (decision 4.16)
	 */
	xdg->pending_geometry = (struct pw_box){pw_position_add(0, x), pw_position_add(0, y),
		pw_position_add(0, width), pw_position_add(0, height)};
	xdg->pending_geometry_set = true;
}

static void
xdg_surface_ack_configure(struct wl_client *client, struct wl_resource *resource, uint32_t serial)
{
	struct pw_xdg_surface *xdg = xdg_surface_from_resource(resource);
	if (!xdg) {
		return;
	}
	if (xdg->role == PW_XDG_ROLE_NONE) {
		wl_resource_post_error(resource, XDG_SURFACE_ERROR_NOT_CONSTRUCTED,
			"ack_configure on an xdg_surface without a role");
		return;
	}
	if (!xdg->configure_sent || serial > xdg->configure_serial) {
		wl_resource_post_error(resource, XDG_SURFACE_ERROR_INVALID_SERIAL,
			"ack_configure serial %u was never sent", serial);
		return;
	}
	xdg->acked_serial = serial;
}

static const struct xdg_surface_interface xdg_surface_impl = {
	.destroy = xdg_surface_destroy,
	.get_toplevel = xdg_surface_get_toplevel,
	.get_popup = xdg_surface_get_popup,
	.set_window_geometry = xdg_surface_set_window_geometry,
	.ack_configure = xdg_surface_ack_configure,
};

static void
xdg_surface_finish(struct pw_xdg_surface *xdg)
{
	if (xdg->role == PW_XDG_ROLE_TOPLEVEL && xdg->toplevel) {
		pw_xdg_toplevel_destroy_role(xdg->toplevel);
	} else if (xdg->role == PW_XDG_ROLE_POPUP && xdg->popup) {
		pw_xdg_popup_destroy_role(xdg->popup);
	}
	if (xdg->configure_idle) {
		wl_event_source_remove(xdg->configure_idle);
		xdg->configure_idle = NULL;
	}
	if (xdg->surface) {
		pw_surface_clear_role_data(xdg->surface);
		wl_list_remove(&xdg->surface_destroy.link);
		xdg->surface = NULL;
	}
}

static void
handle_surface_destroy(struct wl_listener *listener, void *data)
{
	struct pw_xdg_surface *xdg = wl_container_of(listener, xdg, surface_destroy);
	xdg_surface_finish(xdg);
}

static void
handle_xdg_surface_resource_destroy(struct wl_resource *resource)
{
	struct pw_xdg_surface *xdg = xdg_surface_from_resource(resource);
	xdg_surface_finish(xdg);
	wl_list_remove(&xdg->link);
	free(xdg);
}

/* ---- xdg_wm_base ---- */

static void
wm_base_destroy(struct wl_client *client, struct wl_resource *resource)
{
	struct pw_xdg_wm_base *wm = wl_resource_get_user_data(resource);
	if (!wl_list_empty(&wm->surfaces)) {
		wl_resource_post_error(resource, XDG_WM_BASE_ERROR_DEFUNCT_SURFACES,
			"xdg_wm_base destroyed while it has xdg_surfaces");
		return;
	}
	wl_resource_destroy(resource);
}

static void
wm_base_create_positioner(struct wl_client *client, struct wl_resource *resource, uint32_t id)
{
	pw_xdg_positioner_create(client, wl_resource_get_version(resource), id);
}

static void
wm_base_get_xdg_surface(struct wl_client *client, struct wl_resource *resource, uint32_t id,
	struct wl_resource *surface_resource)
{
	struct pw_xdg_wm_base *wm = wl_resource_get_user_data(resource);
	struct pw_surface *surface = pw_surface_from_resource(surface_resource);
	if (surface->role == &xdg_surface_role && surface->role_data) {
		wl_resource_post_error(resource, XDG_SURFACE_ERROR_ALREADY_CONSTRUCTED,
			"wl_surface@%u already has an xdg_surface",
			wl_resource_get_id(surface_resource));
		return;
	}
	if (pw_surface_has_contents(surface) ||
		((surface->pending.committed & PW_STATE_BUFFER) && surface->pending.buffer)) {
		wl_resource_post_error(resource, XDG_WM_BASE_ERROR_INVALID_SURFACE_STATE,
			"wl_surface@%u already has a buffer attached or committed",
			wl_resource_get_id(surface_resource));
		return;
	}
	struct pw_xdg_surface *xdg = calloc(1, sizeof(*xdg));
	if (!xdg) {
		wl_client_post_no_memory(client);
		return;
	}
	if (!pw_surface_set_role(surface, &xdg_surface_role, xdg, resource,
		    XDG_WM_BASE_ERROR_ROLE)) {
		free(xdg);
		return;
	}
	xdg->resource = wl_resource_create(client, &xdg_surface_interface,
		wl_resource_get_version(resource), id);
	if (!xdg->resource) {
		pw_surface_clear_role_data(surface);
		free(xdg);
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(xdg->resource, &xdg_surface_impl, xdg,
		handle_xdg_surface_resource_destroy);
	surface->role_resource = xdg->resource;
	xdg->server = wm->server;
	xdg->surface = surface;
	xdg->wm_base = wm;
	wl_list_insert(&wm->surfaces, &xdg->link);
	xdg->surface_destroy.notify = handle_surface_destroy;
	wl_signal_add(&surface->events.destroy, &xdg->surface_destroy);
}

static void
wm_base_pong(struct wl_client *client, struct wl_resource *resource, uint32_t serial)
{
	struct pw_xdg_wm_base *wm = wl_resource_get_user_data(resource);
	if (wm->ping_serial == serial) {
		wm->ping_serial = 0;
	}
}

static const struct xdg_wm_base_interface wm_base_impl = {
	.destroy = wm_base_destroy,
	.create_positioner = wm_base_create_positioner,
	.get_xdg_surface = wm_base_get_xdg_surface,
	.pong = wm_base_pong,
};

static void
handle_wm_base_resource_destroy(struct wl_resource *resource)
{
	struct pw_xdg_wm_base *wm = wl_resource_get_user_data(resource);
	struct pw_xdg_surface *xdg, *tmp;
	wl_list_for_each_safe(xdg, tmp, &wm->surfaces, link) {
		wl_list_remove(&xdg->link);
		wl_list_init(&xdg->link);
	}
	free(wm);
}

static void
bind_wm_base(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct pw_xdg_wm_base *wm = calloc(1, sizeof(*wm));
	if (!wm) {
		wl_client_post_no_memory(client);
		return;
	}
	wm->resource = wl_resource_create(client, &xdg_wm_base_interface, (int)version, id);
	if (!wm->resource) {
		free(wm);
		wl_client_post_no_memory(client);
		return;
	}
	wm->server = data;
	wl_list_init(&wm->surfaces);
	wl_resource_set_implementation(wm->resource, &wm_base_impl, wm,
		handle_wm_base_resource_destroy);
}

void
pw_xdg_wm_base_ping(struct pw_xdg_wm_base *wm)
{
	if (wm->ping_serial == 0) {
		wm->ping_serial = wl_display_next_serial(wm->server->display);
		xdg_wm_base_send_ping(wm->resource, wm->ping_serial);
	}
}

bool
pw_xdg_shell_create(struct pw_server *server)
{
	return wl_global_create(server->display, &xdg_wm_base_interface, WM_BASE_VERSION, server,
		       bind_wm_base) != NULL;
}

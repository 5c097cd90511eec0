/* The xdg_toplevel role: a view in a tile. */
#include "xdg_toplevel.h"

#include <stdlib.h>
#include <string.h>

#include "budget.h"
#include "desktop.h"
#include "dialog.h"
#include "output.h"
#include "request.h"
#include "server.h"
#include "surface.h"
#include "surface_pixels.h"
#include "tiling.h"
#include "toplevel_icon.h"
#include "view.h"
#include "xdg-shell-protocol.h"
#include "xdg_dialog.h"
#include "xdg_shell.h"

static const struct xdg_toplevel_interface toplevel_impl;

struct pw_xdg_toplevel *
pw_xdg_toplevel_from_resource(struct wl_resource *resource)
{
	if (!wl_resource_instance_of(resource, &xdg_toplevel_interface, &toplevel_impl)) {
		return NULL;
	}
	return wl_resource_get_user_data(resource);
}

static void
add_state(struct wl_array *states, uint32_t state)
{
	uint32_t *s = wl_array_add(states, sizeof(*s));
	if (s) {
		*s = state;
	}
}

void
pw_xdg_toplevel_send_configure(struct pw_xdg_toplevel *toplevel)
{
	struct pw_view *view = &toplevel->view;
	struct pw_server *server = view->server;
	uint32_t version = (uint32_t)wl_resource_get_version(toplevel->resource);
	int width = view->content.width, height = view->content.height;
	int bounds_width = width, bounds_height = height;
	uint32_t states = view->states;
	if (view->parent) {
		/* A dialog: its own size, or what fits (decision 4.51); the area as its bounds. */
		pw_dialog_offer(view, &width, &height, &bounds_width, &bounds_height);
		if (view->mapped) {
			width = view->ask_width;
			height = view->ask_height;
		} else {
			states = 0;
		}
	} else if (!view->mapped) {
		/* Not yet in a tile: offer the tile it will get. */
		struct pw_box tile = pw_tiling_next_tile(server, toplevel->want_fullscreen);
		bounds_width = width = tile.width;
		bounds_height = height = tile.height;
		states = toplevel->want_fullscreen ? PW_VIEW_FULLSCREEN : PW_VIEW_TILED;
	}
	struct wl_array array;
	wl_array_init(&array);
	if (states & PW_VIEW_ACTIVATED) {
		add_state(&array, XDG_TOPLEVEL_STATE_ACTIVATED);
	}
	if (states & PW_VIEW_FULLSCREEN) {
		add_state(&array, XDG_TOPLEVEL_STATE_FULLSCREEN);
	}
	if ((states & PW_VIEW_TILED) && version >= XDG_TOPLEVEL_STATE_TILED_LEFT_SINCE_VERSION) {
		add_state(&array, XDG_TOPLEVEL_STATE_TILED_LEFT);
		add_state(&array, XDG_TOPLEVEL_STATE_TILED_RIGHT);
		add_state(&array, XDG_TOPLEVEL_STATE_TILED_TOP);
		add_state(&array, XDG_TOPLEVEL_STATE_TILED_BOTTOM);
	} else if (states & PW_VIEW_TILED) {
		/* Older clients know no tiled state; maximized keeps them from adding borders. */
		add_state(&array, XDG_TOPLEVEL_STATE_MAXIMIZED);
	}
	if ((states & PW_VIEW_SUSPENDED) && version >= XDG_TOPLEVEL_STATE_SUSPENDED_SINCE_VERSION) {
		add_state(&array, XDG_TOPLEVEL_STATE_SUSPENDED);
	}
	if (version >= XDG_TOPLEVEL_CONFIGURE_BOUNDS_SINCE_VERSION && server->output) {
		/* The tile (the output for a fullscreen one): what the window should fit. */
		xdg_toplevel_send_configure_bounds(toplevel->resource, bounds_width, bounds_height);
	}
	xdg_toplevel_send_configure(toplevel->resource, width, height, &array);
	wl_array_release(&array);
	toplevel->size_changed = width != toplevel->sent_width || height != toplevel->sent_height;
	toplevel->sent_width = width;
	toplevel->sent_height = height;
}

void
pw_xdg_toplevel_commit(struct pw_xdg_toplevel *toplevel)
{
	struct pw_xdg_surface *xdg = toplevel->xdg;
	struct pw_surface *surface = xdg->surface;
	if (toplevel->icon_pending.set) { /* 4.103: no page of toplevel_icon.c per commit */
		pw_toplevel_icon_commit(toplevel);
	}
	if (!xdg->mapped && pw_surface_has_buffer(surface)) {
		xdg->mapped = true;
		pw_view_map(&toplevel->view);
		if (toplevel->want_fullscreen) {
			pw_view_set_fullscreen(&toplevel->view, true);
		}
		pw_xdg_wm_base_ping(xdg->wm_base);
	} else if (xdg->mapped && !pw_surface_has_contents(surface)) {
		/* Unmapped by a NULL buffer: the client starts over with an initial commit. */
		xdg->mapped = false;
		xdg->configure_sent = false;
		pw_view_unmap(&toplevel->view);
		/* Answer the initial commit this was (a NULL buffer commits no buffer). */
		pw_xdg_surface_schedule_configure(xdg);
	} else if (!xdg->mapped && !xdg->configure_sent) {
		pw_xdg_surface_schedule_configure(xdg);
	}
}

static void
view_configure(struct pw_view *view, int width, int height, uint32_t states)
{
	struct pw_xdg_toplevel *toplevel = wl_container_of(view, toplevel, view);
	pw_xdg_surface_schedule_configure(toplevel->xdg);
}

static void
view_close(struct pw_view *view)
{
	struct pw_xdg_toplevel *toplevel = wl_container_of(view, toplevel, view);
	xdg_toplevel_send_close(toplevel->resource);
}

static bool
view_has_geometry(struct pw_view *view)
{
	struct pw_xdg_toplevel *toplevel = wl_container_of(view, toplevel, view);
	return toplevel->xdg->has_geometry;
}

static void
view_window_size(struct pw_view *view, int *width, int *height)
{
	struct pw_xdg_toplevel *toplevel = wl_container_of(view, toplevel, view);
	struct pw_box box = toplevel->xdg->has_geometry ? toplevel->xdg->geometry
							: pw_view_tree_box(view->surface);
	*width = box.width;
	*height = box.height;
}

/* The window (its geometry, else its tree's box) against the content box (4.50). */
static int32_t
view_fit(struct pw_view *view)
{
	struct pw_xdg_toplevel *toplevel = wl_container_of(view, toplevel, view);
	struct pw_xdg_surface *xdg = toplevel->xdg;
	if (!xdg || !xdg->surface) {
		return view->scale;
	}
	if ((int32_t)(xdg->answered_serial - toplevel->size_serial) < 0 ||
		view->content.width != toplevel->sent_width ||
		view->content.height != toplevel->sent_height) {
		/* The client has not answered (or been told) its new size: not too large yet. */
		return view->scale;
	}
	if (xdg->has_geometry) {
		return pw_view_scale(view, xdg->geometry.width, xdg->geometry.height);
	}
	if (xdg->surface->stack.next->next == &xdg->surface->stack) {
		return pw_view_scale(view, xdg->surface->width, xdg->surface->height);
	}
	struct pw_box box = pw_view_tree_box(xdg->surface);
	return pw_view_scale(view, box.width, box.height);
}

static const struct pw_view_impl view_impl = {
	.configure = view_configure,
	.close = view_close,
	.has_geometry = view_has_geometry,
	.window_size = view_window_size,
	.fit = view_fit,
};

static void
toplevel_set_parent(struct wl_client *client, struct wl_resource *resource,
	struct wl_resource *parent_resource)
{
	struct pw_xdg_toplevel *toplevel = wl_resource_get_user_data(resource);
	if (!toplevel) {
		return;
	}
	/* A parent whose role went is no parent. */
	struct pw_xdg_toplevel *parent =
		parent_resource ? wl_resource_get_user_data(parent_resource) : NULL;
	if (parent == toplevel) {
		wl_resource_post_error(resource, XDG_TOPLEVEL_ERROR_INVALID_PARENT,
			"a toplevel cannot be its own parent");
		return;
	}
	if (!pw_xdg_toplevel_set_parent_view(toplevel, parent ? &parent->view : NULL)) {
		wl_resource_post_error(resource, XDG_TOPLEVEL_ERROR_INVALID_PARENT,
			"the parent is a descendant of the toplevel");
	}
}

bool
pw_xdg_toplevel_set_parent_view(struct pw_xdg_toplevel *toplevel, struct pw_view *parent)
{
	if (parent && pw_dialog_is_ancestor(&toplevel->view, parent)) {
		return false;
	}
	/* With a mapped parent the toplevel floats over it (decision 4.51). */
	pw_dialog_set_parent(&toplevel->view, parent);
	if (!toplevel->xdg->mapped) {
		pw_xdg_surface_schedule_configure(toplevel->xdg); /* the offer changed */
	}
	return true;
}

static char *
copy_string(struct wl_resource *resource, const char *s)
{
	char *copy = strdup(s);
	if (!copy) {
		wl_resource_post_no_memory(resource);
	}
	return copy;
}

static void
toplevel_set_title(struct wl_client *client, struct wl_resource *resource, const char *title)
{
	struct pw_xdg_toplevel *toplevel = wl_resource_get_user_data(resource);
	/* Charged to the client (issue 38); over its budget it gets no_memory and goes. */
	if (!toplevel || !pw_budget_resize(resource, PW_BUDGET_SLOT_A, strlen(title) + 1)) {
		return;
	}
	char *copy = copy_string(resource, title);
	if (copy) {
		free(toplevel->view.title);
		toplevel->view.title = copy;
		pw_view_text_changed(&toplevel->view);
	}
}

static void
toplevel_set_app_id(struct wl_client *client, struct wl_resource *resource, const char *app_id)
{
	struct pw_xdg_toplevel *toplevel = wl_resource_get_user_data(resource);
	if (!toplevel || !pw_budget_resize(resource, PW_BUDGET_SLOT_B, strlen(app_id) + 1)) {
		return;
	}
	char *copy = copy_string(resource, app_id);
	if (copy) {
		free(toplevel->view.app_id);
		toplevel->view.app_id = copy;
		pw_view_text_changed(&toplevel->view);
	}
}

static void
toplevel_show_window_menu(struct wl_client *client, struct wl_resource *resource,
	struct wl_resource *seat, uint32_t serial, int32_t x, int32_t y)
{
}

static void
toplevel_move(struct wl_client *client, struct wl_resource *resource, struct wl_resource *seat,
	uint32_t serial)
{
	/* Tiles do not move by dragging. */
}

static void
toplevel_resize(struct wl_client *client, struct wl_resource *resource, struct wl_resource *seat,
	uint32_t serial, uint32_t edges)
{
	if (edges > XDG_TOPLEVEL_RESIZE_EDGE_BOTTOM_RIGHT || edges == 3 || edges == 7 ||
		edges == 11 || edges == 12) {
		wl_resource_post_error(resource, XDG_TOPLEVEL_ERROR_INVALID_RESIZE_EDGE,
			"resize edge %u is not an xdg_toplevel.resize_edge", edges);
	}
}

static bool
check_size(struct wl_resource *resource, int32_t width, int32_t height)
{
	if (width < 0 || height < 0) {
		wl_resource_post_error(resource, XDG_TOPLEVEL_ERROR_INVALID_SIZE,
			"size %dx%d is negative", width, height);
		return false;
	}
	return true;
}

static void
toplevel_set_max_size(struct wl_client *client, struct wl_resource *resource, int32_t width,
	int32_t height)
{
	struct pw_xdg_toplevel *toplevel = wl_resource_get_user_data(resource);
	if (toplevel && check_size(resource, width, height)) {
		toplevel->view.max_width = width;
		toplevel->view.max_height = height;
	}
}

static void
toplevel_set_min_size(struct wl_client *client, struct wl_resource *resource, int32_t width,
	int32_t height)
{
	struct pw_xdg_toplevel *toplevel = wl_resource_get_user_data(resource);
	/* A minimum larger than the tile is recorded, not obeyed: the buffer is clipped. */
	if (toplevel && check_size(resource, width, height)) {
		toplevel->view.min_width = width;
		toplevel->view.min_height = height;
	}
}

static void
toplevel_set_maximized(struct wl_client *client, struct wl_resource *resource)
{
	struct pw_xdg_toplevel *toplevel = wl_resource_get_user_data(resource);
	/* A tile is as large as the window gets; answer with the current state. */
	if (toplevel) {
		pw_xdg_surface_schedule_configure(toplevel->xdg);
	}
}

static void
set_fullscreen(struct wl_resource *resource, bool fullscreen)
{
	struct pw_xdg_toplevel *toplevel = wl_resource_get_user_data(resource);
	if (!toplevel) {
		return;
	}
	toplevel->want_fullscreen = fullscreen;
	if (toplevel->xdg->mapped) {
		pw_view_set_fullscreen(&toplevel->view, fullscreen);
	}
	pw_xdg_surface_schedule_configure(toplevel->xdg);
}

static void
toplevel_unset_maximized(struct wl_client *client, struct wl_resource *resource)
{
	toplevel_set_maximized(client, resource); /* the same answer: the current state */
}

static void
toplevel_set_fullscreen(struct wl_client *client, struct wl_resource *resource,
	struct wl_resource *output)
{
	set_fullscreen(resource, true);
}

static void
toplevel_unset_fullscreen(struct wl_client *client, struct wl_resource *resource)
{
	set_fullscreen(resource, false);
}

static void
toplevel_set_minimized(struct wl_client *client, struct wl_resource *resource)
{
	/* Nothing to minimize to on a tiling handheld. */
}

static const struct xdg_toplevel_interface toplevel_impl = {
	.destroy = pw_request_destroy,
	.set_parent = toplevel_set_parent,
	.set_title = toplevel_set_title,
	.set_app_id = toplevel_set_app_id,
	.show_window_menu = toplevel_show_window_menu,
	.move = toplevel_move,
	.resize = toplevel_resize,
	.set_max_size = toplevel_set_max_size,
	.set_min_size = toplevel_set_min_size,
	.set_maximized = toplevel_set_maximized,
	.unset_maximized = toplevel_unset_maximized,
	.set_fullscreen = toplevel_set_fullscreen,
	.unset_fullscreen = toplevel_unset_fullscreen,
	.set_minimized = toplevel_set_minimized,
};

void
pw_xdg_toplevel_destroy_role(struct pw_xdg_toplevel *toplevel)
{
	struct pw_xdg_surface *xdg = toplevel->xdg;
	if (xdg->mapped) {
		xdg->mapped = false;
	}
	pw_xdg_dialog_toplevel_gone(toplevel);
	pw_toplevel_icon_toplevel_gone(toplevel);
	pw_view_finish(&toplevel->view);
	if (xdg->surface) {
		pw_surface_unmap_buffer(xdg->surface);
	}
	xdg->toplevel = NULL;
	xdg->configure_sent = false;
	wl_resource_set_user_data(toplevel->resource, NULL);
	free(toplevel);
}

static void
handle_toplevel_resource_destroy(struct wl_resource *resource)
{
	struct pw_xdg_toplevel *toplevel = wl_resource_get_user_data(resource);
	if (toplevel) {
		pw_xdg_toplevel_destroy_role(toplevel);
	}
}

void
pw_xdg_toplevel_create(struct pw_xdg_surface *xdg, uint32_t id)
{
	struct wl_client *client = wl_resource_get_client(xdg->resource);
	struct pw_xdg_toplevel *toplevel = calloc(1, sizeof(*toplevel));
	if (!toplevel) {
		wl_client_post_no_memory(client);
		return;
	}
	toplevel->resource = wl_resource_create(client, &xdg_toplevel_interface,
		wl_resource_get_version(xdg->resource), id);
	if (!toplevel->resource) {
		free(toplevel);
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(toplevel->resource, &toplevel_impl, toplevel,
		handle_toplevel_resource_destroy);
	toplevel->xdg = xdg;
	pw_view_init(&toplevel->view, xdg->server, &view_impl, xdg->surface);
	xdg->role = PW_XDG_ROLE_TOPLEVEL;
	xdg->toplevel = toplevel;
	uint32_t version = (uint32_t)wl_resource_get_version(toplevel->resource);
	if (version >= XDG_TOPLEVEL_WM_CAPABILITIES_SINCE_VERSION) {
		struct wl_array caps;
		wl_array_init(&caps);
		add_state(&caps, XDG_TOPLEVEL_WM_CAPABILITIES_FULLSCREEN);
		xdg_toplevel_send_wm_capabilities(toplevel->resource, &caps);
		wl_array_release(&caps);
	}
	/* Configure at once: some clients attach a buffer before their initial commit. */
	pw_xdg_surface_configure_now(xdg);
}

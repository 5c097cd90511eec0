/* zxdg_decoration_manager_v1: every toplevel is told server-side; picowl draws only borders. */
#include "xdg_decoration.h"

#include <stdlib.h>

#include "request.h"
#include "server.h"
#include "surface.h"
#include "surface_pixels.h"
#include "xdg-decoration-unstable-v1-protocol.h"
#include "xdg_shell.h"
#include "xdg_toplevel.h"

struct decoration {
	struct wl_resource *resource;
	struct wl_resource *toplevel; /* NULL once it died */
	struct wl_listener toplevel_destroy;
};

static void
send_mode(struct decoration *deco)
{
	if (!deco->toplevel) {
		return;
	}
	zxdg_toplevel_decoration_v1_send_configure(deco->resource,
		ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE);
	struct pw_xdg_toplevel *toplevel = pw_xdg_toplevel_from_resource(deco->toplevel);
	if (toplevel) {
		pw_xdg_surface_schedule_configure(toplevel->xdg);
	}
}

static void
deco_set_mode(struct wl_client *client, struct wl_resource *resource, uint32_t mode)
{
	/* Whatever the client prefers, picowl's tiles have no client-side frames. */
	send_mode(wl_resource_get_user_data(resource));
}

static void
deco_unset_mode(struct wl_client *client, struct wl_resource *resource)
{
	send_mode(wl_resource_get_user_data(resource));
}

static const struct zxdg_toplevel_decoration_v1_interface deco_impl = {
	.destroy = pw_request_destroy,
	.set_mode = deco_set_mode,
	.unset_mode = deco_unset_mode,
};

/*
 * The decoration must go before its toplevel. When the client disconnects, libwayland has
 * already dropped its wl_display resource, and the error goes nowhere.
 */
static void
handle_toplevel_destroy(struct wl_listener *listener, void *data)
{
	struct decoration *deco = wl_container_of(listener, deco, toplevel_destroy);
	wl_list_remove(&deco->toplevel_destroy.link);
	wl_list_init(&deco->toplevel_destroy.link);
	deco->toplevel = NULL;
	wl_resource_post_error(deco->resource, ZXDG_TOPLEVEL_DECORATION_V1_ERROR_ORPHANED,
		"the xdg_toplevel was destroyed before its decoration");
}

static void
handle_deco_resource_destroy(struct wl_resource *resource)
{
	struct decoration *deco = wl_resource_get_user_data(resource);
	wl_list_remove(&deco->toplevel_destroy.link);
	free(deco);
}

static void
manager_get_toplevel_decoration(struct wl_client *client, struct wl_resource *resource, uint32_t id,
	struct wl_resource *toplevel)
{
	/* The destroy listener a decoration adds to its toplevel marks that it has one. */
	if (wl_resource_get_destroy_listener(toplevel, handle_toplevel_destroy)) {
		wl_resource_post_error(resource,
			ZXDG_TOPLEVEL_DECORATION_V1_ERROR_ALREADY_CONSTRUCTED,
			"xdg_toplevel@%u already has a decoration", wl_resource_get_id(toplevel));
		return;
	}
	struct pw_xdg_toplevel *top = pw_xdg_toplevel_from_resource(toplevel);
	struct pw_surface *surface = top && top->xdg ? top->xdg->surface : NULL;
	if (surface && (pw_surface_has_contents(surface) || surface->pending.buffer)) {
		wl_resource_post_error(resource,
			ZXDG_TOPLEVEL_DECORATION_V1_ERROR_UNCONFIGURED_BUFFER,
			"xdg_toplevel@%u already has a buffer", wl_resource_get_id(toplevel));
		return;
	}
	struct decoration *deco = calloc(1, sizeof(*deco));
	if (!deco) {
		wl_client_post_no_memory(client);
		return;
	}
	deco->resource = wl_resource_create(client, &zxdg_toplevel_decoration_v1_interface,
		wl_resource_get_version(resource), id);
	if (!deco->resource) {
		free(deco);
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(deco->resource, &deco_impl, deco,
		handle_deco_resource_destroy);
	deco->toplevel = toplevel;
	deco->toplevel_destroy.notify = handle_toplevel_destroy;
	wl_resource_add_destroy_listener(toplevel, &deco->toplevel_destroy);
	send_mode(deco);
}

static const struct zxdg_decoration_manager_v1_interface manager_impl = {
	.destroy = pw_request_destroy,
	.get_toplevel_decoration = manager_get_toplevel_decoration,
};

static void
bind_manager(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *resource =
		wl_resource_create(client, &zxdg_decoration_manager_v1_interface, (int)version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &manager_impl, data, NULL);
}

bool
pw_xdg_decoration_create(struct pw_server *server)
{
	return wl_global_create(server->display, &zxdg_decoration_manager_v1_interface, 1, server,
		       bind_manager) != NULL;
}

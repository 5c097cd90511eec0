/*
 * wp_content_type_manager_v1: the type is double-buffered surface state (current.content_type);
 * picowl keeps it and acts on none of it (4.93).
 */
#include "content_type.h"
#include "content-type-v1-protocol.h"
#include "request.h"
#include "server.h"
#include "surface.h"
#include "surface_addon.h"

static void
content_type_set_content_type(struct wl_client *client, struct wl_resource *resource, uint32_t type)
{
	struct pw_surface *surface = pw_surface_addon_surface(resource);
	if (!surface) {
		return; /* the protocol has no error for it: an inert object */
	}
	/* No error for an unknown type either: it counts as none. */
	surface->pending.content_type =
		type <= WP_CONTENT_TYPE_V1_TYPE_GAME ? type : WP_CONTENT_TYPE_V1_TYPE_NONE;
	surface->pending.committed |= PW_STATE_HINTS;
}

static const struct wp_content_type_v1_interface content_type_impl = {
	.destroy = pw_request_destroy,
	.set_content_type = content_type_set_content_type,
};

/* Destroying the object is setting none, double-buffered, as the protocol says. */
static void
content_type_end(struct pw_surface *surface)
{
	surface->pending.content_type = WP_CONTENT_TYPE_V1_TYPE_NONE;
	surface->pending.committed |= PW_STATE_HINTS;
}

static void
content_type_manager_get_surface_content_type(struct wl_client *client,
	struct wl_resource *resource, uint32_t id, struct wl_resource *surface_resource)
{
	struct pw_surface *surface = pw_surface_from_resource(surface_resource);
	if (surface->content_type) {
		wl_resource_post_error(resource,
			WP_CONTENT_TYPE_MANAGER_V1_ERROR_ALREADY_CONSTRUCTED,
			"wl_surface@%u already has a wp_content_type_v1",
			wl_resource_get_id(surface_resource));
		return;
	}
	pw_surface_addon_create(client, resource, id, surface, &surface->content_type,
		&wp_content_type_v1_interface, &content_type_impl, content_type_end);
}

static const struct wp_content_type_manager_v1_interface content_type_manager_impl = {
	.destroy = pw_request_destroy,
	.get_surface_content_type = content_type_manager_get_surface_content_type,
};

static void
bind_manager(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *resource =
		wl_resource_create(client, &wp_content_type_manager_v1_interface, (int)version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &content_type_manager_impl, data, NULL);
}

bool
pw_content_type_create(struct pw_server *server)
{
	return wl_global_create(server->display, &wp_content_type_manager_v1_interface, 1, server,
		       bind_manager) != NULL;
}

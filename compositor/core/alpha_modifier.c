/* wp_alpha_modifier_v1: the factor is double-buffered surface state, drawn by render.c (4.93). */
#include <stdint.h>

#include "alpha-modifier-v1-protocol.h"
#include "alpha_modifier.h"
#include "request.h"
#include "server.h"
#include "surface.h"
#include "surface_addon.h"

static void
alpha_modifier_surface_set_multiplier(struct wl_client *client, struct wl_resource *resource,
	uint32_t factor)
{
	struct pw_surface *surface = pw_surface_addon_surface(resource);
	if (!surface) {
		wl_resource_post_error(resource, WP_ALPHA_MODIFIER_SURFACE_V1_ERROR_NO_SURFACE,
			"the wl_surface of this wp_alpha_modifier_surface_v1 was destroyed");
		return;
	}
	surface->pending.alpha = factor;
	surface->pending.committed |= PW_STATE_HINTS;
}

static const struct wp_alpha_modifier_surface_v1_interface alpha_modifier_surface_impl = {
	.destroy = pw_request_destroy,
	.set_multiplier = alpha_modifier_surface_set_multiplier,
};

/* The object's end takes the factor back to opaque at the next commit, as the protocol says. */
static void
alpha_surface_end(struct pw_surface *surface)
{
	surface->pending.alpha = UINT32_MAX;
	surface->pending.committed |= PW_STATE_HINTS;
}

static void
alpha_modifier_get_surface(struct wl_client *client, struct wl_resource *resource, uint32_t id,
	struct wl_resource *surface_resource)
{
	struct pw_surface *surface = pw_surface_from_resource(surface_resource);
	if (surface->alpha_modifier) {
		wl_resource_post_error(resource, WP_ALPHA_MODIFIER_V1_ERROR_ALREADY_CONSTRUCTED,
			"wl_surface@%u already has a wp_alpha_modifier_surface_v1",
			wl_resource_get_id(surface_resource));
		return;
	}
	pw_surface_addon_create(client, resource, id, surface, &surface->alpha_modifier,
		&wp_alpha_modifier_surface_v1_interface, &alpha_modifier_surface_impl,
		alpha_surface_end);
}

static const struct wp_alpha_modifier_v1_interface alpha_modifier_impl = {
	.destroy = pw_request_destroy,
	.get_surface = alpha_modifier_get_surface,
};

static void
bind_alpha_modifier(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *resource =
		wl_resource_create(client, &wp_alpha_modifier_v1_interface, (int)version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &alpha_modifier_impl, data, NULL);
}

bool
pw_alpha_modifier_create(struct pw_server *server)
{
	return wl_global_create(server->display, &wp_alpha_modifier_v1_interface, 1, server,
		       bind_alpha_modifier) != NULL;
}

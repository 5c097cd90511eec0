/*
 * wp_fractional_scale_manager_v1: picowl's output has scale 1 and no option changes it, so every
 * surface that asks hears 120 (1 in 120ths) once, at once; nothing ever changes it (4.93).
 */
#include "fractional_scale.h"
#include "fractional-scale-v1-protocol.h"
#include "request.h"
#include "server.h"
#include "surface.h"
#include "surface_addon.h"

#define PW_FRACTIONAL_SCALE_ONE 120

static const struct wp_fractional_scale_v1_interface fractional_impl = {
	.destroy = pw_request_destroy,
};

static void
fractional_scale_manager_get_fractional_scale(struct wl_client *client,
	struct wl_resource *resource, uint32_t id, struct wl_resource *surface_resource)
{
	struct pw_surface *surface = pw_surface_from_resource(surface_resource);
	if (surface->fractional_scale) {
		wl_resource_post_error(resource,
			WP_FRACTIONAL_SCALE_MANAGER_V1_ERROR_FRACTIONAL_SCALE_EXISTS,
			"wl_surface@%u already has a wp_fractional_scale_v1",
			wl_resource_get_id(surface_resource));
		return;
	}
	struct wl_resource *fs =
		pw_surface_addon_create(client, resource, id, surface, &surface->fractional_scale,
			&wp_fractional_scale_v1_interface, &fractional_impl, NULL);
	if (fs) {
		wp_fractional_scale_v1_send_preferred_scale(fs, PW_FRACTIONAL_SCALE_ONE);
	}
}

static const struct wp_fractional_scale_manager_v1_interface fractional_scale_manager_impl = {
	.destroy = pw_request_destroy,
	.get_fractional_scale = fractional_scale_manager_get_fractional_scale,
};

static void
bind_manager(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *resource = wl_resource_create(client,
		&wp_fractional_scale_manager_v1_interface, (int)version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &fractional_scale_manager_impl, data, NULL);
}

bool
pw_fractional_scale_create(struct pw_server *server)
{
	return wl_global_create(server->display, &wp_fractional_scale_manager_v1_interface, 1,
		       server, bind_manager) != NULL;
}

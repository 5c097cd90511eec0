/*
 * wp_tearing_control_manager_v1: the hint is double-buffered surface state
 * (current.presentation_hint); async changes nothing on any backend picowl has (4.93).
 */
#include "tearing_control.h"
#include "request.h"
#include "server.h"
#include "surface.h"
#include "surface_addon.h"
#include "tearing-control-v1-protocol.h"

static void
tearing_control_set_presentation_hint(struct wl_client *client, struct wl_resource *resource,
	uint32_t hint)
{
	struct pw_surface *surface = pw_surface_addon_surface(resource);
	if (!surface) {
		return; /* the protocol has no error for it: an inert object */
	}
	/* No error for an unknown hint either: it counts as vsync. */
	surface->pending.presentation_hint = hint == WP_TEARING_CONTROL_V1_PRESENTATION_HINT_ASYNC
		? hint
		: WP_TEARING_CONTROL_V1_PRESENTATION_HINT_VSYNC;
	surface->pending.committed |= PW_STATE_HINTS;
}

static const struct wp_tearing_control_v1_interface tearing_control_impl = {
	.set_presentation_hint = tearing_control_set_presentation_hint,
	.destroy = pw_request_destroy,
};

/* Destroying the object takes the hint back to vsync at the next commit. */
static void
tearing_end(struct pw_surface *surface)
{
	surface->pending.presentation_hint = WP_TEARING_CONTROL_V1_PRESENTATION_HINT_VSYNC;
	surface->pending.committed |= PW_STATE_HINTS;
}

static void
tearing_control_manager_get_tearing_control(struct wl_client *client, struct wl_resource *resource,
	uint32_t id, struct wl_resource *surface_resource)
{
	struct pw_surface *surface = pw_surface_from_resource(surface_resource);
	if (surface->tearing_control) {
		wl_resource_post_error(resource,
			WP_TEARING_CONTROL_MANAGER_V1_ERROR_TEARING_CONTROL_EXISTS,
			"wl_surface@%u already has a wp_tearing_control_v1",
			wl_resource_get_id(surface_resource));
		return;
	}
	pw_surface_addon_create(client, resource, id, surface, &surface->tearing_control,
		&wp_tearing_control_v1_interface, &tearing_control_impl, tearing_end);
}

static const struct wp_tearing_control_manager_v1_interface tearing_control_manager_impl = {
	.destroy = pw_request_destroy,
	.get_tearing_control = tearing_control_manager_get_tearing_control,
};

static void
bind_manager(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *resource = wl_resource_create(client,
		&wp_tearing_control_manager_v1_interface, (int)version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &tearing_control_manager_impl, data, NULL);
}

bool
pw_tearing_control_create(struct pw_server *server)
{
	return wl_global_create(server->display, &wp_tearing_control_manager_v1_interface, 1,
		       server, bind_manager) != NULL;
}

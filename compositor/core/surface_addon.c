/* The per-surface objects of the surface protocols (surface_addon.h). */
#include <stdlib.h>

#include "surface.h"
#include "surface_addon.h"

struct addon {
	struct pw_surface *surface; /* NULL once the surface died */
	struct wl_resource **slot;
	void (*end)(struct pw_surface *surface);
	struct wl_listener surface_destroy;
};

static void
handle_surface_destroy(struct wl_listener *listener, void *data)
{
	struct addon *a = wl_container_of(listener, a, surface_destroy);
	wl_list_remove(&a->surface_destroy.link);
	*a->slot = NULL;
	a->surface = NULL;
}

static void
handle_addon_resource_destroy(struct wl_resource *resource)
{
	struct addon *a = wl_resource_get_user_data(resource);
	if (a->surface) {
		*a->slot = NULL;
		wl_list_remove(&a->surface_destroy.link);
		if (a->end) {
			a->end(a->surface);
		}
	}
	free(a);
}

struct wl_resource *
pw_surface_addon_create(struct wl_client *client, struct wl_resource *manager, uint32_t id,
	struct pw_surface *surface, struct wl_resource **slot, const struct wl_interface *iface,
	const void *impl, void (*end)(struct pw_surface *surface))
{
	struct addon *a = calloc(1, sizeof(*a));
	struct wl_resource *resource =
		a ? wl_resource_create(client, iface, wl_resource_get_version(manager), id) : NULL;
	if (!resource) {
		free(a);
		wl_client_post_no_memory(client);
		return NULL;
	}
	wl_resource_set_implementation(resource, impl, a, handle_addon_resource_destroy);
	a->surface = surface;
	a->slot = slot;
	a->end = end;
	*slot = resource;
	a->surface_destroy.notify = handle_surface_destroy;
	wl_signal_add(&surface->events.destroy, &a->surface_destroy);
	return resource;
}

struct pw_surface *
pw_surface_addon_surface(struct wl_resource *resource)
{
	struct addon *a = wl_resource_get_user_data(resource);
	return a->surface;
}

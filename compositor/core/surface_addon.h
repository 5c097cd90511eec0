/*
 * An object one per surface at most that a protocol hangs on a wl_surface (alpha modifier,
 * fractional scale, content type, tearing control): it lives until its client destroys it, and
 * outlives its surface as an inert object.
 */
#ifndef PW_SURFACE_ADDON_H
#define PW_SURFACE_ADDON_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-server-core.h>

struct pw_surface;

/*
 * Creates the object `id` of `iface` (at `manager`'s version) on `surface`, stores it in *slot
 * (a field of the surface, cleared when either ends) and returns it; NULL after posting
 * no_memory. `end` (optional) runs when the object goes before its surface.
 */
struct wl_resource *pw_surface_addon_create(struct wl_client *client, struct wl_resource *manager,
	uint32_t id, struct pw_surface *surface, struct wl_resource **slot,
	const struct wl_interface *iface, const void *impl,
	void (*end)(struct pw_surface *surface));
/* The surface of an object pw_surface_addon_create made; NULL once the surface died. */
struct pw_surface *pw_surface_addon_surface(struct wl_resource *resource);

#endif

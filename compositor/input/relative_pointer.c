/* zwp_relative_pointer_manager_v1: relative motion of the seat's mice (4.91). */
#include <stdlib.h>
#include <wayland-server-core.h>

#include "relative-pointer-unstable-v1-protocol.h"
#include "relative_pointer.h"
#include "request.h"
#include "seat_internal.h"
#include "server.h"

struct pw_relative_pointers {
	struct pw_seat *seat;
	struct wl_global *global;
	struct wl_list resources; /* zwp_relative_pointer_v1 */
	struct wl_list managers; /* zwp_relative_pointer_manager_v1 */
};

static const struct zwp_relative_pointer_v1_interface relative_pointer_impl = {
	.destroy = pw_request_destroy,
};

static void
handle_relative_pointer_destroy(struct wl_resource *resource)
{
	wl_list_remove(wl_resource_get_link(resource));
}

static void
manager_get_relative_pointer(struct wl_client *client, struct wl_resource *resource, uint32_t id,
	struct wl_resource *pointer)
{
	struct pw_relative_pointers *rp = wl_resource_get_user_data(resource);
	struct wl_resource *rel = wl_resource_create(client, &zwp_relative_pointer_v1_interface,
		wl_resource_get_version(resource), id);

	if (!rel) {
		wl_client_post_no_memory(client);
		return;
	}
	/* A wl_pointer of a seat that went, or the manager's own gone: inert. */
	bool live = rp && wl_resource_get_user_data(pointer);
	wl_resource_set_implementation(rel, &relative_pointer_impl, live ? rp : NULL,
		handle_relative_pointer_destroy);
	if (live) {
		wl_list_insert(&rp->resources, wl_resource_get_link(rel));
	} else {
		wl_list_init(wl_resource_get_link(rel));
	}
}

static const struct zwp_relative_pointer_manager_v1_interface manager_impl = {
	.destroy = pw_request_destroy,
	.get_relative_pointer = manager_get_relative_pointer,
};

static void
handle_manager_destroy(struct wl_resource *resource)
{
	wl_list_remove(wl_resource_get_link(resource));
}

static void
bind_manager(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct pw_relative_pointers *rp = data;
	struct wl_resource *resource = wl_resource_create(client,
		&zwp_relative_pointer_manager_v1_interface, (int)version, id);

	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &manager_impl, rp, handle_manager_destroy);
	wl_list_insert(&rp->managers, wl_resource_get_link(resource));
}

struct pw_relative_pointers *
pw_relative_pointers_create(struct pw_seat *seat)
{
	struct pw_relative_pointers *rp = calloc(1, sizeof(*rp));

	if (!rp) {
		return NULL;
	}
	rp->seat = seat;
	wl_list_init(&rp->resources);
	wl_list_init(&rp->managers);
	rp->global = wl_global_create(seat->display, &zwp_relative_pointer_manager_v1_interface, 1,
		rp, bind_manager);
	if (!rp->global) {
		free(rp);
		return NULL;
	}
	return rp;
}

void
pw_relative_pointers_destroy(struct pw_relative_pointers *rp)
{
	if (!rp) {
		return;
	}
	wl_global_destroy(rp->global);
	pw_seat_resources_make_inert(&rp->managers);
	pw_seat_resources_make_inert(&rp->resources);
	free(rp);
}

void
pw_relative_pointers_motion(struct pw_relative_pointers *rp, struct wl_client *client,
	uint64_t time_usec, double dx, double dy, double dx_unaccel, double dy_unaccel)
{
	struct wl_resource *resource;

	if (!rp || !client) {
		return;
	}
	wl_resource_for_each(resource, &rp->resources) {
		if (wl_resource_get_client(resource) == client) {
			zwp_relative_pointer_v1_send_relative_motion(resource,
				(uint32_t)(time_usec >> 32), (uint32_t)time_usec,
				wl_fixed_from_double(dx), wl_fixed_from_double(dy),
				wl_fixed_from_double(dx_unaccel), wl_fixed_from_double(dy_unaccel));
		}
	}
}

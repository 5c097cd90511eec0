/*
 * wp_fifo_manager_v1 (games, Mesa's Vulkan FIFO present mode): set_barrier and wait_barrier
 * are the next commit's constraints; surface_hold.c holds and releases the commits. A public
 * global: it only delays a client's own commits.
 */
#include <stdlib.h>
#include <wayland-server-core.h>

#include "fifo-v1-protocol.h"
#include "fifo.h"
#include "request.h"
#include "server.h"
#include "surface.h"
#include "surface_hold.h"

struct fifo_manager {
	struct wl_global *global;
	struct wl_listener server_destroy;
};

/* The fifo's hold, or NULL after the surface_destroyed error. */
static struct pw_surface_hold *
fifo_hold(struct wl_resource *resource)
{
	struct pw_surface_hold *hold = wl_resource_get_user_data(resource);
	if (!hold) {
		wl_resource_post_error(resource, WP_FIFO_V1_ERROR_SURFACE_DESTROYED,
			"the wp_fifo_v1's surface was destroyed");
	}
	return hold;
}

static void
fifo_set_barrier(struct wl_client *client, struct wl_resource *resource)
{
	struct pw_surface_hold *hold = fifo_hold(resource);
	if (hold) {
		pw_surface_hold_set_barrier(hold);
	}
}

static void
fifo_wait_barrier(struct wl_client *client, struct wl_resource *resource)
{
	struct pw_surface_hold *hold = fifo_hold(resource);
	if (hold) {
		pw_surface_hold_wait_barrier(hold);
	}
}

static const struct wp_fifo_v1_interface fifo_impl = {
	.set_barrier = fifo_set_barrier,
	.wait_barrier = fifo_wait_barrier,
	.destroy = pw_request_destroy,
};

static void
manager_get_fifo(struct wl_client *client, struct wl_resource *resource, uint32_t id,
	struct wl_resource *surface_resource)
{
	pw_surface_hold_attach(resource, surface_resource, id, &wp_fifo_v1_interface, &fifo_impl,
		WP_FIFO_MANAGER_V1_ERROR_ALREADY_EXISTS);
}

static const struct wp_fifo_manager_v1_interface manager_impl = {
	.get_fifo = manager_get_fifo,
	.destroy = pw_request_destroy,
};

static void
bind_manager(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *resource =
		wl_resource_create(client, &wp_fifo_manager_v1_interface, (int)version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &manager_impl, NULL, NULL);
}

static void
handle_server_destroy(struct wl_listener *listener, void *data)
{
	struct fifo_manager *fm = wl_container_of(listener, fm, server_destroy);
	wl_global_destroy(fm->global);
	wl_list_remove(&fm->server_destroy.link);
	free(fm);
}

bool
pw_fifo_create(struct pw_server *server)
{
	struct fifo_manager *fm = calloc(1, sizeof(*fm));
	if (!fm) {
		return false;
	}
	fm->global = wl_global_create(server->display, &wp_fifo_manager_v1_interface, 1, fm,
		bind_manager);
	if (!fm->global) {
		free(fm);
		return false;
	}
	fm->server_destroy.notify = handle_server_destroy;
	wl_signal_add(&server->destroy, &fm->server_destroy);
	return true;
}

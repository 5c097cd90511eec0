/*
 * zxdg_output_manager_v1: describes the one output in logical coordinates. Each zxdg_output_v1
 * is sent everything once, and its logical size again when the output's changes (a rotation, a
 * mode).
 */

#include <stdlib.h>
#include <wayland-server-core.h>
#include <wayland-server-protocol.h>

#include "output.h"
#include "request.h"
#include "server.h"
#include "xdg-output-unstable-v1-protocol.h"
#include "xdg_output.h"

#define MANAGER_VERSION 3

struct xdg_output_manager {
	struct wl_global *global;
	struct wl_list resources; /* manager resources, by wl_resource_get_link */
	struct wl_list outputs; /* live zxdg_output_v1 resources, by wl_resource_get_link */
	struct pw_output *output;
	struct wl_listener output_mode;
	struct wl_listener server_destroy;
};

static void
handle_xdg_output_resource_destroy(struct wl_resource *resource)
{
	wl_list_remove(wl_resource_get_link(resource));
}

/*
 * From version 3 on, wl_output.done closes the xdg_output's events: every wl_output of the
 * client gets one (an extra done changes nothing).
 */
static void
send_done(struct pw_output *output, struct wl_resource *resource)
{
	if (wl_resource_get_version(resource) < 3) {
		zxdg_output_v1_send_done(resource);
		return;
	}
	struct wl_client *client = wl_resource_get_client(resource);
	struct wl_resource *o;
	wl_resource_for_each(o, &output->resources) {
		if (wl_resource_get_client(o) == client &&
			wl_resource_get_version(o) >= WL_OUTPUT_DONE_SINCE_VERSION) {
			wl_output_send_done(o);
		}
	}
}

static void
handle_output_mode(struct wl_listener *listener, void *data)
{
	struct xdg_output_manager *manager = wl_container_of(listener, manager, output_mode);
	struct wl_resource *resource;
	wl_resource_for_each(resource, &manager->outputs) {
		zxdg_output_v1_send_logical_size(resource, manager->output->width,
			manager->output->height);
		send_done(manager->output, resource);
	}
}

static const struct zxdg_output_v1_interface xdg_output_impl = {
	.destroy = pw_request_destroy,
};

static void
manager_get_xdg_output(struct wl_client *client, struct wl_resource *manager_resource, uint32_t id,
	struct wl_resource *output_resource)
{
	struct xdg_output_manager *manager = wl_resource_get_user_data(manager_resource);
	uint32_t version = wl_resource_get_version(manager_resource);
	struct wl_resource *resource =
		wl_resource_create(client, &zxdg_output_v1_interface, version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &xdg_output_impl, NULL,
		handle_xdg_output_resource_destroy);
	wl_list_init(wl_resource_get_link(resource));

	/* An inert manager or wl_output (its output is gone) gets an empty object. */
	struct pw_output *output = wl_resource_get_user_data(output_resource);
	if (!manager || !output) {
		return;
	}
	wl_list_insert(&manager->outputs, wl_resource_get_link(resource));
	zxdg_output_v1_send_logical_position(resource, 0, 0);
	zxdg_output_v1_send_logical_size(resource, output->width, output->height);
	if (version >= ZXDG_OUTPUT_V1_NAME_SINCE_VERSION) {
		zxdg_output_v1_send_name(resource, output->name);
		zxdg_output_v1_send_description(resource, "picowl output");
	}
	/* From version 3 on, wl_output.done closes the xdg_output's events too. */
	if (version < 3) {
		zxdg_output_v1_send_done(resource);
	} else if (wl_resource_get_version(output_resource) >= WL_OUTPUT_DONE_SINCE_VERSION) {
		wl_output_send_done(output_resource);
	}
}

static const struct zxdg_output_manager_v1_interface manager_impl = {
	.destroy = pw_request_destroy,
	.get_xdg_output = manager_get_xdg_output,
};

static void
handle_manager_resource_destroy(struct wl_resource *resource)
{
	wl_list_remove(wl_resource_get_link(resource));
}

static void
bind_manager(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct xdg_output_manager *manager = data;
	struct wl_resource *resource =
		wl_resource_create(client, &zxdg_output_manager_v1_interface, version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &manager_impl, manager,
		handle_manager_resource_destroy);
	wl_list_insert(&manager->resources, wl_resource_get_link(resource));
}

static void
handle_server_destroy(struct wl_listener *listener, void *data)
{
	struct xdg_output_manager *manager = wl_container_of(listener, manager, server_destroy);
	struct wl_resource *resource, *tmp;
	wl_resource_for_each_safe(resource, tmp, &manager->resources) {
		/* Inert: get_xdg_output then creates empty objects. */
		wl_resource_set_user_data(resource, NULL);
		wl_list_remove(wl_resource_get_link(resource));
		wl_list_init(wl_resource_get_link(resource));
	}
	wl_resource_for_each_safe(resource, tmp, &manager->outputs) {
		wl_list_remove(wl_resource_get_link(resource));
		wl_list_init(wl_resource_get_link(resource));
	}
	wl_list_remove(&manager->output_mode.link);
	wl_global_destroy(manager->global);
	wl_list_remove(&manager->server_destroy.link);
	free(manager);
}

bool
pw_xdg_output_create(struct pw_server *server)
{
	struct xdg_output_manager *manager = calloc(1, sizeof(*manager));
	if (!manager) {
		return false;
	}
	wl_list_init(&manager->resources);
	wl_list_init(&manager->outputs);
	manager->output = server->output;
	manager->global = wl_global_create(server->display, &zxdg_output_manager_v1_interface,
		MANAGER_VERSION, manager, bind_manager);
	if (!manager->global) {
		free(manager);
		return false;
	}
	manager->output_mode.notify = handle_output_mode;
	wl_signal_add(&server->output->events.mode, &manager->output_mode);
	manager->server_destroy.notify = handle_server_destroy;
	wl_signal_add(&server->destroy, &manager->server_destroy);
	return true;
}

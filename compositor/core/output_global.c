/* wl_output: the output as clients see it, its geometry, mode, scale and name (output.h). */
#include <wayland-server-protocol.h>

#include "backend.h"
#include "output.h"
#include "output_global.h"
#include "request.h"

static void
send_info(struct pw_output *output, struct wl_resource *resource)
{
	uint32_t version = (uint32_t)wl_resource_get_version(resource);
	struct pw_backend *backend = output->backend;
	wl_output_send_geometry(resource, 0, 0, 0, 0, WL_OUTPUT_SUBPIXEL_UNKNOWN, "picowl",
		backend->name, output->transform);
	wl_output_send_mode(resource, WL_OUTPUT_MODE_CURRENT | WL_OUTPUT_MODE_PREFERRED,
		backend->width, backend->height, backend->refresh_mhz);
	if (version >= WL_OUTPUT_SCALE_SINCE_VERSION) {
		wl_output_send_scale(resource, 1);
	}
	if (version >= WL_OUTPUT_NAME_SINCE_VERSION) {
		wl_output_send_name(resource, output->name);
		wl_output_send_description(resource, backend->description);
	}
	if (version >= WL_OUTPUT_DONE_SINCE_VERSION) {
		wl_output_send_done(resource);
	}
}

static const struct wl_output_interface output_impl = {
	.release = pw_request_destroy,
};

static void
handle_output_resource_destroy(struct wl_resource *resource)
{
	wl_list_remove(wl_resource_get_link(resource));
}

void
pw_output_global_bind(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct pw_output *output = data;
	struct wl_resource *resource =
		wl_resource_create(client, &wl_output_interface, (int)version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &output_impl, output,
		handle_output_resource_destroy);
	wl_list_insert(&output->resources, wl_resource_get_link(resource));
	send_info(output, resource);
}

void
pw_output_global_send_info_all(struct pw_output *output)
{
	struct wl_resource *resource;
	wl_resource_for_each(resource, &output->resources) {
		send_info(output, resource);
	}
}

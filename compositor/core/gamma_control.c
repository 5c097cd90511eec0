/*
 * zwlr_gamma_control_manager_v1 (wlsunset, gammastep): no backend sets gamma ramps (DRM's
 * GAMMA_LUT and legacy gamma are not wired: bochs, cirrus, virtio-gpu, qxl and vkms have none in
 * Linux 6.1, and a truecolor fbdev's FBIOPUTCMAP only sets the console's pseudo palette), so
 * each control is sent failed at once and stays inert; set_gamma on it only closes the fd.
 */
#include <stdlib.h>
#include <unistd.h>
#include <wayland-server-core.h>

#include "gamma_control.h"
#include "request.h"
#include "server.h"
#include "wlr-gamma-control-unstable-v1-protocol.h"

struct gamma_manager {
	struct wl_global *global;
	struct wl_listener server_destroy;
};

static void
gamma_control_set_gamma(struct wl_client *client, struct wl_resource *resource, int32_t fd)
{
	close(fd);
}

static const struct zwlr_gamma_control_v1_interface gamma_control_impl = {
	.set_gamma = gamma_control_set_gamma,
	.destroy = pw_request_destroy,
};

static void
manager_get_gamma_control(struct wl_client *client, struct wl_resource *resource, uint32_t id,
	struct wl_resource *output)
{
	struct wl_resource *control = wl_resource_create(client, &zwlr_gamma_control_v1_interface,
		wl_resource_get_version(resource), id);
	if (!control) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(control, &gamma_control_impl, NULL, NULL);
	zwlr_gamma_control_v1_send_failed(control);
}

static const struct zwlr_gamma_control_manager_v1_interface manager_impl = {
	.get_gamma_control = manager_get_gamma_control,
	.destroy = pw_request_destroy,
};

static void
bind_manager(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *resource = wl_resource_create(client,
		&zwlr_gamma_control_manager_v1_interface, (int)version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &manager_impl, NULL, NULL);
}

static void
handle_server_destroy(struct wl_listener *listener, void *data)
{
	struct gamma_manager *gm = wl_container_of(listener, gm, server_destroy);
	wl_global_destroy(gm->global);
	wl_list_remove(&gm->server_destroy.link);
	free(gm);
}

bool
pw_gamma_control_create(struct pw_server *server)
{
	struct gamma_manager *gm = calloc(1, sizeof(*gm));
	if (!gm) {
		return false;
	}
	gm->global = wl_global_create(server->display, &zwlr_gamma_control_manager_v1_interface, 1,
		gm, bind_manager);
	if (!gm->global || !pw_server_add_private_global(server, gm->global)) {
		if (gm->global) {
			wl_global_destroy(gm->global);
		}
		free(gm);
		return false;
	}
	gm->server_destroy.notify = handle_server_destroy;
	wl_signal_add(&server->destroy, &gm->server_destroy);
	return true;
}

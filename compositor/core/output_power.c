/*
 * zwlr_output_power_manager_v1: a protocol front for the display's power (power.c), so that
 * wlopm and swayidle's "wlopm --off" recipes turn the one output off and on. Every control
 * hears every change, whoever made it (idle time, the power key, picowl-ctl).
 */
#include <stdlib.h>
#include <wayland-server-protocol.h>

#include "output.h"
#include "output_power.h"
#include "power.h"
#include "request.h"
#include "server.h"
#include "wlr-output-power-management-unstable-v1-protocol.h"

struct output_power_manager {
	struct pw_server *server;
	struct wl_global *global;
	struct wl_list controls; /* zwlr_output_power_v1 resource links */
	struct wl_listener power_changed;
	struct wl_listener server_destroy;
};

static uint32_t
mode_of(const struct pw_power *power)
{
	return pw_power_is_off(power) ? ZWLR_OUTPUT_POWER_V1_MODE_OFF
				      : ZWLR_OUTPUT_POWER_V1_MODE_ON;
}

static void
output_power_set_mode(struct wl_client *client, struct wl_resource *resource, uint32_t mode)
{
	struct output_power_manager *m = wl_resource_get_user_data(resource);
	if (mode > ZWLR_OUTPUT_POWER_V1_MODE_ON) {
		wl_resource_post_error(resource, ZWLR_OUTPUT_POWER_V1_ERROR_INVALID_MODE,
			"set_mode: no mode %u", mode);
		return;
	}
	if (m) {
		pw_power_set(m->server->power,
			mode == ZWLR_OUTPUT_POWER_V1_MODE_ON ? PW_POWER_REQUEST_ON
							     : PW_POWER_REQUEST_OFF);
	}
}

static const struct zwlr_output_power_v1_interface output_power_impl = {
	.set_mode = output_power_set_mode,
	.destroy = pw_request_destroy,
};

static void
handle_control_destroy(struct wl_resource *resource)
{
	wl_list_remove(wl_resource_get_link(resource));
}

static void
manager_get_output_power(struct wl_client *client, struct wl_resource *resource, uint32_t id,
	struct wl_resource *output_resource)
{
	struct output_power_manager *m = wl_resource_get_user_data(resource);
	struct wl_resource *control = wl_resource_create(client, &zwlr_output_power_v1_interface,
		wl_resource_get_version(resource), id);
	if (!control) {
		wl_client_post_no_memory(client);
		return;
	}
	/* An output whose wl_output went inert, or a manager outliving picowl's: no control. */
	bool live = m && wl_resource_get_user_data(output_resource) == m->server->output;
	wl_resource_set_implementation(control, &output_power_impl, live ? m : NULL,
		handle_control_destroy);
	if (!live) {
		wl_list_init(wl_resource_get_link(control));
		zwlr_output_power_v1_send_failed(control);
		return;
	}
	wl_list_insert(&m->controls, wl_resource_get_link(control));
	zwlr_output_power_v1_send_mode(control, mode_of(m->server->power));
}

static const struct zwlr_output_power_manager_v1_interface manager_impl = {
	.get_output_power = manager_get_output_power,
	.destroy = pw_request_destroy,
};

static void
bind_manager(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *resource = wl_resource_create(client,
		&zwlr_output_power_manager_v1_interface, (int)version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &manager_impl, data, NULL);
}

static void
handle_power_changed(struct wl_listener *listener, void *data)
{
	struct output_power_manager *m = wl_container_of(listener, m, power_changed);
	uint32_t mode = mode_of(m->server->power);
	struct wl_resource *control;
	wl_resource_for_each(control, &m->controls) {
		zwlr_output_power_v1_send_mode(control, mode);
	}
}

static void
handle_server_destroy(struct wl_listener *listener, void *data)
{
	struct output_power_manager *m = wl_container_of(listener, m, server_destroy);
	struct wl_resource *control, *tmp;
	wl_resource_for_each_safe(control, tmp, &m->controls) {
		wl_resource_set_user_data(control, NULL);
		wl_list_remove(wl_resource_get_link(control));
		wl_list_init(wl_resource_get_link(control));
	}
	wl_list_remove(&m->power_changed.link);
	wl_list_remove(&m->server_destroy.link);
	/* Managers bound still name `m`: the global's clients are gone by now (server.c). */
	wl_global_destroy(m->global);
	free(m);
}

bool
pw_output_power_create(struct pw_server *server)
{
	struct output_power_manager *m = calloc(1, sizeof(*m));
	if (!m) {
		return false;
	}
	m->server = server;
	wl_list_init(&m->controls);
	m->global = wl_global_create(server->display, &zwlr_output_power_manager_v1_interface, 1, m,
		bind_manager);
	if (!m->global) {
		free(m);
		return false;
	}
	m->power_changed.notify = handle_power_changed;
	pw_power_add_listener(server->power, &m->power_changed);
	m->server_destroy.notify = handle_server_destroy;
	wl_signal_add(&server->destroy, &m->server_destroy);
	return pw_server_add_private_global(server, m->global);
}

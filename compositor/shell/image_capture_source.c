/* ext-image-capture-source: the output and window sources (decision 4.89). */
#include "image_capture_source.h"

#include <stdlib.h>
#include <wayland-server-core.h>

#include "ext-image-capture-source-v1-protocol.h"
#include "ext_toplevel_list.h"
#include "output.h"
#include "request.h"
#include "server.h"

#define MANAGER_VERSION 1

struct sources {
	struct pw_server *server;
	struct wl_global *output_global, *toplevel_global;
	struct wl_listener server_destroy;
};

static const struct ext_image_capture_source_v1_interface source_impl = {
	.destroy = pw_request_destroy,
};

static void
handle_source_destroy(struct wl_resource *resource)
{
	free(wl_resource_get_user_data(resource));
}

struct pw_capture_source
pw_image_capture_source_get(struct wl_resource *resource)
{
	struct pw_capture_source none = {PW_CAPTURE_NONE, 0};
	if (!wl_resource_instance_of(resource, &ext_image_capture_source_v1_interface,
		    &source_impl)) {
		return none;
	}
	struct pw_capture_source *source = wl_resource_get_user_data(resource);
	return source ? *source : none;
}

static void
create_source(struct wl_client *client, struct wl_resource *manager, uint32_t id,
	struct pw_capture_source what)
{
	struct pw_capture_source *source = malloc(sizeof(*source));
	struct wl_resource *resource = source
		? wl_resource_create(client, &ext_image_capture_source_v1_interface,
			  wl_resource_get_version(manager), id)
		: NULL;
	if (!resource) {
		free(source);
		wl_client_post_no_memory(client);
		return;
	}
	*source = what;
	wl_resource_set_implementation(resource, &source_impl, source, handle_source_destroy);
}

/* An output gone (its resource inert) gives a source whose sessions stop at once. */
static void
output_manager_create_source(struct wl_client *client, struct wl_resource *resource, uint32_t id,
	struct wl_resource *output)
{
	struct sources *s = wl_resource_get_user_data(resource);
	bool live = s->server->output && wl_resource_get_user_data(output) == s->server->output;
	create_source(client, resource, id,
		(struct pw_capture_source){live ? PW_CAPTURE_OUTPUT : PW_CAPTURE_NONE, 0});
}

static const struct ext_output_image_capture_source_manager_v1_interface output_manager_impl = {
	.create_source = output_manager_create_source,
	.destroy = pw_request_destroy,
};

/* A closed handle gives a source whose sessions stop at once, as the protocol asks. */
static void
toplevel_manager_create_source(struct wl_client *client, struct wl_resource *resource, uint32_t id,
	struct wl_resource *handle)
{
	uint32_t view_id = pw_ext_toplevel_view_id(handle);
	create_source(client, resource, id,
		(struct pw_capture_source){view_id ? PW_CAPTURE_TOPLEVEL : PW_CAPTURE_NONE,
			view_id});
}

static const struct ext_foreign_toplevel_image_capture_source_manager_v1_interface
	toplevel_manager_impl = {
		.create_source = toplevel_manager_create_source,
		.destroy = pw_request_destroy,
};

static void
bind_output_manager(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *resource = wl_resource_create(client,
		&ext_output_image_capture_source_manager_v1_interface, (int)version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &output_manager_impl, data, NULL);
}

static void
bind_toplevel_manager(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *resource = wl_resource_create(client,
		&ext_foreign_toplevel_image_capture_source_manager_v1_interface, (int)version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &toplevel_manager_impl, data, NULL);
}

/* The clients went before: wl_display_destroy_clients comes first. */
static void
handle_server_destroy(struct wl_listener *listener, void *data)
{
	struct sources *s = wl_container_of(listener, s, server_destroy);
	wl_list_remove(&s->server_destroy.link);
	wl_global_destroy(s->output_global);
	wl_global_destroy(s->toplevel_global);
	free(s);
}

bool
pw_image_capture_source_create(struct pw_server *server)
{
	struct sources *s = calloc(1, sizeof(*s));
	if (!s) {
		return false;
	}
	s->server = server;
	s->output_global = wl_global_create(server->display,
		&ext_output_image_capture_source_manager_v1_interface, MANAGER_VERSION, s,
		bind_output_manager);
	s->toplevel_global = wl_global_create(server->display,
		&ext_foreign_toplevel_image_capture_source_manager_v1_interface, MANAGER_VERSION, s,
		bind_toplevel_manager);
	if (!s->output_global || !s->toplevel_global) {
		if (s->output_global) {
			wl_global_destroy(s->output_global);
		}
		if (s->toplevel_global) {
			wl_global_destroy(s->toplevel_global);
		}
		free(s);
		return false;
	}
	s->server_destroy.notify = handle_server_destroy;
	wl_signal_add(&server->destroy, &s->server_destroy);
	/* they show every client's pixels: picowl's own uid only (4.89) */
	return pw_server_add_private_global(server, s->output_global) &&
		pw_server_add_private_global(server, s->toplevel_global);
}

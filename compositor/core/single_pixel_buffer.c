/*
 * wp_single_pixel_buffer_manager_v1: the buffer holds its colour alone; a surface showing it is
 * drawn as a fill of its size (render.c), with no pixels stored for any size (4.93).
 */
#include <stdlib.h>
#include <wayland-server-protocol.h>

#include "request.h"
#include "server.h"
#include "single-pixel-buffer-v1-protocol.h"
#include "single_pixel_buffer.h"

static const struct wl_buffer_interface buffer_impl = {
	.destroy = pw_request_destroy,
};

static void
handle_buffer_resource_destroy(struct wl_resource *resource)
{
	free(wl_resource_get_user_data(resource));
}

/* 32 bits a channel to pixman's 16; a colour channel above alpha (not premultiplied) is cut. */
static uint16_t
channel(uint32_t v, uint32_t a)
{
	return (uint16_t)((v < a ? v : a) >> 16);
}

static void
single_pixel_buffer_manager_create_u32_rgba_buffer(struct wl_client *client,
	struct wl_resource *resource, uint32_t id, uint32_t r, uint32_t g, uint32_t b, uint32_t a)
{
	pixman_color_t *colour = malloc(sizeof(*colour));
	struct wl_resource *buffer =
		colour ? wl_resource_create(client, &wl_buffer_interface, 1, id) : NULL;
	if (!buffer) {
		free(colour);
		wl_client_post_no_memory(client);
		return;
	}
	*colour =
		(pixman_color_t){channel(r, a), channel(g, a), channel(b, a), (uint16_t)(a >> 16)};
	wl_resource_set_implementation(buffer, &buffer_impl, colour,
		handle_buffer_resource_destroy);
}

bool
pw_single_pixel_buffer_colour(struct wl_resource *buffer, pixman_color_t *out)
{
	if (!wl_resource_instance_of(buffer, &wl_buffer_interface, &buffer_impl)) {
		return false;
	}
	*out = *(const pixman_color_t *)wl_resource_get_user_data(buffer);
	return true;
}

static const struct wp_single_pixel_buffer_manager_v1_interface single_pixel_buffer_manager_impl = {
	.destroy = pw_request_destroy,
	.create_u32_rgba_buffer = single_pixel_buffer_manager_create_u32_rgba_buffer,
};

static void
bind_manager(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *resource = wl_resource_create(client,
		&wp_single_pixel_buffer_manager_v1_interface, (int)version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &single_pixel_buffer_manager_impl, data, NULL);
}

bool
pw_single_pixel_buffer_create(struct pw_server *server)
{
	return wl_global_create(server->display, &wp_single_pixel_buffer_manager_v1_interface, 1,
		       server, bind_manager) != NULL;
}

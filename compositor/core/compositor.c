/* wl_compositor and wl_region. */
#include <stdlib.h>
#include <wayland-server-protocol.h>

#include "budget.h"
#include "compositor.h"
#include "request.h"
#include "server.h"
#include "surface.h"

#define COMPOSITOR_VERSION 5

/*
 * Each add or subtract costs time in the region's rectangles (pixman walks its bands), so a
 * region is bounded in rectangles too, far above what a real region has; its memory is charged.
 */
#define REGION_MAX_BOXES 1024

static void
region_changed(struct wl_resource *resource, pixman_region32_t *region)
{
	if (pixman_region32_n_rects(region) > REGION_MAX_BOXES) {
		pixman_region32_clear(region);
		wl_client_post_no_memory(wl_resource_get_client(resource));
	}
	pw_budget_resize_region(resource, PW_BUDGET_SLOT_A, region, 1);
}

static void
region_add(struct wl_client *client, struct wl_resource *resource, int32_t x, int32_t y,
	int32_t width, int32_t height)
{
	pixman_region32_t *region = wl_resource_get_user_data(resource);
	if (width <= 0 || height <= 0) {
		return;
	}
	pixman_region32_union_rect(region, region, x, y, (unsigned)width, (unsigned)height);
	region_changed(resource, region);
}

static void
region_subtract(struct wl_client *client, struct wl_resource *resource, int32_t x, int32_t y,
	int32_t width, int32_t height)
{
	pixman_region32_t *region = wl_resource_get_user_data(resource);
	if (width <= 0 || height <= 0) {
		return;
	}
	pixman_region32_t rect;
	pixman_region32_init_rect(&rect, x, y, (unsigned)width, (unsigned)height);
	pixman_region32_subtract(region, region, &rect);
	pixman_region32_fini(&rect);
	region_changed(resource, region);
}

static const struct wl_region_interface region_impl = {
	.destroy = pw_request_destroy,
	.add = region_add,
	.subtract = region_subtract,
};

static void
handle_region_resource_destroy(struct wl_resource *resource)
{
	pixman_region32_t *region = wl_resource_get_user_data(resource);
	pixman_region32_fini(region);
	free(region);
}

void
pw_compositor_region_copy(pixman_region32_t *dst, struct wl_resource *resource)
{
	pixman_region32_t *region = wl_resource_get_user_data(resource);
	pixman_region32_copy(dst, region);
}

static void
compositor_create_surface(struct wl_client *client, struct wl_resource *resource, uint32_t id)
{
	struct pw_server *server = wl_resource_get_user_data(resource);
	if (!pw_surface_create(client, wl_resource_get_version(resource), id, server)) {
		wl_client_post_no_memory(client);
	}
}

static void
compositor_create_region(struct wl_client *client, struct wl_resource *resource, uint32_t id)
{
	pixman_region32_t *region = calloc(1, sizeof(*region));
	if (!region) {
		wl_client_post_no_memory(client);
		return;
	}
	struct wl_resource *region_resource =
		wl_resource_create(client, &wl_region_interface, 1, id);
	if (!region_resource) {
		free(region);
		wl_client_post_no_memory(client);
		return;
	}
	pixman_region32_init(region);
	wl_resource_set_implementation(region_resource, &region_impl, region,
		handle_region_resource_destroy);
}

static const struct wl_compositor_interface compositor_impl = {
	.create_surface = compositor_create_surface,
	.create_region = compositor_create_region,
};

static void
bind_compositor(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *resource =
		wl_resource_create(client, &wl_compositor_interface, (int)version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &compositor_impl, data, NULL);
}

bool
pw_compositor_create(struct pw_server *server)
{
	return wl_global_create(server->display, &wl_compositor_interface, COMPOSITOR_VERSION,
		       server, bind_compositor) != NULL;
}

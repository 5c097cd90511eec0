/* wp_viewporter: crop and scale a surface's buffer. */
#include <math.h>
#include <stdlib.h>

#include "request.h"
#include "server.h"
#include "surface.h"
#include "surface_pixels.h"
#include "viewporter-protocol.h"
#include "viewporter.h"

struct viewport {
	struct wl_resource *resource;
	struct pw_surface *surface; /* NULL once the surface died */
	struct wl_listener surface_destroy;
};

static struct viewport *
viewport_from_resource(struct wl_resource *resource)
{
	return wl_resource_get_user_data(resource);
}

static struct pw_surface *
viewport_surface(struct wl_resource *resource)
{
	struct viewport *vp = viewport_from_resource(resource);
	if (!vp->surface) {
		wl_resource_post_error(resource, WP_VIEWPORT_ERROR_NO_SURFACE,
			"the wl_surface of this wp_viewport was destroyed");
		return NULL;
	}
	return vp->surface;
}

static void
viewport_set_source(struct wl_client *client, struct wl_resource *resource, wl_fixed_t x,
	wl_fixed_t y, wl_fixed_t width, wl_fixed_t height)
{
	struct pw_surface *surface = viewport_surface(resource);
	if (!surface) {
		return;
	}
	struct pw_surface_state *pending = &surface->pending;
	int minus_one = wl_fixed_from_int(-1);
	if (x == minus_one && y == minus_one && width == minus_one && height == minus_one) {
		pending->has_src = false;
	} else if (x < 0 || y < 0 || width <= 0 || height <= 0) {
		wl_resource_post_error(resource, WP_VIEWPORT_ERROR_BAD_VALUE,
			"source rectangle %f,%f %fx%f is invalid", wl_fixed_to_double(x),
			wl_fixed_to_double(y), wl_fixed_to_double(width),
			wl_fixed_to_double(height));
		return;
	} else {
		pending->has_src = true;
		pending->src_x = wl_fixed_to_double(x);
		pending->src_y = wl_fixed_to_double(y);
		pending->src_w = wl_fixed_to_double(width);
		pending->src_h = wl_fixed_to_double(height);
	}
	pending->committed |= PW_STATE_VIEWPORT;
}

static void
viewport_set_destination(struct wl_client *client, struct wl_resource *resource, int32_t width,
	int32_t height)
{
	struct pw_surface *surface = viewport_surface(resource);
	if (!surface) {
		return;
	}
	struct pw_surface_state *pending = &surface->pending;
	if (width == -1 && height == -1) {
		pending->has_dst = false;
	} else if (width <= 0 || height <= 0) {
		wl_resource_post_error(resource, WP_VIEWPORT_ERROR_BAD_VALUE,
			"destination size %dx%d is invalid", width, height);
		return;
	} else {
		pending->has_dst = true;
		pending->dst_w = width;
		pending->dst_h = height;
	}
	pending->committed |= PW_STATE_VIEWPORT;
}

bool
pw_viewporter_check(struct pw_surface *surface)
{
	const struct pw_surface_state *cur = &surface->current;
	if (!surface->viewport || !pw_surface_has_contents(surface) || !cur->has_src) {
		return true;
	}
	int bw = surface->buffer_width / cur->scale, bh = surface->buffer_height / cur->scale;
	if (cur->transform & 1) {
		int t = bw;
		bw = bh;
		bh = t;
	}
	if (cur->src_x + cur->src_w > bw || cur->src_y + cur->src_h > bh) {
		wl_resource_post_error(surface->viewport, WP_VIEWPORT_ERROR_OUT_OF_BUFFER,
			"source rectangle extends outside the %dx%d buffer", bw, bh);
		return false;
	}
	if (!cur->has_dst && (cur->src_w != floor(cur->src_w) || cur->src_h != floor(cur->src_h))) {
		wl_resource_post_error(surface->viewport, WP_VIEWPORT_ERROR_BAD_SIZE,
			"source size is not integer and no destination size is set");
		return false;
	}
	return true;
}

static void
viewport_finish(struct viewport *vp)
{
	if (vp->surface) {
		vp->surface->viewport = NULL;
		vp->surface->pending.has_src = vp->surface->pending.has_dst = false;
		vp->surface->pending.committed |= PW_STATE_VIEWPORT;
		wl_list_remove(&vp->surface_destroy.link);
		vp->surface = NULL;
	}
}

static void
handle_surface_destroy(struct wl_listener *listener, void *data)
{
	struct viewport *vp = wl_container_of(listener, vp, surface_destroy);
	wl_list_remove(&vp->surface_destroy.link);
	vp->surface->viewport = NULL;
	vp->surface = NULL;
}

static const struct wp_viewport_interface viewport_impl = {
	.destroy = pw_request_destroy,
	.set_source = viewport_set_source,
	.set_destination = viewport_set_destination,
};

static void
handle_viewport_resource_destroy(struct wl_resource *resource)
{
	struct viewport *vp = viewport_from_resource(resource);
	viewport_finish(vp);
	free(vp);
}

static void
viewporter_get_viewport(struct wl_client *client, struct wl_resource *resource, uint32_t id,
	struct wl_resource *surface_resource)
{
	struct pw_surface *surface = pw_surface_from_resource(surface_resource);
	if (surface->viewport) {
		wl_resource_post_error(resource, WP_VIEWPORTER_ERROR_VIEWPORT_EXISTS,
			"wl_surface@%u already has a wp_viewport",
			wl_resource_get_id(surface_resource));
		return;
	}
	struct viewport *vp = calloc(1, sizeof(*vp));
	if (!vp) {
		wl_client_post_no_memory(client);
		return;
	}
	vp->resource = wl_resource_create(client, &wp_viewport_interface, 1, id);
	if (!vp->resource) {
		free(vp);
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(vp->resource, &viewport_impl, vp,
		handle_viewport_resource_destroy);
	vp->surface = surface;
	surface->viewport = vp->resource;
	vp->surface_destroy.notify = handle_surface_destroy;
	wl_signal_add(&surface->events.destroy, &vp->surface_destroy);
}

static const struct wp_viewporter_interface viewporter_impl = {
	.destroy = pw_request_destroy,
	.get_viewport = viewporter_get_viewport,
};

static void
bind_viewporter(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *resource =
		wl_resource_create(client, &wp_viewporter_interface, (int)version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &viewporter_impl, data, NULL);
}

bool
pw_viewporter_create(struct pw_server *server)
{
	return wl_global_create(server->display, &wp_viewporter_interface, 1, server,
		       bind_viewporter) != NULL;
}

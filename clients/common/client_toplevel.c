/* Frame callbacks and the xdg toplevel of the picowl clients: see client_toplevel.h. */
#include <stdio.h>

#include "client.h"

static void
handle_frame_done(void *data, struct wl_callback *callback, uint32_t time)
{
	struct pw_client_frame *frame = data;

	wl_callback_destroy(callback);
	frame->callback = NULL;
	frame->done = true;
	if (frame->handler) {
		frame->handler(frame, time);
	}
}

static const struct wl_callback_listener frame_listener = {
	.done = handle_frame_done,
};

void
pw_client_frame_request(struct pw_client_frame *frame, struct wl_surface *surface)
{
	pw_client_frame_finish(frame);
	frame->done = false;
	frame->callback = wl_surface_frame(surface);
	wl_callback_add_listener(frame->callback, &frame_listener, frame);
}

void
pw_client_frame_finish(struct pw_client_frame *frame)
{
	if (frame->callback) {
		wl_proxy_destroy((struct wl_proxy *)frame->callback);
		frame->callback = NULL;
	}
}

static void
handle_xdg_surface_configure(void *data, struct xdg_surface *xdg_surface, uint32_t serial)
{
	struct pw_client_toplevel *tl = data;

	if (!tl->no_ack) {
		xdg_surface_ack_configure(xdg_surface, serial);
	}
	tl->serial = serial;
	tl->configured = true;
	if (tl->configure) {
		tl->configure(tl);
	}
}

static const struct xdg_surface_listener xdg_surface_listener = {
	.configure = handle_xdg_surface_configure,
};

static void
handle_toplevel_configure(void *data, struct xdg_toplevel *toplevel, int32_t width, int32_t height,
	struct wl_array *states)
{
	struct pw_client_toplevel *tl = data;
	uint32_t *state;

	if (width > 0 && height > 0) {
		tl->width = width;
		tl->height = height;
	}
	tl->configured_width = width;
	tl->configured_height = height;
	tl->fullscreen = false;
	tl->states = 0;
	wl_array_for_each(state, states) {
		tl->states |= *state < 32 ? 1u << *state : 0;
		if (*state == XDG_TOPLEVEL_STATE_FULLSCREEN) {
			tl->fullscreen = true;
		}
	}
}

static void
handle_toplevel_close(void *data, struct xdg_toplevel *toplevel)
{
	struct pw_client_toplevel *tl = data;

	tl->closed = true;
	if (tl->close) {
		tl->close(tl);
	}
}

static void
handle_toplevel_configure_bounds(void *data, struct xdg_toplevel *toplevel, int32_t width,
	int32_t height)
{
	struct pw_client_toplevel *tl = data;

	tl->bounds_width = width;
	tl->bounds_height = height;
}

static void
handle_toplevel_wm_capabilities(void *data, struct xdg_toplevel *toplevel,
	struct wl_array *capabilities)
{
	struct pw_client_toplevel *tl = data;
	uint32_t *cap;

	tl->capabilities_events++;
	tl->capabilities = 0;
	wl_array_for_each(cap, capabilities) {
		tl->capabilities |= *cap < 32 ? 1u << *cap : 0;
	}
}

static const struct xdg_toplevel_listener toplevel_listener = {
	.configure = handle_toplevel_configure,
	.close = handle_toplevel_close,
	.configure_bounds = handle_toplevel_configure_bounds,
	.wm_capabilities = handle_toplevel_wm_capabilities,
};

void
pw_client_toplevel_init(struct pw_client_toplevel *tl, struct pw_client *client, const char *title,
	const char *app_id)
{
	tl->client = client;
	tl->surface = wl_compositor_create_surface(client->compositor);
	tl->xdg_surface = xdg_wm_base_get_xdg_surface(client->wm_base, tl->surface);
	xdg_surface_add_listener(tl->xdg_surface, &xdg_surface_listener, tl);
	tl->toplevel = xdg_surface_get_toplevel(tl->xdg_surface);
	xdg_toplevel_add_listener(tl->toplevel, &toplevel_listener, tl);
	if (title) {
		xdg_toplevel_set_title(tl->toplevel, title);
	}
	if (app_id) {
		xdg_toplevel_set_app_id(tl->toplevel, app_id);
	}
}

void
pw_client_toplevel_commit_box(struct pw_client_toplevel *tl, struct wl_buffer *buffer, int32_t x,
	int32_t y, int32_t width, int32_t height)
{
	pw_client_frame_request(&tl->frame, tl->surface);
	wl_surface_attach(tl->surface, buffer ? buffer : tl->buffer, 0, 0);
	wl_surface_damage_buffer(tl->surface, x, y, width, height);
	wl_surface_commit(tl->surface);
}

void
pw_client_toplevel_commit(struct pw_client_toplevel *tl, struct wl_buffer *buffer)
{
	pw_client_toplevel_commit_box(tl, buffer, 0, 0, INT32_MAX, INT32_MAX);
}

static const char *
prog(const struct pw_client_toplevel *tl)
{
	return tl->client->name ? tl->client->name : "picowl client";
}

bool
pw_client_toplevel_wait_configure(struct pw_client_toplevel *tl, int timeout_ms)
{
	wl_surface_commit(tl->surface);
	if (pw_client_dispatch_until(tl->client, &tl->configured, timeout_ms) != 1) {
		fprintf(stderr, "%s: no configure\n", prog(tl));
		return false;
	}
	return true;
}

bool
pw_client_toplevel_show_box(struct pw_client_toplevel *tl, struct wl_buffer *buffer, int32_t x,
	int32_t y, int32_t width, int32_t height, int timeout_ms)
{
	if (!buffer) {
		return false;
	}
	/* The buffer before goes once this one replaced it: destroying the surface's current
	 * buffer leaves its contents undefined (picowl then repaints all of the surface). */
	struct wl_buffer *before = tl->buffer;
	tl->buffer = buffer;
	pw_client_toplevel_commit_box(tl, buffer, x, y, width, height);
	if (before && before != buffer) {
		wl_buffer_destroy(before);
	}
	if (pw_client_dispatch_until(tl->client, &tl->frame.done, timeout_ms) != 1) {
		fprintf(stderr, "%s: no frame callback for the buffer\n", prog(tl));
		return false;
	}
	return true;
}

bool
pw_client_toplevel_show(struct pw_client_toplevel *tl, struct wl_buffer *buffer, int timeout_ms)
{
	return pw_client_toplevel_show_box(tl, buffer, 0, 0, INT32_MAX, INT32_MAX, timeout_ms);
}

bool
pw_client_toplevel_map(struct pw_client_toplevel *tl, uint32_t argb, int timeout_ms)
{
	return pw_client_toplevel_wait_configure(tl, timeout_ms) &&
		pw_client_toplevel_show(tl,
			pw_client_solid_buffer(tl->client, tl->width, tl->height, argb),
			timeout_ms);
}

void
pw_client_toplevel_finish(struct pw_client_toplevel *tl)
{
	void *proxies[] = {tl->buffer, tl->toplevel, tl->xdg_surface, tl->surface};

	pw_client_frame_finish(&tl->frame);
	for (size_t i = 0; i < sizeof(proxies) / sizeof(proxies[0]); i++) {
		if (proxies[i]) {
			wl_proxy_destroy(proxies[i]);
		}
	}
	tl->buffer = NULL;
	tl->toplevel = NULL;
	tl->xdg_surface = NULL;
	tl->surface = NULL;
}

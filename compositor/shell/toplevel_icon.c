/* xdg_toplevel_icon_manager_v1: windows' icons for the panel (decision 4.96). */
#include "toplevel_icon.h"

#include <pixman.h>
#include <stdlib.h>
#include <string.h>

#include "budget.h"
#include "control.h"
#include "control_windows.h"
#include "format.h"
#include "log.h"
#include "picowl-control-unstable-v1-protocol.h"
#include "request.h"
#include "server.h"
#include "shm.h"
#include "view.h"
#include "xdg-toplevel-icon-v1-protocol.h"
#include "xdg_toplevel.h"

#define MANAGER_VERSION 1
#define ICON_BYTES (PW_VIEW_ICON_SIZE * PW_VIEW_ICON_SIZE * 4)

struct icon {
	char *name;
	uint32_t *pixels; /* ICON_BYTES, or NULL */
	int size, scale; /* of the buffer the pixels came from */
	bool immutable; /* set on a toplevel */
};

static void
icon_free_contents(struct icon *icon)
{
	free(icon->name);
	free(icon->pixels);
	icon->name = NULL;
	icon->pixels = NULL;
}

static struct icon *
mutable_icon(struct wl_resource *resource)
{
	struct icon *icon = wl_resource_get_user_data(resource);
	if (icon->immutable) {
		wl_resource_post_error(resource, XDG_TOPLEVEL_ICON_V1_ERROR_IMMUTABLE,
			"the icon was set on a toplevel");
		return NULL;
	}
	return icon;
}

static void
icon_set_name(struct wl_client *client, struct wl_resource *resource, const char *icon_name)
{
	struct icon *icon = mutable_icon(resource);
	if (!icon || !pw_budget_resize(resource, PW_BUDGET_SLOT_A, strlen(icon_name) + 1)) {
		return;
	}
	char *copy = strdup(icon_name);
	if (!copy) {
		wl_resource_post_no_memory(resource);
		return;
	}
	free(icon->name);
	icon->name = copy;
}

/* The buffer replaces the one kept: closer to the size shown (decision 4.96). */
static bool
better(const struct icon *icon, int size, int scale)
{
	if (!icon->pixels || (size == icon->size && scale == icon->scale)) {
		return true;
	}
	bool big = size >= PW_VIEW_ICON_SIZE, kept_big = icon->size >= PW_VIEW_ICON_SIZE;
	if (big != kept_big) {
		return big;
	}
	return big ? size < icon->size : size > icon->size;
}

/* `buffer` scaled into PW_VIEW_ICON_SIZE square premultiplied ARGB; false out of memory. */
static bool
scale_into(struct pw_shm_buffer *buffer, uint32_t *pixels)
{
	enum pw_format format;
	if (!pw_format_from_shm(buffer->format, &format)) {
		return false;
	}
	pixman_image_t *dst = pixman_image_create_bits(PIXMAN_a8r8g8b8, PW_VIEW_ICON_SIZE,
		PW_VIEW_ICON_SIZE, pixels, PW_VIEW_ICON_SIZE * 4);
	if (!dst) {
		return false;
	}
	pw_shm_buffer_begin_access(buffer);
	pixman_image_t *src = pixman_image_create_bits_no_clear(pw_format_pixman(format),
		buffer->width, buffer->height, pw_shm_buffer_data(buffer), buffer->stride);
	if (src) {
		pixman_transform_t t;
		pixman_transform_init_scale(&t,
			pixman_double_to_fixed((double)buffer->width / PW_VIEW_ICON_SIZE),
			pixman_double_to_fixed((double)buffer->height / PW_VIEW_ICON_SIZE));
		pixman_image_set_transform(src, &t);
		pixman_image_set_filter(src, PIXMAN_FILTER_BILINEAR, NULL, 0);
		pixman_image_composite32(PIXMAN_OP_SRC, src, NULL, dst, 0, 0, 0, 0, 0, 0,
			PW_VIEW_ICON_SIZE, PW_VIEW_ICON_SIZE);
		pixman_image_unref(src);
	}
	pw_shm_buffer_end_access(buffer);
	pixman_image_unref(dst);
	return src != NULL;
}

static void
icon_add_buffer(struct wl_client *client, struct wl_resource *resource,
	struct wl_resource *buffer_resource, int32_t scale)
{
	struct icon *icon = mutable_icon(resource);
	if (!icon) {
		return;
	}
	struct pw_shm_buffer *buffer = pw_shm_buffer_get(buffer_resource);
	if (!buffer || buffer->width != buffer->height || scale < 1) {
		wl_resource_post_error(resource, XDG_TOPLEVEL_ICON_V1_ERROR_INVALID_BUFFER,
			"an icon buffer is a square wl_shm buffer at a scale of 1 or more");
		return;
	}
	if (!better(icon, buffer->width, scale)) {
		return;
	}
	if (!icon->pixels) {
		if (!pw_budget_resize(resource, PW_BUDGET_SLOT_B, ICON_BYTES)) {
			return;
		}
		icon->pixels = malloc(ICON_BYTES);
	}
	if (!icon->pixels || !scale_into(buffer, icon->pixels)) {
		free(icon->pixels);
		icon->pixels = NULL;
		wl_resource_post_no_memory(resource);
		return;
	}
	icon->size = buffer->width;
	icon->scale = scale;
}

static const struct xdg_toplevel_icon_v1_interface icon_impl = {
	.destroy = pw_request_destroy,
	.set_name = icon_set_name,
	.add_buffer = icon_add_buffer,
};

static void
handle_icon_resource_destroy(struct wl_resource *resource)
{
	struct icon *icon = wl_resource_get_user_data(resource);
	icon_free_contents(icon);
	free(icon);
}

static void
manager_create_icon(struct wl_client *client, struct wl_resource *resource, uint32_t id)
{
	struct icon *icon = calloc(1, sizeof(*icon));
	struct wl_resource *icon_resource = icon
		? wl_resource_create(client, &xdg_toplevel_icon_v1_interface,
			  wl_resource_get_version(resource), id)
		: NULL;
	if (!icon_resource) {
		free(icon);
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(icon_resource, &icon_impl, icon,
		handle_icon_resource_destroy);
}

static void
pending_clear(struct pw_xdg_toplevel *toplevel)
{
	free(toplevel->icon_pending.name);
	free(toplevel->icon_pending.pixels);
	toplevel->icon_pending.name = NULL;
	toplevel->icon_pending.pixels = NULL;
}

static void
manager_set_icon(struct wl_client *client, struct wl_resource *resource,
	struct wl_resource *toplevel_resource, struct wl_resource *icon_resource)
{
	struct icon *icon = icon_resource ? wl_resource_get_user_data(icon_resource) : NULL;
	if (icon) {
		icon->immutable = true;
	}
	struct pw_xdg_toplevel *toplevel = pw_xdg_toplevel_from_resource(toplevel_resource);
	if (!toplevel) {
		return;
	}
	pending_clear(toplevel);
	toplevel->icon_pending.set = true;
	/* An icon with neither a name nor a buffer resets it, as a null one does. */
	if (icon && icon->name) {
		toplevel->icon_pending.name = strdup(icon->name);
	}
	if (icon && icon->pixels) {
		toplevel->icon_pending.pixels = malloc(ICON_BYTES);
		if (toplevel->icon_pending.pixels) {
			memcpy(toplevel->icon_pending.pixels, icon->pixels, ICON_BYTES);
		}
	}
	if ((icon && icon->name && !toplevel->icon_pending.name) ||
		(icon && icon->pixels && !toplevel->icon_pending.pixels)) {
		pending_clear(toplevel);
		toplevel->icon_pending.set = false;
		wl_resource_post_no_memory(resource);
	}
}

static const struct xdg_toplevel_icon_manager_v1_interface manager_impl = {
	.destroy = pw_request_destroy,
	.create_icon = manager_create_icon,
	.set_icon = manager_set_icon,
};

void
pw_toplevel_icon_commit(struct pw_xdg_toplevel *toplevel)
{
	if (!toplevel->icon_pending.set) {
		return;
	}
	struct pw_view *view = &toplevel->view;
	free(view->icon_name);
	free(view->icon);
	view->icon_name = toplevel->icon_pending.name;
	view->icon = toplevel->icon_pending.pixels;
	toplevel->icon_pending.name = NULL;
	toplevel->icon_pending.pixels = NULL;
	toplevel->icon_pending.set = false;
	view->icon_serial++;
	pw_control_tiles_changed(view->server);
}

void
pw_toplevel_icon_toplevel_gone(struct pw_xdg_toplevel *toplevel)
{
	pending_clear(toplevel);
	toplevel->icon_pending.set = false;
}

void
pw_toplevel_icon_send(struct wl_resource *resource, struct pw_view *view)
{
	if (wl_resource_get_version(resource) < PICOWL_CONTROL_V1_WINDOW_ICON_SINCE_VERSION) {
		return;
	}
	char name[128];
	struct wl_array pixels = {
		.size = view->icon ? ICON_BYTES : 0,
		.alloc = view->icon ? ICON_BYTES : 0,
		.data = view->icon,
	};
	picowl_control_v1_send_window_icon(resource, view->id,
		pw_control_text(view->icon_name, name, sizeof(name)),
		view->icon ? PW_VIEW_ICON_SIZE : 0, &pixels);
}

static void
bind_manager(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *resource =
		wl_resource_create(client, &xdg_toplevel_icon_manager_v1_interface, version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &manager_impl, data, NULL);
	xdg_toplevel_icon_manager_v1_send_icon_size(resource, PW_VIEW_ICON_SIZE);
	xdg_toplevel_icon_manager_v1_send_done(resource);
}

bool
pw_toplevel_icon_create(struct pw_server *server)
{
	if (!wl_global_create(server->display, &xdg_toplevel_icon_manager_v1_interface,
		    MANAGER_VERSION, server, bind_manager)) {
		pw_log_error("cannot create the xdg_toplevel_icon_manager_v1 global");
		return false;
	}
	return true;
}

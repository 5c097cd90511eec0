/* xdg_positioner: the rules a popup is placed by (positioner.c applies them). */
#include "xdg_positioner.h"

#include <stdlib.h>

#include "request.h"
#include "xdg-shell-protocol.h"
#include "xdg_shell.h"

static const struct xdg_positioner_interface positioner_impl;

static struct pw_positioner_rules *
positioner_from_resource(struct wl_resource *resource)
{
	return wl_resource_get_user_data(resource);
}

static void
positioner_set_size(struct wl_client *client, struct wl_resource *resource, int32_t width,
	int32_t height)
{
	if (width < 1 || height < 1) {
		wl_resource_post_error(resource, XDG_POSITIONER_ERROR_INVALID_INPUT,
			"positioner size %dx%d is not positive", width, height);
		return;
	}
	struct pw_positioner_rules *r = positioner_from_resource(resource);
	r->width = width;
	r->height = height;
	r->has_size = true;
}

static void
positioner_set_anchor_rect(struct wl_client *client, struct wl_resource *resource, int32_t x,
	int32_t y, int32_t width, int32_t height)
{
	if (width < 0 || height < 0) {
		wl_resource_post_error(resource, XDG_POSITIONER_ERROR_INVALID_INPUT,
			"anchor rect size %dx%d is negative", width, height);
		return;
	}
	struct pw_positioner_rules *r = positioner_from_resource(resource);
	r->anchor_rect = (struct pw_box){x, y, width, height};
	r->has_anchor_rect = true;
}

static void
positioner_set_anchor(struct wl_client *client, struct wl_resource *resource, uint32_t anchor)
{
	if (anchor > XDG_POSITIONER_ANCHOR_BOTTOM_RIGHT) {
		wl_resource_post_error(resource, XDG_POSITIONER_ERROR_INVALID_INPUT,
			"anchor %u is not an xdg_positioner.anchor", anchor);
		return;
	}
	positioner_from_resource(resource)->anchor = anchor;
}

static void
positioner_set_gravity(struct wl_client *client, struct wl_resource *resource, uint32_t gravity)
{
	if (gravity > XDG_POSITIONER_GRAVITY_BOTTOM_RIGHT) {
		wl_resource_post_error(resource, XDG_POSITIONER_ERROR_INVALID_INPUT,
			"gravity %u is not an xdg_positioner.gravity", gravity);
		return;
	}
	positioner_from_resource(resource)->gravity = gravity;
}

static void
positioner_set_constraint_adjustment(struct wl_client *client, struct wl_resource *resource,
	uint32_t adjustment)
{
	positioner_from_resource(resource)->constraint_adjustment = adjustment;
}

static void
positioner_set_offset(struct wl_client *client, struct wl_resource *resource, int32_t x, int32_t y)
{
	struct pw_positioner_rules *r = positioner_from_resource(resource);
	r->offset_x = x;
	r->offset_y = y;
}

static void
positioner_set_reactive(struct wl_client *client, struct wl_resource *resource)
{
	/* Picowl never moves a parent under its popup, so reactivity changes nothing. */
}

static void
positioner_set_parent_size(struct wl_client *client, struct wl_resource *resource, int32_t width,
	int32_t height)
{
}

static void
positioner_set_parent_configure(struct wl_client *client, struct wl_resource *resource,
	uint32_t serial)
{
}

static const struct xdg_positioner_interface positioner_impl = {
	.destroy = pw_request_destroy,
	.set_size = positioner_set_size,
	.set_anchor_rect = positioner_set_anchor_rect,
	.set_anchor = positioner_set_anchor,
	.set_gravity = positioner_set_gravity,
	.set_constraint_adjustment = positioner_set_constraint_adjustment,
	.set_offset = positioner_set_offset,
	.set_reactive = positioner_set_reactive,
	.set_parent_size = positioner_set_parent_size,
	.set_parent_configure = positioner_set_parent_configure,
};

static void
handle_positioner_resource_destroy(struct wl_resource *resource)
{
	free(wl_resource_get_user_data(resource));
}

bool
pw_xdg_positioner_rules(struct wl_resource *positioner, struct wl_resource *error_resource,
	uint32_t error_code, struct pw_positioner_rules *out)
{
	struct pw_positioner_rules *r = positioner_from_resource(positioner);
	if (!r->has_size || !r->has_anchor_rect) {
		wl_resource_post_error(error_resource, error_code, "xdg_positioner@%u has no %s",
			wl_resource_get_id(positioner), r->has_size ? "anchor rect" : "size");
		return false;
	}
	*out = *r;
	return true;
}

void
pw_xdg_positioner_create(struct wl_client *client, int version, uint32_t id)
{
	struct pw_positioner_rules *rules = calloc(1, sizeof(*rules));
	if (!rules) {
		wl_client_post_no_memory(client);
		return;
	}
	struct wl_resource *positioner =
		wl_resource_create(client, &xdg_positioner_interface, version, id);
	if (!positioner) {
		free(rules);
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(positioner, &positioner_impl, rules,
		handle_positioner_resource_destroy);
}

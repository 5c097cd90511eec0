/* wp_cursor_shape_manager_v1: cursors by name. */
#include <stdbool.h>
#include <stdlib.h>
#include <wayland-server-core.h>

#include "cursor-shape-v1-protocol.h"
#include "cursor_shape.h"
#include "pointer.h"
#include "request.h"
#include "seat_internal.h"
#include "tablet_tool.h"

#define MANAGER_VERSION 2

struct pw_cursor_shapes {
	struct pw_seat *seat;
	struct wl_global *global;
	struct wl_list resources; /* managers and pointer devices, made inert with the seat */
};

/* The names of the cursor themes (the CSS names), indexed by the shape enum. */
static const char *const names[] = {
	NULL,
	"default",
	"context-menu",
	"help",
	"pointer",
	"progress",
	"wait",
	"cell",
	"crosshair",
	"text",
	"vertical-text",
	"alias",
	"copy",
	"move",
	"no-drop",
	"not-allowed",
	"grab",
	"grabbing",
	"e-resize",
	"n-resize",
	"ne-resize",
	"nw-resize",
	"s-resize",
	"se-resize",
	"sw-resize",
	"w-resize",
	"ew-resize",
	"ns-resize",
	"nesw-resize",
	"nwse-resize",
	"col-resize",
	"row-resize",
	"all-scroll",
	"zoom-in",
	"zoom-out",
	"dnd-ask",
	"all-resize",
};
#define SHAPES_V1 WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_ZOOM_OUT

const char *
pw_cursor_shape_name(uint32_t shape)
{
	return shape < sizeof(names) / sizeof(names[0]) ? names[shape] : NULL;
}

/* A shape of the device's version, or its invalid_shape error. */
static bool
shape_valid(struct wl_resource *resource, uint32_t shape)
{
	uint32_t last = wl_resource_get_version(resource) >= 2
		? WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_ALL_RESIZE
		: SHAPES_V1;

	if (shape < WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_DEFAULT || shape > last) {
		wl_resource_post_error(resource, WP_CURSOR_SHAPE_DEVICE_V1_ERROR_INVALID_SHAPE,
			"shape %u is no wp_cursor_shape_device_v1.shape of version %d", shape,
			wl_resource_get_version(resource));
		return false;
	}
	return true;
}

static void
device_set_shape(struct wl_client *client, struct wl_resource *resource, uint32_t serial,
	uint32_t shape)
{
	struct pw_cursor_shapes *cs = wl_resource_get_user_data(resource);

	if (shape_valid(resource, shape) && cs) {
		pw_pointer_set_shape(cs->seat, client, serial, shape);
	}
}

static const struct wp_cursor_shape_device_v1_interface device_impl = {
	.destroy = pw_request_destroy,
	.set_shape = device_set_shape,
};

/* A tablet tool's device: its user data the tool, NULL once the tool is gone (4.105). */
static void
tool_device_set_shape(struct wl_client *client, struct wl_resource *resource, uint32_t serial,
	uint32_t shape)
{
	struct pw_tablet_tool *tool = wl_resource_get_user_data(resource);

	if (shape_valid(resource, shape) && tool) {
		pw_tablet_tool_set_shape(tool, client, serial, shape);
	}
}

static const struct wp_cursor_shape_device_v1_interface tool_device_impl = {
	.destroy = pw_request_destroy,
	.set_shape = tool_device_set_shape,
};

static void
handle_resource_destroy(struct wl_resource *resource)
{
	wl_list_remove(wl_resource_get_link(resource));
}

/* A device for a live wl_pointer acts on the seat's pointer; any other is inert. */
static void
create_device(struct wl_client *client, struct wl_resource *manager, uint32_t id, bool live)
{
	struct pw_cursor_shapes *cs = wl_resource_get_user_data(manager);
	struct wl_resource *resource = wl_resource_create(client,
		&wp_cursor_shape_device_v1_interface, wl_resource_get_version(manager), id);

	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	live = live && cs;
	wl_resource_set_implementation(resource, &device_impl, live ? cs : NULL,
		handle_resource_destroy);
	if (live) {
		wl_list_insert(&cs->resources, wl_resource_get_link(resource));
	} else {
		wl_list_init(wl_resource_get_link(resource));
	}
}

static void
manager_get_pointer(struct wl_client *client, struct wl_resource *resource, uint32_t id,
	struct wl_resource *pointer)
{
	create_device(client, resource, id, wl_resource_get_user_data(pointer) != NULL);
}

static void
manager_get_tablet_tool_v2(struct wl_client *client, struct wl_resource *resource, uint32_t id,
	struct wl_resource *tool_resource)
{
	struct pw_tablet_tool *tool = pw_tablet_tool_from_resource(tool_resource);
	struct wl_resource *device;

	if (!tool || !wl_resource_get_user_data(resource)) {
		create_device(client, resource, id, false);
		return;
	}
	device = wl_resource_create(client, &wp_cursor_shape_device_v1_interface,
		wl_resource_get_version(resource), id);
	if (!device) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(device, &tool_device_impl, tool, handle_resource_destroy);
	wl_list_insert(&tool->shape_devices, wl_resource_get_link(device));
}

static const struct wp_cursor_shape_manager_v1_interface manager_impl = {
	.destroy = pw_request_destroy,
	.get_pointer = manager_get_pointer,
	.get_tablet_tool_v2 = manager_get_tablet_tool_v2,
};

static void
bind_manager(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct pw_cursor_shapes *cs = data;
	struct wl_resource *resource =
		wl_resource_create(client, &wp_cursor_shape_manager_v1_interface, (int)version, id);

	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &manager_impl, cs, handle_resource_destroy);
	wl_list_insert(&cs->resources, wl_resource_get_link(resource));
}

struct pw_cursor_shapes *
pw_cursor_shapes_create(struct pw_seat *seat)
{
	struct pw_cursor_shapes *cs = calloc(1, sizeof(*cs));

	if (!cs) {
		return NULL;
	}
	cs->seat = seat;
	wl_list_init(&cs->resources);
	cs->global = wl_global_create(seat->display, &wp_cursor_shape_manager_v1_interface,
		MANAGER_VERSION, cs, bind_manager);
	if (!cs->global) {
		free(cs);
		return NULL;
	}
	return cs;
}

void
pw_cursor_shapes_destroy(struct pw_cursor_shapes *cs)
{
	if (!cs) {
		return;
	}
	wl_global_destroy(cs->global);
	pw_seat_resources_make_inert(&cs->resources);
	free(cs);
}

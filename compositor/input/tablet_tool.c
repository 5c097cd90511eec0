/*
 * A tablet's tool: zwp_tablet_tool_v2 for every tablet seat, its events to the surface under it,
 * or to the seat's pointer over a client that holds no tool (4.105).
 */
#include <linux/input-event-codes.h>
#include <stdlib.h>
#include <wayland-server-core.h>

#include "input.h"
#include "input_serials.h"
#include "pointer.h"
#include "request.h"
#include "scale.h"
#include "seat_internal.h"
#include "server.h"
#include "surface.h"
#include "surface_tree.h"
#include "tablet-unstable-v2-protocol.h"
#include "tablet.h"
#include "tablet_tool.h"
#include "wake.h"

#define AXIS_MAX 65535.0

static const struct pw_surface_role cursor_role = {
	.name = "zwp_tablet_tool_v2-cursor",
};

static struct wl_client *
focus_client(const struct pw_tablet_tool *tool)
{
	return tool->focus ? wl_resource_get_client(tool->focus->resource) : NULL;
}

static void
clear_cursor(struct pw_tablet_tool *tool)
{
	wl_list_remove(&tool->cursor_destroy.link);
	wl_list_init(&tool->cursor_destroy.link);
	tool->cursor = NULL;
	tool->shape = 0;
}

static void
handle_cursor_destroy(struct wl_listener *listener, void *data)
{
	struct pw_tablet_tool *tool = wl_container_of(listener, tool, cursor_destroy);

	clear_cursor(tool);
}

/* Only the client the tool is over, citing its latest proximity_in, sets the cursor. */
static void
tool_set_cursor(struct wl_client *client, struct wl_resource *resource, uint32_t serial,
	struct wl_resource *surface_resource, int32_t hotspot_x, int32_t hotspot_y)
{
	struct pw_tablet_tool *tool = wl_resource_get_user_data(resource);
	struct pw_surface *surface = NULL;

	if (surface_resource) {
		surface = pw_surface_from_resource(surface_resource);
		/* The role is checked whoever asks: a wrong role is always the client's error. */
		if (!pw_surface_set_role(surface, &cursor_role, NULL, resource,
			    ZWP_TABLET_TOOL_V2_ERROR_ROLE)) {
			return;
		}
		surface->role_resource = NULL;
	}
	if (!tool || focus_client(tool) != client || serial != tool->proximity_serial) {
		return;
	}
	clear_cursor(tool);
	if (surface) {
		tool->cursor = surface;
		wl_resource_add_destroy_listener(surface->resource, &tool->cursor_destroy);
	}
}

void
pw_tablet_tool_set_shape(struct pw_tablet_tool *tool, struct wl_client *client, uint32_t serial,
	uint32_t shape)
{
	if (focus_client(tool) != client || serial != tool->proximity_serial) {
		return;
	}
	clear_cursor(tool);
	tool->shape = shape;
}

static const struct zwp_tablet_tool_v2_interface tool_impl = {
	.set_cursor = tool_set_cursor,
	.destroy = pw_request_destroy,
};

static void
handle_resource_destroy(struct wl_resource *resource)
{
	wl_list_remove(wl_resource_get_link(resource));
}

struct pw_tablet_tool *
pw_tablet_tool_from_resource(struct wl_resource *resource)
{
	return wl_resource_get_user_data(resource);
}

static void
announce(struct pw_tablet_tool *tool, struct wl_resource *seat_resource)
{
	struct wl_client *client = wl_resource_get_client(seat_resource);
	struct wl_resource *resource = wl_resource_create(client, &zwp_tablet_tool_v2_interface,
		wl_resource_get_version(seat_resource), 0);

	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &tool_impl, tool, handle_resource_destroy);
	wl_list_insert(&tool->resources, wl_resource_get_link(resource));
	zwp_tablet_seat_v2_send_tool_added(seat_resource, resource);
	zwp_tablet_tool_v2_send_type(resource, tool->type);
	if (tool->serial) {
		zwp_tablet_tool_v2_send_hardware_serial(resource, (uint32_t)(tool->serial >> 32),
			(uint32_t)tool->serial);
	}
	if (tool->id) {
		zwp_tablet_tool_v2_send_hardware_id_wacom(resource, (uint32_t)(tool->id >> 32),
			(uint32_t)tool->id);
	}
	if (tool->caps & PW_INPUT_TOOL_PRESSURE) {
		zwp_tablet_tool_v2_send_capability(resource,
			ZWP_TABLET_TOOL_V2_CAPABILITY_PRESSURE);
	}
	if (tool->caps & PW_INPUT_TOOL_DISTANCE) {
		zwp_tablet_tool_v2_send_capability(resource,
			ZWP_TABLET_TOOL_V2_CAPABILITY_DISTANCE);
	}
	if (tool->caps & PW_INPUT_TOOL_TILT) {
		zwp_tablet_tool_v2_send_capability(resource, ZWP_TABLET_TOOL_V2_CAPABILITY_TILT);
	}
	zwp_tablet_tool_v2_send_done(resource);
}

void
pw_tablet_tools_announce(struct pw_tablets *tablets, struct wl_resource *seat_resource)
{
	struct pw_tablet_tool *tool;

	wl_list_for_each(tool, &tablets->tools, link) {
		announce(tool, seat_resource);
	}
}

/* Whether `client` holds this tool: its events then go as a tool's, else as the pointer's. */
static bool
client_has_tool(struct pw_tablet_tool *tool, struct wl_client *client)
{
	struct wl_resource *resource;

	wl_resource_for_each(resource, &tool->resources) {
		if (wl_resource_get_client(resource) == client) {
			return true;
		}
	}
	return false;
}

/* Whether `resource` is one of the tool's objects of the client it is over. */
static bool
hears(struct pw_tablet_tool *tool, struct wl_resource *resource)
{
	return wl_resource_get_client(resource) == focus_client(tool);
}

static void
send_frame(struct pw_tablet_tool *tool, uint32_t time_msec)
{
	struct wl_resource *resource;

	wl_resource_for_each(resource, &tool->resources) {
		if (!hears(tool, resource)) {
			continue;
		}
		zwp_tablet_tool_v2_send_frame(resource, time_msec);
	}
}

/* The emulated pointer's buttons the tool holds go up (its proximity or focus ended). */
static void
release_emulated(struct pw_tablet_tool *tool, uint32_t time_msec)
{
	static const uint32_t codes[] = {BTN_LEFT, BTN_RIGHT, BTN_MIDDLE};

	for (int i = 0; i < 3; i++) {
		if (tool->buttons & (1u << i)) {
			pw_seat_notify_button(tool->tablets->seat, time_msec, codes[i], false);
		}
	}
	tool->buttons = 0;
}

/* Leaves the focus: up and proximity_out to a tool's client (`send`: it still can hear). */
static void
drop_focus(struct pw_tablet_tool *tool, uint32_t time_msec, bool send)
{
	struct wl_resource *resource;

	if (tool->emulated) {
		release_emulated(tool, time_msec);
	} else if (tool->focus && send) {
		wl_resource_for_each(resource, &tool->resources) {
			if (!hears(tool, resource)) {
				continue;
			}
			if (tool->down) {
				zwp_tablet_tool_v2_send_up(resource);
			}
			zwp_tablet_tool_v2_send_proximity_out(resource);
			zwp_tablet_tool_v2_send_frame(resource, time_msec);
		}
	}
	wl_list_remove(&tool->focus_destroy.link);
	wl_list_init(&tool->focus_destroy.link);
	tool->focus = NULL;
	tool->focus_tablet = NULL;
	tool->emulated = false;
	tool->down = false;
	tool->proximity_serial = 0;
	clear_cursor(tool);
}

static void
handle_focus_destroy(struct wl_listener *listener, void *data)
{
	struct pw_tablet_tool *tool = wl_container_of(listener, tool, focus_destroy);

	drop_focus(tool, 0, false);
}

/* An axis of 0..1 in the protocol's 0..65535 (a device's value past its range held at its end). */
static uint32_t
axis_value(double v)
{
	return (uint32_t)((v < 0 ? 0 : v > 1 ? 1 : v) * AXIS_MAX + 0.5);
}

static void
send_axes(struct pw_tablet_tool *tool, const struct pw_input_tool_event *ev, uint32_t changed)
{
	struct wl_resource *resource;

	wl_resource_for_each(resource, &tool->resources) {
		if (!hears(tool, resource)) {
			continue;
		}
		if (changed & PW_INPUT_TOOL_POSITION) {
			zwp_tablet_tool_v2_send_motion(resource,
				wl_fixed_from_double((tool->x - tool->origin_x) / tool->scale),
				wl_fixed_from_double((tool->y - tool->origin_y) / tool->scale));
		}
		if (changed & tool->caps & PW_INPUT_TOOL_PRESSURE) {
			zwp_tablet_tool_v2_send_pressure(resource, axis_value(ev->pressure));
		}
		if (changed & tool->caps & PW_INPUT_TOOL_DISTANCE) {
			zwp_tablet_tool_v2_send_distance(resource, axis_value(ev->distance));
		}
		if (changed & tool->caps & PW_INPUT_TOOL_TILT) {
			zwp_tablet_tool_v2_send_tilt(resource, wl_fixed_from_double(ev->tilt_x),
				wl_fixed_from_double(ev->tilt_y));
		}
	}
}

/*
 * Points the tool at the surface under it: proximity_out from the old one and proximity_in
 * (with every axis) to the new one; over a client without the tool, the pointer stands for it.
 * True when it sent a proximity_in, which carried the axes.
 */
static bool
find_focus(struct pw_tablet_tool *tool, const struct pw_input_tool_event *ev)
{
	struct pw_seat *seat = tool->tablets->seat;
	struct pw_tablet *tablet = pw_tablets_find(tool->tablets, ev->tablet);
	struct pw_surface *surface;
	struct wl_resource *resource, *tablet_resource;
	double sx = 0, sy = 0;

	surface = seat->policy->surface_at(seat->server, tool->x, tool->y, &sx, &sy);
	if (surface && !surface->on_output) {
		surface = NULL;
	}
	if (surface != tool->focus || tablet != tool->focus_tablet) {
		drop_focus(tool, ev->time_msec, true);
	}
	if (!surface) {
		return false;
	}
	tool->scale = pw_scale_factor(pw_surface_tree_scale(surface));
	tool->origin_x = tool->x - sx * tool->scale;
	tool->origin_y = tool->y - sy * tool->scale;
	if (tool->focus) {
		return false;
	}
	tool->focus = surface;
	tool->focus_tablet = tablet;
	tool->focus_destroy.notify = handle_focus_destroy;
	wl_resource_add_destroy_listener(surface->resource, &tool->focus_destroy);
	/* A client that destroyed its zwp_tablet_v2 cannot be told of the tool: the pointer. */
	tablet_resource = tablet ? pw_tablet_resource(tablet, focus_client(tool)) : NULL;
	tool->emulated = !tablet_resource || !client_has_tool(tool, focus_client(tool));
	if (tool->emulated) {
		return false;
	}
	tool->proximity_serial = wl_display_next_serial(seat->display);
	wl_resource_for_each(resource, &tool->resources) {
		if (!hears(tool, resource)) {
			continue;
		}
		zwp_tablet_tool_v2_send_proximity_in(resource, tool->proximity_serial,
			tablet_resource, surface->resource);
	}
	send_axes(tool, ev, PW_INPUT_TOOL_POSITION | tool->caps);
	return true;
}

static void
tool_destroy(struct pw_tablet_tool *tool, bool removed)
{
	struct wl_resource *resource;

	if (!removed) {
		tool->buttons = 0; /* the seat goes: its pointer hears nothing more */
	}
	drop_focus(tool, 0, removed);
	if (removed) {
		wl_resource_for_each(resource, &tool->resources) {
			zwp_tablet_tool_v2_send_removed(resource);
		}
	}
	pw_seat_resources_make_inert(&tool->resources);
	pw_seat_resources_make_inert(&tool->shape_devices);
	wl_list_remove(&tool->link);
	free(tool);
}

static struct pw_tablet_tool *
find_tool(struct pw_tablets *tablets, const struct pw_input_tool_event *ev)
{
	struct pw_tablet *tablet = pw_tablets_find(tablets, ev->tablet);
	struct pw_tablet_tool *tool;
	struct wl_resource *resource;

	if (!tablet) {
		return NULL;
	}
	wl_list_for_each(tool, &tablets->tools, link) {
		if (tool->type == ev->type && tool->serial == ev->serial && tool->id == ev->id &&
			(tool->serial != 0 || tool->tablet == tablet)) {
			return tool;
		}
	}
	if (!(tool = calloc(1, sizeof(*tool)))) {
		return NULL;
	}
	tool->tablets = tablets;
	tool->tablet = tablet;
	tool->type = ev->type;
	tool->serial = ev->serial;
	tool->id = ev->id;
	tool->caps = ev->caps;
	tool->scale = 1;
	wl_list_init(&tool->resources);
	wl_list_init(&tool->shape_devices);
	wl_list_init(&tool->focus_destroy.link);
	wl_list_init(&tool->cursor_destroy.link);
	tool->cursor_destroy.notify = handle_cursor_destroy;
	wl_list_insert(tablets->tools.prev, &tool->link);
	wl_resource_for_each(resource, &tablets->seats) {
		announce(tool, resource);
	}
	return tool;
}

/* The pointer stands for the tool: motion, the tip as BTN_LEFT, the stylus buttons. */
static void
emulate(struct pw_tablet_tool *tool, const struct pw_input_tool_event *ev)
{
	struct pw_seat *seat = tool->tablets->seat;
	uint32_t bit = 0, code = 0;

	seat->cursor_x = tool->x;
	seat->cursor_y = tool->y;
	pw_seat_notify_motion(seat, ev->time_msec, tool->x, tool->y);
	if (ev->kind == PW_INPUT_TOOL_TIP) {
		bit = 1;
		code = BTN_LEFT;
	} else if (ev->kind == PW_INPUT_TOOL_BUTTON && ev->button == BTN_STYLUS) {
		bit = 2;
		code = BTN_RIGHT;
	} else if (ev->kind == PW_INPUT_TOOL_BUTTON && ev->button == BTN_STYLUS2) {
		bit = 4;
		code = BTN_MIDDLE;
	}
	if (bit && ev->state != !!(tool->buttons & bit)) {
		tool->buttons ^= bit;
		pw_seat_notify_button(seat, ev->time_msec, code, ev->state);
	}
	if (ev->kind == PW_INPUT_TOOL_TIP) {
		tool->down = ev->state; /* the pointer's implicit grab holds its focus meanwhile */
	}
}

static void
send_tip(struct pw_tablet_tool *tool, const struct pw_input_tool_event *ev)
{
	struct pw_seat *seat = tool->tablets->seat;
	struct wl_resource *resource;
	uint32_t serial;

	/* The tip that lit a dark display touches nothing (wake.h), nor does its lift. */
	if (pw_seat_wake_button(seat, BTN_TOUCH, ev->state) || ev->state == tool->down) {
		return;
	}
	tool->down = ev->state;
	if (!ev->state) {
		wl_resource_for_each(resource, &tool->resources) {
			if (!hears(tool, resource)) {
				continue;
			}
			zwp_tablet_tool_v2_send_up(resource);
		}
		return;
	}
	seat->policy->focus(seat->server, tool->focus);
	if (!tool->focus) {
		return; /* the focus change unmapped it */
	}
	seat->policy->press(seat->server, tool->focus);
	serial = wl_display_next_serial(seat->display);
	pw_seat_input_serial_record(seat, focus_client(tool), serial);
	wl_resource_for_each(resource, &tool->resources) {
		if (!hears(tool, resource)) {
			continue;
		}
		zwp_tablet_tool_v2_send_down(resource, serial);
	}
}

void
pw_tablet_tool_event(struct pw_tablets *tablets, const struct pw_input_tool_event *ev, double x,
	double y)
{
	struct pw_tablet_tool *tool = tablets ? find_tool(tablets, ev) : NULL;
	struct wl_resource *resource;
	bool entered = false;

	if (!tool) {
		return;
	}
	pw_seat_wake_activity(tablets->seat);
	tool->x = x;
	tool->y = y;
	if (ev->kind == PW_INPUT_TOOL_PROXIMITY && !ev->state) {
		drop_focus(tool, ev->time_msec, true);
		return;
	}
	/* While the tip is down the surface it went down on keeps the tool (implicit grab). */
	if (!tool->down || !tool->focus) {
		entered = find_focus(tool, ev);
	}
	if (!tool->focus) {
		return;
	}
	if (tool->emulated) {
		emulate(tool, ev);
		return;
	}
	if (!entered) {
		send_axes(tool, ev, ev->changed);
	}
	if (ev->kind == PW_INPUT_TOOL_TIP) {
		send_tip(tool, ev);
	} else if (ev->kind == PW_INPUT_TOOL_BUTTON) {
		uint32_t serial = wl_display_next_serial(tablets->seat->display);

		pw_seat_input_serial_record(tablets->seat, focus_client(tool), serial);
		wl_resource_for_each(resource, &tool->resources) {
			if (!hears(tool, resource)) {
				continue;
			}
			zwp_tablet_tool_v2_send_button(resource, serial, ev->button,
				ev->state ? ZWP_TABLET_TOOL_V2_BUTTON_STATE_PRESSED
					  : ZWP_TABLET_TOOL_V2_BUTTON_STATE_RELEASED);
		}
	}
	send_frame(tool, ev->time_msec);
}

void
pw_tablet_tools_tablet_gone(struct pw_tablets *tablets, struct pw_tablet *tablet)
{
	struct pw_tablet_tool *tool, *tmp;

	wl_list_for_each_safe(tool, tmp, &tablets->tools, link) {
		if (tool->tablet == tablet) {
			tool_destroy(tool, true);
		} else if (tool->focus_tablet == tablet) {
			drop_focus(tool, 0, true);
		}
	}
}

void
pw_tablet_tools_surface_gone(struct pw_tablets *tablets, struct pw_surface *surface)
{
	struct pw_tablet_tool *tool;

	wl_list_for_each(tool, &tablets->tools, link) {
		if (tool->cursor == surface) {
			clear_cursor(tool);
		}
		if (tool->focus == surface) {
			drop_focus(tool, 0, true);
		}
	}
}

void
pw_tablet_tools_finish(struct pw_tablets *tablets)
{
	struct pw_tablet_tool *tool, *tmp;

	wl_list_for_each_safe(tool, tmp, &tablets->tools, link) {
		tool_destroy(tool, false);
	}
}

/* wl_pointer: pointer focus with an implicit grab while a button is held, and the cursor role. */
#include <wayland-server-protocol.h>

#include "cursor.h"
#include "data_drag.h"
#include "input_serials.h"
#include "output.h"
#include "pointer.h"
#include "pointer_constraints.h"
#include "relative_pointer.h"
#include "request.h"
#include "scale.h"
#include "seat_internal.h"
#include "server.h"
#include "surface.h"
#include "surface_tree.h"
#include "wake.h"

/* Pointer units of one wheel detent (libinput's degrees per click). */
#define WHEEL_DETENT 15.0

/* picowl draws no cursor yet: the surface is kept, never shown. */
static const struct pw_surface_role cursor_role = {
	.name = "wl_pointer-cursor",
};

static void
send_frame(struct wl_resource *resource)
{
	if (wl_resource_get_version(resource) >= WL_POINTER_FRAME_SINCE_VERSION) {
		wl_pointer_send_frame(resource);
	}
}

static struct wl_client *
focus_client(const struct pw_seat_pointer *ptr)
{
	return ptr->focus ? wl_resource_get_client(ptr->focus->resource) : NULL;
}

static void
clear_cursor(struct pw_seat_pointer *ptr)
{
	wl_list_remove(&ptr->cursor_destroy.link);
	wl_list_init(&ptr->cursor_destroy.link);
	ptr->cursor = NULL;
	ptr->shape = 0;
	ptr->hidden = false;
}

static void
handle_cursor_destroy(struct wl_listener *listener, void *data)
{
	struct pw_seat *seat = wl_container_of(listener, seat, pointer.cursor_destroy);

	clear_cursor(&seat->pointer);
	pw_seat_cursor_changed(seat);
}

static void
pointer_set_cursor(struct wl_client *client, struct wl_resource *resource, uint32_t serial,
	struct wl_resource *surface_resource, int32_t hotspot_x, int32_t hotspot_y)
{
	struct pw_seat *seat = wl_resource_get_user_data(resource);
	struct pw_surface *surface = NULL;
	struct pw_seat_pointer *ptr;

	if (!seat) {
		return;
	}
	ptr = &seat->pointer;
	/* Only the client under the pointer, answering its latest enter, sets the cursor. */
	if (focus_client(ptr) != client || serial != ptr->enter_serial) {
		return;
	}
	if (surface_resource) {
		surface = pw_surface_from_resource(surface_resource);
		if (!pw_surface_set_role(surface, &cursor_role, NULL, resource,
			    WL_POINTER_ERROR_ROLE)) {
			return;
		}
		/* The role has no object of its own; the wl_pointer may die before the surface. */
		surface->role_resource = NULL;
	}
	if (ptr->cursor != surface || ptr->shape) {
		clear_cursor(ptr);
		if (surface) {
			ptr->cursor = surface;
			wl_resource_add_destroy_listener(surface->resource, &ptr->cursor_destroy);
		}
	}
	ptr->hidden = !surface;
	ptr->hotspot_x = hotspot_x;
	ptr->hotspot_y = hotspot_y;
	pw_seat_cursor_changed(seat);
}

void
pw_pointer_set_shape(struct pw_seat *seat, struct wl_client *client, uint32_t serial,
	uint32_t shape)
{
	struct pw_seat_pointer *ptr = &seat->pointer;

	if (focus_client(ptr) != client || serial != ptr->enter_serial) {
		return;
	}
	clear_cursor(ptr);
	ptr->shape = shape;
	pw_seat_cursor_changed(seat);
}

static const struct wl_pointer_interface pointer_impl = {
	.set_cursor = pointer_set_cursor,
	.release = pw_request_destroy,
};

static void
handle_pointer_resource_destroy(struct wl_resource *resource)
{
	wl_list_remove(wl_resource_get_link(resource));
}

void
pw_pointer_init(struct pw_seat *seat)
{
	struct pw_seat_pointer *ptr = &seat->pointer;

	wl_list_init(&ptr->resources);
	ptr->focus_scale = 1;
	wl_list_init(&ptr->focus_destroy.link);
	wl_list_init(&ptr->cursor_destroy.link);
	ptr->cursor_destroy.notify = handle_cursor_destroy;
}

void
pw_pointer_finish(struct pw_seat *seat)
{
	struct pw_seat_pointer *ptr = &seat->pointer;

	pw_seat_resources_make_inert(&ptr->resources);
	wl_list_remove(&ptr->focus_destroy.link);
	ptr->focus = NULL;
	clear_cursor(ptr);
}

static void
send_enter(struct pw_seat *seat, struct wl_resource *resource)
{
	struct pw_seat_pointer *ptr = &seat->pointer;

	wl_pointer_send_enter(resource, ptr->enter_serial, ptr->focus->resource,
		wl_fixed_from_double((ptr->x - ptr->focus_x) / ptr->focus_scale),
		wl_fixed_from_double((ptr->y - ptr->focus_y) / ptr->focus_scale));
	send_frame(resource);
}

void
pw_pointer_create_resource(struct pw_seat *seat, struct wl_client *client, uint32_t version,
	uint32_t id)
{
	struct wl_resource *resource =
		wl_resource_create(client, &wl_pointer_interface, (int)version, id);

	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &pointer_impl, seat,
		handle_pointer_resource_destroy);
	if (!seat) {
		wl_list_init(wl_resource_get_link(resource));
		return;
	}
	wl_list_insert(&seat->pointer.resources, wl_resource_get_link(resource));
	if (focus_client(&seat->pointer) == client) {
		send_enter(seat, resource);
	}
}

/* Drops the focus, with a leave when the surface is not being destroyed. */
static void
drop_focus(struct pw_seat *seat, bool leave)
{
	struct pw_seat_pointer *ptr = &seat->pointer;
	struct wl_resource *surface_resource = ptr->focus->resource;
	struct wl_client *client = wl_resource_get_client(surface_resource);
	struct wl_resource *resource;
	uint32_t serial;

	wl_list_remove(&ptr->focus_destroy.link);
	wl_list_init(&ptr->focus_destroy.link);
	ptr->focus = NULL;
	if (seat->constraints_used) {
		pw_pointer_constraints_check(seat->constraints);
	}
	if (!leave) {
		return;
	}
	serial = wl_display_next_serial(seat->display);
	wl_resource_for_each(resource, &ptr->resources) {
		if (wl_resource_get_client(resource) == client) {
			wl_pointer_send_leave(resource, serial, surface_resource);
			send_frame(resource);
		}
	}
}

void
pw_pointer_surface_gone(struct pw_seat *seat, struct pw_surface *surface)
{
	struct pw_seat_pointer *ptr = &seat->pointer;

	if (!surface) {
		return;
	}
	if (ptr->cursor == surface) {
		clear_cursor(ptr);
	}
	if (ptr->focus == surface) {
		drop_focus(seat, true);
	}
}

void
pw_pointer_clear_focus(struct pw_seat *seat)
{
	if (seat->pointer.focus) {
		drop_focus(seat, true);
	}
}

static void
handle_focus_destroy(struct wl_listener *listener, void *data)
{
	struct pw_seat *seat = wl_container_of(listener, seat, pointer.focus_destroy);

	drop_focus(seat, false);
}

/* Where the surface-local origin of `surface`, under the pointer at sx, sy, is on the output. */
static void
set_origin(struct pw_seat_pointer *ptr, struct pw_surface *surface, double sx, double sy)
{
	/* A tree scaled to fit: surface-local units are smaller on the output (4.50). */
	ptr->focus_scale = pw_scale_factor(pw_surface_tree_scale(surface));
	ptr->focus_x = ptr->x - sx * ptr->focus_scale;
	ptr->focus_y = ptr->y - sy * ptr->focus_scale;
}

/*
 * Points the focus at the surface under the pointer (leave and enter when it changed).
 * Returns true when the focus stayed, so the caller may send the motion itself.
 */
static bool
find_focus(struct pw_seat *seat)
{
	struct pw_seat_pointer *ptr = &seat->pointer;
	struct pw_surface *surface;
	struct wl_resource *resource;
	struct wl_client *client;
	double sx = 0, sy = 0;

	/* With no pointer device (touch only) nothing is under a pointer: yambar crashed at 0,0. */
	surface = ptr->present ? seat->policy->surface_at(seat->server, ptr->x, ptr->y, &sx, &sy)
			       : NULL;
	if (surface && !surface->on_output) {
		/* mapping: its wl_surface.enter comes at its commit's end, the pointer's after */
		surface = NULL;
	}
	if (surface == ptr->focus) {
		if (surface) {
			set_origin(ptr, surface, sx, sy);
		}
		return true;
	}
	if (ptr->focus) {
		drop_focus(seat, true);
	}
	/* The cursor image was the old client's; the new one sets its own after the enter. */
	clear_cursor(ptr);
	if (!surface) {
		return false;
	}
	ptr->focus = surface;
	set_origin(ptr, surface, sx, sy);
	ptr->focus_destroy.notify = handle_focus_destroy;
	wl_resource_add_destroy_listener(surface->resource, &ptr->focus_destroy);
	ptr->enter_serial = wl_display_next_serial(seat->display);
	client = focus_client(ptr);
	wl_resource_for_each(resource, &ptr->resources) {
		if (wl_resource_get_client(resource) == client) {
			send_enter(seat, resource);
		}
	}
	return false;
}

/* find_focus, then the constraints follow the focus and the position (4.91). */
static bool
update_focus(struct pw_seat *seat)
{
	bool stayed = find_focus(seat);

	if (seat->constraints_used) {
		pw_pointer_constraints_check(seat->constraints);
	}
	pw_seat_cursor_changed(seat);
	return stayed;
}

void
pw_seat_pointer_rescan(struct pw_seat *seat, uint32_t time_msec)
{
	struct pw_seat_pointer *ptr = &seat->pointer;
	struct pw_surface *old = ptr->focus;
	double old_x = ptr->focus_x, old_y = ptr->focus_y;
	struct wl_resource *resource;
	struct wl_client *client;

	if (ptr->buttons > 0 || !update_focus(seat) || !old) {
		return;
	}
	if (ptr->focus_x == old_x && ptr->focus_y == old_y) {
		return;
	}
	client = focus_client(ptr);
	wl_resource_for_each(resource, &ptr->resources) {
		if (wl_resource_get_client(resource) == client) {
			wl_pointer_send_motion(resource, time_msec,
				wl_fixed_from_double((ptr->x - ptr->focus_x) / ptr->focus_scale),
				wl_fixed_from_double((ptr->y - ptr->focus_y) / ptr->focus_scale));
			send_frame(resource);
		}
	}
}

void
pw_seat_notify_motion(struct pw_seat *seat, uint32_t time_msec, double x, double y)
{
	struct pw_seat_pointer *ptr = &seat->pointer;
	struct wl_resource *resource;
	struct wl_client *client;
	bool grabbed;

	pw_seat_wake_activity(seat);
	ptr->x = x;
	ptr->y = y;
	ptr->present = true;
	pw_seat_cursor_changed(seat);
	/* Real motion only (not a rescan): at the panel's edge it shows the panel. */
	seat->policy->input_at(seat->server, x, y);
	if (pw_data_drag_motion(seat, PW_DATA_DRAG_POINTER, time_msec, x, y)) {
		return;
	}
	/* While a button is held, the surface it was pressed on keeps the pointer. */
	grabbed = ptr->buttons > 0 && ptr->focus;
	if (!grabbed && !update_focus(seat)) {
		return; /* a new focus, or none: an enter carries the position */
	}
	client = focus_client(ptr);
	if (!client || pw_pointer_constraints_locked(seat->constraints)) {
		return;
	}
	wl_resource_for_each(resource, &ptr->resources) {
		if (wl_resource_get_client(resource) == client) {
			wl_pointer_send_motion(resource, time_msec,
				wl_fixed_from_double((x - ptr->focus_x) / ptr->focus_scale),
				wl_fixed_from_double((y - ptr->focus_y) / ptr->focus_scale));
			send_frame(resource);
		}
	}
}

static double
clamp_to(double v, int size)
{
	return v < 0 ? 0 : v > size - 1 ? size - 1 : v;
}

void
pw_seat_notify_relative_motion(struct pw_seat *seat, uint64_t time_usec, double dx, double dy,
	double dx_unaccel, double dy_unaccel)
{
	struct pw_seat_pointer *ptr = &seat->pointer;
	uint32_t time_msec = (uint32_t)(time_usec / 1000);
	struct pw_output *output = seat->server->output;
	double x, y;

	if (!ptr->present) {
		/* The first motion of a mouse finds the focus; its deltas follow from there. */
		pw_seat_notify_motion(seat, time_msec, seat->cursor_x, seat->cursor_y);
	}
	seat->cursor.mouse = true;
	pw_relative_pointers_motion(seat->relative, focus_client(ptr), time_usec, dx, dy,
		dx_unaccel, dy_unaccel);
	if (pw_pointer_constraints_locked(seat->constraints)) {
		pw_seat_wake_activity(seat);
		return;
	}
	x = ptr->x + dx;
	y = ptr->y + dy;
	if (output) {
		x = clamp_to(x, output->width);
		y = clamp_to(y, output->height);
	}
	pw_pointer_constraints_confine(seat->constraints, &x, &y);
	seat->cursor_x = x;
	seat->cursor_y = y;
	pw_seat_notify_motion(seat, time_msec, x, y);
}

void
pw_seat_notify_button(struct pw_seat *seat, uint32_t time_msec, uint32_t button, bool pressed)
{
	struct pw_seat_pointer *ptr = &seat->pointer;
	struct wl_resource *resource;
	struct wl_client *client;
	uint32_t serial;

	if (pw_seat_wake_button(seat, button, pressed)) {
		return;
	}
	if (pressed) {
		ptr->present = true; /* a button is a pointer device's */
		/* The scene may have changed under a still pointer since its last motion. */
		if (ptr->buttons == 0) {
			update_focus(seat);
		}
		ptr->buttons++;
		if (ptr->focus) {
			seat->policy->focus(seat->server, ptr->focus);
		}
		seat->policy->press(seat->server, ptr->focus);
	} else if (ptr->buttons > 0) {
		ptr->buttons--;
		if (ptr->buttons == 0) {
			pw_data_drag_release(seat, PW_DATA_DRAG_POINTER, time_msec);
		}
	}
	client = focus_client(ptr);
	if (client) {
		serial = wl_display_next_serial(seat->display);
		/* a click's release too: clients cite their latest button's serial */
		pw_seat_input_serial_record(seat, client, serial);
		if (pressed) {
			ptr->button_serial = serial;
		}
		wl_resource_for_each(resource, &ptr->resources) {
			if (wl_resource_get_client(resource) == client) {
				wl_pointer_send_button(resource, serial, time_msec, button,
					pressed ? WL_POINTER_BUTTON_STATE_PRESSED
						: WL_POINTER_BUTTON_STATE_RELEASED);
				send_frame(resource);
			}
		}
	}
	if (!pressed && ptr->buttons == 0) {
		update_focus(seat);
	}
}

void
pw_seat_notify_axis(struct pw_seat *seat, uint32_t time_msec, uint32_t axis, double value)
{
	struct pw_seat_pointer *ptr = &seat->pointer;
	struct wl_client *client = focus_client(ptr);
	struct wl_resource *resource;
	double detents = value / WHEEL_DETENT;
	int32_t discrete = (int32_t)detents;
	int32_t value120 = (int32_t)(detents * 120.0 + (detents < 0 ? -0.5 : 0.5));

	pw_seat_wake_activity(seat);
	if (!client || axis > WL_POINTER_AXIS_HORIZONTAL_SCROLL || value == 0) {
		return;
	}
	wl_resource_for_each(resource, &ptr->resources) {
		int version = wl_resource_get_version(resource);

		if (wl_resource_get_client(resource) != client) {
			continue;
		}
		if (version >= WL_POINTER_AXIS_SOURCE_SINCE_VERSION) {
			wl_pointer_send_axis_source(resource, WL_POINTER_AXIS_SOURCE_WHEEL);
		}
		if (version >= WL_POINTER_AXIS_VALUE120_SINCE_VERSION) {
			wl_pointer_send_axis_value120(resource, axis, value120);
		} else if (version >= WL_POINTER_AXIS_DISCRETE_SINCE_VERSION && discrete != 0) {
			wl_pointer_send_axis_discrete(resource, axis, discrete);
		}
		wl_pointer_send_axis(resource, time_msec, axis, wl_fixed_from_double(value));
		send_frame(resource);
	}
}

void
pw_seat_notify_axis_finger(struct pw_seat *seat, uint32_t time_msec, double dx, double dy,
	bool stop)
{
	struct pw_seat_pointer *ptr = &seat->pointer;
	struct wl_client *client = focus_client(ptr);
	struct wl_resource *resource;

	if (!client) {
		return;
	}
	wl_resource_for_each(resource, &ptr->resources) {
		int version = wl_resource_get_version(resource);

		if (wl_resource_get_client(resource) != client) {
			continue;
		}
		if (version >= WL_POINTER_AXIS_SOURCE_SINCE_VERSION) {
			wl_pointer_send_axis_source(resource, WL_POINTER_AXIS_SOURCE_FINGER);
		}
		if (dy != 0) {
			wl_pointer_send_axis(resource, time_msec, WL_POINTER_AXIS_VERTICAL_SCROLL,
				wl_fixed_from_double(dy));
		}
		if (dx != 0) {
			wl_pointer_send_axis(resource, time_msec, WL_POINTER_AXIS_HORIZONTAL_SCROLL,
				wl_fixed_from_double(dx));
		}
		if (stop && version >= WL_POINTER_AXIS_STOP_SINCE_VERSION) {
			wl_pointer_send_axis_stop(resource, time_msec,
				WL_POINTER_AXIS_VERTICAL_SCROLL);
			wl_pointer_send_axis_stop(resource, time_msec,
				WL_POINTER_AXIS_HORIZONTAL_SCROLL);
		}
		send_frame(resource);
	}
}

void
pw_seat_notify_axis_event(struct pw_seat *seat, const struct pw_pointer_axis_event *event)
{
	struct pw_seat_pointer *ptr = &seat->pointer;
	struct wl_client *client = focus_client(ptr);
	struct wl_resource *resource;

	pw_seat_wake_activity(seat);
	if (!client) {
		return;
	}
	wl_resource_for_each(resource, &ptr->resources) {
		int version = wl_resource_get_version(resource);
		uint32_t source = event->source;

		if (wl_resource_get_client(resource) != client) {
			continue;
		}
		if (source == WL_POINTER_AXIS_SOURCE_WHEEL_TILT &&
			version < WL_POINTER_AXIS_SOURCE_WHEEL_TILT_SINCE_VERSION) {
			source = WL_POINTER_AXIS_SOURCE_WHEEL;
		}
		if (version >= WL_POINTER_AXIS_SOURCE_SINCE_VERSION) {
			wl_pointer_send_axis_source(resource, source);
		}
		if (event->stop) {
			if (version >= WL_POINTER_AXIS_STOP_SINCE_VERSION) {
				wl_pointer_send_axis_stop(resource, event->time_msec, event->axis);
			}
			send_frame(resource);
			continue;
		}
		if (event->discrete != 0 && version >= WL_POINTER_AXIS_VALUE120_SINCE_VERSION) {
			wl_pointer_send_axis_value120(resource, event->axis, event->discrete * 120);
		} else if (event->discrete != 0 &&
			version >= WL_POINTER_AXIS_DISCRETE_SINCE_VERSION) {
			wl_pointer_send_axis_discrete(resource, event->axis, event->discrete);
		}
		wl_pointer_send_axis(resource, event->time_msec, event->axis,
			wl_fixed_from_double(event->value));
		send_frame(resource);
	}
}

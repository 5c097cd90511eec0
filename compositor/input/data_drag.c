/*
 * A drag of wl_data_device: who it is over (enter, motion, leave with the data devices of that
 * surface's client), the icon drawn where it is, and its end in a drop or a cancel.
 */
#include <stdlib.h>
#include <string.h>
#include <wayland-server-protocol.h>

#include "data_drag.h"
#include "data_drag_offer.h"
#include "output.h"
#include "pointer.h"
#include "seat_internal.h"
#include "server.h"
#include "surface.h"
#include "surface_pixels.h"
#include "touch.h"

struct pw_data_drag {
	struct pw_seat *seat;
	struct wl_list *devices; /* the manager's wl_data_device resources */
	struct wl_client *client; /* the one that started it */
	struct wl_listener client_destroy;
	bool has_source; /* false: a drag inside `client` */
	struct pw_data_drag_source source;
	struct wl_listener source_destroy;
	int32_t id; /* PW_DATA_DRAG_POINTER or the touch point's */
	double x, y; /* output coordinates */
	struct pw_surface *icon;
	struct wl_listener icon_destroy;
	int icon_dx, icon_dy; /* the icon's attach offsets, added up */
	bool icon_shown;
	struct pw_box icon_box; /* output coordinates, while shown */
	struct pw_surface *focus;
	struct wl_listener focus_destroy;
	double focus_x, focus_y; /* output position of the focus' surface-local origin */
	struct wl_list offers; /* pw_drag_offer.link: of the focus' data devices */
};

static void
damage_icon(struct pw_data_drag *drag)
{
	struct pw_output *output = drag->seat->server->output;

	if (drag->icon_shown && output) {
		pw_output_damage_box(output, drag->icon_box.x, drag->icon_box.y,
			drag->icon_box.width, drag->icon_box.height);
		pw_output_schedule_repaint(output);
	}
}

/* Where the icon shows now (or that it does not), damaging what changed. */
static void
place_icon(struct pw_data_drag *drag)
{
	struct pw_surface *icon = drag->icon;
	bool shown = icon && pw_surface_has_contents(icon);
	struct pw_box box = {0, 0, 0, 0};

	if (shown) {
		box = (struct pw_box){pw_position_add((int)drag->x, drag->icon_dx),
			pw_position_add((int)drag->y, drag->icon_dy), icon->width, icon->height};
	}
	if (shown == drag->icon_shown &&
		(!shown || memcmp(&box, &drag->icon_box, sizeof(box)) == 0)) {
		return;
	}
	damage_icon(drag);
	drag->icon_shown = shown;
	drag->icon_box = box;
	damage_icon(drag);
}

static bool
icon_precommit(struct pw_surface *surface, const struct pw_surface_state *pending)
{
	struct pw_data_drag *drag = surface->role_data;

	if (drag && (pending->committed & PW_STATE_OFFSET)) {
		drag->icon_dx = pw_position_add(drag->icon_dx, pending->dx);
		drag->icon_dy = pw_position_add(drag->icon_dy, pending->dy);
	}
	return true;
}

static void
icon_commit(struct pw_surface *surface)
{
	struct pw_data_drag *drag = surface->role_data;

	if (drag) {
		place_icon(drag);
	}
}

static bool
icon_place(struct pw_surface *surface, int *x, int *y, struct pw_box *clip)
{
	struct pw_data_drag *drag = surface->role_data;

	if (!drag || !drag->icon_shown) {
		return false;
	}
	*x = drag->icon_box.x;
	*y = drag->icon_box.y;
	*clip = drag->icon_box;
	return true;
}

static const struct pw_surface_role icon_role = {
	.name = "wl_data_device-icon",
	.precommit = icon_precommit,
	.commit = icon_commit,
	.place = icon_place,
};

struct pw_surface *
pw_data_drag_icon(struct pw_seat *seat, int *x, int *y)
{
	struct pw_data_drag *drag = seat ? seat->drag : NULL;

	if (!drag || !drag->icon_shown) {
		return NULL;
	}
	*x = drag->icon_box.x;
	*y = drag->icon_box.y;
	return drag->icon;
}

static void
drop_icon(struct pw_data_drag *drag)
{
	if (!drag->icon) {
		return;
	}
	damage_icon(drag);
	drag->icon_shown = false;
	wl_list_remove(&drag->icon_destroy.link);
	wl_list_init(&drag->icon_destroy.link);
	pw_surface_clear_role_data(drag->icon);
	drag->icon = NULL;
}

static void
handle_icon_destroy(struct wl_listener *listener, void *data)
{
	struct pw_data_drag *drag = wl_container_of(listener, drag, icon_destroy);

	drop_icon(drag);
}

/* The offers of the focus go inert; `leave` tells its data devices (not when it died). */
static void
clear_focus(struct pw_data_drag *drag, bool leave)
{
	struct wl_client *client;
	struct wl_resource *device;
	struct pw_drag_offer *offer, *tmp;

	if (!drag->focus) {
		return;
	}
	client = wl_resource_get_client(drag->focus->resource);
	wl_list_for_each_safe(offer, tmp, &drag->offers, link) {
		pw_drag_offer_detach(offer);
	}
	wl_list_remove(&drag->focus_destroy.link);
	wl_list_init(&drag->focus_destroy.link);
	drag->focus = NULL;
	if (!leave) {
		return;
	}
	wl_resource_for_each(device, drag->devices) {
		if (wl_resource_get_client(device) == client) {
			wl_data_device_send_leave(device);
		}
	}
}

static void
handle_focus_destroy(struct wl_listener *listener, void *data)
{
	struct pw_data_drag *drag = wl_container_of(listener, drag, focus_destroy);

	clear_focus(drag, false);
}

static void
set_focus(struct pw_data_drag *drag, struct pw_surface *surface, double sx, double sy)
{
	struct pw_seat *seat = drag->seat;
	struct wl_client *client = surface ? wl_resource_get_client(surface->resource) : NULL;
	struct wl_resource *device;
	uint32_t serial;

	clear_focus(drag, true);
	/* A drag without a source is its client's own business. */
	if (!surface || (!drag->has_source && client != drag->client)) {
		return;
	}
	drag->focus = surface;
	drag->focus_x = drag->x - sx;
	drag->focus_y = drag->y - sy;
	drag->focus_destroy.notify = handle_focus_destroy;
	wl_resource_add_destroy_listener(surface->resource, &drag->focus_destroy);
	serial = wl_display_next_serial(seat->display);
	wl_resource_for_each(device, drag->devices) {
		struct pw_drag_offer *offer = NULL;

		if (wl_resource_get_client(device) != client) {
			continue;
		}
		if (drag->has_source) {
			offer = pw_drag_offer_create(device, &drag->source, serial);
			if (!offer) {
				continue;
			}
			wl_list_insert(drag->offers.prev, &offer->link);
		}
		wl_data_device_send_enter(device, serial, surface->resource,
			wl_fixed_from_double(sx), wl_fixed_from_double(sy),
			offer ? offer->resource : NULL);
		if (offer) {
			pw_drag_offer_enter_done(offer);
		}
	}
}

/* Ends the drag: the focus left, the icon no longer drawn, the seat's events its own again. */
static void
end(struct pw_data_drag *drag, bool leave)
{
	clear_focus(drag, leave);
	drop_icon(drag);
	wl_list_remove(&drag->source_destroy.link);
	wl_list_remove(&drag->client_destroy.link);
	drag->seat->drag = NULL;
	free(drag);
}

static void
cancel(struct pw_data_drag *drag)
{
	struct wl_resource *source = drag->source.resource;

	if (drag->has_source && source &&
		wl_resource_get_version(source) >= WL_DATA_SOURCE_DND_FINISHED_SINCE_VERSION) {
		wl_data_source_send_cancelled(source);
	}
	end(drag, true);
}

static void
handle_source_destroy(struct wl_listener *listener, void *data)
{
	struct pw_data_drag *drag = wl_container_of(listener, drag, source_destroy);

	drag->source.resource = NULL;
	end(drag, true);
}

static void
handle_client_destroy(struct wl_listener *listener, void *data)
{
	struct pw_data_drag *drag = wl_container_of(listener, drag, client_destroy);

	drag->source.resource = NULL;
	end(drag, true);
}

/* Whether `serial` is that of a press or touch down still held on `origin`; its id then. */
static bool
held_on(struct pw_seat *seat, struct pw_surface *origin, uint32_t serial, int32_t *id)
{
	struct pw_seat_pointer *ptr = &seat->pointer;

	if (ptr->buttons > 0 && ptr->focus == origin && ptr->button_serial == serial) {
		*id = PW_DATA_DRAG_POINTER;
		return true;
	}
	for (int i = 0; i < PW_SEAT_TOUCH_POINTS; i++) {
		struct pw_seat_touch_point *point = &seat->touch.points[i];

		if (point->active && !point->up && point->surface == origin &&
			point->serial == serial) {
			*id = point->id;
			return true;
		}
	}
	return false;
}

static void
refuse(const struct pw_data_drag_source *source)
{
	if (source &&
		wl_resource_get_version(source->resource) >=
			WL_DATA_SOURCE_DND_FINISHED_SINCE_VERSION) {
		wl_data_source_send_cancelled(source->resource);
	}
}

void
pw_data_drag_start(struct pw_seat *seat, struct wl_list *devices, struct wl_resource *device,
	const struct pw_data_drag_source *source, struct wl_resource *origin,
	struct wl_resource *icon_resource, uint32_t serial)
{
	struct wl_client *client = wl_resource_get_client(device);
	struct pw_surface *icon = icon_resource ? pw_surface_from_resource(icon_resource) : NULL;
	struct pw_surface *origin_surface = pw_surface_from_resource(origin);
	struct pw_data_drag *drag;
	int32_t id;

	if (icon &&
		!pw_surface_set_role(icon, &icon_role, NULL, device, WL_DATA_DEVICE_ERROR_ROLE)) {
		return;
	}
	if (icon) {
		icon->role_resource = NULL; /* no role object; the data device may die first */
	}
	if (seat->drag || wl_resource_get_client(origin) != client ||
		!held_on(seat, origin_surface, serial, &id)) {
		refuse(source);
		return;
	}
	drag = calloc(1, sizeof(*drag));
	if (!drag) {
		refuse(source);
		wl_client_post_no_memory(client);
		return;
	}
	drag->seat = seat;
	drag->devices = devices;
	drag->client = client;
	drag->client_destroy.notify = handle_client_destroy;
	wl_client_add_destroy_listener(client, &drag->client_destroy);
	wl_list_init(&drag->source_destroy.link);
	if (source) {
		drag->has_source = true;
		drag->source = *source;
		drag->source_destroy.notify = handle_source_destroy;
		wl_resource_add_destroy_listener(source->resource, &drag->source_destroy);
	}
	wl_list_init(&drag->offers);
	wl_list_init(&drag->focus_destroy.link);
	wl_list_init(&drag->icon_destroy.link);
	drag->id = id;
	if (id == PW_DATA_DRAG_POINTER) {
		drag->x = seat->pointer.x;
		drag->y = seat->pointer.y;
		pw_pointer_clear_focus(seat);
	} else {
		for (int i = 0; i < PW_SEAT_TOUCH_POINTS; i++) {
			struct pw_seat_touch_point *point = &seat->touch.points[i];

			if (point->active && !point->up && point->id == id) {
				drag->x = point->x;
				drag->y = point->y;
			}
		}
	}
	seat->drag = drag;
	if (icon) {
		drag->icon = icon;
		icon->role_data = drag;
		drag->icon_destroy.notify = handle_icon_destroy;
		wl_resource_add_destroy_listener(icon->resource, &drag->icon_destroy);
		place_icon(drag);
	}
	pw_data_drag_motion(seat, id, 0, drag->x, drag->y);
}

bool
pw_data_drag_motion(struct pw_seat *seat, int32_t id, uint32_t time_msec, double x, double y)
{
	struct pw_data_drag *drag = seat->drag;
	struct pw_surface *surface;
	struct wl_resource *device;
	double sx = 0, sy = 0;

	if (!drag || drag->id != id) {
		return false;
	}
	drag->x = x;
	drag->y = y;
	place_icon(drag);
	surface = seat->policy->surface_at(seat->server, x, y, &sx, &sy);
	if (surface && !surface->on_output) {
		surface = NULL;
	}
	if (surface != drag->focus) {
		set_focus(drag, surface, sx, sy);
		return true;
	}
	if (!surface) {
		return true;
	}
	drag->focus_x = x - sx;
	drag->focus_y = y - sy;
	wl_resource_for_each(device, drag->devices) {
		if (wl_resource_get_client(device) == wl_resource_get_client(surface->resource)) {
			wl_data_device_send_motion(device, time_msec, wl_fixed_from_double(sx),
				wl_fixed_from_double(sy));
		}
	}
	return true;
}

bool
pw_data_drag_release(struct pw_seat *seat, int32_t id, uint32_t time_msec)
{
	struct pw_data_drag *drag = seat->drag;
	struct pw_drag_offer *offer, *dropped = NULL;
	struct wl_resource *device;
	struct wl_client *client;

	if (!drag || drag->id != id) {
		return false;
	}
	wl_list_for_each(offer, &drag->offers, link) {
		if (!dropped && pw_drag_offer_can_drop(offer)) {
			dropped = offer;
		}
	}
	if (!drag->focus || (drag->has_source && !dropped)) {
		cancel(drag);
		return true;
	}
	/* Only the offer that can take the data is dropped on; the others go inert. */
	if (dropped) {
		pw_drag_offer_drop(dropped);
	}
	client = wl_resource_get_client(drag->focus->resource);
	wl_resource_for_each(device, drag->devices) {
		if (wl_resource_get_client(device) == client) {
			wl_data_device_send_drop(device);
		}
	}
	if (drag->has_source &&
		wl_resource_get_version(drag->source.resource) >=
			WL_DATA_SOURCE_DND_DROP_PERFORMED_SINCE_VERSION) {
		wl_data_source_send_dnd_drop_performed(drag->source.resource);
	}
	end(drag, false);
	return true;
}

void
pw_data_drag_cancel(struct pw_seat *seat)
{
	if (seat->drag) {
		cancel(seat->drag);
	}
}

void
pw_data_drag_cancel_touch(struct pw_seat *seat)
{
	if (seat->drag && seat->drag->id != PW_DATA_DRAG_POINTER) {
		cancel(seat->drag);
	}
}

void
pw_data_drag_surface_gone(struct pw_seat *seat, struct pw_surface *surface)
{
	if (seat->drag && surface && seat->drag->focus == surface) {
		clear_focus(seat->drag, true);
	}
}

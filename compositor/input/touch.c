/* wl_touch: each touch point belongs to the surface it went down on until it is framed up. */
#include <wayland-server-protocol.h>

#include "clock.h"
#include "data_drag.h"
#include "input_serials.h"
#include "request.h"
#include "scale.h"
#include "seat_internal.h"
#include "server.h"
#include "surface.h"
#include "surface_tree.h"
#include "touch.h"
#include "touch_photon.h"
#include "touch_pointer.h"
#include "wake.h"

static const struct wl_touch_interface touch_impl = {
	.release = pw_request_destroy,
};

static void
handle_touch_resource_destroy(struct wl_resource *resource)
{
	wl_list_remove(wl_resource_get_link(resource));
}

void
pw_touch_create_resource(struct pw_seat *seat, struct wl_client *client, uint32_t version,
	uint32_t id)
{
	struct wl_resource *resource =
		wl_resource_create(client, &wl_touch_interface, (int)version, id);

	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &touch_impl, seat, handle_touch_resource_destroy);
	if (!seat) {
		wl_list_init(wl_resource_get_link(resource));
		return;
	}
	wl_list_insert(&seat->touch.resources, wl_resource_get_link(resource));
}

void
pw_touch_init(struct pw_seat *seat)
{
	struct pw_seat_touch *touch = &seat->touch;

	wl_list_init(&touch->resources);
	for (int i = 0; i < PW_SEAT_TOUCH_POINTS; i++) {
		touch->points[i].seat = seat;
		wl_list_init(&touch->points[i].surface_destroy.link);
	}
	touch->emulation = pw_touch_pointer_create(seat);
}

/* The point stops sending events; it stays until the frame if an event of it is pending. */
static void
point_detach(struct pw_seat_touch_point *point)
{
	wl_list_remove(&point->surface_destroy.link);
	wl_list_init(&point->surface_destroy.link);
	point->surface = NULL;
}

void
pw_touch_finish(struct pw_seat *seat)
{
	struct pw_seat_touch *touch = &seat->touch;

	pw_seat_resources_make_inert(&touch->resources);
	for (int i = 0; i < PW_SEAT_TOUCH_POINTS; i++) {
		point_detach(&touch->points[i]);
		touch->points[i].active = false;
	}
	pw_touch_pointer_destroy(touch->emulation);
	touch->emulation = NULL;
}

static struct pw_seat_touch_point *
point_find(struct pw_seat_touch *touch, int32_t id)
{
	for (int i = 0; i < PW_SEAT_TOUCH_POINTS; i++) {
		struct pw_seat_touch_point *point = &touch->points[i];

		if (point->active && !point->up && point->id == id) {
			return point;
		}
	}
	return NULL;
}

/* Cancels every touch sequence of `client`: wl_touch.cancel, and its points go nowhere. */
static void
cancel_client(struct pw_seat *seat, struct wl_client *client)
{
	struct pw_seat_touch *touch = &seat->touch;
	struct wl_resource *resource;

	wl_resource_for_each(resource, &touch->resources) {
		if (wl_resource_get_client(resource) == client) {
			wl_touch_send_cancel(resource);
		}
	}
	for (int i = 0; i < PW_SEAT_TOUCH_POINTS; i++) {
		struct pw_seat_touch_point *point = &touch->points[i];

		if (point->active && point->client == client) {
			point_detach(point);
			point->pending = false;
		}
	}
}

/* Ends the point's sequence outside an input frame: up and frame to its client at once. */
static void
send_up_now(struct pw_seat *seat, struct pw_seat_touch_point *point)
{
	uint32_t serial = wl_display_next_serial(seat->display);
	struct wl_resource *resource;

	wl_resource_for_each(resource, &seat->touch.resources) {
		if (wl_resource_get_client(resource) == point->client) {
			wl_touch_send_up(resource, serial, pw_now_msec(), point->id);
			wl_touch_send_frame(resource);
		}
	}
	point->up = true;
	point->pending = false;
}

void
pw_touch_surface_gone(struct pw_seat *seat, struct pw_surface *surface)
{
	struct pw_seat_touch *touch = &seat->touch;

	for (int i = 0; i < PW_SEAT_TOUCH_POINTS; i++) {
		struct pw_seat_touch_point *point = &touch->points[i];

		if (!point->active || !surface || point->surface != surface) {
			continue;
		}
		if (point->emulated) {
			pw_touch_pointer_gone(touch->emulation, point->id);
			point_detach(point);
			continue;
		}
		/*
		 * Unmapped: the point has left the client's scene, so its sequence ends here
		 * with an up (and a frame, as no input frame may follow) rather than a cancel,
		 * which would end the client's other touch points too.
		 */
		if (!point->up) {
			send_up_now(seat, point);
		}
		point_detach(point);
	}
}

static void
handle_point_surface_destroy(struct wl_listener *listener, void *data)
{
	struct pw_seat_touch_point *point = wl_container_of(listener, point, surface_destroy);

	if (point->emulated) {
		pw_touch_pointer_gone(point->seat->touch.emulation, point->id);
		point_detach(point);
		point->client = NULL;
		return;
	}
	/*
	 * Its client destroyed the surface: the point's id is released with an up all the same,
	 * or the client would never learn that a later down may reuse it.
	 */
	if (!point->up && point->client) {
		send_up_now(point->seat, point);
	}
	point_detach(point);
	point->pending = false;
	point->client = NULL;
}

void
pw_seat_notify_touch_down(struct pw_seat *seat, uint32_t time_msec, int32_t id, double x, double y)
{
	struct pw_seat_touch *touch = &seat->touch;
	struct pw_seat_touch_point *point = NULL;
	struct wl_resource *resource;
	struct pw_surface *surface;
	double sx = 0, sy = 0;
	uint32_t serial;

	pw_touch_photon_note(seat, id, true, x, y);
	if (point_find(touch, id) || pw_seat_wake_touch(seat, id, true, false)) {
		return;
	}
	/* A touch at the panel's edge shows the panel. */
	seat->policy->input_at(seat->server, x, y);
	for (int i = 0; i < PW_SEAT_TOUCH_POINTS && !point; i++) {
		if (!touch->points[i].active) {
			point = &touch->points[i];
		}
	}
	if (!point) {
		return; /* more fingers than points: this one is ignored until it is up */
	}
	surface = seat->policy->surface_at(seat->server, x, y, &sx, &sy);
	point->active = true;
	point->up = false;
	point->pending = false;
	point->emulated = false;
	point->id = id;
	point->surface = NULL;
	point->client = NULL;
	point->x = x;
	point->y = y;
	if (!surface) {
		return;
	}
	point->surface = surface;
	point->client = wl_resource_get_client(surface->resource);
	/* A tree scaled to fit: surface-local units are smaller on the output (4.50). */
	point->scale = pw_scale_factor(pw_surface_tree_scale(surface));
	point->origin_x = x - sx * point->scale;
	point->origin_y = y - sy * point->scale;
	point->surface_destroy.notify = handle_point_surface_destroy;
	wl_resource_add_destroy_listener(surface->resource, &point->surface_destroy);

	seat->policy->focus(seat->server, surface);
	/* The focus change may have unmapped it; the point then goes nowhere. */
	if (!point->surface) {
		return;
	}
	if (pw_touch_pointer_wants(touch->emulation, point->client, point->surface)) {
		point->emulated = true;
		pw_touch_pointer_down(touch->emulation, point->client, time_msec, id, x, y);
		return;
	}
	seat->policy->press(seat->server, point->surface);
	point->pending = true;
	serial = wl_display_next_serial(seat->display);
	pw_seat_input_serial_record(seat, point->client, serial);
	point->serial = serial;
	wl_resource_for_each(resource, &touch->resources) {
		if (wl_resource_get_client(resource) == point->client) {
			wl_touch_send_down(resource, serial, time_msec, surface->resource, id,
				wl_fixed_from_double(sx), wl_fixed_from_double(sy));
		}
	}
	pw_touch_pointer_watch(touch->emulation, point->client, id, x, y);
}

void
pw_seat_notify_touch_motion(struct pw_seat *seat, uint32_t time_msec, int32_t id, double x,
	double y)
{
	struct pw_seat_touch_point *point = point_find(&seat->touch, id);
	struct wl_resource *resource;

	pw_touch_photon_note(seat, id, false, x, y);
	if (pw_seat_wake_touch(seat, id, false, false)) {
		return;
	}
	if (point) {
		point->x = x;
		point->y = y;
		if (point->emulated) {
			pw_touch_pointer_motion(seat->touch.emulation, time_msec, id, x, y);
			return;
		}
		if (seat->touch.emulation) {
			pw_touch_pointer_watch_event(seat->touch.emulation, id, x, y, false);
		}
	}
	/* A drag holding the point takes its motion, whatever became of its surface. */
	if (pw_data_drag_motion(seat, id, time_msec, x, y) || !point || !point->surface) {
		return;
	}
	point->pending = true;
	wl_resource_for_each(resource, &seat->touch.resources) {
		if (wl_resource_get_client(resource) == point->client) {
			wl_touch_send_motion(resource, time_msec, id,
				wl_fixed_from_double((x - point->origin_x) / point->scale),
				wl_fixed_from_double((y - point->origin_y) / point->scale));
		}
	}
}

void
pw_seat_notify_touch_up(struct pw_seat *seat, uint32_t time_msec, int32_t id)
{
	struct pw_seat_touch_point *point = point_find(&seat->touch, id);
	struct wl_resource *resource;
	uint32_t serial;

	pw_touch_photon_note(seat, id, false, 0, 0);
	if (pw_seat_wake_touch(seat, id, false, true)) {
		return;
	}
	if (pw_data_drag_release(seat, id, time_msec)) {
		if (point) {
			point->up = true;
			point_detach(point);
		}
		return;
	}
	if (!point) {
		return;
	}
	point->up = true;
	if (point->emulated) {
		pw_touch_pointer_up(seat->touch.emulation, time_msec, id);
		point_detach(point);
		return;
	}
	if (seat->touch.emulation) {
		pw_touch_pointer_watch_event(seat->touch.emulation, id, point->x, point->y, true);
	}
	if (!point->surface) {
		return;
	}
	point->pending = true;
	serial = wl_display_next_serial(seat->display);
	wl_resource_for_each(resource, &seat->touch.resources) {
		if (wl_resource_get_client(resource) == point->client) {
			wl_touch_send_up(resource, serial, time_msec, id);
		}
	}
	point_detach(point);
}

void
pw_seat_notify_touch_frame(struct pw_seat *seat)
{
	struct pw_seat_touch *touch = &seat->touch;
	struct wl_resource *resource;

	if (touch->emulation) {
		pw_touch_pointer_frame(touch->emulation);
	}
	wl_resource_for_each(resource, &touch->resources) {
		struct wl_client *client = wl_resource_get_client(resource);

		for (int i = 0; i < PW_SEAT_TOUCH_POINTS; i++) {
			if (touch->points[i].pending && touch->points[i].client == client) {
				wl_touch_send_frame(resource);
				break;
			}
		}
	}
	for (int i = 0; i < PW_SEAT_TOUCH_POINTS; i++) {
		struct pw_seat_touch_point *point = &touch->points[i];

		point->pending = false;
		if (point->up) {
			point_detach(point);
			point->active = false;
			point->up = false;
		}
	}
}

void
pw_seat_notify_touch_cancel(struct pw_seat *seat)
{
	struct pw_seat_touch *touch = &seat->touch;

	pw_data_drag_cancel_touch(seat);
	pw_touch_pointer_cancel(touch->emulation);
	for (int i = 0; i < PW_SEAT_TOUCH_POINTS; i++) {
		struct pw_seat_touch_point *point = &touch->points[i];

		if (point->active && point->surface && !point->emulated) {
			cancel_client(seat, point->client);
		}
	}
	for (int i = 0; i < PW_SEAT_TOUCH_POINTS; i++) {
		struct pw_seat_touch_point *point = &touch->points[i];

		point_detach(point);
		point->active = false;
		point->up = false;
		point->pending = false;
		point->client = NULL;
	}
}

bool
pw_touch_take_point(struct pw_seat *seat, int32_t id)
{
	struct pw_seat_touch_point *point = point_find(&seat->touch, id);

	if (!point || !point->surface || point->emulated || seat->drag) {
		return false;
	}
	cancel_client(seat, point->client);
	point->emulated = true;
	return true;
}

/*
 * zwp_input_popup_surface_v2: the "input_popup" role, placed by the seat policy next to the
 * active text input's cursor rectangle, told that rectangle in its own coordinates.
 */
#include <stdlib.h>
#include <wayland-server-protocol.h>

#include "input-method-unstable-v2-protocol.h"
#include "input_method.h"
#include "input_popup.h"
#include "output.h"
#include "request.h"
#include "seat_internal.h"
#include "server.h"
#include "surface.h"
#include "surface_pixels.h"
#include "text_input.h"

struct pw_input_popup {
	struct wl_resource *resource;
	struct pw_seat_ime *ime; /* NULL: inert */
	struct pw_input_method *method;
	struct pw_surface *surface;
	struct wl_listener surface_destroy;
	struct wl_list link; /* pw_seat_ime.popups */
	bool shown;
	struct pw_box box; /* output coordinates, while shown */
	bool rect_sent;
	struct pw_box rect; /* the last text_input_rectangle */
};

static bool
box_equal(struct pw_box a, struct pw_box b)
{
	return a.x == b.x && a.y == b.y && a.width == b.width && a.height == b.height;
}

static void
damage_box(struct pw_input_popup *popup)
{
	struct pw_server *server = popup->ime->seat->server;

	if (popup->shown && server->output) {
		pw_output_damage_box(server->output, popup->box.x, popup->box.y, popup->box.width,
			popup->box.height);
		pw_output_schedule_repaint(server->output);
	}
}

/* Works out where the popup shows (or that it does not), damaging what changed. */
static void
place(struct pw_input_popup *popup)
{
	struct pw_seat_ime *ime = popup->ime;
	struct pw_seat *seat = ime->seat;
	struct pw_text_input *ti = ime->active;
	struct pw_surface *s = popup->surface;
	struct pw_box box = {0, 0, s->width, s->height};
	struct pw_box cursor = {0, 0, 0, 0};
	bool shown = pw_input_method_is_active(popup->method) && ti && ti->focus &&
		pw_surface_has_contents(s);

	if (shown) {
		if (ti->current.has_rect) {
			cursor = (struct pw_box){ti->current.rect_x, ti->current.rect_y,
				ti->current.rect_width, ti->current.rect_height};
		}
		shown = seat->policy->place_input_popup(seat->server, ti->focus, &cursor, s->width,
			s->height, &box.x, &box.y);
	}
	if (shown == popup->shown && (!shown || box_equal(box, popup->box))) {
		goto rect;
	}
	damage_box(popup);
	popup->shown = shown;
	popup->box = box;
	damage_box(popup);
	if (seat->server) {
		wl_signal_emit(&seat->server->events.surface_moved, s);
	}
rect:
	if (!shown) {
		return;
	}
	struct pw_box rect = {cursor.x - box.x, cursor.y - box.y, cursor.width, cursor.height};
	if (!popup->rect_sent || !box_equal(rect, popup->rect)) {
		popup->rect_sent = true;
		popup->rect = rect;
		zwp_input_popup_surface_v2_send_text_input_rectangle(popup->resource, rect.x,
			rect.y, rect.width, rect.height);
	}
}

void
pw_input_popups_update(struct pw_seat_ime *ime)
{
	struct pw_input_popup *popup;

	wl_list_for_each(popup, &ime->popups, link) {
		place(popup);
	}
}

/* Leaves the seat: hidden, out of the list, inert. */
static void
detach(struct pw_input_popup *popup)
{
	if (!popup->ime) {
		return;
	}
	damage_box(popup);
	popup->shown = false;
	wl_list_remove(&popup->link);
	wl_list_init(&popup->link);
	if (popup->ime->seat->server) {
		wl_signal_emit(&popup->ime->seat->server->events.surface_moved, popup->surface);
	}
	popup->ime = NULL;
	popup->method = NULL;
}

void
pw_input_popups_method_gone(struct pw_seat_ime *ime, struct pw_input_method *method)
{
	struct pw_input_popup *popup, *tmp;

	wl_list_for_each_safe(popup, tmp, &ime->popups, link) {
		if (popup->method == method) {
			detach(popup);
		}
	}
}

void
pw_seat_for_each_input_popup(struct pw_seat *seat,
	void (*fn)(struct pw_surface *surface, int x, int y, void *data), void *data)
{
	struct pw_input_popup *popup;

	if (!seat || !seat->ime) {
		return;
	}
	wl_list_for_each(popup, &seat->ime->popups, link) {
		if (popup->shown) {
			fn(popup->surface, popup->box.x, popup->box.y, data);
		}
	}
}

static void
role_commit(struct pw_surface *surface)
{
	struct pw_input_popup *popup = surface->role_data;

	if (popup && popup->ime) {
		place(popup);
	}
}

static bool
role_place(struct pw_surface *surface, int *x, int *y, struct pw_box *clip)
{
	struct pw_input_popup *popup = surface->role_data;

	if (!popup || !popup->ime || !popup->shown) {
		return false;
	}
	*x = popup->box.x;
	*y = popup->box.y;
	*clip = popup->box;
	return true;
}

static const struct pw_surface_role popup_role = {
	.name = "input_popup",
	.commit = role_commit,
	.place = role_place,
};

/* The surface goes first (the client must not, but may): the popup is left inert. */
static void
finish(struct pw_input_popup *popup)
{
	if (!popup->surface) {
		return;
	}
	detach(popup);
	wl_list_remove(&popup->surface_destroy.link);
	pw_surface_clear_role_data(popup->surface);
	popup->surface = NULL;
}

static void
handle_surface_destroy(struct wl_listener *listener, void *data)
{
	struct pw_input_popup *popup = wl_container_of(listener, popup, surface_destroy);

	finish(popup);
}

static const struct zwp_input_popup_surface_v2_interface input_popup_impl = {
	.destroy = pw_request_destroy,
};

static void
handle_resource_destroy(struct wl_resource *resource)
{
	struct pw_input_popup *popup = wl_resource_get_user_data(resource);

	finish(popup);
	free(popup);
}

void
pw_input_popup_create(struct pw_seat_ime *ime, struct pw_input_method *method,
	struct wl_resource *method_resource, uint32_t id, struct wl_resource *surface_resource)
{
	struct wl_client *client = wl_resource_get_client(method_resource);
	struct pw_surface *surface = pw_surface_from_resource(surface_resource);
	struct pw_input_popup *popup = calloc(1, sizeof(*popup));

	if (!popup) {
		wl_client_post_no_memory(client);
		return;
	}
	popup->resource = wl_resource_create(client, &zwp_input_popup_surface_v2_interface,
		wl_resource_get_version(method_resource), id);
	if (!popup->resource) {
		free(popup);
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(popup->resource, &input_popup_impl, popup,
		handle_resource_destroy);
	wl_list_init(&popup->link);
	if (!pw_surface_set_role(surface, &popup_role, popup, method_resource,
		    ZWP_INPUT_METHOD_V2_ERROR_ROLE)) {
		return;
	}
	popup->surface = surface;
	popup->surface_destroy.notify = handle_surface_destroy;
	wl_resource_add_destroy_listener(surface->resource, &popup->surface_destroy);
	if (ime && method) {
		popup->ime = ime;
		popup->method = method;
		wl_list_insert(ime->popups.prev, &popup->link);
		place(popup);
	}
}

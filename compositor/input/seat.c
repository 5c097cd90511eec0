/* The wl_seat global: capabilities, name, and the get_* requests handed to each part. */
#include <malloc.h>
#include <stdlib.h>
#include <wayland-server-protocol.h>

#include "clock.h"
#include "cursor_shape.h"
#include "data_control.h"
#include "data_device.h"
#include "data_drag.h"
#include "devices.h"
#include "edge_swipe.h"
#include "first_frame.h"
#include "input_method.h"
#include "input_serials.h"
#include "keyboard.h"
#include "keymap.h"
#include "pointer.h"
#include "pointer_constraints.h"
#include "pointer_gestures.h"
#include "primary_selection.h"
#include "relative_pointer.h"
#include "request.h"
#include "seat.h"
#include "seat_internal.h"
#include "selection.h"
#include "server.h"
#include "shortcuts_inhibit.h"
#include "start_trace.h"
#include "surface.h"
#include "tablet.h"
#include "touch.h"
#include "virtual_keyboard.h"
#include "virtual_pointer.h"

#define SEAT_VERSION 8

static const struct wl_seat_interface seat_impl;

struct pw_seat *
pw_seat_from_resource(struct wl_resource *resource)
{
	if (!wl_resource_instance_of(resource, &wl_seat_interface, &seat_impl)) {
		return NULL;
	}
	return wl_resource_get_user_data(resource);
}

void
pw_seat_resources_make_inert(struct wl_list *list)
{
	struct wl_resource *resource, *tmp;

	wl_resource_for_each_safe(resource, tmp, list) {
		wl_resource_set_user_data(resource, NULL);
		wl_list_remove(wl_resource_get_link(resource));
		wl_list_init(wl_resource_get_link(resource));
	}
}

static void
seat_get_pointer(struct wl_client *client, struct wl_resource *resource, uint32_t id)
{
	pw_pointer_create_resource(wl_resource_get_user_data(resource), client,
		wl_resource_get_version(resource), id);
}

static void
seat_get_keyboard(struct wl_client *client, struct wl_resource *resource, uint32_t id)
{
	pw_keyboard_create_resource(wl_resource_get_user_data(resource), client,
		wl_resource_get_version(resource), id);
}

static void
seat_get_touch(struct wl_client *client, struct wl_resource *resource, uint32_t id)
{
	pw_touch_create_resource(wl_resource_get_user_data(resource), client,
		wl_resource_get_version(resource), id);
}

static const struct wl_seat_interface seat_impl = {
	.get_pointer = seat_get_pointer,
	.get_keyboard = seat_get_keyboard,
	.get_touch = seat_get_touch,
	.release = pw_request_destroy,
};

static void
handle_seat_resource_destroy(struct wl_resource *resource)
{
	wl_list_remove(wl_resource_get_link(resource));
}

static void
bind_seat(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct pw_seat *seat = data;
	struct wl_resource *resource =
		wl_resource_create(client, &wl_seat_interface, (int)version, id);

	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &seat_impl, seat, handle_seat_resource_destroy);
	wl_list_insert(&seat->resources, wl_resource_get_link(resource));

	/* Always all three, device or not: SDL2 and others give up on a seat without them. */
	wl_seat_send_capabilities(resource,
		WL_SEAT_CAPABILITY_POINTER | WL_SEAT_CAPABILITY_KEYBOARD |
			WL_SEAT_CAPABILITY_TOUCH);
	if (version >= WL_SEAT_NAME_SINCE_VERSION) {
		wl_seat_send_name(resource, "seat0");
	}
}

static void destroy_seat(struct pw_seat *seat);

static void
handle_server_destroy(struct wl_listener *listener, void *data)
{
	struct pw_seat *seat = wl_container_of(listener, seat, server_destroy);
	destroy_seat(seat);
}

static void
handle_surface_moved(struct wl_listener *listener, void *data)
{
	struct pw_seat *seat = wl_container_of(listener, seat, surface_moved);
	pw_seat_pointer_rescan(seat, pw_now_msec());
}

static void
handle_surface_destroy(struct wl_listener *listener, void *data)
{
	struct pw_seat *seat = wl_container_of(listener, seat, surface_destroy);
	pw_seat_surface_gone(seat, data);
}

/*
 * The first frame needs neither a keymap nor the devices (decision 4.41). They come right after
 * it, before the autostart's forks (whose wait, main.c's, began after the seat's): done behind
 * the forks they kept picowl from the clients' first commits. A client's wl_keyboard or a key
 * compiles the keymap sooner.
 */
static void
handle_first_frame(void *data)
{
	struct pw_seat *seat = data;
	pw_keymap_ready(seat);
	pw_seat_devices_open(seat);
#ifdef __GLIBC__
	/* The keymap's compile and libinput's set-up leave freed blocks behind (decision 4.41). */
	malloc_trim(0);
#endif
}

struct pw_seat *
pw_seat_create(struct pw_server *server, const struct pw_seat_policy *policy)
{
	struct pw_seat *seat = calloc(1, sizeof(*seat));
	int version =
		wl_seat_interface.version < SEAT_VERSION ? wl_seat_interface.version : SEAT_VERSION;

	if (!seat) {
		return NULL;
	}
	seat->server = server;
	seat->policy = policy;
	seat->display = server->display;
	wl_list_init(&seat->resources);
	pw_selection_init(&seat->clipboard);
	pw_selection_init(&seat->primary);
	pw_seat_input_serials_init(seat);
	pw_pointer_init(seat);
	pw_touch_init(seat);
	if (!pw_keyboard_init(seat)) {
		goto err_keyboard;
	}
	seat->data = pw_data_device_manager_create(seat, server->display);
	if (!seat->data) {
		goto err_data;
	}
	seat->primary_manager = pw_primary_selection_manager_create(seat);
	seat->data_control = pw_data_control_manager_create(seat);
	if (!seat->primary_manager || !seat->data_control) {
		goto err_global;
	}
	seat->global =
		wl_global_create(server->display, &wl_seat_interface, version, seat, bind_seat);
	if (!seat->global) {
		goto err_global;
	}
	seat->ime = pw_input_method_create(seat);
	if (!seat->ime) {
		goto err_ime;
	}
	seat->virtual_keyboards = pw_virtual_keyboards_create(seat);
	if (!seat->virtual_keyboards) {
		goto err_virtual_keyboards;
	}
	/* Games' and remote viewers' protocols: picowl runs without any of them. */
	seat->relative = pw_relative_pointers_create(seat);
	seat->constraints = pw_pointer_constraints_create(seat);
	seat->shortcuts_inhibit = pw_shortcuts_inhibit_create(seat);
	seat->cursor_shapes = pw_cursor_shapes_create(seat);
	seat->gestures = pw_pointer_gestures_create(seat);
	seat->tablets = pw_tablets_create(seat);
	seat->virtual_pointers = pw_virtual_pointers_create(seat);
	if (!seat->virtual_pointers) {
		goto err_virtual_pointers;
	}
	seat->server_destroy.notify = handle_server_destroy;
	wl_signal_add(&server->destroy, &seat->server_destroy);
	seat->surface_moved.notify = handle_surface_moved;
	wl_signal_add(&server->events.surface_moved, &seat->surface_moved);
	seat->surface_destroy.notify = handle_surface_destroy;
	wl_signal_add(&server->events.surface_destroy, &seat->surface_destroy);
	server->seat = seat;
	pw_seat_devices_init(seat);
	/* After the listeners: without an output the work runs at once, on a complete seat. */
	pw_after_first_frame(server, 200, handle_first_frame, seat, &seat->first_frame);
	return seat;

err_virtual_pointers:
	pw_virtual_keyboards_destroy(seat->virtual_keyboards);
err_virtual_keyboards:
	pw_input_method_destroy(seat->ime);
err_ime:
	wl_global_destroy(seat->global);
err_global:
	pw_data_control_manager_destroy(seat->data_control);
	pw_primary_selection_manager_destroy(seat->primary_manager);
	pw_data_device_manager_destroy(seat->data);
err_data:
	pw_keyboard_finish(seat);
err_keyboard:
	pw_touch_finish(seat);
	pw_pointer_finish(seat);
	pw_seat_input_serials_finish(seat);
	free(seat);
	return NULL;
}

static void
destroy_seat(struct pw_seat *seat)
{
	pw_after_first_frame_cancel(&seat->first_frame);
	pw_seat_devices_finish(seat);
	pw_edge_swipe_finish(seat);
	wl_list_remove(&seat->server_destroy.link);
	wl_list_remove(&seat->surface_moved.link);
	wl_list_remove(&seat->surface_destroy.link);
	seat->server->seat = NULL;
	pw_virtual_pointers_destroy(seat->virtual_pointers);
	seat->virtual_pointers = NULL;
	pw_virtual_keyboards_destroy(seat->virtual_keyboards);
	seat->virtual_keyboards = NULL;
	pw_cursor_shapes_destroy(seat->cursor_shapes);
	seat->cursor_shapes = NULL;
	pw_pointer_gestures_destroy(seat->gestures);
	seat->gestures = NULL;
	pw_tablets_destroy(seat->tablets);
	seat->tablets = NULL;
	pw_shortcuts_inhibit_destroy(seat->shortcuts_inhibit);
	seat->shortcuts_inhibit = NULL;
	pw_pointer_constraints_destroy(seat->constraints);
	seat->constraints = NULL;
	pw_relative_pointers_destroy(seat->relative);
	seat->relative = NULL;
	pw_input_method_destroy(seat->ime);
	seat->ime = NULL;
	wl_global_destroy(seat->global);
	pw_data_drag_cancel(seat);
	pw_data_device_manager_destroy(seat->data);
	pw_data_control_manager_destroy(seat->data_control);
	pw_primary_selection_manager_destroy(seat->primary_manager);
	pw_selection_finish(&seat->clipboard);
	pw_selection_finish(&seat->primary);
	pw_seat_resources_make_inert(&seat->resources);
	pw_touch_finish(seat);
	pw_pointer_finish(seat);
	pw_keyboard_finish(seat);
	pw_seat_input_serials_finish(seat);
	free(seat);
}

void
pw_seat_surface_gone(struct pw_seat *seat, struct pw_surface *surface)
{
	pw_keyboard_surface_gone(seat, surface);
	pw_pointer_surface_gone(seat, surface);
	pw_touch_surface_gone(seat, surface);
	pw_data_drag_surface_gone(seat, surface);
	pw_tablets_surface_gone(seat->tablets, surface);
}

bool
pw_seat_shortcuts_inhibited(struct pw_seat *seat)
{
	return pw_shortcuts_inhibit_active(seat->shortcuts_inhibit);
}

void
pw_seat_shortcuts_revoke(struct pw_seat *seat)
{
	pw_shortcuts_inhibit_revoke(seat->shortcuts_inhibit);
}

struct pw_selection *
pw_seat_clipboard(struct pw_seat *seat)
{
	return &seat->clipboard;
}

struct pw_selection *
pw_seat_primary(struct pw_seat *seat)
{
	return &seat->primary;
}

/*
 * The serials of the last input events the seat sent (buttons, keys, touch downs): an
 * xdg_popup.grab or an activation token must cite one of its own client's.
 */
#include "input_serials.h"
#include "keyboard.h"
#include "seat.h"
#include "seat_internal.h"
#include "surface.h"

static void
free_slot(struct pw_seat_input_serial *slot)
{
	wl_list_remove(&slot->client_destroy.link);
	wl_list_init(&slot->client_destroy.link);
	slot->client = NULL;
}

static void
handle_client_destroy(struct wl_listener *listener, void *data)
{
	struct pw_seat_input_serial *slot = wl_container_of(listener, slot, client_destroy);
	free_slot(slot);
}

void
pw_seat_input_serials_init(struct pw_seat *seat)
{
	for (int i = 0; i < PW_SEAT_INPUT_SERIALS; i++) {
		seat->input_serials[i].client = NULL;
		wl_list_init(&seat->input_serials[i].client_destroy.link);
		seat->input_serials[i].client_destroy.notify = handle_client_destroy;
	}
	seat->input_serial_next = 0;
	seat->focus_left.client = NULL;
	wl_list_init(&seat->focus_left.client_destroy.link);
	seat->focus_left.client_destroy.notify = handle_client_destroy;
}

void
pw_seat_input_serials_finish(struct pw_seat *seat)
{
	for (int i = 0; i < PW_SEAT_INPUT_SERIALS; i++) {
		free_slot(&seat->input_serials[i]);
	}
	free_slot(&seat->focus_left);
}

void
pw_seat_input_serial_focus_left(struct pw_seat *seat, struct wl_client *client)
{
	free_slot(&seat->focus_left);
	seat->focus_left.client = client;
	wl_client_add_destroy_listener(client, &seat->focus_left.client_destroy);
}

void
pw_seat_input_serial_record(struct pw_seat *seat, struct wl_client *client, uint32_t serial)
{
	struct pw_seat_input_serial *slot =
		&seat->input_serials[seat->input_serial_next++ % PW_SEAT_INPUT_SERIALS];
	free_slot(slot);
	slot->client = client;
	slot->serial = serial;
	wl_client_add_destroy_listener(client, &slot->client_destroy);
}

bool
pw_seat_input_serial_valid(struct pw_seat *seat, struct wl_client *client, uint32_t serial)
{
	if (!seat || !client) {
		return false;
	}
	for (int i = 0; i < PW_SEAT_INPUT_SERIALS; i++) {
		if (seat->input_serials[i].client == client &&
			seat->input_serials[i].serial == serial) {
			return true;
		}
	}
	return false;
}

bool
pw_seat_selection_serial_valid(struct pw_seat *seat, struct wl_client *client, uint32_t serial)
{
	if (!seat || !client || (int32_t)(serial - wl_display_get_serial(seat->display)) > 0) {
		return false;
	}
	if (pw_seat_input_serial_valid(seat, client, serial)) {
		return true;
	}
	struct pw_surface *focus = pw_seat_keyboard_focused(seat);
	return (focus && wl_resource_get_client(focus->resource) == client) ||
		seat->focus_left.client == client;
}

/*
 * The seat's last input events sent with a serial (input_serials.c), a ring: what
 * xdg_popup.grab and activation tokens must cite.
 */
#ifndef PW_INPUT_SERIALS_H
#define PW_INPUT_SERIALS_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-server-core.h>

struct pw_seat;

#define PW_SEAT_INPUT_SERIALS 16

struct pw_seat_input_serial {
	struct wl_client *client; /* NULL: the slot is free */
	uint32_t serial;
	struct wl_listener client_destroy; /* frees the slot: a new client may get the address */
};

/*
 * Whether `serial` is that of one of the seat's last input events (a button, a key, a
 * touch down) sent to `client`.
 */
bool pw_seat_input_serial_valid(struct pw_seat *seat, struct wl_client *client, uint32_t serial);

/*
 * Whether `client` may set a selection (the clipboard or the primary one) with `serial`: picowl
 * sent that serial (none from the future), and it is one of the seat's last input serials sent
 * to that client, or the client holds the keyboard focus or was the last to lose it (a copy
 * made as the focus moves on; WLCS CopyCutPaste sets it so, with serial 0). Decision 4.66.
 */
bool pw_seat_selection_serial_valid(struct pw_seat *seat, struct wl_client *client,
	uint32_t serial);

/*
 * `client` was sent an input event a grab or an activation may cite (a button, a key, a
 * touch down) with `serial`.
 */
void pw_seat_input_serial_record(struct pw_seat *seat, struct wl_client *client, uint32_t serial);
/* `client`'s window lost the keyboard focus to another client's (or to none). */
void pw_seat_input_serial_focus_left(struct pw_seat *seat, struct wl_client *client);
void pw_seat_input_serials_init(struct pw_seat *seat);
void pw_seat_input_serials_finish(struct pw_seat *seat);

#endif

/*
 * The insides of pw_seat (seat.c, whose functions seat.h declares), for the files of the seat's
 * parts: keyboard.c, pointer.c, touch.c and the others of compositor/input. Nothing outside
 * compositor/input includes it.
 *
 * Every surface the seat refers to is watched through its wl_resource's destroy listener, which
 * runs before anything else hears of the destruction: the reference is dropped silently there,
 * since an event naming a wl_surface the client already destroyed reaches it as NULL. A surface
 * the seat still refers to can thus always be named (leave on unmap, for instance).
 */
#ifndef PW_SEAT_INTERNAL_H
#define PW_SEAT_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-server-core.h>

#include "cursor.h"
#include "devices.h"
#include "input.h"
#include "input_serials.h"
#include "keyboard.h"
#include "pointer.h"
#include "seat.h"
#include "selection.h"
#include "touch.h"
#include "touch_raw.h"
#include "wake.h"

struct pw_seat {
	struct pw_server *server;
	const struct pw_seat_policy *policy;
	double cursor_x, cursor_y; /* output coordinates, moved by relative pointer motion */
	struct wl_listener server_destroy;
	struct wl_listener surface_moved;
	struct wl_listener surface_destroy;
	struct wl_display *display;
	struct wl_global *global;
	struct wl_list resources; /* wl_seat resources */
	struct pw_data_device_manager *data;
	/* selection.h: offered by `data`, `primary_manager` and `data_control` */
	struct pw_selection clipboard, primary;
	struct pw_primary_selection_manager *primary_manager;
	struct pw_data_control_manager *data_control;
	struct pw_seat_keyboard keyboard;
	struct pw_seat_pointer pointer;
	struct pw_seat_touch touch;
	const struct pw_touch_raw_grab *touch_raw; /* the calibration's, or NULL (touch_raw.h) */
	struct pw_seat_wake wake; /* the input that woke the display, dropped (wake.h) */
	struct pw_seat_ime *ime; /* text input and input method (input_method.h) */
	struct pw_virtual_keyboards *virtual_keyboards; /* virtual_keyboard.h */
	struct pw_virtual_pointers *virtual_pointers; /* virtual_pointer.h */
	struct pw_data_drag *drag; /* the drag on, or NULL (data_drag.h) */
	/* issue 37's input protocols (4.91, 4.92): each NULL when its global could not be made */
	struct pw_relative_pointers *relative;
	struct pw_pointer_constraints *constraints;
	struct pw_shortcuts_inhibit *shortcuts_inhibit;
	struct pw_cursor_shapes *cursor_shapes;
	struct pw_pointer_gestures *gestures; /* a touchpad's, 4.104 */
	struct pw_tablets *tablets; /* zwp_tablet_manager_v2 (tablet.h, 4.105) */
	/* Set at the first constraint or inhibitor: till then a focus change calls neither file
	 * (4.103). */
	bool constraints_used;
	bool shortcuts_inhibit_used;
	struct pw_seat_cursor cursor; /* the cursor picowl draws (cursor.h) */
	struct pw_edge_swipe *edge_swipe; /* NULL until [gestures] enables an edge (edge_swipe.h) */
	/* the keymap's compile and the devices' opening, waiting for the first frame */
	struct pw_after_frame *first_frame;
	/* the devices' settings while they wait for it (devices.h): devices_later.devices in paths
	 */
	bool devices_waiting;
	struct pw_input_config devices_later;
	char **device_paths;
	struct pw_seat_device devices[PW_SEAT_MAX_DEVICES]; /* open now (devices.h) */
	int n_devices;
	/* the last input events sent with a serial (input_serials.c), a ring */
	struct pw_seat_input_serial input_serials[PW_SEAT_INPUT_SERIALS];
	unsigned int input_serial_next;
	/* the client whose window last lost the keyboard focus (its serial unused) */
	struct pw_seat_input_serial focus_left;
};

/* Whether picowl draws a cursor (cursor.c): inline, so that a seat that draws none runs no
 * page of cursor.c at each pointer event (4.103). */
static inline bool
pw_seat_cursor_wanted(const struct pw_seat *seat)
{
	const struct pw_seat_pointer *ptr = &seat->pointer;
	const struct pw_seat_cursor *c = &seat->cursor;

	if (!ptr->present || ptr->hidden || c->mode == PW_CURSOR_NEVER) {
		return false;
	}
	return c->mode == PW_CURSOR_ALWAYS || c->mouse;
}

/* pw_seat_cursor_update when a cursor is or was drawn. */
static inline void
pw_seat_cursor_changed(struct pw_seat *seat)
{
	if (seat->cursor.shown || pw_seat_cursor_wanted(seat)) {
		pw_seat_cursor_update(seat);
	}
}

#endif

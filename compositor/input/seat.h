/*
 * wl_seat with keyboard, pointer and touch, always offered (clients such as SDL2 need a seat
 * even when no input device exists), and the clipboard and primary selection (wl_data_device,
 * zwp_primary_selection_v1, and wlr data control for picowl's own user).
 * The backend's input devices (devices.c) and tests drive it through the pw_seat_notify_* calls
 * of keyboard.h, pointer.h and touch.h. What a key or a press means beyond the client under it
 * (bindings, focus) is the shell's: it registers a pw_seat_policy.
 *
 * The seat's parts each have their header: keyboard.h (focus, keys, repeat), keymap.h,
 * pointer.h, touch.h, devices.h (the input devices), input_serials.h (the serials a grab
 * cites), data_drag.h (the drag icon), input_popup.h (the input method's popups).
 */
#ifndef PW_SEAT_H
#define PW_SEAT_H

#include <stdbool.h>
#include <stdint.h>

#include "layout.h"
#include "swipe.h"

struct pw_server;
struct pw_surface;
struct pw_seat;
struct pw_selection;
struct wl_list;
struct wl_resource;

/* What the shell decides for the seat; every member but keyboard_focus is required. */
struct pw_seat_policy {
	/*
	 * The topmost surface whose input region holds output point x,y, its surface-local
	 * coordinates in *sx,*sy; NULL if none.
	 */
	struct pw_surface *(
		*surface_at)(struct pw_server *server, double x, double y, double *sx, double *sy);
	/* A button press or touch down on `surface`: focus its window (it may unmap). */
	void (*focus)(struct pw_server *server, struct pw_surface *surface);
	/* Then the press itself, on `surface` if it is still there (NULL otherwise). */
	void (*press)(struct pw_server *server, struct pw_surface *surface);
	/* The pointer moved or a touch went down at output x,y (real input, not a rescan). */
	void (*input_at)(struct pw_server *server, double x, double y);
	/*
	 * A key pressed with exactly `modifiers` (PW_BINDING_*), `button` when its device is no
	 * full keyboard: true if a binding took it.
	 */
	bool (*binding)(struct pw_server *server, uint32_t modifiers, uint32_t keysym, bool button);
	/*
	 * Where an input method popup of width x height goes (output *x,*y) for a text input on
	 * `surface` whose cursor rectangle is *cursor (surface-local, made output coordinates):
	 * false when the surface is not shown.
	 */
	bool (*place_input_popup)(struct pw_server *server, struct pw_surface *surface,
		struct pw_box *cursor, int width, int height, int *x, int *y);
	/* A swipe from `edge` (edge_swipe.h): runs its action; false when the session refuses it
	 * (the touch then goes to the clients). */
	bool (*gesture)(struct pw_server *server, enum pw_swipe_edge edge);
	/* Who gets the keyboard when `surface` (or NULL) is to have it (a locked session's lock
	 * surface); when this member is NULL, `surface` does. */
	struct pw_surface *(*keyboard_focus)(struct pw_server *server, struct pw_surface *surface);
};

/*
 * Creates the wl_seat, wl_data_device_manager, primary selection and data control globals (and
 * those of the other input protocols), sets server->seat, takes the backend's
 * input events and opens its devices; NULL on failure. The seat goes with the server (its
 * destroy signal) and follows the core's surface signals.
 */
struct pw_seat *pw_seat_create(struct pw_server *server, const struct pw_seat_policy *policy);

/* The seat of a wl_seat resource, NULL when the resource is inert. */
struct pw_seat *pw_seat_from_resource(struct wl_resource *resource);
/* The seat's clipboard and primary selection (selection.h), for the X bridge (4.73). */
struct pw_selection *pw_seat_clipboard(struct pw_seat *seat);
struct pw_selection *pw_seat_primary(struct pw_seat *seat);

/*
 * For the seat's parts (compositor/input): makes every resource in `list` inert (NULL user
 * data, emptied link).
 */
void pw_seat_resources_make_inert(struct wl_list *list);

/* Whether the keyboard focus inhibits picowl's shortcuts (shortcuts_inhibit.c, 4.92). */
bool pw_seat_shortcuts_inhibited(struct pw_seat *seat);
/* The escape binding ran: the focus' inhibitor is inactive until the focus leaves its surface. */
void pw_seat_shortcuts_revoke(struct pw_seat *seat);

/* Forget every reference to `surface` (it is being destroyed or unmapped). */
void pw_seat_surface_gone(struct pw_seat *seat, struct pw_surface *surface);

#endif

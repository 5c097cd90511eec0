/*
 * wl_seat with keyboard, pointer and touch, always offered (clients such as SDL2 need a seat
 * even when no input device exists), and the clipboard and primary selection (wl_data_device,
 * zwp_primary_selection_v1, and wlr data control for picowl's own user).
 * The backend's input devices (devices.c) and tests drive it through the pw_seat_notify_* calls.
 * What a key or a press means beyond the client under it (bindings, focus) is the shell's: it
 * registers a pw_seat_policy.
 */
#ifndef PW_SEAT_H
#define PW_SEAT_H

#include <stdbool.h>
#include <stdint.h>

#include "layout.h"

struct pw_input_config;
struct pw_server;
struct pw_surface;
struct pw_seat;
struct wl_client;

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
	/* A key pressed with exactly `modifiers` (PW_BINDING_*): true if a binding took it. */
	bool (*binding)(struct pw_server *server, uint32_t modifiers, uint32_t keysym);
	/*
	 * Where an input method popup of width x height goes (output *x,*y) for a text input on
	 * `surface` whose cursor rectangle is *cursor (surface-local, made output coordinates):
	 * false when the surface is not shown.
	 */
	bool (*place_input_popup)(struct pw_server *server, struct pw_surface *surface,
		struct pw_box *cursor, int width, int height, int *x, int *y);
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

/*
 * Opens the input devices again with `config` (device paths, touch calibration), through the
 * display's session; nothing for headless and nested. False when libinput could not be set up
 * (picowl goes on without input devices).
 */
bool pw_seat_configure_input(struct pw_seat *seat, const struct pw_input_config *config);

/* Gives keyboard focus (enter/leave, modifiers, the selection offer) to `surface` or nobody. */
void pw_seat_keyboard_focus(struct pw_seat *seat, struct pw_surface *surface);
struct pw_surface *pw_seat_keyboard_focused(struct pw_seat *seat);

/* A key (evdev code) pressed or released. Bindings are tried first and consume the key. */
void pw_seat_notify_key(struct pw_seat *seat, uint32_t time_msec, uint32_t key, bool pressed);
/* Pointer moved to output coordinates x,y. */
void pw_seat_notify_motion(struct pw_seat *seat, uint32_t time_msec, double x, double y);
/* A pointer button (BTN_*) pressed or released; a press focuses the view under the pointer. */
void pw_seat_notify_button(struct pw_seat *seat, uint32_t time_msec, uint32_t button, bool pressed);
/* Vertical (axis 0) or horizontal (1) scroll by `value` in pointer units. */
void pw_seat_notify_axis(struct pw_seat *seat, uint32_t time_msec, uint32_t axis, double value);
/* Touch points in output coordinates; a down focuses the view under it. */
void pw_seat_notify_touch_down(struct pw_seat *seat, uint32_t time_msec, int32_t id, double x,
	double y);
void pw_seat_notify_touch_motion(struct pw_seat *seat, uint32_t time_msec, int32_t id, double x,
	double y);
void pw_seat_notify_touch_up(struct pw_seat *seat, uint32_t time_msec, int32_t id);
void pw_seat_notify_touch_frame(struct pw_seat *seat);
/* Every touch sequence ends without its ups (e.g. a gesture took them): wl_touch.cancel. */
void pw_seat_notify_touch_cancel(struct pw_seat *seat);

/*
 * Compiles the keymap from RMLVO names (NULL: the xkbcommon default; layout NULL: "us") and sends
 * it to every wl_keyboard. On failure (bad names, no memory) returns false and keeps the old one.
 */
bool pw_seat_set_keymap(struct pw_seat *seat, const char *rules, const char *model,
	const char *layout, const char *variant, const char *options);
/*
 * The same while the seat has compiled no keymap yet, without compiling: the names wait for the
 * first need (a wl_keyboard, an input-method grab, a key) or the first frame, whichever comes
 * first; bad names then fall back to "us", as the start's keymap. False on no memory.
 */
bool pw_seat_set_keymap_later(struct pw_seat *seat, const char *rules, const char *model,
	const char *layout, const char *variant, const char *options);

/* Key repeat for clients: `rate` keys per second (0: none) after `delay` ms. */
bool pw_seat_set_repeat(struct pw_seat *seat, int32_t rate, int32_t delay);

/*
 * The scene changed under the pointer (a surface moved, resized, mapped or unmapped): points
 * the pointer focus at what is now under it, with leave and enter, or a motion when the same
 * surface moved. Does nothing while a button is held (the implicit grab keeps the focus).
 */
void pw_seat_pointer_rescan(struct pw_seat *seat, uint32_t time_msec);

/*
 * Whether `serial` is that of one of the seat's last input events (a button, a key, a
 * touch down) sent to `client`: what xdg_popup.grab and activation tokens must cite.
 */
bool pw_seat_input_serial_valid(struct pw_seat *seat, struct wl_client *client, uint32_t serial);

/*
 * The icon of the drag and drop on (data_drag.h), while it has contents: its output position in
 * *x,*y, to be drawn above everything. NULL when there is none.
 */
struct pw_surface *pw_seat_drag_icon(struct pw_seat *seat, int *x, int *y);

/* Forget every reference to `surface` (it is being destroyed or unmapped). */
void pw_seat_surface_gone(struct pw_seat *seat, struct pw_surface *surface);

#endif

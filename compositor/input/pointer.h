/*
 * The seat's wl_pointer (pointer.c): the pointer focus with an implicit grab while a button is
 * held, and the cursor role. Its resources are inert once the seat is gone, as keyboard.h says.
 */
#ifndef PW_POINTER_H
#define PW_POINTER_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-server-core.h>

struct pw_seat;
struct pw_surface;

struct pw_seat_pointer {
	struct wl_list resources;
	double x, y; /* output coordinates */
	struct pw_surface *focus;
	struct wl_listener focus_destroy;
	double focus_x, focus_y; /* output position of the focus' surface-local origin */
	double focus_scale; /* output pixels a surface-local unit measures (4.50) */
	uint32_t enter_serial;
	int buttons; /* held; while nonzero the focus stays (implicit grab) */
	struct pw_surface *cursor; /* the client's cursor image; not drawn yet */
	struct wl_listener cursor_destroy;
	int32_t hotspot_x, hotspot_y;
	/* wp_cursor_shape_device_v1's shape set after the surface, 0: the surface or none */
	uint32_t shape;
	bool hidden; /* the client set no cursor surface: it hides the cursor (cursor.h) */
	bool present; /* a pointer device exists or moved: until then no focus, no enter */
	uint32_t button_serial; /* of the last press, which start_drag cites */
};

/* Pointer moved to output coordinates x,y. */
void pw_seat_notify_motion(struct pw_seat *seat, uint32_t time_msec, double x, double y);
/*
 * A mouse moved by dx,dy output pixels (dx_unaccel,dy_unaccel before libinput's acceleration):
 * relative pointers hear it, and the pointer moves unless a lock holds it, within a confinement
 * (pointer_constraints.h).
 */
void pw_seat_notify_relative_motion(struct pw_seat *seat, uint64_t time_usec, double dx, double dy,
	double dx_unaccel, double dy_unaccel);
/* A pointer button (BTN_*) pressed or released; a press focuses the view under the pointer. */
void pw_seat_notify_button(struct pw_seat *seat, uint32_t time_msec, uint32_t button, bool pressed);
/* Vertical (axis 0) or horizontal (1) scroll by `value` in pointer units. */
void pw_seat_notify_axis(struct pw_seat *seat, uint32_t time_msec, uint32_t axis, double value);
/* A finger's scroll (touch_pointer.c) by dx,dy pointer units, in one frame; `stop`: the finger
 * lifted (axis_stop), so a client may start its kinetic scroll. */
void pw_seat_notify_axis_finger(struct pw_seat *seat, uint32_t time_msec, double dx, double dy,
	bool stop);

/* One axis event with what the real wheel's path works out given (a virtual pointer's). */
struct pw_pointer_axis_event {
	uint32_t time_msec;
	uint32_t source; /* enum wl_pointer_axis_source */
	uint32_t axis; /* enum wl_pointer_axis, checked by the caller */
	double value; /* pointer units */
	int32_t discrete; /* wheel clicks; 0: none */
	bool stop; /* an axis_stop: `value` and `discrete` unused */
};
/* Sends `event` to the pointer focus, framed; older wl_pointers get what their version has. */
void pw_seat_notify_axis_event(struct pw_seat *seat, const struct pw_pointer_axis_event *event);

/*
 * The scene changed under the pointer (a surface moved, resized, mapped or unmapped): points
 * the pointer focus at what is now under it, with leave and enter, or a motion when the same
 * surface moved. Does nothing while a button is held (the implicit grab keeps the focus).
 */
void pw_seat_pointer_rescan(struct pw_seat *seat, uint32_t time_msec);

/* For seat.c: init, finish, and wl_seat.get_pointer (NULL `seat`: an inert resource). */
void pw_pointer_init(struct pw_seat *seat);
void pw_pointer_finish(struct pw_seat *seat);
void pw_pointer_create_resource(struct pw_seat *seat, struct wl_client *client, uint32_t version,
	uint32_t id);
void pw_pointer_surface_gone(struct pw_seat *seat, struct pw_surface *surface);
/*
 * A cursor shape (cursor_shape.h) from `client`, citing its latest enter's `serial`: replaces
 * the cursor surface; ignored from any other client or with another serial.
 */
void pw_pointer_set_shape(struct pw_seat *seat, struct wl_client *client, uint32_t serial,
	uint32_t shape);
/* Leaves the pointer focus (a drag takes the pointer); the next motion finds one again. */
void pw_pointer_clear_focus(struct pw_seat *seat);

#endif

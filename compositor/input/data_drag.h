/*
 * Drag and drop of wl_data_device (data_drag.c): one drag per seat, started by start_drag and
 * held by the pointer (a button pressed on the origin) or by one touch point (down on it).
 * While it lasts, that pointer or touch point sends the drag's events (wl_data_device enter,
 * motion, leave, drop) instead of its own; the icon surface is drawn where it is, above
 * everything (pw_data_drag_icon, which the shell calls). Otherwise internal to compositor/input.
 *
 * A drag's offers (wl_data_offer) are its own kind, not the selection's: each lives as long as
 * its resource, goes inert at leave, and after a drop stays live until finish (or destroy).
 */
#ifndef PW_DATA_DRAG_H
#define PW_DATA_DRAG_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-server-core.h>

struct pw_seat;
struct pw_surface;

/* What the drag needs of a wl_data_source; the source itself stays data_device.c's. */
struct pw_data_drag_source {
	struct wl_resource *resource; /* wl_data_source; its destroy ends the drag */
	const struct wl_array *mime_types; /* char *, valid until the resource is destroyed */
	uint32_t actions; /* wl_data_device_manager.dnd_action bits */
};

/*
 * wl_data_device.start_drag from `device` (of `client`; its manager's wl_data_device
 * resources are `devices`). `source` NULL: a drag inside the client (only its own surfaces
 * hear of it). The icon (NULL: none) gets the wl_data_device-icon role, or `device` gets the
 * role error and nothing starts. The drag is refused (a version 3 source is cancelled) unless
 * `serial` is that of a button press or touch down still held on `origin`, and no drag is on.
 */
void pw_data_drag_start(struct pw_seat *seat, struct wl_list *devices, struct wl_resource *device,
	const struct pw_data_drag_source *source, struct wl_resource *origin,
	struct wl_resource *icon, uint32_t serial);

/* The pointer's id for the two calls below; touch points have their own (>= 0). */
#define PW_DATA_DRAG_POINTER (-1)

/*
 * The pointer (PW_DATA_DRAG_POINTER) or touch point `id` moved to output x,y, or was released
 * (the last button up, the touch up): true when a drag holds it and took the event. A release
 * drops (or cancels) the drag.
 */
bool pw_data_drag_motion(struct pw_seat *seat, int32_t id, uint32_t time_msec, double x, double y);
bool pw_data_drag_release(struct pw_seat *seat, int32_t id, uint32_t time_msec);

/* The drag is over without a drop (the seat is going): source cancelled. */
void pw_data_drag_cancel(struct pw_seat *seat);
/* The same for a drag held by a touch point (the touch sequences were cancelled). */
void pw_data_drag_cancel_touch(struct pw_seat *seat);

/* `surface` was unmapped: the drag leaves it if it was over it. */
void pw_data_drag_surface_gone(struct pw_seat *seat, struct pw_surface *surface);

/*
 * The icon of the drag on, while it has contents: its output position in *x,*y, to be drawn
 * above everything. NULL when there is none. For the shell.
 */
struct pw_surface *pw_data_drag_icon(struct pw_seat *seat, int *x, int *y);

#endif

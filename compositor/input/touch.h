/*
 * The seat's wl_touch (touch.c): each touch point belongs to the surface it went down on until
 * it is framed up. Its resources are inert once the seat is gone, as keyboard.h says.
 */
#ifndef PW_TOUCH_H
#define PW_TOUCH_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-server-core.h>

struct pw_seat;
struct pw_surface;

#define PW_SEAT_TOUCH_POINTS 10

struct pw_seat_touch_point {
	struct pw_seat *seat;
	bool active; /* down and not yet framed after its up */
	bool up; /* up sent; freed at the next frame */
	bool pending; /* an event was sent since the last frame */
	bool emulated; /* its events drive the emulated pointer (touch_pointer.h) */
	int32_t id;
	struct pw_surface *surface; /* NULL: events of this point go nowhere */
	struct wl_client *client;
	struct wl_listener surface_destroy;
	double origin_x, origin_y; /* output position of the surface-local origin */
	double scale; /* output pixels a surface-local unit measures (4.50) */
	double x, y; /* output position, for a drag it starts */
	uint32_t serial; /* of its down, which start_drag cites */
};

struct pw_seat_touch {
	struct wl_list resources;
	struct pw_seat_touch_point points[PW_SEAT_TOUCH_POINTS];
	struct pw_touch_pointer *emulation; /* NULL: none (no memory) */
};

/* Touch points in output coordinates; a down focuses the view under it. */
void pw_seat_notify_touch_down(struct pw_seat *seat, uint32_t time_msec, int32_t id, double x,
	double y);
void pw_seat_notify_touch_motion(struct pw_seat *seat, uint32_t time_msec, int32_t id, double x,
	double y);
void pw_seat_notify_touch_up(struct pw_seat *seat, uint32_t time_msec, int32_t id);
void pw_seat_notify_touch_frame(struct pw_seat *seat);
/* Every touch sequence ends without its ups (e.g. a gesture took them): wl_touch.cancel. */
void pw_seat_notify_touch_cancel(struct pw_seat *seat);

/* For seat.c: init, finish, and wl_seat.get_touch (NULL `seat`: an inert resource). */
void pw_touch_init(struct pw_seat *seat);
void pw_touch_finish(struct pw_seat *seat);
void pw_touch_create_resource(struct pw_seat *seat, struct wl_client *client, uint32_t version,
	uint32_t id);
void pw_touch_surface_gone(struct pw_seat *seat, struct pw_surface *surface);
/* For touch_pointer.c: point `id` leaves its wl_touch client (whose touch sequences get
 * wl_touch.cancel) for the emulated pointer; false if it is gone or a drag holds it. */
bool pw_touch_take_point(struct pw_seat *seat, int32_t id);

#endif

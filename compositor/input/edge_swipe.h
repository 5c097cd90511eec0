/*
 * Edge swipes (edge_swipe.c): between the touch events of the devices (and the test hooks) and
 * the seat's wl_touch (touch.h), the recogniser of pure/swipe.h keeps a touch that starts at an
 * output edge until it is a swipe, whose action the shell runs (pw_seat_policy.gesture), or
 * not, when the touch reaches the clients late but whole. Positions are output coordinates, so
 * the edges follow the output's rotation. Until pw_edge_swipe_configure enables an edge every
 * event goes straight to touch.h.
 */
#ifndef PW_EDGE_SWIPE_H
#define PW_EDGE_SWIPE_H

#include <stdint.h>

#include "swipe.h"

struct pw_seat;

/* The [gestures] settings (params->edges 0: none); false when out of memory (none then). */
bool pw_edge_swipe_configure(struct pw_seat *seat, const struct pw_swipe_params *params);

/* The touch events, as pw_seat_notify_touch_* takes them. */
void pw_edge_swipe_touch_down(struct pw_seat *seat, uint32_t time_msec, int32_t id, double x,
	double y);
void pw_edge_swipe_touch_motion(struct pw_seat *seat, uint32_t time_msec, int32_t id, double x,
	double y);
void pw_edge_swipe_touch_up(struct pw_seat *seat, uint32_t time_msec, int32_t id);
void pw_edge_swipe_touch_frame(struct pw_seat *seat);
void pw_edge_swipe_touch_cancel(struct pw_seat *seat);

/* For seat.c: frees the recogniser and its timer (the seat is going). */
void pw_edge_swipe_finish(struct pw_seat *seat);

#endif

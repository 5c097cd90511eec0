/*
 * zwp_pointer_gestures_v1 version 3 (pointer_gestures.c), offered to every client: a touchpad's
 * swipe, pinch and hold, as libinput recognised them, go to the client whose surface has the
 * pointer focus at the gesture's begin, and stay with it till the end (4.104). picowl's own
 * touchscreen edge swipes ([gestures], edge_swipe.h) are another thing. Internal to
 * compositor/input.
 */
#ifndef PW_POINTER_GESTURES_H
#define PW_POINTER_GESTURES_H

#include <stdbool.h>
#include <stdint.h>

struct pw_seat;
struct pw_pointer_gestures;

/* The global; NULL on failure. Destroy accepts NULL; its resources go inert. */
struct pw_pointer_gestures *pw_pointer_gestures_create(struct pw_seat *seat);
void pw_pointer_gestures_destroy(struct pw_pointer_gestures *gestures);

/* A gesture of `kind` (enum pw_input_gesture) from a device: begin, update, end. */
void pw_pointer_gestures_begin(struct pw_seat *seat, uint32_t time_msec, uint32_t kind,
	uint32_t fingers);
void pw_pointer_gestures_update(struct pw_seat *seat, uint32_t time_msec, uint32_t kind, double dx,
	double dy, double scale, double rotation);
void pw_pointer_gestures_end(struct pw_seat *seat, uint32_t time_msec, uint32_t kind,
	bool cancelled);

#endif

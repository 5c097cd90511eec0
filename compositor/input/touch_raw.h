/*
 * A grab of the touch screen's own positions, for the calibration routine
 * (compositor/shell/calibrate.c): while one is set, it sees every touch down and up before the
 * seat does, and what it takes reaches no client. Set only while the routine runs: with none
 * set a touch costs one test of a pointer.
 */
#ifndef PW_TOUCH_RAW_H
#define PW_TOUCH_RAW_H

#include <stdbool.h>
#include <stdint.h>

struct pw_seat;

enum pw_touch_raw_event {
	PW_TOUCH_RAW_DOWN,
	PW_TOUCH_RAW_UP,
};

struct pw_touch_raw_grab {
	/*
	 * A touch of point `id`; for a down, x and y are 0..1 across the unrotated display, as
	 * the devices give them (after the libinput calibration matrix). Returns true when it
	 * takes the event from the seat.
	 */
	bool (*touch)(void *data, enum pw_touch_raw_event event, int32_t id, double x, double y);
	void *data;
};

/* Sets the grab (the caller owns it and keeps it until it sets NULL). */
void pw_touch_raw_set_grab(struct pw_seat *seat, const struct pw_touch_raw_grab *grab);

bool pw_touch_raw_grabbed(const struct pw_seat *seat);

/* devices.c's hook: true when the grab took the event. */
bool pw_touch_raw_take(struct pw_seat *seat, enum pw_touch_raw_event event, int32_t id, double x,
	double y);

#endif

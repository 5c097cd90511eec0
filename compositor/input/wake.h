/*
 * The seat's side of the display's power (core/power.h): every input counts as activity, and
 * the press that turns a blank display on goes to no client, nor does anything of it after:
 * its release, a touch point's motion and up. A tap on a dark screen must not press whatever
 * button happens to be under the finger.
 */
#ifndef PW_SEAT_WAKE_H
#define PW_SEAT_WAKE_H

#include <stdbool.h>
#include <stdint.h>

struct pw_seat;

#define PW_SEAT_WAKE_HELD 8

struct pw_seat_wake {
	int32_t buttons[PW_SEAT_WAKE_HELD]; /* pointer buttons whose press woke the display */
	int n_buttons;
	int32_t touches[PW_SEAT_WAKE_HELD]; /* touch points whose down woke it */
	int n_touches;
};

/* A key: true when it is to be dropped (a press that woke the display; the keyboard drops the
 * release of a key it did not send). */
bool pw_seat_wake_key(struct pw_seat *seat, bool pressed);
/* A pointer button: true when the press woke the display or this is the release of one. */
bool pw_seat_wake_button(struct pw_seat *seat, uint32_t button, bool pressed);
/* A touch down (`down`) or its motion or up: true when the point's down woke the display. */
bool pw_seat_wake_touch(struct pw_seat *seat, int32_t id, bool down, bool up);
/* Motion or an axis: activity, which never wakes the display. */
void pw_seat_wake_activity(struct pw_seat *seat);

#endif

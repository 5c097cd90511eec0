/*
 * Touch to photon (touch_photon.c): each touch event's arrival, and the surface tree it aims
 * at, told to the counters (doc/counters.md "Touch to photon").
 */
#ifndef PW_TOUCH_PHOTON_H
#define PW_TOUCH_PHOTON_H

#include <stdbool.h>
#include <stdint.h>

struct pw_seat;

/*
 * A touch event arrives, before the seat routes it: a down at output x,y (aimed at the surface
 * under it), or a motion or up of point `id` (aimed at the surface the point holds).
 */
void pw_touch_photon_note(struct pw_seat *seat, int32_t id, bool down, double x, double y);

#endif

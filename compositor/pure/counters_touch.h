/*
 * Touch to photon (doc/counters.md): each touch event the counters keep, matched at report time
 * to the first frame on screen that shows its effect. Pure: no Wayland.
 */
#ifndef PW_COUNTERS_TOUCH_H
#define PW_COUNTERS_TOUCH_H

#include <stddef.h>
#include <stdint.h>

#include "counters.h"

/* An effect later than this after its touch event is not counted as the event's. */
#define PW_TOUCH_EFFECT_NS 1000000000LL
/*
 * picowl draws its answer to an input in the next repaint, at the next refresh tick at most:
 * its drawing begun later than this after the event answers something else (a key, a timer).
 */
#define PW_TOUCH_DRAWING_NS 100000000LL

/*
 * The touch events in the ring, oldest first: *ms (allocated, the caller frees) gets each one's
 * touch->on screen time in milliseconds, or -1 when no frame on screen shows its effect.
 * Returns how many events; 0 with *ms NULL when there are none or on allocation failure.
 */
size_t pw_counters_touch_effects(const struct pw_counters *counters, double **ms);

/* The i-th oldest touch event in the ring (i below the count above): its time and surface. */
void pw_counters_touch_event(const struct pw_counters *counters, size_t i, int64_t *t,
	uint32_t *surface);

#endif

/* The touch screen's positions handed to a grab before the seat sees them. */
#include "touch_raw.h"

#include <stddef.h>

#include "seat_internal.h"

void
pw_touch_raw_set_grab(struct pw_seat *seat, const struct pw_touch_raw_grab *grab)
{
	seat->touch_raw = grab;
}

bool
pw_touch_raw_grabbed(const struct pw_seat *seat)
{
	return seat->touch_raw != NULL;
}

bool
pw_touch_raw_take(struct pw_seat *seat, enum pw_touch_raw_event event, int32_t id, double x,
	double y)
{
	const struct pw_touch_raw_grab *grab = seat->touch_raw;
	return grab && grab->touch(grab->data, event, id, x, y);
}

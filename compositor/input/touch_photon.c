/* Touch to photon: the counters learn when each touch event arrived and where it went. */
#include "touch_photon.h"

#include "clock.h"
#include "counters.h"
#include "seat_internal.h"
#include "server.h"
#include "surface.h"
#include "surface_tree.h"

void
pw_touch_photon_note(struct pw_seat *seat, int32_t id, bool down, double x, double y)
{
	struct pw_counters *counters = seat->server->counters;
	struct pw_surface *surface = NULL;

	if (!counters) {
		return;
	}
	int64_t t = pw_now_ns();
	if (down) {
		double sx, sy;

		surface = seat->policy->surface_at(seat->server, x, y, &sx, &sy);
	} else {
		for (int i = 0; i < PW_SEAT_TOUCH_POINTS; i++) {
			struct pw_seat_touch_point *point = &seat->touch.points[i];

			if (point->active && !point->up && point->id == id) {
				surface = point->surface;
				break;
			}
		}
	}
	pw_counters_touch(counters, surface ? pw_surface_root(surface)->id : 0, t);
}

/* Edge swipes: the recogniser (pure/swipe.c) fed by the touch events, its verdicts carried out. */
#include "edge_swipe.h"

#include <stdlib.h>

#include "clock.h"
#include "log.h"
#include "output.h"
#include "power.h"
#include "seat_internal.h"
#include "server.h"
#include "touch.h"

struct pw_edge_swipe {
	struct pw_swipe swipe;
	struct wl_event_source *timer; /* armed while a swipe is pending */
	bool armed;
};

static void
deliver(struct pw_seat *seat, const struct pw_swipe_event *ev)
{
	switch (ev->type) {
	case PW_SWIPE_DOWN:
		pw_seat_notify_touch_down(seat, ev->time_msec, ev->id, ev->x, ev->y);
		break;
	case PW_SWIPE_MOTION:
		pw_seat_notify_touch_motion(seat, ev->time_msec, ev->id, ev->x, ev->y);
		break;
	case PW_SWIPE_UP:
		pw_seat_notify_touch_up(seat, ev->time_msec, ev->id);
		break;
	case PW_SWIPE_FRAME:
		pw_seat_notify_touch_frame(seat);
		break;
	case PW_SWIPE_CANCEL:
		pw_seat_notify_touch_cancel(seat);
		break;
	}
}

/* The held events, in order; a copy first, as delivering may run a reload that reconfigures. */
static void
deliver_held(struct pw_seat *seat, struct pw_edge_swipe *es)
{
	int n = es->swipe.held_count;
	struct pw_swipe_event held[PW_SWIPE_HELD];
	for (int i = 0; i < n; i++) {
		held[i] = es->swipe.held[i];
	}
	es->swipe.held_count = 0;
	for (int i = 0; i < n; i++) {
		deliver(seat, &held[i]);
	}
}

static void
update_timer(struct pw_edge_swipe *es)
{
	bool pending = pw_swipe_pending(&es->swipe);
	if (pending != es->armed && es->timer) {
		es->armed = pending;
		wl_event_source_timer_update(es->timer, pending ? es->swipe.params.timeout_ms : 0);
	}
}

static void
fire(struct pw_seat *seat, struct pw_edge_swipe *es)
{
	enum pw_swipe_edge edge = es->swipe.edge;
	int n = es->swipe.held_count;
	es->swipe.held_count = 0;
	if (seat->policy->gesture(seat->server, edge)) {
		pw_log_debug("edge swipe %d taken (%d events)", (int)edge, n);
		return;
	}
	/* Refused (a locked session): the touch is the clients' after all. */
	es->swipe.held_count = n;
	pw_swipe_refused(&es->swipe);
	deliver_held(seat, es);
}

static void
feed(struct pw_seat *seat, const struct pw_swipe_event *ev)
{
	struct pw_edge_swipe *es = seat->edge_swipe;
	if (!es) {
		deliver(seat, ev);
		return;
	}
	struct pw_server *server = seat->server;
	/* A dark display: the touch only wakes it (wake.h), no swipe starts. */
	bool edges = server->output && !(server->power && pw_power_is_off(server->power));
	switch (pw_swipe_feed(&es->swipe, ev, edges ? server->output->width : 0,
		edges ? server->output->height : 0)) {
	case PW_SWIPE_PASS:
		deliver(seat, ev);
		break;
	case PW_SWIPE_HOLD:
	case PW_SWIPE_DROP:
		break;
	case PW_SWIPE_RELEASE:
		deliver_held(seat, es);
		break;
	case PW_SWIPE_FIRE:
		fire(seat, es);
		break;
	}
	/* The action or the delivery may have reconfigured, never freed, the recogniser. */
	update_timer(es);
}

static int
handle_timer(void *data)
{
	struct pw_seat *seat = data;
	struct pw_edge_swipe *es = seat->edge_swipe;
	es->armed = false;
	if (pw_swipe_expire(&es->swipe)) {
		/* The touch stayed at the edge: it is the client's, with a frame of its own. */
		bool framed = es->swipe.held[es->swipe.held_count - 1].type == PW_SWIPE_FRAME;
		deliver_held(seat, es);
		if (!framed) {
			deliver(seat, &(struct pw_swipe_event){.type = PW_SWIPE_FRAME});
		}
	}
	return 0;
}

bool
pw_edge_swipe_configure(struct pw_seat *seat, const struct pw_swipe_params *params)
{
	struct pw_edge_swipe *es = seat->edge_swipe;
	if (!es && !params->edges) {
		return true;
	}
	if (!es) {
		es = calloc(1, sizeof(*es));
		if (!es) {
			return false;
		}
		es->timer = wl_event_loop_add_timer(seat->server->loop, handle_timer, seat);
		if (!es->timer) {
			free(es);
			return false;
		}
		pw_swipe_init(&es->swipe, params);
		seat->edge_swipe = es;
		return true;
	}
	/* A reload: the sequence under way keeps its state; new touches take the new settings. */
	es->swipe.params = *params;
	return true;
}

void
pw_edge_swipe_finish(struct pw_seat *seat)
{
	struct pw_edge_swipe *es = seat->edge_swipe;
	if (es) {
		wl_event_source_remove(es->timer);
		free(es);
		seat->edge_swipe = NULL;
	}
}

void
pw_edge_swipe_touch_down(struct pw_seat *seat, uint32_t time_msec, int32_t id, double x, double y)
{
	feed(seat, &(struct pw_swipe_event){PW_SWIPE_DOWN, time_msec, id, x, y});
}

void
pw_edge_swipe_touch_motion(struct pw_seat *seat, uint32_t time_msec, int32_t id, double x, double y)
{
	feed(seat, &(struct pw_swipe_event){PW_SWIPE_MOTION, time_msec, id, x, y});
}

void
pw_edge_swipe_touch_up(struct pw_seat *seat, uint32_t time_msec, int32_t id)
{
	feed(seat, &(struct pw_swipe_event){PW_SWIPE_UP, time_msec, id, 0, 0});
}

void
pw_edge_swipe_touch_frame(struct pw_seat *seat)
{
	feed(seat, &(struct pw_swipe_event){.type = PW_SWIPE_FRAME});
}

void
pw_edge_swipe_touch_cancel(struct pw_seat *seat)
{
	feed(seat, &(struct pw_swipe_event){.type = PW_SWIPE_CANCEL});
}

/* The edge swipe recogniser: which touches are the session's (decision 4.45). */
#include "swipe.h"

#include <math.h>

void
pw_swipe_init(struct pw_swipe *swipe, const struct pw_swipe_params *params)
{
	*swipe = (struct pw_swipe){.params = *params, .state = PW_SWIPE_IDLE};
}

/* The nearest edge with an action within the width of x,y, or PW_SWIPE_EDGES. */
static enum pw_swipe_edge
edge_at(const struct pw_swipe_params *p, double x, double y, int width, int height)
{
	double d[PW_SWIPE_EDGES] = {y, width - x, height - y, x};
	enum pw_swipe_edge best = PW_SWIPE_EDGES;
	for (int e = 0; e < PW_SWIPE_EDGES; e++) {
		if ((p->edges & (1u << e)) && d[e] < p->width &&
			(best == PW_SWIPE_EDGES || d[e] < d[best])) {
			best = (enum pw_swipe_edge)e;
		}
	}
	return best;
}

static int
find_down(const struct pw_swipe *swipe, int32_t id)
{
	for (int i = 0; i < swipe->down_count; i++) {
		if (swipe->down[i] == id) {
			return i;
		}
	}
	return -1;
}

/* Keeps the ids down: an up of an id not known (more fingers than slots) changes nothing. */
static void
track(struct pw_swipe *swipe, const struct pw_swipe_event *ev)
{
	int i = ev->type == PW_SWIPE_DOWN || ev->type == PW_SWIPE_UP ? find_down(swipe, ev->id)
								     : -1;
	if (ev->type == PW_SWIPE_DOWN && i < 0 && swipe->down_count < PW_SWIPE_POINTS) {
		swipe->down[swipe->down_count++] = ev->id;
	} else if (ev->type == PW_SWIPE_UP && i >= 0) {
		swipe->down[i] = swipe->down[--swipe->down_count];
	} else if (ev->type == PW_SWIPE_CANCEL) {
		swipe->down_count = 0;
	}
}

/* The frame after the last finger's up ends the sequence, whatever it was. */
static void
settle(struct pw_swipe *swipe, const struct pw_swipe_event *ev)
{
	if ((ev->type == PW_SWIPE_FRAME && swipe->down_count == 0) || ev->type == PW_SWIPE_CANCEL) {
		swipe->state = PW_SWIPE_IDLE;
	}
}

static void
hold(struct pw_swipe *swipe, const struct pw_swipe_event *ev)
{
	swipe->held[swipe->held_count++] = *ev;
}

static enum pw_swipe_verdict
release(struct pw_swipe *swipe)
{
	swipe->state = PW_SWIPE_PASSING;
	return PW_SWIPE_RELEASE;
}

/* A motion of the pending point: a swipe, no swipe, or not yet. */
static enum pw_swipe_verdict
judge(struct pw_swipe *swipe, const struct pw_swipe_event *ev)
{
	double dx = ev->x - swipe->x0, dy = ev->y - swipe->y0;
	double inward[PW_SWIPE_EDGES] = {dy, -dx, -dy, dx};
	double in = inward[swipe->edge];
	double along =
		swipe->edge == PW_SWIPE_TOP || swipe->edge == PW_SWIPE_BOTTOM ? fabs(dx) : fabs(dy);
	if (in >= swipe->params.distance && in >= along) {
		swipe->state = PW_SWIPE_SWIPED;
		return PW_SWIPE_FIRE;
	}
	if (along >= swipe->params.distance) {
		return release(swipe);
	}
	return PW_SWIPE_HOLD;
}

static enum pw_swipe_verdict
feed_pending(struct pw_swipe *swipe, const struct pw_swipe_event *ev)
{
	if (ev->type == PW_SWIPE_CANCEL) {
		/* Nothing of it reached a client: nothing to cancel. */
		swipe->held_count = 0;
		swipe->state = PW_SWIPE_IDLE;
		return PW_SWIPE_DROP;
	}
	hold(swipe, ev);
	if (swipe->held_count == PW_SWIPE_HELD) {
		return release(swipe); /* full: no swipe is that long */
	}
	bool late = ev->type != PW_SWIPE_FRAME &&
		ev->time_msec - swipe->t0 > (uint32_t)swipe->params.timeout_ms;
	if (ev->type == PW_SWIPE_DOWN || late || (ev->type == PW_SWIPE_UP && ev->id == swipe->id)) {
		return release(swipe); /* a second finger, too slow, or lifted: no swipe */
	}
	if (ev->type == PW_SWIPE_MOTION && ev->id == swipe->id) {
		return judge(swipe, ev);
	}
	return PW_SWIPE_HOLD;
}

enum pw_swipe_verdict
pw_swipe_feed(struct pw_swipe *swipe, const struct pw_swipe_event *ev, int width, int height)
{
	bool first = swipe->state == PW_SWIPE_IDLE && ev->type == PW_SWIPE_DOWN;
	track(swipe, ev);
	switch (swipe->state) {
	case PW_SWIPE_IDLE:
		if (!first) {
			return PW_SWIPE_PASS; /* a stray motion, up or frame */
		}
		swipe->edge = width > 0 && height > 0
			? edge_at(&swipe->params, ev->x, ev->y, width, height)
			: PW_SWIPE_EDGES;
		if (swipe->edge == PW_SWIPE_EDGES) {
			swipe->state = PW_SWIPE_PASSING;
			return PW_SWIPE_PASS;
		}
		swipe->state = PW_SWIPE_PENDING;
		swipe->id = ev->id;
		swipe->x0 = ev->x;
		swipe->y0 = ev->y;
		swipe->t0 = ev->time_msec;
		swipe->held_count = 0;
		hold(swipe, ev);
		return PW_SWIPE_HOLD;
	case PW_SWIPE_PENDING:
		return feed_pending(swipe, ev);
	case PW_SWIPE_SWIPED:
		settle(swipe, ev);
		return PW_SWIPE_DROP;
	case PW_SWIPE_PASSING:
		settle(swipe, ev);
		return PW_SWIPE_PASS;
	}
	return PW_SWIPE_PASS;
}

bool
pw_swipe_expire(struct pw_swipe *swipe)
{
	if (swipe->state != PW_SWIPE_PENDING) {
		return false;
	}
	release(swipe);
	return swipe->held_count > 0;
}

void
pw_swipe_refused(struct pw_swipe *swipe)
{
	swipe->state = PW_SWIPE_PASSING;
}

bool
pw_swipe_pending(const struct pw_swipe *swipe)
{
	return swipe->state == PW_SWIPE_PENDING;
}

/*
 * The edge swipe recogniser (swipe.c): a touch that goes down within a few pixels of an output
 * edge is held back until it either travels far enough inward (a swipe: the session's, and no
 * client sees any of it) or shows it is no swipe (lifted, moved along the edge, a second finger,
 * too slow), when the held events are given back, late but whole and in order. Pure: the caller
 * feeds the touch events in output coordinates and acts on each verdict (input/edge_swipe.c).
 */
#ifndef PW_SWIPE_H
#define PW_SWIPE_H

#include <stdbool.h>
#include <stdint.h>

/* The output's edges, as the user sees them (after its rotation). */
enum pw_swipe_edge {
	PW_SWIPE_TOP,
	PW_SWIPE_RIGHT,
	PW_SWIPE_BOTTOM,
	PW_SWIPE_LEFT,
	PW_SWIPE_EDGES,
};

enum pw_swipe_type {
	PW_SWIPE_DOWN,
	PW_SWIPE_MOTION,
	PW_SWIPE_UP,
	PW_SWIPE_FRAME,
	PW_SWIPE_CANCEL,
};

struct pw_swipe_event {
	enum pw_swipe_type type;
	uint32_t time_msec;
	int32_t id; /* DOWN, MOTION, UP */
	double x, y; /* DOWN, MOTION: output coordinates */
};

struct pw_swipe_params {
	unsigned edges; /* 1 << enum pw_swipe_edge for each edge with an action; 0: none */
	int width; /* pixels from the edge where a swipe may start */
	int distance; /* pixels inward it must travel */
	int timeout_ms; /* from its down; slower is no swipe */
};

enum pw_swipe_verdict {
	PW_SWIPE_PASS, /* deliver the event now */
	PW_SWIPE_HOLD, /* the event is held: nothing to do yet */
	PW_SWIPE_RELEASE, /* no swipe: deliver held[] (the event is the last of them) */
	/* A swipe from `edge`: run its action and drop held[]; if the action is refused, call
	 * pw_swipe_refused and deliver held[] instead. */
	PW_SWIPE_FIRE,
	PW_SWIPE_DROP, /* part of a swipe that fired: no client sees it */
};

#define PW_SWIPE_HELD 64 /* events held at most; more is no swipe */
#define PW_SWIPE_POINTS 10

struct pw_swipe {
	struct pw_swipe_params params;
	enum { PW_SWIPE_IDLE, PW_SWIPE_PASSING, PW_SWIPE_PENDING, PW_SWIPE_SWIPED } state;
	enum pw_swipe_edge edge; /* PENDING, SWIPED */
	int32_t id; /* PENDING: the point that may swipe */
	double x0, y0;
	uint32_t t0;
	int32_t down[PW_SWIPE_POINTS]; /* the ids down now */
	int down_count;
	/* After RELEASE or FIRE: the caller delivers or drops them, then sets held_count to 0. */
	struct pw_swipe_event held[PW_SWIPE_HELD];
	int held_count;
};

/* A recogniser with no touch down. */
void pw_swipe_init(struct pw_swipe *swipe, const struct pw_swipe_params *params);

/*
 * One event on an output of `width` x `height` (0 x 0: no swipe may start, e.g. the display is
 * off): what to do with it.
 */
enum pw_swipe_verdict pw_swipe_feed(struct pw_swipe *swipe, const struct pw_swipe_event *event,
	int width, int height);

/* The time limit passed while a swipe is pending: true when held[] is to be delivered now. */
bool pw_swipe_expire(struct pw_swipe *swipe);

/* The action of a FIRE was refused (e.g. a locked session): held[] goes to the clients. */
void pw_swipe_refused(struct pw_swipe *swipe);

/* Whether a swipe is pending (the caller's timer runs while it is). */
bool pw_swipe_pending(const struct pw_swipe *swipe);

#endif

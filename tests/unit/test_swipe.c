/* The edge swipe recogniser (compositor/pure/swipe.c): which touches are swipes, and that the
 * others come back whole and in order. */
#include <string.h>

#include "swipe.h"

#include "check.h"

#define W 240
#define H 320

static const struct pw_swipe_params all_edges = {.edges = 0xf,
	.width = 10,
	.distance = 40,
	.timeout_ms = 500};

static enum pw_swipe_verdict
ev(struct pw_swipe *s, enum pw_swipe_type type, uint32_t t, int32_t id, double x, double y)
{
	struct pw_swipe_event e = {type, t, id, x, y};
	enum pw_swipe_verdict v = pw_swipe_feed(s, &e, W, H);
	if (type != PW_SWIPE_FRAME && type != PW_SWIPE_CANCEL) {
		/* The frame the devices send after each event: held, passed or dropped alike. */
		struct pw_swipe_event f = {.type = PW_SWIPE_FRAME};
		enum pw_swipe_verdict fv = pw_swipe_feed(s, &f, W, H);
		if (v == PW_SWIPE_RELEASE || v == PW_SWIPE_FIRE) {
			CHECK(fv == PW_SWIPE_PASS || fv == PW_SWIPE_DROP);
		}
	}
	return v;
}

/* From each edge inward: a swipe of that edge, everything of it dropped. */
static void
test_edges(void)
{
	static const struct {
		double x0, y0, x1, y1;
		enum pw_swipe_edge edge;
	} cases[] = {
		{120, 2, 120, 60, PW_SWIPE_TOP}, {238, 160, 180, 160, PW_SWIPE_RIGHT},
		{120, 315, 120, 250, PW_SWIPE_BOTTOM}, {0, 160, 45, 170, PW_SWIPE_LEFT},
		{1, 3, 60, 5, PW_SWIPE_LEFT}, /* a corner: the nearer edge, then inward */
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct pw_swipe s;
		pw_swipe_init(&s, &all_edges);
		CHECK(ev(&s, PW_SWIPE_DOWN, 100, 0, cases[i].x0, cases[i].y0) == PW_SWIPE_HOLD);
		CHECK(pw_swipe_pending(&s));
		double mx = (cases[i].x0 + cases[i].x1) / 2, my = (cases[i].y0 + cases[i].y1) / 2;
		CHECK(ev(&s, PW_SWIPE_MOTION, 110, 0, mx, my) == PW_SWIPE_HOLD);
		CHECK(ev(&s, PW_SWIPE_MOTION, 120, 0, cases[i].x1, cases[i].y1) == PW_SWIPE_FIRE);
		CHECK(s.edge == cases[i].edge);
		s.held_count = 0;
		CHECK(ev(&s, PW_SWIPE_MOTION, 130, 0, 100, 100) == PW_SWIPE_DROP);
		CHECK(ev(&s, PW_SWIPE_UP, 140, 0, 0, 0) == PW_SWIPE_DROP);
		CHECK(s.state == PW_SWIPE_IDLE && !pw_swipe_pending(&s));
		/* The next touch in the middle goes straight through. */
		CHECK(ev(&s, PW_SWIPE_DOWN, 200, 0, 120, 160) == PW_SWIPE_PASS);
		CHECK(ev(&s, PW_SWIPE_UP, 210, 0, 0, 0) == PW_SWIPE_PASS);
		CHECK(s.state == PW_SWIPE_IDLE);
	}
}

/* A tap at the edge: held, then given back as down, frame, up, in order. */
static void
test_tap(void)
{
	struct pw_swipe s;
	pw_swipe_init(&s, &all_edges);
	CHECK(ev(&s, PW_SWIPE_DOWN, 100, 7, 120, 3) == PW_SWIPE_HOLD);
	CHECK(ev(&s, PW_SWIPE_MOTION, 110, 7, 121, 5) == PW_SWIPE_HOLD);
	struct pw_swipe_event up = {PW_SWIPE_UP, 120, 7, 0, 0};
	CHECK(pw_swipe_feed(&s, &up, W, H) == PW_SWIPE_RELEASE);
	CHECK(s.held_count == 5);
	static const enum pw_swipe_type order[] = {PW_SWIPE_DOWN, PW_SWIPE_FRAME, PW_SWIPE_MOTION,
		PW_SWIPE_FRAME, PW_SWIPE_UP};
	for (int i = 0; i < 5 && i < s.held_count; i++) {
		CHECK(s.held[i].type == order[i] &&
			(order[i] == PW_SWIPE_FRAME || s.held[i].id == 7));
	}
	CHECK(s.held[0].x == 120 && s.held[0].y == 3 && s.held[0].time_msec == 100);
	s.held_count = 0;
	struct pw_swipe_event frame = {.type = PW_SWIPE_FRAME};
	CHECK(pw_swipe_feed(&s, &frame, W, H) == PW_SWIPE_PASS);
	CHECK(s.state == PW_SWIPE_IDLE);
}

/* What is no swipe: along the edge, too slow, a second finger, outward, a disabled edge. */
static void
test_not_swipes(void)
{
	struct pw_swipe s;
	pw_swipe_init(&s, &all_edges);
	ev(&s, PW_SWIPE_DOWN, 100, 0, 20, 2);
	CHECK(ev(&s, PW_SWIPE_MOTION, 110, 0, 70, 10) == PW_SWIPE_RELEASE);
	s.held_count = 0;
	CHECK(ev(&s, PW_SWIPE_MOTION, 120, 0, 70, 80) == PW_SWIPE_PASS);
	CHECK(ev(&s, PW_SWIPE_UP, 130, 0, 0, 0) == PW_SWIPE_PASS);
	CHECK(s.state == PW_SWIPE_IDLE);

	pw_swipe_init(&s, &all_edges);
	ev(&s, PW_SWIPE_DOWN, 100, 0, 120, 2);
	CHECK(ev(&s, PW_SWIPE_MOTION, 700, 0, 120, 80) == PW_SWIPE_RELEASE);
	s.held_count = 0;
	ev(&s, PW_SWIPE_UP, 710, 0, 0, 0);

	pw_swipe_init(&s, &all_edges);
	ev(&s, PW_SWIPE_DOWN, 100, 0, 120, 2);
	CHECK(ev(&s, PW_SWIPE_DOWN, 105, 1, 120, 160) == PW_SWIPE_RELEASE);
	CHECK(s.held_count == 3 && s.held[2].type == PW_SWIPE_DOWN && s.held[2].id == 1);
	s.held_count = 0;
	CHECK(ev(&s, PW_SWIPE_MOTION, 110, 0, 120, 80) == PW_SWIPE_PASS);
	CHECK(ev(&s, PW_SWIPE_UP, 120, 0, 0, 0) == PW_SWIPE_PASS);
	CHECK(s.state == PW_SWIPE_PASSING);
	CHECK(ev(&s, PW_SWIPE_UP, 130, 1, 0, 0) == PW_SWIPE_PASS);
	CHECK(s.state == PW_SWIPE_IDLE);

	/* The timer's expiry while the finger holds still at the edge. */
	pw_swipe_init(&s, &all_edges);
	ev(&s, PW_SWIPE_DOWN, 100, 0, 120, 318);
	CHECK(pw_swipe_expire(&s) && s.held_count == 2);
	s.held_count = 0;
	CHECK(!pw_swipe_expire(&s));
	CHECK(ev(&s, PW_SWIPE_UP, 900, 0, 0, 0) == PW_SWIPE_PASS);

	struct pw_swipe_params sides = all_edges;
	sides.edges = 1u << PW_SWIPE_LEFT | 1u << PW_SWIPE_RIGHT;
	pw_swipe_init(&s, &sides);
	CHECK(ev(&s, PW_SWIPE_DOWN, 100, 0, 120, 2) == PW_SWIPE_PASS);
	CHECK(ev(&s, PW_SWIPE_MOTION, 110, 0, 120, 80) == PW_SWIPE_PASS);
	ev(&s, PW_SWIPE_UP, 120, 0, 0, 0);
	CHECK(ev(&s, PW_SWIPE_DOWN, 200, 0, 239, 100) == PW_SWIPE_HOLD);
	CHECK(ev(&s, PW_SWIPE_MOTION, 210, 0, 239, 100) == PW_SWIPE_HOLD);
	ev(&s, PW_SWIPE_CANCEL, 0, 0, 0, 0);

	/* A dark display (no size): no swipe starts. */
	pw_swipe_init(&s, &all_edges);
	struct pw_swipe_event down = {PW_SWIPE_DOWN, 100, 0, 120, 2};
	CHECK(pw_swipe_feed(&s, &down, 0, 0) == PW_SWIPE_PASS);
}

/* A cancel: of a pending swipe, nothing was sent (dropped); of a passing touch, it passes. */
static void
test_cancel(void)
{
	struct pw_swipe s;
	pw_swipe_init(&s, &all_edges);
	ev(&s, PW_SWIPE_DOWN, 100, 0, 120, 2);
	CHECK(ev(&s, PW_SWIPE_CANCEL, 0, 0, 0, 0) == PW_SWIPE_DROP);
	CHECK(s.state == PW_SWIPE_IDLE && s.held_count == 0);
	ev(&s, PW_SWIPE_DOWN, 100, 0, 120, 160);
	CHECK(ev(&s, PW_SWIPE_CANCEL, 0, 0, 0, 0) == PW_SWIPE_PASS);
	CHECK(s.state == PW_SWIPE_IDLE);
	ev(&s, PW_SWIPE_DOWN, 100, 0, 120, 2);
	ev(&s, PW_SWIPE_MOTION, 100, 0, 120, 90);
	CHECK(s.state == PW_SWIPE_SWIPED);
	s.held_count = 0;
	CHECK(ev(&s, PW_SWIPE_CANCEL, 0, 0, 0, 0) == PW_SWIPE_DROP);
	CHECK(s.state == PW_SWIPE_IDLE);
}

/* A refused swipe (a locked session) hands its events over; a long wiggle is no swipe. */
static void
test_refused_and_full(void)
{
	struct pw_swipe s;
	pw_swipe_init(&s, &all_edges);
	ev(&s, PW_SWIPE_DOWN, 100, 0, 2, 100);
	CHECK(ev(&s, PW_SWIPE_MOTION, 110, 0, 60, 100) == PW_SWIPE_FIRE);
	pw_swipe_refused(&s);
	CHECK(s.held_count == 3 && s.held[2].type == PW_SWIPE_MOTION);
	s.held_count = 0;
	CHECK(ev(&s, PW_SWIPE_UP, 120, 0, 0, 0) == PW_SWIPE_PASS);
	CHECK(s.state == PW_SWIPE_IDLE);

	pw_swipe_init(&s, &all_edges);
	ev(&s, PW_SWIPE_DOWN, 100, 0, 2, 100);
	enum pw_swipe_verdict v = PW_SWIPE_HOLD;
	int n = 0;
	for (; n < 100 && v == PW_SWIPE_HOLD; n++) {
		struct pw_swipe_event m = {PW_SWIPE_MOTION, 101, 0, 2 + n % 2, 100};
		v = pw_swipe_feed(&s, &m, W, H);
	}
	CHECK(v == PW_SWIPE_RELEASE && s.held_count == PW_SWIPE_HELD);
	CHECK(s.held[0].type == PW_SWIPE_DOWN);
}

int
main(void)
{
	test_edges();
	test_tap();
	test_not_swipes();
	test_cancel();
	test_refused_and_full();
	return check_summary();
}

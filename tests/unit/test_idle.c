/*
 * The idle tracker (compositor/core/idle.c) on an event loop of its own: watches of many
 * timeouts fire once each, no sooner than due and in due order; removed ones never; input
 * resumes only those that fired; a hold fires nothing and counts from its release; and once
 * every watch has fired the loop has nothing armed. Real CLOCK_MONOTONIC times.
 */
#include <poll.h>
#include <stdint.h>
#include <stdlib.h>
#include <wayland-server-core.h>

#include "clock.h"
#include "idle.h"

#include "check.h"

#define N 300
#define MS 1000000LL

struct probe {
	struct pw_idle_watch watch;
	int fired, resumed;
	int64_t added_ns, after_ns, fired_ns; /* the add between the first two */
	int order;
};

static int fire_count;

static void
handle_idle(struct pw_idle_watch *watch)
{
	struct probe *p = wl_container_of(watch, p, watch);
	p->fired++;
	p->fired_ns = pw_now_ns();
	p->order = fire_count++;
}

static void
handle_resumed(struct pw_idle_watch *watch)
{
	struct probe *p = wl_container_of(watch, p, watch);
	p->resumed++;
}

static void
add(struct pw_idle *idle, struct probe *p, int64_t timeout_ms)
{
	*p = (struct probe){.watch = {.timeout_ms = timeout_ms,
				    .idle = handle_idle,
				    .resumed = handle_resumed}};
	p->added_ns = pw_now_ns();
	CHECK(pw_idle_add(idle, &p->watch));
	p->after_ns = pw_now_ns();
}

/* Dispatches for `ms` milliseconds of wall time. */
static void
run_for(struct wl_event_loop *loop, int ms)
{
	int64_t end = pw_now_ns() + ms * MS;
	for (int64_t now = pw_now_ns(); now < end; now = pw_now_ns()) {
		wl_event_loop_dispatch(loop, (int)((end - now) / MS) + 1);
	}
}

/* Whether the loop's fd becomes readable within `ms`: something is armed. */
static bool
armed_within(struct wl_event_loop *loop, int ms)
{
	struct pollfd pfd = {.fd = wl_event_loop_get_fd(loop), .events = POLLIN};
	return poll(&pfd, 1, ms) > 0;
}

int
main(void)
{
	struct wl_event_loop *loop = wl_event_loop_create();
	struct pw_idle *idle = pw_idle_create(loop);
	static struct probe p[N];

	/* Timeouts 1..61 ms in a shuffled order; every third removed before it can fire. */
	for (int i = 0; i < N; i++) {
		add(idle, &p[i], 1 + (i * i) % 61);
	}
	for (int i = 0; i < N; i += 3) {
		pw_idle_remove(idle, &p[i].watch);
	}
	run_for(loop, 150);
	int early = 0, twice = 0, removed_fired = 0, misordered = 0;
	for (int i = 0; i < N; i++) {
		if (i % 3 == 0) {
			removed_fired += p[i].fired;
			continue;
		}
		twice += p[i].fired != 1;
		early += p[i].fired_ns < p[i].added_ns + p[i].watch.timeout_ms * MS;
		for (int j = 0; j < N; j++) {
			/* one surely due earlier fires first (an add may be preempted: due times)
			 */
			if (j % 3 &&
				p[j].after_ns + p[j].watch.timeout_ms * MS <
					p[i].added_ns + p[i].watch.timeout_ms * MS &&
				p[j].order > p[i].order) {
				misordered++;
			}
		}
	}
	CHECK(twice == 0);
	CHECK(early == 0);
	CHECK(removed_fired == 0);
	CHECK(misordered == 0);
	CHECK(!armed_within(loop, 100)); /* all fired: nothing wakes the loop */

	/* Input resumes the fired ones once; the removed ones hear nothing. */
	pw_idle_activity(idle);
	pw_idle_activity(idle);
	int resumed = 0, removed_resumed = 0;
	for (int i = 0; i < N; i++) {
		if (i % 3 == 0) {
			removed_resumed += p[i].resumed;
		} else {
			resumed += p[i].resumed == 1;
		}
	}
	CHECK(resumed == N - (N + 2) / 3);
	CHECK(removed_resumed == 0);
	for (int i = 1; i < N; i += 3) {
		pw_idle_remove(idle, &p[i].watch);
	}
	for (int i = 2; i < N; i += 3) {
		pw_idle_remove(idle, &p[i].watch);
	}

	/* Held: nothing fires and nothing is armed; released: due a timeout after the release. */
	struct probe a, b;
	add(idle, &a, 20);
	add(idle, &b, 40);
	pw_idle_set_inhibited(idle, true);
	CHECK(pw_idle_inhibited(idle));
	CHECK(!armed_within(loop, 80));
	run_for(loop, 10);
	CHECK(a.fired == 0 && b.fired == 0);
	int64_t released = pw_now_ns();
	pw_idle_set_inhibited(idle, false);
	run_for(loop, 100);
	CHECK(a.fired == 1 && b.fired == 1);
	CHECK(a.fired_ns >= released + 20 * MS && b.fired_ns >= released + 40 * MS);
	CHECK(a.order < b.order);

	/* A shorter timeout by pw_idle_update fires sooner; set_fired fires nothing and waits
	 * for input. */
	pw_idle_activity(idle);
	a.watch.timeout_ms = 1000;
	pw_idle_update(idle, &a.watch);
	b.watch.timeout_ms = 5;
	pw_idle_update(idle, &b.watch);
	pw_idle_set_fired(idle, &a.watch);
	run_for(loop, 50);
	CHECK(a.fired == 1 && b.fired == 2);
	pw_idle_activity(idle);
	CHECK(a.resumed == 2 && b.resumed == 2);
	pw_idle_remove(idle, &a.watch);
	pw_idle_remove(idle, &b.watch);
	CHECK(!armed_within(loop, 20));

	pw_idle_destroy(idle);
	wl_event_loop_destroy(loop);
	return check_summary();
}

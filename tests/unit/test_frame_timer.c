/*
 * The frame timer of headless and fbdev (backends/frame_timer.h): the refresh grid, a frame
 * done at once when its tick has passed, and an armed timerfd that ends the frame when the
 * event loop reads it. Real CLOCK_MONOTONIC times; no display.
 */
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>
#include <wayland-server-core.h>

#include "frame_timer.h"

#include "check.h"

#define MS 1000000LL

struct done_log {
	int count;
	struct timespec when;
};

static void
handle_done(void *data, const struct timespec *when)
{
	struct done_log *log = data;
	log->count++;
	log->when = *when;
}

static int64_t
ts_ns(const struct timespec *ts)
{
	return (int64_t)ts->tv_sec * 1000000000 + ts->tv_nsec;
}

static struct timespec
ns_ts(int64_t ns)
{
	return (struct timespec){.tv_sec = ns / 1000000000, .tv_nsec = ns % 1000000000};
}

static int64_t
now_ns(void)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return ts_ns(&now);
}

static bool
readable(int fd, int timeout_ms)
{
	struct pollfd p = {.fd = fd, .events = POLLIN};
	return poll(&p, 1, timeout_ms) == 1 && (p.revents & POLLIN);
}

/* schedule() only computes; `done` is never called from it. */
static void
test_grid(struct wl_event_loop *loop)
{
	struct done_log log = {0};
	int64_t period = 16 * MS;
	struct pw_frame_timer *t = pw_frame_timer_create(loop, period, "test", handle_done, &log);
	CHECK(t != NULL);
	int64_t t0 = 1000 * 1000 * MS; /* 1000 s */

	/* The first frame: one period after the present. */
	struct timespec now = ns_ts(t0);
	struct timespec tick = pw_frame_timer_schedule(t, &now);
	CHECK(ts_ns(&tick) == t0 + period);
	CHECK(pw_frame_timer_fd(t) == -1); /* nothing armed by a present */

	/* Before that tick: the frame lands on it... */
	now = ns_ts(t0 + period - 1);
	tick = pw_frame_timer_schedule(t, &now);
	CHECK(ts_ns(&tick) == t0 + 2 * period);
	/* ...exactly on a tick: the next one, on the same grid. */
	now = ns_ts(t0 + 2 * period);
	tick = pw_frame_timer_schedule(t, &now);
	CHECK(ts_ns(&tick) == t0 + 3 * period);
	/* Periods late: the first tick after now, still on the grid. */
	now = ns_ts(t0 + 7 * period + 5 * MS);
	tick = pw_frame_timer_schedule(t, &now);
	CHECK(ts_ns(&tick) == t0 + 8 * period);
	/* More than 1000 periods idle: a new grid starts at the present. */
	int64_t idle = t0 + 8 * period + 1001 * period + 3 * MS;
	now = ns_ts(idle);
	tick = pw_frame_timer_schedule(t, &now);
	CHECK(ts_ns(&tick) == idle + period);
	/* Exactly 1000 periods back is still the old grid. */
	now = ns_ts(idle + period + 1000 * period);
	tick = pw_frame_timer_schedule(t, &now);
	CHECK(ts_ns(&tick) == idle + 1002 * period);
	CHECK(tick.tv_nsec >= 0 && tick.tv_nsec < 1000000000);

	CHECK(log.count == 0);
	pw_frame_timer_destroy(t);
}

/* Periods late within a second, from a tick that is not on a whole second: the grid and a
 * carry into the seconds, as the division gave them before (frame_timer.c adds instead). */
static void
test_grid_carry(struct wl_event_loop *loop)
{
	struct done_log log = {0};
	int64_t period = 16666667; /* 60 Hz */
	struct pw_frame_timer *t = pw_frame_timer_create(loop, period, "test", handle_done, &log);
	int64_t t0 = 1000 * 1000 * MS + 900 * MS;
	struct timespec now = ns_ts(t0);
	struct timespec tick = pw_frame_timer_schedule(t, &now);
	for (int late = 0; late < 59; late += 7) {
		int64_t last = ts_ns(&tick);
		now = ns_ts(last + late * period + 1);
		tick = pw_frame_timer_schedule(t, &now);
		CHECK(ts_ns(&tick) == last + (late + 1) * period);
		CHECK(tick.tv_nsec >= 0 && tick.tv_nsec < 1000000000);
	}
	CHECK(log.count == 0);
	pw_frame_timer_destroy(t);
}

/* want() after the tick: done at once with the tick's time, and nothing is armed. */
static void
test_want_after_tick(struct wl_event_loop *loop)
{
	struct done_log log = {0};
	int64_t period = 1 * MS;
	struct pw_frame_timer *t = pw_frame_timer_create(loop, period, "test", handle_done, &log);
	struct timespec now = ns_ts(now_ns() - 5 * MS);
	struct timespec tick = pw_frame_timer_schedule(t, &now);
	CHECK(ts_ns(&tick) < now_ns());
	pw_frame_timer_want(t);
	CHECK(log.count == 1);
	CHECK(ts_ns(&log.when) == ts_ns(&tick));
	CHECK(pw_frame_timer_fd(t) == -1);
	/* Once done, want() does nothing. */
	pw_frame_timer_want(t);
	CHECK(log.count == 1);
	pw_frame_timer_destroy(t);
}

/*
 * want() before the tick arms the timerfd; it turns readable after the tick, and the loop ends
 * the frame with the tick's time.
 */
static void
test_want_before_tick(struct wl_event_loop *loop)
{
	struct done_log log = {0};
	int64_t period = 100 * MS; /* time enough to arm under a sanitizer or valgrind */
	struct pw_frame_timer *t = pw_frame_timer_create(loop, period, "test", handle_done, &log);
	int fd = pw_frame_timer_fd(t);
	CHECK(fd == -1); /* nothing pending */
	pw_frame_timer_want(t);
	CHECK(log.count == 0 && pw_frame_timer_fd(t) == -1);

	struct timespec now = ns_ts(now_ns());
	struct timespec tick = pw_frame_timer_schedule(t, &now);
	pw_frame_timer_want(t);
	fd = pw_frame_timer_fd(t);
	CHECK(log.count == 0);
	CHECK(fd >= 0);
	CHECK(!readable(fd, 0));
	/* A second want() while armed keeps the same timer. */
	pw_frame_timer_want(t);
	CHECK(log.count == 0 && pw_frame_timer_fd(t) == fd);

	CHECK(readable(fd, 1000));
	CHECK(now_ns() >= ts_ns(&tick));
	CHECK(log.count == 0); /* until the loop reads it */
	wl_event_loop_dispatch(loop, 0);
	CHECK(log.count == 1);
	CHECK(ts_ns(&log.when) == ts_ns(&tick));
	CHECK(pw_frame_timer_fd(t) == -1);
	pw_frame_timer_destroy(t);
}

/*
 * want() after the tick while the timer is armed (the commit read before the timer in one
 * wakeup): done at once, and the timer is disarmed so it cannot end the next frame.
 */
static void
test_done_early_disarms(struct wl_event_loop *loop)
{
	struct done_log log = {0};
	int64_t period = 100 * MS;
	struct pw_frame_timer *t = pw_frame_timer_create(loop, period, "test", handle_done, &log);
	struct timespec now = ns_ts(now_ns());
	struct timespec tick = pw_frame_timer_schedule(t, &now);
	pw_frame_timer_want(t);
	int fd = pw_frame_timer_fd(t);
	CHECK(fd >= 0);
	CHECK(readable(fd, 1000));
	pw_frame_timer_want(t);
	CHECK(log.count == 1 && ts_ns(&log.when) == ts_ns(&tick));
	CHECK(pw_frame_timer_fd(t) == -1);

	/* The next frame: the disarmed timer does not end it, an armed one does. */
	now = ns_ts(now_ns());
	struct timespec next = pw_frame_timer_schedule(t, &now);
	CHECK(ts_ns(&next) > ts_ns(&tick));
	wl_event_loop_dispatch(loop, 0);
	CHECK(log.count == 1);
	pw_frame_timer_want(t);
	CHECK(pw_frame_timer_fd(t) >= 0);
	CHECK(wl_event_loop_dispatch(loop, 1000) >= 0);
	CHECK(log.count == 2 && ts_ns(&log.when) == ts_ns(&next));
	pw_frame_timer_destroy(t);
}

/* schedule_at(): the frame is on screen already (a vsync wait): done by the timer at once. */
static void
test_schedule_at(struct wl_event_loop *loop)
{
	struct done_log log = {0};
	int64_t period = 16 * MS;
	struct pw_frame_timer *t = pw_frame_timer_create(loop, period, "test", handle_done, &log);
	struct timespec now = ns_ts(now_ns());
	CHECK(pw_frame_timer_schedule_at(t, &now));
	int fd = pw_frame_timer_fd(t);
	CHECK(fd >= 0);
	CHECK(readable(fd, 1000));
	wl_event_loop_dispatch(loop, 0);
	CHECK(log.count == 1 && ts_ns(&log.when) == ts_ns(&now));
	/* It anchors the grid. */
	struct timespec later = ns_ts(ts_ns(&now) + period + 1);
	struct timespec tick = pw_frame_timer_schedule(t, &later);
	CHECK(ts_ns(&tick) == ts_ns(&now) + 2 * period);
	pw_frame_timer_destroy(t);
}

int
main(void)
{
	struct wl_event_loop *loop = wl_event_loop_create();
	CHECK(loop != NULL);
	pw_frame_timer_destroy(NULL);
	test_grid(loop);
	test_grid_carry(loop);
	test_want_after_tick(loop);
	test_want_before_tick(loop);
	test_done_early_disarms(loop);
	test_schedule_at(loop);
	wl_event_loop_destroy(loop);
	return check_summary();
}

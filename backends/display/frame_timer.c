#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/timerfd.h>
#include <unistd.h>

#include "clock.h"
#include "frame_timer.h"
#include "log.h"

struct pw_frame_timer {
	const char *name;
	int64_t period_ns;
	pw_frame_timer_done_func done;
	void *data;
	int fd;
	struct wl_event_source *source;
	struct timespec next_vblank; /* the tick the pending (or last) frame lands on */
	bool pending;
	bool wanted; /* the pending frame is to be done at its tick: the core waits for it */
	bool at_once; /* ... and it is on screen already (schedule_at): never done inside want */
	bool armed; /* the timerfd will fire for the pending frame */
	bool driven; /* the main loop wakes for the tick instead of the timerfd */
};

static void
disarm(struct pw_frame_timer *timer)
{
	if (timer->armed) {
		struct itimerspec off = {{0, 0}, {0, 0}};
		timerfd_settime(timer->fd, 0, &off, NULL);
		timer->armed = false;
	}
}

static bool
arm(struct pw_frame_timer *timer)
{
	struct itimerspec spec = {.it_value = timer->next_vblank};
	if (timerfd_settime(timer->fd, TFD_TIMER_ABSTIME, &spec, NULL) < 0) {
		pw_log_error("%s: timerfd_settime: %s\n", timer->name, strerror(errno));
		return false;
	}
	timer->armed = true;
	return true;
}

static void
finish(struct pw_frame_timer *timer)
{
	if (!timer->pending) {
		return;
	}
	timer->pending = false;
	timer->wanted = false;
	timer->at_once = false;
	/* Done early (the core asked after the tick): the timer must not end the next frame. */
	disarm(timer);
	/* A copy: `done` may schedule the next frame, which moves next_vblank. */
	struct timespec when = timer->next_vblank;
	timer->done(timer->data, &when);
}

static int
handle_timer(int fd, uint32_t mask, void *data)
{
	struct pw_frame_timer *timer = data;
	uint64_t expirations;
	if (read(fd, &expirations, sizeof(expirations)) < 0) {
		if (errno != EAGAIN) {
			pw_log_error("%s: timer read: %s\n", timer->name, strerror(errno));
		}
		return 0; /* disarmed after epoll saw it: the frame was done early */
	}
	timer->armed = false;
	finish(timer);
	return 0;
}

struct pw_frame_timer *
pw_frame_timer_create(struct wl_event_loop *loop, int64_t period_ns, const char *name,
	pw_frame_timer_done_func done, void *data)
{
	struct pw_frame_timer *timer = calloc(1, sizeof(*timer));
	if (!timer) {
		pw_log_error("%s: out of memory\n", name);
		return NULL;
	}
	timer->name = name;
	timer->period_ns = period_ns;
	timer->done = done;
	timer->data = data;
	timer->fd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
	if (timer->fd < 0) {
		pw_log_error("%s: timerfd_create: %s\n", name, strerror(errno));
		goto err;
	}
	timer->source =
		wl_event_loop_add_fd(loop, timer->fd, WL_EVENT_READABLE, handle_timer, timer);
	if (!timer->source) {
		pw_log_error("%s: cannot add the timer to the event loop\n", name);
		goto err;
	}
	return timer;

err:
	pw_frame_timer_destroy(timer);
	return NULL;
}

void
pw_frame_timer_destroy(struct pw_frame_timer *timer)
{
	if (!timer) {
		return;
	}
	if (timer->source) {
		wl_event_source_remove(timer->source);
	}
	if (timer->fd >= 0) {
		close(timer->fd);
	}
	free(timer);
}

/*
 * The whole periods in `since` (0 to 1023 of them) in ten steps that do not branch on the
 * values: ARMv5 divides in software, in as many steps as the value asks for, and for a client
 * slower than the refresh the timer divides every frame (tests/bench's section arm counts
 * picowl's instructions per frame, which then repeat exactly).
 */
static int64_t
whole_periods(int64_t since, int64_t period)
{
	int64_t k = 0;
	for (int bit = 512; bit > 0; bit >>= 1) {
		int64_t step = bit * period;
		int64_t fits = -(int64_t)(since >= step); /* all ones or zero */
		since -= step & fits;
		k += bit & fits;
	}
	return k;
}

struct timespec
pw_frame_timer_schedule(struct pw_frame_timer *timer, const struct timespec *now)
{
	int64_t now_ns = pw_timespec_ns(now);
	int64_t last = pw_timespec_ns(&timer->next_vblank);
	int64_t period = timer->period_ns, since = now_ns - last;
	if (last == 0 || since > 1000 * period) {
		timer->next_vblank = pw_ns_timespec(now_ns + period);
	} else if (since <= -period) {
		timer->next_vblank = pw_ns_timespec(last + (since / period + 1) * period);
	} else {
		/* the next tick of the grid, with no 64-bit division within a second (clock.h) */
		int64_t ahead =
			since < period ? period : (whole_periods(since, period) + 1) * period;
		timer->next_vblank = ahead < 1000000000
			? pw_timespec_add_ns(&timer->next_vblank, (long)ahead)
			: pw_ns_timespec(last + ahead);
	}
	disarm(timer);
	timer->pending = true;
	timer->wanted = false;
	timer->at_once = false;
	return timer->next_vblank;
}

bool
pw_frame_timer_schedule_at(struct pw_frame_timer *timer, const struct timespec *when)
{
	timer->next_vblank = *when;
	disarm(timer);
	timer->pending = false;
	if (!timer->driven && !arm(timer)) {
		return false;
	}
	timer->pending = true;
	timer->wanted = true;
	timer->at_once = true;
	return true;
}

static bool
tick_passed(const struct pw_frame_timer *timer)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return pw_timespec_ns(&now) >= pw_timespec_ns(&timer->next_vblank);
}

void
pw_frame_timer_want(struct pw_frame_timer *timer)
{
	if (!timer->pending || timer->at_once) {
		return;
	}
	if (tick_passed(timer)) {
		finish(timer);
		return;
	}
	timer->wanted = true;
	if (!timer->driven && !timer->armed && !arm(timer)) {
		finish(timer);
	}
}

void
pw_frame_timer_drive(struct pw_frame_timer *timer, bool on)
{
	timer->driven = on;
	if (on) {
		disarm(timer);
	} else if (timer->pending && timer->wanted && !timer->armed && !arm(timer)) {
		finish(timer);
	}
}

bool
pw_frame_timer_deadline(const struct pw_frame_timer *timer, struct timespec *when)
{
	if (!timer->pending || !timer->wanted) {
		return false;
	}
	*when = timer->next_vblank;
	return true;
}

void
pw_frame_timer_due(struct pw_frame_timer *timer)
{
	if (timer->pending && timer->wanted && tick_passed(timer)) {
		finish(timer);
	}
}

int
pw_frame_timer_fd(const struct pw_frame_timer *timer)
{
	return timer->pending && timer->armed ? timer->fd : -1;
}

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/timerfd.h>
#include <unistd.h>

#include "clock.h"
#include "frame_timer.h"

struct pw_frame_timer {
	const char *name;
	int64_t period_ns;
	pw_frame_timer_done_func done;
	void *data;
	int fd;
	struct wl_event_source *source;
	struct timespec next_vblank; /* the tick the pending (or last) frame lands on */
	bool pending;
	bool armed; /* the timerfd will fire for the pending frame */
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
		fprintf(stderr, "picowl: %s: timerfd_settime: %s\n", timer->name, strerror(errno));
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
			fprintf(stderr, "picowl: %s: timer read: %s\n", timer->name,
				strerror(errno));
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
		fprintf(stderr, "picowl: %s: out of memory\n", name);
		return NULL;
	}
	timer->name = name;
	timer->period_ns = period_ns;
	timer->done = done;
	timer->data = data;
	timer->fd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
	if (timer->fd < 0) {
		fprintf(stderr, "picowl: %s: timerfd_create: %s\n", name, strerror(errno));
		goto err;
	}
	timer->source =
		wl_event_loop_add_fd(loop, timer->fd, WL_EVENT_READABLE, handle_timer, timer);
	if (!timer->source) {
		fprintf(stderr, "picowl: %s: cannot add the timer to the event loop\n", name);
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

struct timespec
pw_frame_timer_schedule(struct pw_frame_timer *timer, const struct timespec *now)
{
	int64_t now_ns = pw_timespec_ns(now);
	int64_t last = pw_timespec_ns(&timer->next_vblank);
	int64_t next;
	if (last == 0 || now_ns - last > 1000 * timer->period_ns) {
		next = now_ns + timer->period_ns;
	} else {
		next = last + ((now_ns - last) / timer->period_ns + 1) * timer->period_ns;
	}
	timer->next_vblank = pw_ns_timespec(next);
	disarm(timer);
	timer->pending = true;
	return timer->next_vblank;
}

bool
pw_frame_timer_schedule_at(struct pw_frame_timer *timer, const struct timespec *when)
{
	timer->next_vblank = *when;
	disarm(timer);
	if (!arm(timer)) {
		return false;
	}
	timer->pending = true;
	return true;
}

void
pw_frame_timer_want(struct pw_frame_timer *timer)
{
	if (!timer->pending) {
		return;
	}
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	if (pw_timespec_ns(&now) >= pw_timespec_ns(&timer->next_vblank)) {
		finish(timer);
		return;
	}
	if (!timer->armed && !arm(timer)) {
		finish(timer);
	}
}

int
pw_frame_timer_fd(const struct pw_frame_timer *timer)
{
	return timer->pending && timer->armed ? timer->fd : -1;
}

/*
 * The frame timer of a display with no vblank event (headless, fbdev without
 * FBIO_WAITFORVSYNC): a presented frame is on screen at the next tick of a refresh grid, and
 * completes lazily. Nothing wakes picowl at that tick unless the core waits for it
 * (pw_frame_timer_want): then the frame is done at once if the tick has passed, else it is
 * done at the tick, by one of two wakeups. Either a timerfd is armed for it (TFD_TIMER_ABSTIME,
 * on CLOCK_MONOTONIC) and the frame is done when the event loop reads it; or the main loop
 * drives the timer (pw_frame_timer_drive): it sleeps until pw_frame_timer_deadline and calls
 * pw_frame_timer_due, which costs no system call (no timerfd_settime, no read). One frame is
 * pending at a time.
 */
#ifndef PW_FRAME_TIMER_H
#define PW_FRAME_TIMER_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>
#include <wayland-server-core.h>

struct pw_frame_timer;

/* The pending frame is on screen at `when` (CLOCK_MONOTONIC): the tick it was scheduled for. */
typedef void (*pw_frame_timer_done_func)(void *data, const struct timespec *when);

/*
 * A timer for a grid of `period_ns` nanoseconds, its timerfd a source on `loop` (removed and
 * closed by destroy). `name` (borrowed, e.g. "headless") prefixes its messages on stderr.
 * NULL after a message when the timerfd cannot be had.
 */
struct pw_frame_timer *pw_frame_timer_create(struct wl_event_loop *loop, int64_t period_ns,
	const char *name, pw_frame_timer_done_func done, void *data);
/* Accepts NULL. Never calls `done`. */
void pw_frame_timer_destroy(struct pw_frame_timer *timer);

/*
 * A frame was presented at `now`: it becomes the pending frame (one still pending is replaced,
 * its timer disarmed), on screen at the first tick of the grid after `now`. The grid is
 * anchored at the tick of the frame before, or starts at `now` when there was none or it lies
 * more than 1000 periods back. Returns that tick. Arms nothing.
 */
struct timespec pw_frame_timer_schedule(struct pw_frame_timer *timer, const struct timespec *now);

/*
 * A frame was presented and is on screen at `when` already (a vsync wait returned): it
 * becomes the pending frame, armed to be done by the timer (or the driving loop) at once,
 * never inside pw_frame_timer_want; `when` anchors the grid from now on. False after a
 * message when the timer could not be armed: the frame is not pending then.
 */
bool pw_frame_timer_schedule_at(struct pw_frame_timer *timer, const struct timespec *when);

/*
 * The core waits for the pending frame (nothing when none is, or it came by schedule_at): it
 * is done now, `done` called before this returns, if its tick has passed (or the timer cannot
 * be armed); else it is done at its tick: by the timerfd, armed now if it is not already, when
 * the loop reads it, or, while the loop drives the timer, by pw_frame_timer_due.
 */
void pw_frame_timer_want(struct pw_frame_timer *timer);

/*
 * The main loop takes the tick's wakeup (`on`), the timerfd disarmed, or gives it back: a
 * frame waited for then arms the timerfd (or is done at once when that fails).
 */
void pw_frame_timer_drive(struct pw_frame_timer *timer, bool on);

/* True with the pending frame's tick when something waits for it (want, schedule_at). */
bool pw_frame_timer_deadline(const struct pw_frame_timer *timer, struct timespec *when);

/* The driving loop woke for the deadline: the frame is done now if its tick has passed. */
void pw_frame_timer_due(struct pw_frame_timer *timer);

/* The timerfd while it is armed for the pending frame, else -1: what run.c may sleep on. */
int pw_frame_timer_fd(const struct pw_frame_timer *timer);

#endif

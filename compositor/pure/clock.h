/*
 * CLOCK_MONOTONIC in the forms picowl uses: nanoseconds for the counters and frame timing,
 * milliseconds for Wayland input event times. Header only: the backends and the core share it.
 */
#ifndef PW_CLOCK_H
#define PW_CLOCK_H

#include <stdint.h>
#include <time.h>

static inline int64_t
pw_timespec_ns(const struct timespec *ts)
{
	return (int64_t)ts->tv_sec * 1000000000 + ts->tv_nsec;
}

static inline struct timespec
pw_ns_timespec(int64_t ns)
{
	return (struct timespec){.tv_sec = (time_t)(ns / 1000000000), .tv_nsec = ns % 1000000000};
}

static inline int64_t
pw_now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return pw_timespec_ns(&ts);
}

/* Wayland's event time: milliseconds, wrapping at 2^32. */
static inline uint32_t
pw_now_msec(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint32_t)((uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000);
}

#endif

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

/* `ms` (not negative) with 32-bit arithmetic only. */
static inline struct timespec
pw_msec_timespec(int ms)
{
	return (struct timespec){.tv_sec = ms / 1000, .tv_nsec = (long)(ms % 1000) * 1000000};
}

static inline int64_t
pw_now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return pw_timespec_ns(&ts);
}

/*
 * `ts` plus `ns` (0 to 999,999,999) with no 64-bit division: ARMv5 has no divide instruction,
 * and libgcc's 64-bit division is dear, the more the value's bits ask for (decision 4.20; the
 * frame timer adds a period every frame).
 */
static inline struct timespec
pw_timespec_add_ns(const struct timespec *ts, long ns)
{
	struct timespec r = {.tv_sec = ts->tv_sec, .tv_nsec = ts->tv_nsec + ns};
	if (r.tv_nsec >= 1000000000) {
		r.tv_sec++;
		r.tv_nsec -= 1000000000;
	}
	return r;
}

/* Wayland's event time: milliseconds, wrapping at 2^32; 32-bit arithmetic only (as above). */
static inline uint32_t
pw_timespec_msec(const struct timespec *ts)
{
	return (uint32_t)ts->tv_sec * 1000u + (uint32_t)ts->tv_nsec / 1000000u;
}

static inline uint32_t
pw_now_msec(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return pw_timespec_msec(&ts);
}

#endif

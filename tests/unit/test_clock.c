/* clock.h: nanoseconds and timespecs both ways, and the two clocks it reads. */
#include <stdint.h>
#include <time.h>

#include "clock.h"

#include "check.h"

static void
test_convert(void)
{
	struct timespec ts = {1, 5};
	CHECK(pw_timespec_ns(&ts) == 1000000005);
	ts = (struct timespec){0, 999999999};
	CHECK(pw_timespec_ns(&ts) == 999999999);
	/* Past 2^32 nanoseconds: the multiplication is in 64 bits (and fits a 32-bit time_t). */
	ts = (struct timespec){2000000000, 1};
	CHECK(pw_timespec_ns(&ts) == INT64_C(2000000000000000001));

	ts = pw_ns_timespec(1500000000);
	CHECK(ts.tv_sec == 1 && ts.tv_nsec == 500000000);
	ts = pw_ns_timespec(0);
	CHECK(ts.tv_sec == 0 && ts.tv_nsec == 0);
	ts = pw_ns_timespec(999999999);
	CHECK(ts.tv_sec == 0 && ts.tv_nsec == 999999999);
	ts = pw_ns_timespec(1000000000);
	CHECK(ts.tv_sec == 1 && ts.tv_nsec == 0);

	static const int64_t values[] = {1, 16666667, 1000000001, INT64_C(86400000000000),
		INT64_C(2000000000000000001)};
	for (size_t i = 0; i < sizeof(values) / sizeof(values[0]); i++) {
		struct timespec t = pw_ns_timespec(values[i]);
		CHECK(t.tv_nsec >= 0 && t.tv_nsec < 1000000000);
		CHECK(pw_timespec_ns(&t) == values[i]);
	}
}

static void
test_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	int64_t before = pw_timespec_ns(&ts);
	int64_t a = pw_now_ns(), b = pw_now_ns();
	uint32_t ms = pw_now_msec();
	clock_gettime(CLOCK_MONOTONIC, &ts);
	int64_t after = pw_timespec_ns(&ts);

	/* CLOCK_MONOTONIC: never backwards, between two readings of it. */
	CHECK(before <= a && a <= b && b <= after);
	/* Milliseconds of the same clock, wrapped at 2^32. */
	uint32_t lo = (uint32_t)((uint64_t)before / 1000000),
		 hi = (uint32_t)((uint64_t)after / 1000000);
	CHECK((uint32_t)(ms - lo) <= (uint32_t)(hi - lo));

	/* A sleep of 20 ms shows in both. */
	struct timespec nap = {0, 20000000};
	int64_t t0 = pw_now_ns();
	uint32_t m0 = pw_now_msec();
	nanosleep(&nap, NULL);
	CHECK(pw_now_ns() - t0 >= 20000000);
	CHECK((uint32_t)(pw_now_msec() - m0) >= 19);
}

int
main(void)
{
	test_convert();
	test_now();
	return check_summary();
}

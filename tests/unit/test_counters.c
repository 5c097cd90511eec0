/* The counters: stages, aggregates, the fixed-cost fit and both dumps, on synthetic frames. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "counters_report.h"

#include "check.h"

#define MS 1000000LL

static bool
near(double a, double b)
{
	return a - b < 1e-6 && b - a < 1e-6;
}

static char *
dump(struct pw_counters *c, bool json)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	pw_counters_report_dump(c, f, json);
	fclose(f);
	return buf;
}

/* Frame i: 2 commits of surface 7, bytes = 1000 * (i % 5 + 1), picowl time 1 ms + 1 ns/byte. */
static void
feed(struct pw_counters *c, int frames)
{
	int64_t t = 1000 * MS;
	int sampled = 0;
	for (int i = 1; i <= frames; i++) {
		uint32_t bytes = 1000u * (uint32_t)(i % 5 + 1);
		pw_counters_commit(c, 7, t);
		pw_counters_commit(c, 7, t + 1 * MS);
		pw_counters_frame_begin(c, (uint32_t)i, t + 2 * MS);
		pw_counters_frame_rendered(c, t + 2 * MS + 500000, PW_PATH_COMPOSITE);
		pw_counters_frame_submitted(c, t + 3 * MS + bytes, bytes / 2, bytes, 0, 250000);
		pw_counters_frame_done(c, t + 10 * MS);
		/* One voluntary switch a frame, sampled every 4th frame and at the first. */
		if (i % 4 == 0 || pw_counters_switches_wanted(c)) {
			pw_counters_switches(c, (uint32_t)(i - sampled), 0);
			sampled = i;
		}
		t += 16 * MS;
	}
}

int
main(void)
{
	struct pw_counters *c = pw_counters_create(64, 128);
	CHECK(c != NULL);
	pw_counters_name_surface(c, 7, "doom");
	feed(c, 50);

	struct pw_stat render = pw_counters_report_stage(c, PW_STAGE_RENDER);
	CHECK(render.count == 50);
	CHECK(near(render.min, 0.5) && near(render.max, 0.5) && near(render.median, 0.5));
	struct pw_stat queue = pw_counters_report_stage(c, PW_STAGE_QUEUE);
	CHECK(queue.count == 100);
	CHECK(near(queue.min, 1.0) && near(queue.max, 2.0));
	struct pw_stat total = pw_counters_report_stage(c, PW_STAGE_TOTAL);
	CHECK(near(total.min, 9.0) && near(total.max, 10.0));
	struct pw_stat picowl = pw_counters_report_stage(c, PW_STAGE_PICOWL);
	CHECK(near(picowl.min, 1.001) && near(picowl.max, 1.005));

	char *text = dump(c, false);
	CHECK(strstr(text, "50 frames, 100 commits") != NULL);
	CHECK(strstr(text, "paths: composite 50, direct 0") != NULL);
	/* 1 ms fixed + 1 ns per byte, recovered exactly from frames of five sizes. */
	CHECK(strstr(text, "1.000 ms fixed per commit + 1.000 ns per byte") != NULL);
	CHECK(strstr(text, "1.00 voluntary") != NULL);
	CHECK(strstr(text, "doom") != NULL);
	free(text);
	char *json = dump(c, true);
	CHECK(strstr(json, "\"fixed_ms_per_commit\": 1.000000") != NULL);
	CHECK(strstr(json, "\"frames\": [") != NULL && strstr(json, "\"seq\": 50") != NULL);
	free(json);

	/* The rings keep the last frames only; a reset empties them. */
	feed(c, 200);
	CHECK(pw_counters_report_stage(c, PW_STAGE_RENDER).count <= 64);
	/* The frames before the first sample in the ring count neither switches nor frames. */
	text = dump(c, false);
	CHECK(strstr(text, "1.00 voluntary") != NULL);
	free(text);
	pw_counters_reset(c);
	CHECK(pw_counters_report_stage(c, PW_STAGE_RENDER).count == 0);
	text = dump(c, false);
	CHECK(strstr(text, "0 frames") != NULL);
	CHECK(strstr(text, "needs frames of three sizes or more, or frames without damage") !=
		NULL);
	free(text);
	pw_counters_destroy(c);
	return check_summary();
}

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

/* A frame begun at `begin` ms that moved `rows` rows, on screen at `done` ms (0: not yet). */
static void
frame_at(struct pw_counters *c, uint32_t seq, int64_t begin, uint32_t rows, int64_t done)
{
	pw_counters_frame_begin(c, seq, begin * MS);
	pw_counters_frame_rendered(c, begin * MS + 1, PW_PATH_COMPOSITE);
	pw_counters_frame_submitted(c, begin * MS + 2, rows, rows * 480, 0, 1);
	if (done) {
		pw_counters_frame_done(c, done * MS);
	}
}

/* Touch to photon: each event's effect, its attribution, and the events it cannot claim. */
static void
test_touch(void)
{
	struct pw_counters *c = pw_counters_create(64, 128);
	CHECK(c != NULL);
	pw_counters_name_surface(c, 7, "paint");
	/* A down, the client draws: the frame of its commit is on screen 20 ms after the touch. */
	pw_counters_touch(c, 7, 100 * MS);
	pw_counters_commit(c, 7, 103 * MS);
	frame_at(c, 1, 110, 10, 120);
	/* Two motions before the client drew: the newest owns the frame, the older shows none. */
	pw_counters_touch(c, 7, 130 * MS);
	pw_counters_touch(c, 7, 135 * MS);
	pw_counters_commit(c, 7, 140 * MS);
	frame_at(c, 2, 145, 10, 150);
	/* A touch no surface takes (picowl's: an edge), shown by picowl's own drawing. */
	pw_counters_touch(c, 0, 200 * MS);
	frame_at(c, 3, 205, 5, 212);
	/* Another client's commit is not the touched one's effect; picowl's drawing after is. */
	pw_counters_touch(c, 7, 300 * MS);
	pw_counters_commit(c, 9, 301 * MS);
	frame_at(c, 4, 305, 4, 310);
	frame_at(c, 5, 320, 3, 330);
	/* A commit more than a second later is not the touch's; nor one not yet on screen. */
	pw_counters_touch(c, 7, 2000 * MS);
	pw_counters_commit(c, 7, 3100 * MS);
	frame_at(c, 6, 3105, 10, 3110);
	pw_counters_touch(c, 7, 4000 * MS);
	pw_counters_commit(c, 7, 4001 * MS);
	frame_at(c, 7, 4002, 10, 0);
	/* An up; picowl draws for the next touch (elsewhere): that drawing is not the up's. */
	pw_counters_touch(c, 7, 4500 * MS);
	pw_counters_touch(c, 0, 4600 * MS);
	frame_at(c, 8, 4610, 10, 4620);
	/* picowl's drawing begun 200 ms after a touch answers something else (a key). */
	pw_counters_touch(c, 7, 4700 * MS);
	frame_at(c, 9, 4900, 10, 4910);

	struct pw_stat st = pw_counters_report_stage(c, PW_STAGE_TOUCH);
	CHECK(st.count == 5);
	CHECK(near(st.min, 12) && near(st.max, 30) && near(st.median, 20));
	CHECK(strcmp(pw_counters_stage_name(PW_STAGE_TOUCH), "touch->on screen") == 0);
	char *text = dump(c, false);
	CHECK(strstr(text, "touch->on screen") != NULL);
	CHECK(strstr(text,
		      "touch: 10 events (the last 256 are kept), 5 with their effect on "
		      "screen within 1000 ms") != NULL);
	free(text);
	char *json = dump(c, true);
	CHECK(strstr(json, "\"touch->on screen\": {\"count\": 5, \"min\": 12.000000") != NULL);
	CHECK(strstr(json, "\"surface\": 7, \"name\": \"paint\", \"on_screen_ms\": 20.000000") !=
		NULL);
	CHECK(strstr(json, "\"surface\": 0, \"name\": \"\", \"on_screen_ms\": 12.000000") != NULL);
	CHECK(strstr(json, "\"on_screen_ms\": null") != NULL);
	free(json);

	/* The ring keeps the last 256 events; one older than the commits kept claims nothing. */
	for (int i = 0; i < 300; i++) {
		pw_counters_touch(c, 7, (5000 + i) * MS);
	}
	text = dump(c, false);
	CHECK(strstr(text, "touch: 256 events") != NULL);
	free(text);
	for (int i = 0; i < 200; i++) {
		pw_counters_commit(c, 7, (6000 + i) * MS);
	}
	frame_at(c, 10, 6300, 10, 6310);
	CHECK(pw_counters_report_stage(c, PW_STAGE_TOUCH).count == 0);
	pw_counters_reset(c);
	text = dump(c, false);
	CHECK(strstr(text, "touch: 0 events") != NULL);
	free(text);
	pw_counters_destroy(c);
}

int
main(void)
{
	test_touch();
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

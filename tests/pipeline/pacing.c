/*
 * The pacing test's client (decision 4.97): maps a toplevel, then sends commits without
 * waiting for anything, each with a wp_presentation feedback.
 *
 *   pacing fifo       three commits in a row: the first sets a fifo barrier, the next two
 *                     wait for the one before and set their own
 *   pacing timestamp  a commit for DELAY_MS from now, then one without a time
 *
 * Prints "target NS" (timestamp: the time asked, CLOCK_MONOTONIC) and one line per feedback,
 * in the commits' order: "presented NS" or "discarded". Exits 0 once all were answered.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "client.h"
#include "client_shm.h"
#include "client_toplevel.h"
#include "commit-timing-v1-client-protocol.h"
#include "fifo-v1-client-protocol.h"
#include "presentation-time-client-protocol.h"
#include "test_client.h"

#define TIMEOUT_MS 5000
#define DELAY_MS 200
#define COMMITS 3

struct app {
	struct pw_client tc;
	struct wp_presentation *presentation;
	struct wp_fifo_manager_v1 *fifo_manager;
	struct wp_commit_timing_manager_v1 *timing_manager;
	int64_t result[COMMITS]; /* presented time, -1 discarded, 0 not yet */
	struct wl_buffer *buffers[COMMITS];
};

static void
handle_sync_output(void *data, struct wp_presentation_feedback *fb, struct wl_output *output)
{
}

static void
handle_presented(void *data, struct wp_presentation_feedback *fb, uint32_t sec_hi, uint32_t sec_lo,
	uint32_t nsec, uint32_t refresh, uint32_t seq_hi, uint32_t seq_lo, uint32_t flags)
{
	int64_t *slot = data;
	*slot = (int64_t)(((uint64_t)sec_hi << 32) | sec_lo) * 1000000000 + nsec;
	wp_presentation_feedback_destroy(fb);
}

static void
handle_discarded(void *data, struct wp_presentation_feedback *fb)
{
	*(int64_t *)data = -1;
	wp_presentation_feedback_destroy(fb);
}

static const struct wp_presentation_feedback_listener feedback_listener = {
	.sync_output = handle_sync_output,
	.presented = handle_presented,
	.discarded = handle_discarded,
};

static void
commit(struct app *app, struct pw_client_toplevel *tl, int i, int w, int h)
{
	static const uint32_t colours[COMMITS] = {0xffc04020u, 0xff2040c0u, 0xff20c040u};
	wp_presentation_feedback_add_listener(wp_presentation_feedback(app->presentation,
						      tl->surface),
		&feedback_listener, &app->result[i]);
	app->buffers[i] = pw_client_solid_buffer(&app->tc, w, h, colours[i]);
	wl_surface_attach(tl->surface, app->buffers[i], 0, 0);
	wl_surface_damage_buffer(tl->surface, 0, 0, w, h);
	wl_surface_commit(tl->surface);
}

static bool
all_answered(struct app *app, int n)
{
	for (int i = 0; i < n; i++) {
		if (app->result[i] == 0) {
			return false;
		}
	}
	return true;
}

int
main(int argc, char **argv)
{
	bool fifo = argc > 1 && strcmp(argv[1], "fifo") == 0;
	struct app app = {0};
	const struct pw_client_global globals[] = {
		{&wp_presentation_interface, 1, (void **)&app.presentation, NULL, NULL},
		{&wp_fifo_manager_v1_interface, 1, (void **)&app.fifo_manager, NULL, NULL},
		{&wp_commit_timing_manager_v1_interface, 1, (void **)&app.timing_manager, NULL,
			NULL},
		{0},
	};
	app.tc = (struct pw_client){.name = "pacing", .globals = globals};
	struct pw_client_versions want = {.compositor = 4, .shm = 1, .output = 3, .wm_base = 1};
	if (!pw_client_connect(&app.tc, &want, TIMEOUT_MS)) {
		return 1;
	}
	struct pw_client_toplevel tl = {0};
	pw_client_toplevel_init(&tl, &app.tc, NULL, "pacing");
	if (!pw_client_toplevel_map(&tl, 0xff000000u, TIMEOUT_MS) || !app.presentation ||
		!app.fifo_manager || !app.timing_manager) {
		fprintf(stderr, "pacing: no map, wp_presentation, wp_fifo or wp_commit_timing\n");
		return 1;
	}
	int w = tl.configured_width > 0 ? tl.configured_width : 64;
	int h = tl.configured_height > 0 ? tl.configured_height : 64;
	int n;
	struct wp_fifo_v1 *f = NULL;
	struct wp_commit_timer_v1 *t = NULL;
	if (fifo) {
		f = wp_fifo_manager_v1_get_fifo(app.fifo_manager, tl.surface);
		for (int i = 0; i < COMMITS; i++) {
			if (i > 0) {
				wp_fifo_v1_wait_barrier(f);
			}
			wp_fifo_v1_set_barrier(f);
			commit(&app, &tl, i, w, h);
		}
		n = COMMITS;
	} else {
		t = wp_commit_timing_manager_v1_get_timer(app.timing_manager, tl.surface);
		int64_t target = test_client_now_ns() + DELAY_MS * 1000000LL;
		printf("target %lld\n", (long long)target);
		int64_t sec = target / 1000000000;
		wp_commit_timer_v1_set_timestamp(t, (uint32_t)(sec >> 32), (uint32_t)sec,
			(uint32_t)(target % 1000000000));
		commit(&app, &tl, 0, w, h);
		commit(&app, &tl, 1, w, h);
		n = 2;
	}
	int64_t deadline = test_client_now_ns() + TIMEOUT_MS * 1000000LL;
	while (!all_answered(&app, n) && test_client_now_ns() < deadline) {
		bool never = false;
		if (pw_client_dispatch_until(&app.tc, &never, 50) < 0) {
			break;
		}
	}
	for (int i = 0; i < n; i++) {
		if (app.result[i] > 0) {
			printf("presented %lld\n", (long long)app.result[i]);
		} else {
			printf("%s\n", app.result[i] < 0 ? "discarded" : "unanswered");
		}
	}
	bool ok = all_answered(&app, n);
	if (f) {
		wp_fifo_v1_destroy(f);
	}
	if (t) {
		wp_commit_timer_v1_destroy(t);
	}
	pw_client_toplevel_finish(&tl);
	for (int i = 0; i < COMMITS; i++) {
		if (app.buffers[i]) {
			wl_buffer_destroy(app.buffers[i]);
		}
	}
	pw_client_disconnect(&app.tc);
	return ok ? 0 : 1;
}

/*
 * The presentation tests' client: maps a toplevel, then shows FRAMES buffers of alternating
 * colours, each commit with a wp_presentation feedback, waiting for its answer before the next.
 *
 *   present [FRAMES [VERSION]]
 *
 * Binds wp_presentation at VERSION (default 1). Prints "clock ID" and "version V" (as bound) once,
 * then one line per feedback: presented SEC NSEC REFRESH_NS SEQ FLAGS SYNC COMMIT_NS RECV_NS (SYNC:
 * how many sync_output events named the client's wl_output; COMMIT_NS and RECV_NS: the client's
 * CLOCK_MONOTONIC before its commit and when the event came), or "discarded". Exits 0 after the
 * last, 1 when something was missing or timed out.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "client.h"
#include "client_shm.h"
#include "client_toplevel.h"
#include "presentation-time-client-protocol.h"
#include "test_client.h"

#define TIMEOUT_MS 5000

struct app {
	struct pw_client tc;
	struct wp_presentation *presentation;
	int clock;
	int sync; /* sync_output events for our wl_output, this feedback */
	bool answered;
	int64_t commit_ns;
};

static void
handle_clock_id(void *data, struct wp_presentation *presentation, uint32_t clk_id)
{
	((struct app *)data)->clock = (int)clk_id;
}

static const struct wp_presentation_listener presentation_listener = {
	.clock_id = handle_clock_id,
};

static void
handle_sync_output(void *data, struct wp_presentation_feedback *fb, struct wl_output *output)
{
	struct app *app = data;
	if (output == app->tc.output) {
		app->sync++;
	}
}

static void
handle_presented(void *data, struct wp_presentation_feedback *fb, uint32_t sec_hi, uint32_t sec_lo,
	uint32_t nsec, uint32_t refresh, uint32_t seq_hi, uint32_t seq_lo, uint32_t flags)
{
	struct app *app = data;
	int64_t recv = test_client_now_ns();
	printf("presented %llu %u %u %llu %u %d %lld %lld\n",
		(unsigned long long)(((uint64_t)sec_hi << 32) | sec_lo), nsec, refresh,
		(unsigned long long)(((uint64_t)seq_hi << 32) | seq_lo), flags, app->sync,
		(long long)app->commit_ns, (long long)recv);
	fflush(stdout);
	app->answered = true;
	wp_presentation_feedback_destroy(fb);
}

static void
handle_discarded(void *data, struct wp_presentation_feedback *fb)
{
	printf("discarded\n");
	fflush(stdout);
	((struct app *)data)->answered = true;
	wp_presentation_feedback_destroy(fb);
}

static const struct wp_presentation_feedback_listener feedback_listener = {
	.sync_output = handle_sync_output,
	.presented = handle_presented,
	.discarded = handle_discarded,
};

int
main(int argc, char **argv)
{
	int frames = argc > 1 ? atoi(argv[1]) : 10;
	uint32_t version = argc > 2 ? (uint32_t)atoi(argv[2]) : 1;
	struct app app = {.clock = -1};
	const struct pw_client_global globals[] = {
		{&wp_presentation_interface, version, (void **)&app.presentation,
			&presentation_listener, &app},
		{0},
	};
	app.tc = (struct pw_client){.name = "present", .globals = globals};
	struct pw_client_versions want = {.compositor = 4, .shm = 1, .output = 3, .wm_base = 1};
	if (!pw_client_connect(&app.tc, &want, TIMEOUT_MS)) {
		return 1;
	}
	struct pw_client_toplevel tl = {0};
	pw_client_toplevel_init(&tl, &app.tc, NULL, "present");
	if (!pw_client_toplevel_wait_configure(&tl, TIMEOUT_MS) ||
		pw_client_roundtrip(&app.tc, TIMEOUT_MS) != 1 || !app.presentation ||
		!app.tc.output) {
		fprintf(stderr, "present: no configure, wp_presentation or wl_output\n");
		return 1;
	}
	printf("clock %d\n", app.clock);
	printf("version %u\n", wp_presentation_get_version(app.presentation));
	int w = tl.configured_width > 0 ? tl.configured_width : 64;
	int h = tl.configured_height > 0 ? tl.configured_height : 64;
	int status = 0;
	for (int i = 0; i < frames && status == 0; i++) {
		struct wp_presentation_feedback *fb =
			wp_presentation_feedback(app.presentation, tl.surface);
		app.sync = 0;
		app.answered = false;
		wp_presentation_feedback_add_listener(fb, &feedback_listener, &app);
		app.commit_ns = test_client_now_ns();
		uint32_t argb = i % 2 ? 0xff2040c0u : 0xffc04020u;
		if (!pw_client_toplevel_show(&tl, pw_client_solid_buffer(&app.tc, w, h, argb),
			    TIMEOUT_MS) ||
			pw_client_dispatch_until(&app.tc, &app.answered, TIMEOUT_MS) != 1) {
			fprintf(stderr, "present: frame %d: no frame callback or feedback\n", i);
			status = 1;
		}
	}
	pw_client_toplevel_finish(&tl);
	pw_client_disconnect(&app.tc);
	return status;
}

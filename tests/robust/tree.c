/*
 * tree: deep subsurface trees against picowl, for tests/robust/test_tree.py and
 * tests/bench/tree.py.
 *
 *   tree good SECONDS
 *       maps a toplevel and prints "mapped", then draws one frame per frame callback for
 *       SECONDS seconds (a small box in a new colour), printing "frame MS" at each callback
 *       (CLOCK_MONOTONIC milliseconds), and "frames N" at the end.
 *   tree chain DEPTH [buffers] [idle SECONDS] [churn SECONDS|frames N [root]] [destroy]
 *       maps a toplevel, prints "mapped" and waits for a line on stdin; then makes a chain of
 *       DEPTH synchronized subsurfaces, each the child of the one before at 1,1 from it (with
 *       `buffers` each has an 8x8 buffer), commits them from the leaf to the root, then the
 *       root, and waits for a round trip: prints "setup DEPTH start MS end MS". With idle,
 *       it then only reads events for SECONDS seconds: prints "idle end MS". With churn,
 *       for SECONDS seconds (or N frames) each frame commits every subsurface again (new
 *       damage) from the leaf up (with `root`, none of them), then the root with a frame
 *       callback, and waits for it: prints "churn frames N start MS end MS". With destroy,
 *       then destroys the chain from the leaf up (subsurface, then surface) and waits for a
 *       round trip: prints "destroyed end MS".
 *
 * Exit status: 0 with the connection still up at the end ("alive"), 2 if picowl answered with
 * a protocol error ("protocol error INTERFACE CODE": a depth limit or the client's memory
 * budget), 1 otherwise (no answer, a lost connection without an error, bad arguments).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "client.h"

#define GREEN 0xff00ff00u
/* Requests between two flushes: libwayland 1.21's client buffer is 4 KiB. */
#define FLUSH_EVERY 16
#define READ_EVERY 1024

struct level {
	struct wl_surface *surface;
	struct wl_subsurface *subsurface;
};

struct app {
	struct pw_client tc;
	struct pw_client_toplevel top;
	struct level *levels;
	int depth;
	struct wl_buffer *buffer; /* shared by every level, with `buffers` */
};

static bool
connect_app(struct app *app, const char *name)
{
	const struct pw_client_versions versions = {.compositor = 4,
		.subcompositor = 1,
		.shm = 1,
		.wm_base = 3};

	app->tc.name = name;
	if (!pw_client_connect(&app->tc, &versions, 5000) || !app->tc.subcompositor) {
		fprintf(stderr, "tree: missing globals or no answer\n");
		return false;
	}
	app->top.width = app->top.height = 64;
	pw_client_toplevel_init(&app->top, &app->tc, name, "picowl-test-tree");
	if (!pw_client_toplevel_map(&app->top, GREEN, 10000)) {
		return false;
	}
	printf("mapped\n");
	fflush(stdout);
	return true;
}

/* Writes all that is queued, reading events meanwhile; false once the connection failed. */
static bool
flush(struct app *app)
{
	while (wl_display_flush(app->tc.display) < 0) {
		if (errno != EAGAIN || pw_client_dispatch_fds(&app->tc, NULL, 0, 1000) < 0) {
			return false;
		}
	}
	return true;
}

static int
good(struct app *app, int seconds)
{
	struct wl_buffer *colours[2] = {pw_client_solid_buffer(&app->tc, app->top.width,
						app->top.height, 0xff0000ffu),
		pw_client_solid_buffer(&app->tc, app->top.width, app->top.height, 0xffff00ffu)};
	int64_t end = pw_client_now_ms() + seconds * 1000;
	long frames = 0;

	int status = colours[0] && colours[1] ? 0 : 1;

	while (status == 0 && pw_client_now_ms() < end) {
		pw_client_toplevel_commit_box(&app->top, colours[frames % 2], 0, 0, 16, 16);
		if (pw_client_dispatch_until(&app->tc, &app->top.frame.done, 5000) != 1) {
			fprintf(stderr, "tree: no frame callback in 5 s\n");
			status = 1;
		}
		frames++;
		printf("frame %lld\n", (long long)pw_client_now_ms());
	}
	printf("frames %ld\n", frames);
	for (int i = 0; i < 2; i++) {
		if (colours[i]) {
			wl_buffer_destroy(colours[i]);
		}
	}
	return status;
}

static void
commit_chain(struct app *app, bool buffers)
{
	for (int i = app->depth - 1; i >= 0; i--) {
		struct wl_surface *s = app->levels[i].surface;
		if (buffers) {
			wl_surface_attach(s, app->buffer, 0, 0);
			wl_surface_damage_buffer(s, 0, 0, 8, 8);
		}
		wl_surface_commit(s);
		if (i % FLUSH_EVERY == 0) {
			flush(app);
		}
	}
}

static bool
setup_chain(struct app *app, bool buffers)
{
	struct wl_surface *parent = app->top.surface;

	app->levels = calloc((size_t)app->depth, sizeof(*app->levels));
	app->buffer = buffers ? pw_client_solid_buffer(&app->tc, 8, 8, 0xffff0000u) : NULL;
	if (!app->levels || (buffers && !app->buffer)) {
		fprintf(stderr, "tree: out of memory\n");
		return false;
	}
	for (int i = 0; i < app->depth; i++) {
		struct level *l = &app->levels[i];
		l->surface = wl_compositor_create_surface(app->tc.compositor);
		l->subsurface =
			wl_subcompositor_get_subsurface(app->tc.subcompositor, l->surface, parent);
		wl_subsurface_set_position(l->subsurface, 1, 1);
		parent = l->surface;
		if (i % FLUSH_EVERY == 0) {
			flush(app);
		}
	}
	commit_chain(app, buffers);
	wl_surface_commit(app->top.surface);
	return pw_client_roundtrip(&app->tc, 60000) == 1;
}

/* Frames of the whole chain until `end` (ms) or `frames` of them, whichever comes first. */
static bool
churn(struct app *app, int64_t end, long frames, bool root_only)
{
	int64_t start = pw_client_now_ms();
	long n = 0;

	while (n < frames && pw_client_now_ms() < end) {
		if (!root_only) {
			commit_chain(app, true);
		}
		pw_client_toplevel_commit_box(&app->top, NULL, 0, 0, 16, 16);
		if (pw_client_dispatch_until(&app->tc, &app->top.frame.done, 10000) != 1) {
			fprintf(stderr, "tree: no frame callback for the chain in 10 s\n");
			return false;
		}
		n++;
	}
	printf("churn frames %ld start %lld end %lld\n", n, (long long)start,
		(long long)pw_client_now_ms());
	return true;
}

static bool
destroy_chain(struct app *app)
{
	for (int i = app->depth - 1; i >= 0; i--) {
		wl_subsurface_destroy(app->levels[i].subsurface);
		wl_surface_destroy(app->levels[i].surface);
		app->levels[i] = (struct level){NULL, NULL};
		/* Each destroy brings a delete_id back: read them before they fill the socket and
		 * libwayland's buffer (picowl then ends a client that does not read, by design). */
		if (i % READ_EVERY == 0 && pw_client_roundtrip(&app->tc, 60000) != 1) {
			return false;
		}
		if (i % FLUSH_EVERY == 0) {
			flush(app);
		}
	}
	if (pw_client_roundtrip(&app->tc, 60000) != 1) {
		return false;
	}
	printf("destroyed end %lld\n", (long long)pw_client_now_ms());
	return true;
}

static int
outcome(struct app *app, bool ok)
{
	const struct wl_interface *iface = NULL;
	int err = wl_display_get_error(app->tc.display);

	if (err == EPROTO) {
		uint32_t id;
		uint32_t code = wl_display_get_protocol_error(app->tc.display, &iface, &id);
		printf("protocol error %s %u\n", iface ? iface->name : "(none)", code);
		return 2;
	}
	if (err || !ok) {
		printf("failed: %s\n", err ? strerror(err) : "no answer");
		return 1;
	}
	printf("alive\n");
	return 0;
}

static int
chain(struct app *app, int argc, char **argv)
{
	bool buffers = false, destroy = false, root_only = false;
	int64_t churn_ms = -1, idle_ms = -1;
	long churn_frames = -1;
	char line[16];

	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "buffers") == 0) {
			buffers = true;
		} else if (strcmp(argv[i], "destroy") == 0) {
			destroy = true;
		} else if (strcmp(argv[i], "root") == 0) {
			root_only = true;
		} else if (strcmp(argv[i], "idle") == 0 && i + 1 < argc) {
			idle_ms = atoi(argv[++i]) * 1000LL;
		} else if (strcmp(argv[i], "churn") == 0 && i + 1 < argc) {
			churn_ms = atoi(argv[++i]) * 1000LL;
		} else if (strcmp(argv[i], "frames") == 0 && i + 1 < argc) {
			churn_frames = atol(argv[++i]);
		} else {
			fprintf(stderr, "tree: unknown option %s\n", argv[i]);
			return 1;
		}
	}
	if (!fgets(line, sizeof(line), stdin)) {
		return 1;
	}
	int64_t start = pw_client_now_ms();
	bool ok = setup_chain(app, buffers);
	if (ok) {
		printf("setup %d start %lld end %lld\n", app->depth, (long long)start,
			(long long)pw_client_now_ms());
		fflush(stdout);
	}
	if (ok && idle_ms >= 0) {
		ok = pw_client_dispatch_until(&app->tc, NULL, (int)idle_ms) == 0;
		printf("idle end %lld\n", (long long)pw_client_now_ms());
	}
	if (ok && buffers && (churn_ms >= 0 || churn_frames >= 0)) {
		ok = churn(app, churn_ms >= 0 ? pw_client_now_ms() + churn_ms : INT64_MAX,
			churn_frames >= 0 ? churn_frames : 1L << 30, root_only);
	}
	if (ok && destroy) {
		ok = destroy_chain(app);
	}
	return outcome(app, ok);
}

static void
app_finish(struct app *app)
{
	for (int i = 0; app->levels && i < app->depth; i++) {
		if (app->levels[i].subsurface) {
			wl_proxy_destroy((struct wl_proxy *)app->levels[i].subsurface);
			wl_proxy_destroy((struct wl_proxy *)app->levels[i].surface);
		}
	}
	free(app->levels);
	if (app->buffer) {
		wl_proxy_destroy((struct wl_proxy *)app->buffer);
	}
	pw_client_toplevel_finish(&app->top);
	pw_client_disconnect(&app->tc);
}

int
main(int argc, char **argv)
{
	struct app app = {0};
	int status = 1;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc >= 3 && strcmp(argv[1], "good") == 0) {
		if (connect_app(&app, "tree-good")) {
			status = good(&app, atoi(argv[2]));
		}
	} else if (argc >= 3 && strcmp(argv[1], "chain") == 0 && atoi(argv[2]) > 0) {
		app.depth = atoi(argv[2]);
		if (connect_app(&app, "tree-chain")) {
			status = chain(&app, argc - 3, argv + 3);
		}
	} else {
		fprintf(stderr,
			"usage: tree good SECONDS | tree chain DEPTH [buffers] [idle SECONDS] "
			"[churn SECONDS|frames N [root]] [destroy]\n");
		return 1;
	}
	app_finish(&app);
	return status;
}

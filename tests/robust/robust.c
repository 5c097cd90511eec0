/*
 * robust: a client that misbehaves in one of many ways, for tests/robust/test_robust.py, and
 * the two loops of the soak test.
 *
 *   robust [--wait-stdin] MODE
 *   robust soak-connect|soak-commit
 *
 * Hostile modes map a green toplevel first (except where the mode is about mapping), print
 * "mapped", then (with --wait-stdin, after a line on stdin) misbehave, wait for the answer and
 * print it. The exit status is 0 only if the answer was the one the mode expects; each mode's
 * expectation is in the table `modes` below.
 *
 * Soak modes print "ready", then run once per line on stdin, which holds a COUNT:
 *   soak-connect  connect, round trip, disconnect, COUNT times
 *   soak-commit   COUNT commits of a mapped toplevel, a round trip every 1,000
 * and print "done" after each run; they end when stdin closes.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "client.h"
#include "viewporter-client-protocol.h"
#include "wlr-screencopy-unstable-v1-client-protocol.h"

#define GREEN 0xff00ff00u
#define MANY_CLIENTS 100
#define NEVER_READ_SYNCS 40000
#define BURST_COMMITS 5000

struct app {
	struct pw_client tc;
	struct pw_client_toplevel top;
	struct wp_viewporter *viewporter;
	struct zwlr_screencopy_manager_v1 *screencopy;
};

/* What a mode expects: a protocol error on one of two interfaces with one of two codes, a
 * disconnect, or that the connection stays up. */
enum outcome {
	EXPECT_ERROR,
	EXPECT_ERROR_OR_DISCONNECT,
	EXPECT_NONE,
	EXPECT_NONE_OR_DISCONNECT,
};

struct mode {
	const char *name;
	enum outcome outcome;
	const char *iface[2];
	int32_t code[2];
	bool map; /* map the green toplevel first */
};

static const struct mode modes[] = {
	{"pool-negative-size", EXPECT_ERROR, {"wl_shm"}, {WL_SHM_ERROR_INVALID_STRIDE, -1}, true},
	{"buffer-negative-width", EXPECT_ERROR, {"wl_shm_pool", "wl_shm"},
		{WL_SHM_ERROR_INVALID_STRIDE, -1}, true},
	{"buffer-negative-height", EXPECT_ERROR, {"wl_shm_pool", "wl_shm"},
		{WL_SHM_ERROR_INVALID_STRIDE, -1}, true},
	{"buffer-negative-stride", EXPECT_ERROR, {"wl_shm_pool", "wl_shm"},
		{WL_SHM_ERROR_INVALID_STRIDE, -1}, true},
	{"buffer-small-stride", EXPECT_ERROR, {"wl_buffer", "wl_shm"},
		{WL_SHM_ERROR_INVALID_STRIDE, -1}, true},
	{"buffer-past-pool", EXPECT_ERROR, {"wl_shm_pool", "wl_shm"},
		{WL_SHM_ERROR_INVALID_STRIDE, -1}, true},
	{"buffer-bad-format", EXPECT_ERROR, {"wl_shm_pool", "wl_shm"},
		{WL_SHM_ERROR_INVALID_FORMAT, -1}, true},
	/* legal: a buffer keeps its pool's memory; the buffer is drawn */
	{"attach-destroy-pool", EXPECT_NONE, {NULL}, {-1, -1}, true},
	{"no-role-commit", EXPECT_ERROR, {"xdg_surface", "xdg_wm_base"},
		{XDG_SURFACE_ERROR_NOT_CONSTRUCTED, XDG_SURFACE_ERROR_UNCONFIGURED_BUFFER}, true},
	{"ack-bogus-serial", EXPECT_ERROR, {"xdg_surface", "xdg_wm_base"},
		{XDG_SURFACE_ERROR_INVALID_SERIAL, XDG_WM_BASE_ERROR_INVALID_SURFACE_STATE}, true},
	{"positioner-zero-size", EXPECT_ERROR, {"xdg_positioner"},
		{XDG_POSITIONER_ERROR_INVALID_INPUT, -1}, true},
	{"second-role", EXPECT_ERROR, {"xdg_surface", "xdg_wm_base"},
		{XDG_SURFACE_ERROR_ALREADY_CONSTRUCTED, XDG_WM_BASE_ERROR_ROLE}, true},
	/* the error names the xdg_wm_base this client destroyed: it has no interface left */
	{"wm-base-defunct", EXPECT_ERROR, {"xdg_wm_base", "(destroyed)"},
		{XDG_WM_BASE_ERROR_DEFUNCT_SURFACES, -1}, true},
	{"bad-scale", EXPECT_ERROR, {"wl_surface"}, {WL_SURFACE_ERROR_INVALID_SCALE, -1}, true},
	{"bad-transform", EXPECT_ERROR, {"wl_surface"}, {WL_SURFACE_ERROR_INVALID_TRANSFORM, -1},
		true},
	{"self-parent", EXPECT_ERROR, {"xdg_toplevel"}, {XDG_TOPLEVEL_ERROR_INVALID_PARENT, -1},
		true},
	{"subsurface-self", EXPECT_ERROR, {"wl_subcompositor"},
		{WL_SUBCOMPOSITOR_ERROR_BAD_SURFACE, -1}, true},
	{"viewport-negative", EXPECT_ERROR, {"wp_viewport"}, {WP_VIEWPORT_ERROR_BAD_VALUE, -1},
		true},
	{"viewport-out-of-buffer", EXPECT_ERROR, {"wp_viewport"},
		{WP_VIEWPORT_ERROR_OUT_OF_BUFFER, -1}, true},
	{"screencopy-bad-buffer", EXPECT_ERROR, {"zwlr_screencopy_frame_v1"},
		{ZWLR_SCREENCOPY_FRAME_V1_ERROR_INVALID_BUFFER, -1}, true},
	/* a toplevel that never acks its configure is never mapped; nothing else happens */
	{"never-ack", EXPECT_NONE, {NULL}, {-1, -1}, false},
	/* picowl must not block on a client that does not read: it queues or drops it */
	{"never-read", EXPECT_NONE_OR_DISCONNECT, {NULL}, {-1, -1}, true},
	{"commit-burst", EXPECT_NONE, {NULL}, {-1, -1}, true},
	{"many-clients", EXPECT_NONE, {NULL}, {-1, -1}, false},
};

static const struct mode *mode;

static void
handle_global(struct pw_client *tc, uint32_t name, const char *interface, uint32_t version)
{
	struct app *app = tc->data;

	if (strcmp(interface, wp_viewporter_interface.name) == 0) {
		app->viewporter = wl_registry_bind(tc->registry, name, &wp_viewporter_interface, 1);
	} else if (strcmp(interface, zwlr_screencopy_manager_v1_interface.name) == 0) {
		app->screencopy = wl_registry_bind(tc->registry, name,
			&zwlr_screencopy_manager_v1_interface, 1);
	}
}

static int
make_memfd(size_t size)
{
	int fd = pw_client_memfd(size);

	if (fd < 0) {
		perror("robust: memfd");
		exit(3);
	}
	return fd;
}

static bool
connect_app(struct app *app)
{
	const struct pw_client_versions versions = {.compositor = 4,
		.subcompositor = 1,
		.shm = 1,
		.output = 1,
		.wm_base = 5};

	app->tc.name = "robust";
	app->tc.global = handle_global;
	app->tc.data = app;
	if (!pw_client_connect(&app->tc, &versions, 5000) || !app->tc.subcompositor ||
		!app->viewporter || !app->screencopy || !app->tc.output) {
		fprintf(stderr, "robust: missing globals or no answer\n");
		return false;
	}
	return true;
}

static bool
map_toplevel(struct app *app)
{
	pw_client_toplevel_init(&app->top, &app->tc, "robust", "picowl-test-robust");
	return pw_client_toplevel_map(&app->top, GREEN, 10000);
}

/* Proxies made to misbehave are not destroyed: a mode that leaves them runs without leak
 * checks (test_robust.py). */
static void
app_destroy(struct app *app)
{
	if (app->viewporter) {
		wl_proxy_destroy((struct wl_proxy *)app->viewporter);
	}
	if (app->screencopy) {
		wl_proxy_destroy((struct wl_proxy *)app->screencopy);
	}
	pw_client_toplevel_finish(&app->top);
	pw_client_disconnect(&app->tc);
}

/* Writes everything queued without reading a single event. Returns false on a hang-up. */
static bool
flush_without_reading(struct wl_display *display)
{
	struct pollfd pfd = {.fd = wl_display_get_fd(display), .events = POLLOUT};

	while (wl_display_flush(display) < 0) {
		if (errno != EAGAIN) {
			return false;
		}
		if (poll(&pfd, 1, 5000) <= 0) {
			fprintf(stderr, "robust: picowl stopped reading our requests\n");
			return false;
		}
	}
	return true;
}

static void
create_bad_buffer(struct app *app, int32_t offset, int32_t width, int32_t height, int32_t stride,
	uint32_t format, int32_t pool_size)
{
	int fd = make_memfd((size_t)pool_size);
	struct wl_shm_pool *pool = wl_shm_create_pool(app->tc.shm, fd, pool_size);

	wl_shm_pool_create_buffer(pool, offset, width, height, stride, format);
	printf("robust: create_buffer offset %d, %dx%d, stride %d, format 0x%x in a pool of %d "
	       "bytes\n",
		offset, width, height, stride, format, pool_size);
	close(fd);
}

/* A buffer whose stride is too small for its width: libwayland lets stride >= width pass, the
 * compositor must check it against the bytes per pixel. It is attached and committed. */
static void
small_stride(struct app *app)
{
	int32_t width = 4096, height = 1, stride = 4096;
	int fd = make_memfd((size_t)stride * height);
	struct wl_shm_pool *pool = wl_shm_create_pool(app->tc.shm, fd, stride * height);
	struct wl_buffer *buffer =
		wl_shm_pool_create_buffer(pool, 0, width, height, stride, WL_SHM_FORMAT_XRGB8888);

	printf("robust: %dx%d XRGB8888 buffer, stride %d in a pool of %d bytes; attach, commit\n",
		width, height, stride, stride * height);
	wl_surface_attach(app->top.surface, buffer, 0, 0);
	wl_surface_damage_buffer(app->top.surface, 0, 0, INT32_MAX, INT32_MAX);
	wl_surface_commit(app->top.surface);
	close(fd);
}

static void
attach_destroy_pool(struct app *app)
{
	struct wl_buffer *old = app->top.buffer;

	/* pw_client_solid_buffer destroys the pool and closes its fd before the attach */
	app->top.buffer = pw_client_solid_buffer(&app->tc, app->top.width, app->top.height, GREEN);
	pw_client_toplevel_commit(&app->top, NULL);
	wl_buffer_destroy(old);
	printf("robust: attached and committed a buffer whose pool was destroyed\n");
	if (pw_client_dispatch_until(&app->tc, &app->top.frame.done, 10000) != 1) {
		printf("robust: no frame done after the commit\n");
	}
	/* now destroy the attached buffer itself, then commit without a new one */
	wl_buffer_destroy(app->top.buffer);
	app->top.buffer = NULL;
	wl_surface_commit(app->top.surface);
	printf("robust: destroyed the attached buffer and committed\n");
}

static void
no_role_commit(struct app *app)
{
	struct wl_surface *surface = wl_compositor_create_surface(app->tc.compositor);

	xdg_wm_base_get_xdg_surface(app->tc.wm_base, surface);
	wl_surface_attach(surface, app->top.buffer, 0, 0);
	wl_surface_commit(surface);
	printf("robust: committed a buffer on an xdg_surface without a role\n");
}

static void
positioner_zero(struct app *app)
{
	struct xdg_positioner *positioner = xdg_wm_base_create_positioner(app->tc.wm_base);

	xdg_positioner_set_size(positioner, 0, 0);
	printf("robust: xdg_positioner.set_size(0, 0)\n");
}

/* Floods picowl with requests that each produce events, never reading one and never answering
 * a ping, for seconds: picowl's queue to us fills while it must go on serving others. */
static void
never_read(struct app *app)
{
	app->tc.no_pong = true;
	for (int i = 0; i < NEVER_READ_SYNCS; i++) {
		wl_display_sync(app->tc.display);
		if (i % 200 == 199 && !flush_without_reading(app->tc.display)) {
			printf("robust: hung up on after %d syncs\n", i + 1);
			return;
		}
	}
	flush_without_reading(app->tc.display);
	printf("robust: sent %d wl_display.sync without reading; not reading for 5 s\n",
		NEVER_READ_SYNCS);
	sleep(5);
}

/* Writes everything queued, reading events meanwhile. Returns false on a hang-up. */
static bool
flush_reading(struct wl_display *display)
{
	struct pollfd pfd = {.fd = wl_display_get_fd(display), .events = POLLIN | POLLOUT};

	while (wl_display_flush(display) < 0) {
		if (errno != EAGAIN || poll(&pfd, 1, 5000) <= 0) {
			return false;
		}
		if ((pfd.revents & POLLIN) && wl_display_dispatch(display) < 0) {
			return false;
		}
	}
	return wl_display_dispatch_pending(display) >= 0;
}

/* count commits without waiting for anything; libwayland-client's 4 KiB buffer holds about
 * 78 of them, so they go out in writes of 50. */
static bool
commit_burst(struct app *app, int count)
{
	for (int i = 0; i < count; i++) {
		wl_surface_attach(app->top.surface, app->top.buffer, 0, 0);
		wl_surface_damage_buffer(app->top.surface, 0, 0, 1, 1);
		wl_surface_commit(app->top.surface);
		if (i % 50 == 49 && !flush_reading(app->tc.display)) {
			return false;
		}
	}
	return pw_client_roundtrip(&app->tc, 30000) == 1;
}

/* MANY_CLIENTS connections, each maps a small toplevel, then all disconnect. */
static int
many_clients(void)
{
	static struct app apps[MANY_CLIENTS];
	int mapped = 0;

	for (int i = 0; i < MANY_CLIENTS; i++) {
		apps[i] = (struct app){.top = {.width = 8, .height = 8}};
		if (!connect_app(&apps[i])) {
			printf("robust: client %d could not connect\n", i);
			return 1;
		}
		pw_client_toplevel_init(&apps[i].top, &apps[i].tc, "many", "picowl-test-robust");
		wl_surface_commit(apps[i].top.surface);
	}
	for (int i = 0; i < MANY_CLIENTS; i++) {
		if (pw_client_dispatch_until(&apps[i].tc, &apps[i].top.configured, 10000) != 1) {
			printf("robust: client %d got no configure\n", i);
			return 1;
		}
		apps[i].top.buffer = pw_client_solid_buffer(&apps[i].tc, 8, 8, GREEN);
		pw_client_toplevel_commit(&apps[i].top, NULL);
		wl_display_flush(apps[i].tc.display);
	}
	for (int i = 0; i < MANY_CLIENTS; i++) {
		if (pw_client_roundtrip(&apps[i].tc, 10000) == 1) {
			mapped++;
		}
	}
	printf("robust: %d of %d clients mapped a toplevel\n", mapped, MANY_CLIENTS);
	for (int i = 0; i < MANY_CLIENTS; i++) {
		app_destroy(&apps[i]);
	}
	return mapped == MANY_CLIENTS ? 0 : 1;
}

static bool
wait_line(void)
{
	char line[64];

	return fgets(line, sizeof(line), stdin) != NULL;
}

/* One line on stdin per run: the count of connections or commits. */
static int
soak(const char *name)
{
	struct app app = {.top = {.width = 64, .height = 64}};
	bool commits = strcmp(name, "soak-commit") == 0;
	char line[64];

	if (commits && (!connect_app(&app) || !map_toplevel(&app))) {
		return 3;
	}
	printf("ready\n");
	while (fgets(line, sizeof(line), stdin)) {
		long count = strtol(line, NULL, 10);
		int64_t start = pw_client_now_ms();
		for (long i = 0; i < count; i += commits ? 1000 : 1) {
			if (commits) {
				if (!commit_burst(&app, 1000)) {
					printf("robust: %s: connection lost after %ld\n", name, i);
					return 1;
				}
				continue;
			}
			/* no registry: a connection and one round trip */
			struct pw_client tc = {.display = wl_display_connect(NULL)};
			if (!tc.display) {
				printf("robust: %s: connection %ld failed: %s\n", name, i,
					strerror(errno));
				return 1;
			}
			if (pw_client_roundtrip(&tc, 5000) != 1) {
				printf("robust: %s: round trip %ld failed\n", name, i);
				return 1;
			}
			pw_client_disconnect(&tc);
		}
		printf("done %ld in %lld ms\n", count, (long long)(pw_client_now_ms() - start));
	}
	app_destroy(&app);
	return 0;
}

static int
report(struct app *app, int r)
{
	int err = wl_display_get_error(app->tc.display);
	enum outcome o = mode->outcome;

	if (err == 0) {
		if (r < 0) {
			printf("robust: %s: the connection failed without an error\n", mode->name);
			return 1;
		}
		if (o == EXPECT_NONE || o == EXPECT_NONE_OR_DISCONNECT) {
			printf("robust: %s: PASS (no error, still connected)\n", mode->name);
			return 0;
		}
		printf("robust: %s: FAIL: no error, the connection is still up\n", mode->name);
		return 1;
	}
	const struct wl_interface *iface = NULL;
	uint32_t id = 0;
	uint32_t code = wl_display_get_protocol_error(app->tc.display, &iface, &id);
	/* An error on an object the client already destroyed arrives with no interface. */
	const char *name = iface ? iface->name : "(destroyed)";
	if (!iface && err != EPROTO) {
		printf("robust: %s: disconnected without a protocol error: %s\n", mode->name,
			strerror(err));
		if (o == EXPECT_ERROR_OR_DISCONNECT || o == EXPECT_NONE_OR_DISCONNECT) {
			printf("robust: %s: PASS (disconnect)\n", mode->name);
			return 0;
		}
		printf("robust: %s: FAIL\n", mode->name);
		return 1;
	}
	printf("robust: %s: protocol error: interface %s, object %u, code %u (%s)\n", mode->name,
		name, id, code, strerror(err));
	if (o == EXPECT_NONE || o == EXPECT_NONE_OR_DISCONNECT) {
		printf("robust: %s: FAIL: expected no protocol error\n", mode->name);
		return 1;
	}
	bool iface_ok = false, code_ok = false;
	for (int i = 0; i < 2; i++) {
		if (mode->iface[i] && strcmp(mode->iface[i], name) == 0) {
			iface_ok = true;
		}
		if (mode->code[i] >= 0 && (uint32_t)mode->code[i] == code) {
			code_ok = true;
		}
	}
	if (!iface_ok || !code_ok) {
		printf("robust: %s: FAIL: expected interface %s%s%s, code %d%s\n", mode->name,
			mode->iface[0], mode->iface[1] ? " or " : "",
			mode->iface[1] ? mode->iface[1] : "", mode->code[0],
			mode->code[1] >= 0 ? " or another listed" : "");
		return 1;
	}
	printf("robust: %s: PASS\n", mode->name);
	return 0;
}

static void
usage(void)
{
	fprintf(stderr,
		"usage: robust [--wait-stdin] MODE | soak-connect | soak-commit\n"
		"modes:");
	for (size_t i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {
		fprintf(stderr, " %s", modes[i].name);
	}
	fprintf(stderr, "\n");
}

int
main(int argc, char *argv[])
{
	struct app app = {.top = {.width = 100, .height = 100}};
	bool wait_stdin = false;
	int i = 1;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (i < argc && strcmp(argv[i], "--wait-stdin") == 0) {
		wait_stdin = true;
		i++;
	}
	if (i + 1 == argc && strncmp(argv[i], "soak-", 5) == 0) {
		return soak(argv[i]);
	}
	if (i + 1 != argc) {
		usage();
		return 2;
	}
	for (size_t m = 0; m < sizeof(modes) / sizeof(modes[0]); m++) {
		if (strcmp(argv[i], modes[m].name) == 0) {
			mode = &modes[m];
		}
	}
	if (!mode) {
		usage();
		return 2;
	}

	if (!connect_app(&app)) {
		return 3;
	}
	if (mode->map) {
		if (!map_toplevel(&app)) {
			return 3;
		}
		printf("mapped %dx%d\n", app.top.width, app.top.height);
	} else {
		printf("mapped nothing\n");
	}
	if (wait_stdin) {
		if (!wait_line()) {
			fprintf(stderr, "robust: stdin closed\n");
		}
		/* answer whatever came meanwhile (pings) before misbehaving */
		if (pw_client_roundtrip(&app.tc, 5000) != 1) {
			fprintf(stderr, "robust: connection lost while waiting\n");
			return 3;
		}
	}

	const char *name = mode->name;
	int wait_ms = 10000;
	if (strcmp(name, "pool-negative-size") == 0) {
		int fd = make_memfd(4096);
		wl_shm_create_pool(app.tc.shm, fd, -4096);
		printf("robust: wl_shm.create_pool with size -4096\n");
		close(fd);
	} else if (strcmp(name, "buffer-negative-width") == 0) {
		create_bad_buffer(&app, 0, -16, 16, 64, WL_SHM_FORMAT_XRGB8888, 4096);
	} else if (strcmp(name, "buffer-negative-height") == 0) {
		create_bad_buffer(&app, 0, 16, -16, 64, WL_SHM_FORMAT_XRGB8888, 4096);
	} else if (strcmp(name, "buffer-negative-stride") == 0) {
		create_bad_buffer(&app, 0, 16, 16, -64, WL_SHM_FORMAT_XRGB8888, 4096);
	} else if (strcmp(name, "buffer-small-stride") == 0) {
		small_stride(&app);
	} else if (strcmp(name, "buffer-past-pool") == 0) {
		/* offset inside the pool, the last rows past its end */
		create_bad_buffer(&app, 1024, 16, 16, 64, WL_SHM_FORMAT_XRGB8888, 1024 + 64 * 15);
	} else if (strcmp(name, "buffer-bad-format") == 0) {
		create_bad_buffer(&app, 0, 16, 16, 64, 0x20202020u, 4096);
	} else if (strcmp(name, "attach-destroy-pool") == 0) {
		attach_destroy_pool(&app);
		wait_ms = 2000;
	} else if (strcmp(name, "no-role-commit") == 0) {
		no_role_commit(&app);
	} else if (strcmp(name, "ack-bogus-serial") == 0) {
		xdg_surface_ack_configure(app.top.xdg_surface, app.top.serial + 1000);
		printf("robust: ack_configure %u, the last serial sent was %u\n",
			app.top.serial + 1000, app.top.serial);
	} else if (strcmp(name, "positioner-zero-size") == 0) {
		positioner_zero(&app);
	} else if (strcmp(name, "second-role") == 0) {
		xdg_surface_get_toplevel(app.top.xdg_surface);
		printf("robust: xdg_surface.get_toplevel a second time\n");
	} else if (strcmp(name, "wm-base-defunct") == 0) {
		xdg_wm_base_destroy(app.tc.wm_base);
		app.tc.wm_base = NULL;
		printf("robust: xdg_wm_base.destroy with its toplevel alive\n");
	} else if (strcmp(name, "bad-scale") == 0) {
		wl_surface_set_buffer_scale(app.top.surface, 0);
		printf("robust: wl_surface.set_buffer_scale(0)\n");
	} else if (strcmp(name, "bad-transform") == 0) {
		wl_surface_set_buffer_transform(app.top.surface, 99);
		printf("robust: wl_surface.set_buffer_transform(99)\n");
	} else if (strcmp(name, "self-parent") == 0) {
		xdg_toplevel_set_parent(app.top.toplevel, app.top.toplevel);
		printf("robust: xdg_toplevel.set_parent(itself)\n");
	} else if (strcmp(name, "subsurface-self") == 0) {
		struct wl_surface *surface = wl_compositor_create_surface(app.tc.compositor);
		wl_subcompositor_get_subsurface(app.tc.subcompositor, surface, surface);
		printf("robust: wl_subcompositor.get_subsurface of a surface to itself\n");
	} else if (strcmp(name, "viewport-negative") == 0) {
		struct wp_viewport *viewport =
			wp_viewporter_get_viewport(app.viewporter, app.top.surface);
		wp_viewport_set_source(viewport, wl_fixed_from_int(-1), 0, wl_fixed_from_int(10),
			wl_fixed_from_int(10));
		printf("robust: wp_viewport.set_source(-1, 0, 10, 10)\n");
	} else if (strcmp(name, "viewport-out-of-buffer") == 0) {
		struct wp_viewport *viewport =
			wp_viewporter_get_viewport(app.viewporter, app.top.surface);
		wp_viewport_set_source(viewport, 0, 0, wl_fixed_from_int(10000),
			wl_fixed_from_int(10000));
		wl_surface_commit(app.top.surface);
		printf("robust: wp_viewport.set_source(0, 0, 10000, 10000) on a %dx%d buffer, "
		       "commit\n",
			app.top.width, app.top.height);
	} else if (strcmp(name, "screencopy-bad-buffer") == 0) {
		struct zwlr_screencopy_frame_v1 *frame =
			zwlr_screencopy_manager_v1_capture_output(app.screencopy, 0, app.tc.output);
		struct wl_buffer *small = pw_client_solid_buffer(&app.tc, 1, 1, GREEN);
		zwlr_screencopy_frame_v1_copy(frame, small);
		printf("robust: zwlr_screencopy_frame_v1.copy into a 1x1 buffer\n");
	} else if (strcmp(name, "never-ack") == 0) {
		app.top.no_ack = true;
		pw_client_toplevel_init(&app.top, &app.tc, "never-ack", "picowl-test-robust");
		wl_surface_commit(app.top.surface);
		int r = pw_client_dispatch_until(&app.tc, &app.top.configured, 5000);
		printf("robust: configure %s; not acking it for 4 s\n",
			r == 1 ? "received" : "not received");
		pw_client_dispatch_until(&app.tc, NULL, 4000);
		wait_ms = 1000;
	} else if (strcmp(name, "never-read") == 0) {
		never_read(&app);
		wait_ms = 3000;
	} else if (strcmp(name, "commit-burst") == 0) {
		int64_t start = pw_client_now_ms();
		bool ok = commit_burst(&app, BURST_COMMITS);
		printf("robust: %d commits in a burst: %s after %lld ms\n", BURST_COMMITS,
			ok ? "round trip answered" : "no answer",
			(long long)(pw_client_now_ms() - start));
		wait_ms = 1000;
	} else if (strcmp(name, "many-clients") == 0) {
		int status = many_clients();
		app_destroy(&app);
		return status;
	}

	/* Wait for the answer. Some checks run at the next repaint: give it seconds. */
	int r = pw_client_dispatch_until(&app.tc, NULL, wait_ms);
	if (r == 0 && mode->outcome != EXPECT_NONE) {
		printf("robust: %s: %d ms passed without an error\n", name, wait_ms);
	}
	int status = report(&app, r);
	app_destroy(&app);
	return status;
}

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
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include <wayland-client.h>

#include "viewporter-client-protocol.h"
#include "wlr-screencopy-unstable-v1-client-protocol.h"
#include "xdg-shell-client-protocol.h"

#define GREEN 0xff00ff00u
#define MANY_CLIENTS 100
#define NEVER_READ_SYNCS 40000
#define BURST_COMMITS 5000

struct app {
	struct wl_display *display;
	struct wl_registry *registry;
	struct wl_compositor *compositor;
	struct wl_shm *shm;
	struct xdg_wm_base *wm_base;
	struct wl_subcompositor *subcompositor;
	struct wp_viewporter *viewporter;
	struct zwlr_screencopy_manager_v1 *screencopy;
	struct wl_output *output;
	struct wl_surface *surface;
	struct xdg_surface *xdg_surface;
	struct xdg_toplevel *toplevel;
	int32_t width, height;
	bool ack; /* answer configures */
	bool pong; /* answer pings */
	bool configured;
	uint32_t configure_serial;
	bool frame_done;
	bool sync_done;
	struct wl_buffer *buffer;
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
handle_registry_global(void *data, struct wl_registry *registry, uint32_t name,
	const char *interface, uint32_t version)
{
	struct app *app = data;

	if (strcmp(interface, wl_compositor_interface.name) == 0) {
		app->compositor = wl_registry_bind(registry, name, &wl_compositor_interface, 4);
	} else if (strcmp(interface, wl_shm_interface.name) == 0) {
		app->shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
	} else if (strcmp(interface, wl_subcompositor_interface.name) == 0) {
		app->subcompositor =
			wl_registry_bind(registry, name, &wl_subcompositor_interface, 1);
	} else if (strcmp(interface, wp_viewporter_interface.name) == 0) {
		app->viewporter = wl_registry_bind(registry, name, &wp_viewporter_interface, 1);
	} else if (strcmp(interface, zwlr_screencopy_manager_v1_interface.name) == 0) {
		app->screencopy =
			wl_registry_bind(registry, name, &zwlr_screencopy_manager_v1_interface, 1);
	} else if (strcmp(interface, wl_output_interface.name) == 0 && !app->output) {
		app->output = wl_registry_bind(registry, name, &wl_output_interface, 1);
	} else if (strcmp(interface, xdg_wm_base_interface.name) == 0) {
		uint32_t v = version < 5 ? version : 5;
		app->wm_base = wl_registry_bind(registry, name, &xdg_wm_base_interface, v);
	}
}

static void
handle_registry_global_remove(void *data, struct wl_registry *registry, uint32_t name)
{
}

static const struct wl_registry_listener registry_listener = {
	.global = handle_registry_global,
	.global_remove = handle_registry_global_remove,
};

static void
handle_wm_base_ping(void *data, struct xdg_wm_base *wm_base, uint32_t serial)
{
	struct app *app = data;

	if (app->pong) {
		xdg_wm_base_pong(wm_base, serial);
	}
}

static const struct xdg_wm_base_listener wm_base_listener = {
	.ping = handle_wm_base_ping,
};

static void
handle_xdg_surface_configure(void *data, struct xdg_surface *xdg_surface, uint32_t serial)
{
	struct app *app = data;

	if (app->ack) {
		xdg_surface_ack_configure(xdg_surface, serial);
	}
	app->configure_serial = serial;
	app->configured = true;
}

static const struct xdg_surface_listener xdg_surface_listener = {
	.configure = handle_xdg_surface_configure,
};

static void
handle_toplevel_configure(void *data, struct xdg_toplevel *toplevel, int32_t width, int32_t height,
	struct wl_array *states)
{
	struct app *app = data;

	if (width > 0 && height > 0) {
		app->width = width;
		app->height = height;
	}
}

static void
handle_toplevel_close(void *data, struct xdg_toplevel *toplevel)
{
}

static const struct xdg_toplevel_listener toplevel_listener = {
	.configure = handle_toplevel_configure,
	.close = handle_toplevel_close,
};

static void
handle_callback_done(void *data, struct wl_callback *callback, uint32_t time)
{
	*(bool *)data = true;
	wl_callback_destroy(callback);
}

static const struct wl_callback_listener callback_listener = {
	.done = handle_callback_done,
};

static void
handle_buffer_release(void *data, struct wl_buffer *buffer)
{
}

static const struct wl_buffer_listener buffer_listener = {
	.release = handle_buffer_release,
};

static int64_t
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/*
 * Dispatches events until *flag is set (never, if flag is NULL), the connection fails or
 * timeout_ms passes. Returns 1 when the flag was set, 0 on timeout, -1 when the connection
 * failed. Flushes what is queued, waiting for room in the socket as long as it reads.
 */
static int
dispatch_until(struct wl_display *display, bool *flag, int timeout_ms)
{
	int64_t deadline = now_ms() + timeout_ms;
	struct pollfd pfd = {.fd = wl_display_get_fd(display)};

	while (!flag || !*flag) {
		while (wl_display_prepare_read(display) != 0) {
			if (wl_display_dispatch_pending(display) < 0) {
				return -1;
			}
		}
		if (flag && *flag) {
			wl_display_cancel_read(display);
			break;
		}
		pfd.events = POLLIN;
		/* EPIPE: the server hung up, but its error event may still wait to be read */
		if (wl_display_flush(display) < 0) {
			if (errno == EAGAIN) {
				pfd.events |= POLLOUT;
			} else if (errno != EPIPE) {
				wl_display_cancel_read(display);
				return -1;
			}
		}
		int64_t left = deadline - now_ms();
		if (left <= 0) {
			wl_display_cancel_read(display);
			return 0;
		}
		int n = poll(&pfd, 1, (int)left);
		if (n > 0 && (pfd.revents & (POLLIN | POLLHUP | POLLERR))) {
			if (wl_display_read_events(display) < 0) {
				return -1;
			}
		} else {
			wl_display_cancel_read(display);
		}
		if (wl_display_dispatch_pending(display) < 0) {
			return -1;
		}
	}
	return 1;
}

static int
roundtrip(struct wl_display *display, int timeout_ms)
{
	bool done = false;
	struct wl_callback *cb = wl_display_sync(display);

	wl_callback_add_listener(cb, &callback_listener, &done);
	return dispatch_until(display, &done, timeout_ms);
}

static int
make_memfd(size_t size)
{
	int fd = memfd_create("robust", MFD_CLOEXEC);

	if (fd < 0 || ftruncate(fd, (off_t)size) < 0) {
		perror("robust: memfd");
		exit(3);
	}
	return fd;
}

/* A green XRGB8888 buffer; with destroy_pool the pool is gone before it is returned. */
static struct wl_buffer *
make_buffer(struct app *app, int32_t width, int32_t height)
{
	int32_t stride = width * 4;
	size_t size = (size_t)stride * (size_t)height;
	int fd = make_memfd(size);
	uint32_t *pixels = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);

	if (pixels == MAP_FAILED) {
		perror("robust: mmap");
		exit(3);
	}
	for (size_t i = 0; i < size / 4; i++) {
		pixels[i] = GREEN;
	}
	munmap(pixels, size);
	struct wl_shm_pool *pool = wl_shm_create_pool(app->shm, fd, (int32_t)size);
	struct wl_buffer *buffer =
		wl_shm_pool_create_buffer(pool, 0, width, height, stride, WL_SHM_FORMAT_XRGB8888);
	wl_buffer_add_listener(buffer, &buffer_listener, app);
	wl_shm_pool_destroy(pool);
	close(fd);
	return buffer;
}

static void
commit_frame(struct app *app, bool *done)
{
	*done = false;
	struct wl_callback *cb = wl_surface_frame(app->surface);
	wl_callback_add_listener(cb, &callback_listener, done);
	wl_surface_attach(app->surface, app->buffer, 0, 0);
	wl_surface_damage_buffer(app->surface, 0, 0, INT32_MAX, INT32_MAX);
	wl_surface_commit(app->surface);
}

static bool
connect_app(struct app *app)
{
	app->display = wl_display_connect(NULL);
	if (!app->display) {
		perror("robust: wl_display_connect");
		return false;
	}
	app->registry = wl_display_get_registry(app->display);
	wl_registry_add_listener(app->registry, &registry_listener, app);
	if (roundtrip(app->display, 5000) != 1 || !app->compositor || !app->shm || !app->wm_base ||
		!app->subcompositor || !app->viewporter || !app->screencopy || !app->output) {
		fprintf(stderr, "robust: missing globals or no answer\n");
		return false;
	}
	xdg_wm_base_add_listener(app->wm_base, &wm_base_listener, app);
	return true;
}

/* A toplevel, its initial commit sent; the configure is not waited for. */
static void
start_toplevel(struct app *app, const char *title)
{
	app->surface = wl_compositor_create_surface(app->compositor);
	app->xdg_surface = xdg_wm_base_get_xdg_surface(app->wm_base, app->surface);
	xdg_surface_add_listener(app->xdg_surface, &xdg_surface_listener, app);
	app->toplevel = xdg_surface_get_toplevel(app->xdg_surface);
	xdg_toplevel_add_listener(app->toplevel, &toplevel_listener, app);
	xdg_toplevel_set_title(app->toplevel, title);
	xdg_toplevel_set_app_id(app->toplevel, "picowl-test-robust");
	wl_surface_commit(app->surface);
}

static bool
map_toplevel(struct app *app)
{
	start_toplevel(app, "robust");
	if (dispatch_until(app->display, &app->configured, 5000) != 1) {
		fprintf(stderr, "robust: no configure\n");
		return false;
	}
	app->buffer = make_buffer(app, app->width, app->height);
	commit_frame(app, &app->frame_done);
	if (dispatch_until(app->display, &app->frame_done, 10000) != 1) {
		fprintf(stderr, "robust: first frame not done\n");
		return false;
	}
	return true;
}

static void
app_destroy(struct app *app)
{
	if (app->display) {
		wl_display_disconnect(app->display);
	}
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
	struct wl_shm_pool *pool = wl_shm_create_pool(app->shm, fd, pool_size);

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
	struct wl_shm_pool *pool = wl_shm_create_pool(app->shm, fd, stride * height);
	struct wl_buffer *buffer =
		wl_shm_pool_create_buffer(pool, 0, width, height, stride, WL_SHM_FORMAT_XRGB8888);

	printf("robust: %dx%d XRGB8888 buffer, stride %d in a pool of %d bytes; attach, commit\n",
		width, height, stride, stride * height);
	wl_surface_attach(app->surface, buffer, 0, 0);
	wl_surface_damage_buffer(app->surface, 0, 0, INT32_MAX, INT32_MAX);
	wl_surface_commit(app->surface);
	close(fd);
}

static void
attach_destroy_pool(struct app *app)
{
	struct wl_buffer *old = app->buffer;

	/* make_buffer destroys the pool and closes its fd before the attach */
	app->buffer = make_buffer(app, app->width, app->height);
	commit_frame(app, &app->frame_done);
	wl_buffer_destroy(old);
	printf("robust: attached and committed a buffer whose pool was destroyed\n");
	if (dispatch_until(app->display, &app->frame_done, 10000) != 1) {
		printf("robust: no frame done after the commit\n");
	}
	/* now destroy the attached buffer itself, then commit without a new one */
	wl_buffer_destroy(app->buffer);
	app->buffer = NULL;
	wl_surface_commit(app->surface);
	printf("robust: destroyed the attached buffer and committed\n");
}

static void
no_role_commit(struct app *app)
{
	struct wl_surface *surface = wl_compositor_create_surface(app->compositor);

	xdg_wm_base_get_xdg_surface(app->wm_base, surface);
	wl_surface_attach(surface, app->buffer, 0, 0);
	wl_surface_commit(surface);
	printf("robust: committed a buffer on an xdg_surface without a role\n");
}

static void
positioner_zero(struct app *app)
{
	struct xdg_positioner *positioner = xdg_wm_base_create_positioner(app->wm_base);

	xdg_positioner_set_size(positioner, 0, 0);
	printf("robust: xdg_positioner.set_size(0, 0)\n");
}

/* Floods picowl with requests that each produce events, never reading one and never answering
 * a ping, for seconds: picowl's queue to us fills while it must go on serving others. */
static void
never_read(struct app *app)
{
	app->pong = false;
	for (int i = 0; i < NEVER_READ_SYNCS; i++) {
		wl_display_sync(app->display);
		if (i % 200 == 199 && !flush_without_reading(app->display)) {
			printf("robust: hung up on after %d syncs\n", i + 1);
			return;
		}
	}
	flush_without_reading(app->display);
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
		wl_surface_attach(app->surface, app->buffer, 0, 0);
		wl_surface_damage_buffer(app->surface, 0, 0, 1, 1);
		wl_surface_commit(app->surface);
		if (i % 50 == 49 && !flush_reading(app->display)) {
			return false;
		}
	}
	return roundtrip(app->display, 30000) == 1;
}

/* MANY_CLIENTS connections, each maps a small toplevel, then all disconnect. */
static int
many_clients(void)
{
	static struct app apps[MANY_CLIENTS];
	int mapped = 0;

	for (int i = 0; i < MANY_CLIENTS; i++) {
		apps[i] = (struct app){.width = 8, .height = 8, .ack = true, .pong = true};
		if (!connect_app(&apps[i])) {
			printf("robust: client %d could not connect\n", i);
			return 1;
		}
		start_toplevel(&apps[i], "many");
	}
	for (int i = 0; i < MANY_CLIENTS; i++) {
		if (dispatch_until(apps[i].display, &apps[i].configured, 10000) != 1) {
			printf("robust: client %d got no configure\n", i);
			return 1;
		}
		apps[i].buffer = make_buffer(&apps[i], 8, 8);
		commit_frame(&apps[i], &apps[i].frame_done);
		wl_display_flush(apps[i].display);
	}
	for (int i = 0; i < MANY_CLIENTS; i++) {
		if (roundtrip(apps[i].display, 10000) == 1) {
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
	struct app app = {.width = 64, .height = 64, .ack = true, .pong = true};
	bool commits = strcmp(name, "soak-commit") == 0;
	char line[64];

	if (commits && (!connect_app(&app) || !map_toplevel(&app))) {
		return 3;
	}
	printf("ready\n");
	while (fgets(line, sizeof(line), stdin)) {
		long count = strtol(line, NULL, 10);
		int64_t start = now_ms();
		for (long i = 0; i < count; i += commits ? 1000 : 1) {
			if (commits) {
				if (!commit_burst(&app, 1000)) {
					printf("robust: %s: connection lost after %ld\n", name, i);
					return 1;
				}
				continue;
			}
			struct wl_display *display = wl_display_connect(NULL);
			if (!display) {
				printf("robust: %s: connection %ld failed: %s\n", name, i,
					strerror(errno));
				return 1;
			}
			if (roundtrip(display, 5000) != 1) {
				printf("robust: %s: round trip %ld failed\n", name, i);
				return 1;
			}
			wl_display_disconnect(display);
		}
		printf("done %ld in %lld ms\n", count, (long long)(now_ms() - start));
	}
	app_destroy(&app);
	return 0;
}

static int
report(struct app *app, int r)
{
	int err = wl_display_get_error(app->display);
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
	uint32_t code = wl_display_get_protocol_error(app->display, &iface, &id);
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
	struct app app = {.width = 100, .height = 100, .ack = true, .pong = true};
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
		printf("mapped %dx%d\n", app.width, app.height);
	} else {
		printf("mapped nothing\n");
	}
	if (wait_stdin) {
		if (!wait_line()) {
			fprintf(stderr, "robust: stdin closed\n");
		}
		/* answer whatever came meanwhile (pings) before misbehaving */
		if (roundtrip(app.display, 5000) != 1) {
			fprintf(stderr, "robust: connection lost while waiting\n");
			return 3;
		}
	}

	const char *name = mode->name;
	int wait_ms = 10000;
	if (strcmp(name, "pool-negative-size") == 0) {
		int fd = make_memfd(4096);
		wl_shm_create_pool(app.shm, fd, -4096);
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
		xdg_surface_ack_configure(app.xdg_surface, app.configure_serial + 1000);
		printf("robust: ack_configure %u, the last serial sent was %u\n",
			app.configure_serial + 1000, app.configure_serial);
	} else if (strcmp(name, "positioner-zero-size") == 0) {
		positioner_zero(&app);
	} else if (strcmp(name, "second-role") == 0) {
		xdg_surface_get_toplevel(app.xdg_surface);
		printf("robust: xdg_surface.get_toplevel a second time\n");
	} else if (strcmp(name, "wm-base-defunct") == 0) {
		xdg_wm_base_destroy(app.wm_base);
		printf("robust: xdg_wm_base.destroy with its toplevel alive\n");
	} else if (strcmp(name, "bad-scale") == 0) {
		wl_surface_set_buffer_scale(app.surface, 0);
		printf("robust: wl_surface.set_buffer_scale(0)\n");
	} else if (strcmp(name, "bad-transform") == 0) {
		wl_surface_set_buffer_transform(app.surface, 99);
		printf("robust: wl_surface.set_buffer_transform(99)\n");
	} else if (strcmp(name, "self-parent") == 0) {
		xdg_toplevel_set_parent(app.toplevel, app.toplevel);
		printf("robust: xdg_toplevel.set_parent(itself)\n");
	} else if (strcmp(name, "subsurface-self") == 0) {
		struct wl_surface *surface = wl_compositor_create_surface(app.compositor);
		wl_subcompositor_get_subsurface(app.subcompositor, surface, surface);
		printf("robust: wl_subcompositor.get_subsurface of a surface to itself\n");
	} else if (strcmp(name, "viewport-negative") == 0) {
		struct wp_viewport *viewport =
			wp_viewporter_get_viewport(app.viewporter, app.surface);
		wp_viewport_set_source(viewport, wl_fixed_from_int(-1), 0, wl_fixed_from_int(10),
			wl_fixed_from_int(10));
		printf("robust: wp_viewport.set_source(-1, 0, 10, 10)\n");
	} else if (strcmp(name, "viewport-out-of-buffer") == 0) {
		struct wp_viewport *viewport =
			wp_viewporter_get_viewport(app.viewporter, app.surface);
		wp_viewport_set_source(viewport, 0, 0, wl_fixed_from_int(10000),
			wl_fixed_from_int(10000));
		wl_surface_commit(app.surface);
		printf("robust: wp_viewport.set_source(0, 0, 10000, 10000) on a %dx%d buffer, "
		       "commit\n",
			app.width, app.height);
	} else if (strcmp(name, "screencopy-bad-buffer") == 0) {
		struct zwlr_screencopy_frame_v1 *frame =
			zwlr_screencopy_manager_v1_capture_output(app.screencopy, 0, app.output);
		struct wl_buffer *small = make_buffer(&app, 1, 1);
		zwlr_screencopy_frame_v1_copy(frame, small);
		printf("robust: zwlr_screencopy_frame_v1.copy into a 1x1 buffer\n");
	} else if (strcmp(name, "never-ack") == 0) {
		app.ack = false;
		start_toplevel(&app, "never-ack");
		int r = dispatch_until(app.display, &app.configured, 5000);
		printf("robust: configure %s; not acking it for 4 s\n",
			r == 1 ? "received" : "not received");
		dispatch_until(app.display, NULL, 4000);
		wait_ms = 1000;
	} else if (strcmp(name, "never-read") == 0) {
		never_read(&app);
		wait_ms = 3000;
	} else if (strcmp(name, "commit-burst") == 0) {
		int64_t start = now_ms();
		bool ok = commit_burst(&app, BURST_COMMITS);
		printf("robust: %d commits in a burst: %s after %lld ms\n", BURST_COMMITS,
			ok ? "round trip answered" : "no answer", (long long)(now_ms() - start));
		wait_ms = 1000;
	} else if (strcmp(name, "many-clients") == 0) {
		int status = many_clients();
		app_destroy(&app);
		return status;
	}

	/* Wait for the answer. Some checks run at the next repaint: give it seconds. */
	int r = dispatch_until(app.display, NULL, wait_ms);
	if (r == 0 && mode->outcome != EXPECT_NONE) {
		printf("robust: %s: %d ms passed without an error\n", name, wait_ms);
	}
	int status = report(&app, r);
	app_destroy(&app);
	return status;
}

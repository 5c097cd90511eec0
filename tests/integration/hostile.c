/*
 * A client that maps a green toplevel, then misbehaves in one of several ways and checks that
 * the compositor answered with the right protocol error (or, where allowed, a disconnect).
 *
 *   hostile [--wait-stdin] MODE
 *
 * MODE:
 *   bad-opcode        raw message with an opcode wl_compositor does not have
 *   bad-object        raw message to an object id that does not exist
 *   offset-past-pool  wl_shm_pool.create_buffer with an offset past the end of the pool
 *   truncate          the shm file of the attached buffer is truncated to 0, then committed
 *
 * Prints "mapped" once its first frame was drawn; with --wait-stdin it then waits for a line
 * on stdin before misbehaving. Prints the error it got; exits 0 only if it was the expected one.
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

#include "xdg-shell-client-protocol.h"

#define GREEN 0xff00ff00u

struct app {
	struct wl_display *display;
	struct wl_registry *registry;
	struct wl_compositor *compositor;
	struct wl_shm *shm;
	struct xdg_wm_base *wm_base;
	struct wl_surface *surface;
	struct xdg_surface *xdg_surface;
	struct xdg_toplevel *toplevel;
	int32_t width, height;
	bool configured;
	bool frame_done;
	bool sync_done;
	int fd;
	size_t size;
	struct wl_buffer *buffer;
};

static const char *mode;

static void
handle_registry_global(void *data, struct wl_registry *registry, uint32_t name,
		       const char *interface, uint32_t version)
{
	struct app *app = data;

	if (strcmp(interface, wl_compositor_interface.name) == 0) {
		app->compositor = wl_registry_bind(registry, name, &wl_compositor_interface, 4);
	} else if (strcmp(interface, wl_shm_interface.name) == 0) {
		app->shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
	} else if (strcmp(interface, xdg_wm_base_interface.name) == 0) {
		app->wm_base = wl_registry_bind(registry, name, &xdg_wm_base_interface, 1);
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
	xdg_wm_base_pong(wm_base, serial);
}

static const struct xdg_wm_base_listener wm_base_listener = {
	.ping = handle_wm_base_ping,
};

static void
handle_xdg_surface_configure(void *data, struct xdg_surface *xdg_surface, uint32_t serial)
{
	struct app *app = data;

	xdg_surface_ack_configure(xdg_surface, serial);
	app->configured = true;
}

static const struct xdg_surface_listener xdg_surface_listener = {
	.configure = handle_xdg_surface_configure,
};

static void
handle_toplevel_configure(void *data, struct xdg_toplevel *toplevel, int32_t width,
			  int32_t height, struct wl_array *states)
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

static int64_t
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/*
 * Dispatches events until *flag is set, the connection fails or timeout_ms passes.
 * Returns 1 when the flag was set, 0 on timeout, -1 when the connection failed.
 */
static int
dispatch_until(struct app *app, bool *flag, int timeout_ms)
{
	int64_t deadline = now_ms() + timeout_ms;
	struct pollfd pfd = { .fd = wl_display_get_fd(app->display), .events = POLLIN };

	while (!flag || !*flag) {
		while (wl_display_prepare_read(app->display) != 0) {
			if (wl_display_dispatch_pending(app->display) < 0) {
				return -1;
			}
		}
		if (flag && *flag) {
			wl_display_cancel_read(app->display);
			break;
		}
		/* EPIPE: the server hung up, but its error event may still wait to be read */
		if (wl_display_flush(app->display) < 0 && errno != EAGAIN && errno != EPIPE) {
			wl_display_cancel_read(app->display);
			return -1;
		}
		int64_t left = deadline - now_ms();
		if (left <= 0) {
			wl_display_cancel_read(app->display);
			return 0;
		}
		int n = poll(&pfd, 1, (int)left);
		if (n > 0) {
			if (wl_display_read_events(app->display) < 0) {
				return -1;
			}
		} else {
			wl_display_cancel_read(app->display);
		}
		if (wl_display_dispatch_pending(app->display) < 0) {
			return -1;
		}
	}
	return 1;
}

static int
roundtrip(struct app *app, int timeout_ms)
{
	app->sync_done = false;
	struct wl_callback *cb = wl_display_sync(app->display);
	wl_callback_add_listener(cb, &callback_listener, &app->sync_done);
	return dispatch_until(app, &app->sync_done, timeout_ms);
}

static struct wl_buffer *
make_buffer(struct app *app, int32_t width, int32_t height)
{
	int32_t stride = width * 4;

	app->size = (size_t)stride * (size_t)height;
	app->fd = memfd_create("hostile", MFD_CLOEXEC);
	if (app->fd < 0 || ftruncate(app->fd, (off_t)app->size) < 0) {
		perror("hostile: memfd");
		exit(3);
	}
	uint32_t *pixels = mmap(NULL, app->size, PROT_READ | PROT_WRITE, MAP_SHARED, app->fd, 0);
	if (pixels == MAP_FAILED) {
		perror("hostile: mmap");
		exit(3);
	}
	for (size_t i = 0; i < app->size / 4; i++) {
		pixels[i] = GREEN;
	}
	/* Never touched again: after a truncate any access would be our own SIGBUS. */
	munmap(pixels, app->size);

	struct wl_shm_pool *pool = wl_shm_create_pool(app->shm, app->fd, (int32_t)app->size);
	struct wl_buffer *buffer = wl_shm_pool_create_buffer(pool, 0, width, height, stride,
		WL_SHM_FORMAT_XRGB8888);
	wl_shm_pool_destroy(pool);
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

static void
send_raw(struct app *app, uint32_t id, uint16_t opcode)
{
	/* A message is: object id, then size (high 16 bits) and opcode (low 16 bits). */
	uint32_t msg[2] = { id, (8u << 16) | opcode };

	if (wl_display_flush(app->display) < 0) {
		perror("hostile: flush");
		exit(3);
	}
	if (write(wl_display_get_fd(app->display), msg, sizeof(msg)) != (ssize_t)sizeof(msg)) {
		perror("hostile: write");
		exit(3);
	}
	printf("hostile: sent raw message: object %u opcode %u size 8\n", id, opcode);
}

/* What the compositor must answer: an interface (one of up to two) and an error code. */
struct expect {
	const char *iface[2];
	uint32_t code;
	bool disconnect_ok;	/* a disconnect without a protocol error also passes */
};

static int
report(struct app *app, const struct expect *want)
{
	int err = wl_display_get_error(app->display);

	if (err == 0) {
		printf("hostile: %s: FAIL: no error, the connection is still up\n", mode);
		return 1;
	}
	/* libwayland-client reports wl_display's own errors as EINVAL or ENOMEM, others as
	 * EPROTO; either way the error event left its interface behind. */
	const struct wl_interface *iface = NULL;
	uint32_t id = 0;
	uint32_t code = wl_display_get_protocol_error(app->display, &iface, &id);
	if (!iface) {
		printf("hostile: %s: disconnected without a protocol error: %s\n", mode,
		       strerror(err));
		if (want->disconnect_ok) {
			printf("hostile: %s: PASS (disconnect)\n", mode);
			return 0;
		}
		printf("hostile: %s: FAIL: expected a protocol error\n", mode);
		return 1;
	}
	const char *name = iface->name;
	printf("hostile: %s: protocol error: interface %s, object %u, code %u (%s)\n", mode, name,
	       id, code, strerror(err));
	bool iface_ok = false;
	for (int i = 0; i < 2; i++) {
		if (want->iface[i] && strcmp(want->iface[i], name) == 0) {
			iface_ok = true;
		}
	}
	if (!iface_ok || code != want->code) {
		printf("hostile: %s: FAIL: expected interface %s%s%s code %u\n", mode, want->iface[0],
		       want->iface[1] ? " or " : "", want->iface[1] ? want->iface[1] : "",
		       want->code);
		return 1;
	}
	printf("hostile: %s: PASS\n", mode);
	return 0;
}

int
main(int argc, char *argv[])
{
	struct app app = { .width = 100, .height = 100, .fd = -1 };
	bool wait_stdin = false;
	int i = 1;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (i < argc && strcmp(argv[i], "--wait-stdin") == 0) {
		wait_stdin = true;
		i++;
	}
	if (i + 1 != argc) {
		fprintf(stderr, "usage: hostile [--wait-stdin] "
			"bad-opcode|bad-object|offset-past-pool|truncate\n");
		return 2;
	}
	mode = argv[i];
	struct expect want;
	if (strcmp(mode, "bad-opcode") == 0) {
		want = (struct expect){ { "wl_display", NULL }, WL_DISPLAY_ERROR_INVALID_METHOD, false };
	} else if (strcmp(mode, "bad-object") == 0) {
		want = (struct expect){ { "wl_display", NULL }, WL_DISPLAY_ERROR_INVALID_OBJECT, false };
	} else if (strcmp(mode, "offset-past-pool") == 0) {
		want = (struct expect){ { "wl_shm_pool", "wl_shm" }, WL_SHM_ERROR_INVALID_STRIDE,
			false };
	} else if (strcmp(mode, "truncate") == 0) {
		want = (struct expect){ { "wl_buffer", "wl_shm" }, WL_SHM_ERROR_INVALID_FD, true };
	} else {
		fprintf(stderr, "hostile: unknown mode %s\n", mode);
		return 2;
	}

	app.display = wl_display_connect(NULL);
	if (!app.display) {
		perror("hostile: wl_display_connect");
		return 3;
	}
	app.registry = wl_display_get_registry(app.display);
	wl_registry_add_listener(app.registry, &registry_listener, &app);
	if (roundtrip(&app, 5000) != 1 || !app.compositor || !app.shm || !app.wm_base) {
		fprintf(stderr, "hostile: missing globals or no answer\n");
		return 3;
	}
	xdg_wm_base_add_listener(app.wm_base, &wm_base_listener, &app);

	app.surface = wl_compositor_create_surface(app.compositor);
	app.xdg_surface = xdg_wm_base_get_xdg_surface(app.wm_base, app.surface);
	xdg_surface_add_listener(app.xdg_surface, &xdg_surface_listener, &app);
	app.toplevel = xdg_surface_get_toplevel(app.xdg_surface);
	xdg_toplevel_add_listener(app.toplevel, &toplevel_listener, &app);
	xdg_toplevel_set_title(app.toplevel, "hostile");
	xdg_toplevel_set_app_id(app.toplevel, "picowl-test-hostile");
	wl_surface_commit(app.surface);
	if (dispatch_until(&app, &app.configured, 5000) != 1) {
		fprintf(stderr, "hostile: no configure\n");
		return 3;
	}

	app.buffer = make_buffer(&app, app.width, app.height);
	commit_frame(&app, &app.frame_done);
	if (dispatch_until(&app, &app.frame_done, 10000) != 1) {
		fprintf(stderr, "hostile: first frame not done\n");
		return 3;
	}
	printf("mapped %dx%d\n", app.width, app.height);

	if (wait_stdin) {
		char line[64];
		if (!fgets(line, sizeof(line), stdin)) {
			fprintf(stderr, "hostile: stdin closed\n");
		}
		/* answer whatever came meanwhile (pings) before misbehaving */
		if (roundtrip(&app, 5000) != 1) {
			fprintf(stderr, "hostile: connection lost while waiting\n");
			return 3;
		}
	}

	if (strcmp(mode, "bad-opcode") == 0) {
		send_raw(&app, wl_proxy_get_id((struct wl_proxy *)app.compositor), 42);
	} else if (strcmp(mode, "bad-object") == 0) {
		send_raw(&app, 0xf000u, 0);
	} else if (strcmp(mode, "offset-past-pool") == 0) {
		int32_t w = 16, h = 16, stride = 64, size = stride * h;
		int fd = memfd_create("hostile-small", MFD_CLOEXEC);
		if (fd < 0 || ftruncate(fd, size) < 0) {
			perror("hostile: memfd");
			return 3;
		}
		struct wl_shm_pool *pool = wl_shm_create_pool(app.shm, fd, size);
		wl_shm_pool_create_buffer(pool, size + stride, w, h, stride, WL_SHM_FORMAT_XRGB8888);
		printf("hostile: create_buffer offset %d in a pool of %d bytes\n", size + stride, size);
	} else {
		if (ftruncate(app.fd, 0) < 0) {
			perror("hostile: ftruncate");
			return 3;
		}
		printf("hostile: truncated the shm file to 0 bytes; attach, damage, commit\n");
		commit_frame(&app, &app.frame_done);
	}

	/* Wait for the error. A request is handled at once; pixels are read at the next repaint,
	 * which may wait for the frame in flight: give it seconds, not round trips. */
	int r = dispatch_until(&app, NULL, 10000);
	if (r == 0) {
		printf("hostile: %s: 10 s passed without an error\n", mode);
	}
	int status = report(&app, &want);
	wl_display_disconnect(app.display);
	return status;
}

/*
 * A test client: shows colour A, then draws colour B over its whole buffer but damages only
 * a small box, and prints "painted WxH" once that frame was shown. What the screen shows
 * then tells which rows the compositor really repainted.
 *
 * paint --color RRGGBB --then RRGGBB --box X,Y,W,H [--fullscreen] [--format rgb565|xrgb8888]
 *       [--then-argb]
 *
 * --then-argb: the last frame is ARGB8888 (not opaque: no direct present) and B only inside
 * the box, as a client that keeps to its damage draws it.
 */
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-client.h>

#include "xdg-shell-client-protocol.h"

struct app {
	struct wl_compositor *compositor;
	struct wl_shm *shm;
	struct xdg_wm_base *wm_base;
	bool has_rgb565;
	int width, height;
	bool configured;
	bool frame_done;
};

static void
handle_shm_format(void *data, struct wl_shm *shm, uint32_t format)
{
	struct app *app = data;
	app->has_rgb565 |= format == WL_SHM_FORMAT_RGB565;
}

static const struct wl_shm_listener shm_listener = {.format = handle_shm_format};

static void
handle_ping(void *data, struct xdg_wm_base *wm_base, uint32_t serial)
{
	xdg_wm_base_pong(wm_base, serial);
}

static const struct xdg_wm_base_listener wm_base_listener = {.ping = handle_ping};

static void
handle_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface,
	uint32_t version)
{
	struct app *app = data;
	if (strcmp(interface, wl_compositor_interface.name) == 0) {
		app->compositor = wl_registry_bind(registry, name, &wl_compositor_interface, 4);
	} else if (strcmp(interface, wl_shm_interface.name) == 0) {
		app->shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
		wl_shm_add_listener(app->shm, &shm_listener, app);
	} else if (strcmp(interface, xdg_wm_base_interface.name) == 0) {
		app->wm_base = wl_registry_bind(registry, name, &xdg_wm_base_interface, 1);
		xdg_wm_base_add_listener(app->wm_base, &wm_base_listener, app);
	}
}

static void
handle_global_remove(void *data, struct wl_registry *registry, uint32_t name)
{
}

static const struct wl_registry_listener registry_listener = {handle_global, handle_global_remove};

static void
handle_surface_configure(void *data, struct xdg_surface *surface, uint32_t serial)
{
	struct app *app = data;
	xdg_surface_ack_configure(surface, serial);
	app->configured = true;
}

static const struct xdg_surface_listener surface_listener = {handle_surface_configure};

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
	exit(0);
}

static const struct xdg_toplevel_listener toplevel_listener = {handle_toplevel_configure,
	handle_toplevel_close};

static void
handle_frame_done(void *data, struct wl_callback *cb, uint32_t time)
{
	struct app *app = data;
	app->frame_done = true;
	wl_callback_destroy(cb);
}

static const struct wl_callback_listener frame_listener = {handle_frame_done};

/* `rgb` everywhere, or `inside` within `box` (x, y, w, h) when box is not NULL. */
static struct wl_buffer *
make_buffer(struct app *app, int width, int height, uint32_t format, int bpp, uint32_t rgb,
	const int *box, uint32_t inside)
{
	int stride = width * bpp;
	size_t size = (size_t)stride * (size_t)height;
	int fd = memfd_create("paint", MFD_CLOEXEC);
	if (fd < 0 || ftruncate(fd, (off_t)size) < 0) {
		perror("paint: memfd");
		exit(1);
	}
	uint8_t *data = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (data == MAP_FAILED) {
		perror("paint: mmap");
		exit(1);
	}
	for (int i = 0; i < width * height; i++) {
		int x = i % width, y = i / width;
		uint32_t c = box && x >= box[0] && y >= box[1] && x < box[0] + box[2] &&
				y < box[1] + box[3]
			? inside
			: rgb;
		if (bpp == 2) {
			((uint16_t *)data)[i] = (uint16_t)(((c >> 8) & 0xf800) |
				((c >> 5) & 0x07e0) | ((c >> 3) & 0x1f));
		} else {
			((uint32_t *)data)[i] = 0xff000000u | c;
		}
	}
	munmap(data, size);
	struct wl_shm_pool *pool = wl_shm_create_pool(app->shm, fd, (int32_t)size);
	struct wl_buffer *buffer =
		wl_shm_pool_create_buffer(pool, 0, width, height, stride, format);
	wl_shm_pool_destroy(pool);
	close(fd);
	return buffer;
}

static void
show(struct wl_display *display, struct app *app, struct wl_surface *surface,
	struct wl_buffer *buffer, int x, int y, int w, int h)
{
	app->frame_done = false;
	struct wl_callback *cb = wl_surface_frame(surface);
	wl_callback_add_listener(cb, &frame_listener, app);
	wl_surface_attach(surface, buffer, 0, 0);
	wl_surface_damage_buffer(surface, x, y, w, h);
	wl_surface_commit(surface);
	while (!app->frame_done) {
		if (wl_display_dispatch(display) < 0) {
			fprintf(stderr, "paint: connection lost\n");
			exit(1);
		}
	}
}

int
main(int argc, char **argv)
{
	uint32_t a = 0xff0000, b = 0x00ff00;
	int bx = 10, by = 10, bw = 10, bh = 10;
	bool fullscreen = false, want565 = false, then_argb = false;
	int transform = 0, scale = 1;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--color") == 0 && i + 1 < argc) {
			a = (uint32_t)strtoul(argv[++i], NULL, 16);
		} else if (strcmp(argv[i], "--then") == 0 && i + 1 < argc) {
			b = (uint32_t)strtoul(argv[++i], NULL, 16);
		} else if (strcmp(argv[i], "--box") == 0 && i + 1 < argc) {
			if (sscanf(argv[++i], "%d,%d,%d,%d", &bx, &by, &bw, &bh) != 4) {
				fprintf(stderr, "paint: --box X,Y,W,H\n");
				return 2;
			}
		} else if (strcmp(argv[i], "--transform") == 0 && i + 1 < argc) {
			transform = atoi(argv[++i]);
		} else if (strcmp(argv[i], "--scale") == 0 && i + 1 < argc) {
			scale = atoi(argv[++i]);
		} else if (strcmp(argv[i], "--then-argb") == 0) {
			then_argb = true;
		} else if (strcmp(argv[i], "--fullscreen") == 0) {
			fullscreen = true;
		} else if (strcmp(argv[i], "--format") == 0 && i + 1 < argc) {
			want565 = strcmp(argv[++i], "rgb565") == 0;
		} else {
			fprintf(stderr, "paint: unknown argument %s\n", argv[i]);
			return 2;
		}
	}
	struct wl_display *display = wl_display_connect(NULL);
	if (!display) {
		fprintf(stderr, "paint: cannot connect\n");
		return 1;
	}
	struct app app = {0};
	struct wl_registry *registry = wl_display_get_registry(display);
	wl_registry_add_listener(registry, &registry_listener, &app);
	wl_display_roundtrip(display);
	wl_display_roundtrip(display);
	if (!app.compositor || !app.shm || !app.wm_base) {
		fprintf(stderr, "paint: missing globals\n");
		return 1;
	}
	struct wl_surface *surface = wl_compositor_create_surface(app.compositor);
	struct xdg_surface *xs = xdg_wm_base_get_xdg_surface(app.wm_base, surface);
	xdg_surface_add_listener(xs, &surface_listener, &app);
	struct xdg_toplevel *toplevel = xdg_surface_get_toplevel(xs);
	xdg_toplevel_add_listener(toplevel, &toplevel_listener, &app);
	xdg_toplevel_set_app_id(toplevel, "paint");
	if (fullscreen) {
		xdg_toplevel_set_fullscreen(toplevel, NULL);
	}
	wl_surface_commit(surface);
	/* Wait until the configure carries the size picowl wants (fullscreen: the output). */
	while (!app.configured || app.width == 0) {
		if (wl_display_dispatch(display) < 0) {
			return 1;
		}
	}
	wl_display_roundtrip(display);
	/* The buffer holds the surface transformed and scaled: swapped for 90 and 270. */
	/* Later configures (focus) must not change the buffers' size: keep it apart. */
	int surface_w = app.width, surface_h = app.height;
	int bw_ = (transform & 1 ? surface_h : surface_w) * scale;
	int bh_ = (transform & 1 ? surface_w : surface_h) * scale;
	wl_surface_set_buffer_transform(surface, transform);
	wl_surface_set_buffer_scale(surface, scale);
	bool use565 = want565 && app.has_rgb565;
	uint32_t format = use565 ? WL_SHM_FORMAT_RGB565 : WL_SHM_FORMAT_XRGB8888;
	int bpp = use565 ? 2 : 4;
	struct wl_buffer *first = make_buffer(&app, bw_, bh_, format, bpp, a, NULL, 0);
	int box[4] = {bx, by, bw, bh};
	struct wl_buffer *second = then_argb
		? make_buffer(&app, bw_, bh_, WL_SHM_FORMAT_ARGB8888, 4, a, box, b)
		: make_buffer(&app, bw_, bh_, format, bpp, b, NULL, 0);
	show(display, &app, surface, first, 0, 0, bw_, bh_);
	/* A second frame of colour A, so that a flip's other buffer holds it too. */
	struct wl_buffer *again = make_buffer(&app, bw_, bh_, format, bpp, a, NULL, 0);
	show(display, &app, surface, again, 0, 0, bw_, bh_);
	show(display, &app, surface, second, bx, by, bw, bh);
	printf("painted %dx%d\n", surface_w, surface_h);
	fflush(stdout);
	while (wl_display_dispatch(display) >= 0) {
	}
	return 0;
}

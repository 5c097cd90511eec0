/*
 * The vm tests' client: a toplevel of known colours, and a log of the input it receives.
 *
 *   vmclient STATE_FILE
 *
 * Fills its buffer magenta with a yellow top-left quarter (so a screendump shows the
 * rotation). On SIGUSR1 it paints a 32x32 cyan square in the middle and damages only that.
 * Every event is one line, "@@CLIENT ...", on stdout and appended to STATE_FILE:
 *   configured W H | drawn W H | partial | key CODE 1|0 | touch down|motion ID X Y |
 *   touch up ID | button CODE 1|0 | enter
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/signalfd.h>
#include <unistd.h>
#include <wayland-client.h>

#include "xdg-shell-client-protocol.h"

#define MAGENTA 0xffff00ffu
#define YELLOW 0xffffff00u
#define CYAN 0xff00ffffu
#define PATCH 32

struct app {
	struct wl_display *display;
	struct wl_registry *registry;
	struct wl_compositor *compositor;
	struct wl_shm *shm;
	struct xdg_wm_base *wm_base;
	struct wl_seat *seat;
	struct wl_surface *surface;
	struct xdg_surface *xdg_surface;
	struct xdg_toplevel *toplevel;
	struct wl_keyboard *keyboard;
	struct wl_touch *touch;
	/* buffers not yet released and frame callbacks not yet done, freed at exit */
	struct wl_proxy *inflight[16];
	int width, height;
	bool configured, drawn, partial_pending, closed;
	FILE *state;
};

#define INFLIGHT (sizeof(((struct app *)0)->inflight) / sizeof(struct wl_proxy *))

/* Swaps the slot holding OLD for NEW; swap_inflight(app, NULL, p) takes a free one. */
static bool
swap_inflight(struct app *app, void *old, void *new)
{
	for (size_t i = 0; i < INFLIGHT; i++) {
		if (app->inflight[i] == old) {
			app->inflight[i] = new;
			return true;
		}
	}
	return false;
}

static void
say(struct app *app, const char *fmt, ...)
{
	char line[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	printf("@@CLIENT %s\n", line);
	fflush(stdout);
	fprintf(app->state, "%s\n", line);
	fflush(app->state);
}

static void
handle_buffer_release(void *data, struct wl_buffer *buffer)
{
	swap_inflight(data, buffer, NULL);
	wl_buffer_destroy(buffer);
}

static const struct wl_buffer_listener buffer_listener = {.release = handle_buffer_release};

static struct wl_buffer *
make_buffer(struct app *app, bool patch)
{
	int w = app->width, h = app->height, stride = w * 4;
	size_t size = (size_t)stride * (size_t)h;
	int fd = memfd_create("vmclient", MFD_CLOEXEC);
	if (fd < 0 || ftruncate(fd, (off_t)size) < 0) {
		return NULL;
	}
	uint32_t *px = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (px == MAP_FAILED) {
		close(fd);
		return NULL;
	}
	for (int y = 0; y < h; y++) {
		for (int x = 0; x < w; x++) {
			bool marker = x < w / 4 && y < h / 4;
			bool square = patch && x >= w / 2 - PATCH / 2 && x < w / 2 + PATCH / 2 &&
				y >= h / 2 - PATCH / 2 && y < h / 2 + PATCH / 2;
			px[y * w + x] = square ? CYAN : marker ? YELLOW : MAGENTA;
		}
	}
	munmap(px, size);
	struct wl_shm_pool *pool = wl_shm_create_pool(app->shm, fd, (int32_t)size);
	struct wl_buffer *buffer =
		wl_shm_pool_create_buffer(pool, 0, w, h, stride, WL_SHM_FORMAT_XRGB8888);
	wl_shm_pool_destroy(pool);
	close(fd);
	wl_buffer_add_listener(buffer, &buffer_listener, app);
	return buffer;
}

static void
handle_frame_done(void *data, struct wl_callback *cb, uint32_t time)
{
	struct app *app = data;
	swap_inflight(app, cb, NULL);
	wl_callback_destroy(cb);
	if (!app->drawn) {
		app->drawn = true;
		say(app, "drawn %d %d", app->width, app->height);
	} else {
		say(app, "partial");
	}
}

static const struct wl_callback_listener frame_listener = {.done = handle_frame_done};

static void
draw(struct app *app, bool patch)
{
	struct wl_buffer *buffer = make_buffer(app, patch);
	if (!buffer || !swap_inflight(app, NULL, buffer)) {
		say(app, "error no buffer");
		exit(1);
	}
	wl_surface_attach(app->surface, buffer, 0, 0);
	if (patch) {
		wl_surface_damage_buffer(app->surface, app->width / 2 - PATCH / 2,
			app->height / 2 - PATCH / 2, PATCH, PATCH);
	} else {
		wl_surface_damage_buffer(app->surface, 0, 0, INT32_MAX, INT32_MAX);
	}
	struct wl_callback *cb = wl_surface_frame(app->surface);
	wl_callback_add_listener(cb, &frame_listener, app);
	if (!swap_inflight(app, NULL, cb)) {
		say(app, "error too many frames in flight");
		exit(1);
	}
	wl_surface_commit(app->surface);
}

static void
handle_xdg_surface_configure(void *data, struct xdg_surface *surface, uint32_t serial)
{
	struct app *app = data;
	xdg_surface_ack_configure(surface, serial);
	if (!app->configured) {
		app->configured = true;
		say(app, "configured %d %d", app->width, app->height);
		draw(app, false);
	}
}

static const struct xdg_surface_listener xdg_surface_listener = {
	.configure = handle_xdg_surface_configure,
};

static void
handle_toplevel_configure(void *data, struct xdg_toplevel *toplevel, int32_t w, int32_t h,
	struct wl_array *states)
{
	struct app *app = data;
	if (!app->configured && w > 0 && h > 0) {
		app->width = w;
		app->height = h;
	}
}

static void
handle_toplevel_close(void *data, struct xdg_toplevel *toplevel)
{
	struct app *app = data;
	app->closed = true;
}

static const struct xdg_toplevel_listener toplevel_listener = {
	.configure = handle_toplevel_configure,
	.close = handle_toplevel_close,
};

static void
handle_wm_base_ping(void *data, struct xdg_wm_base *wm_base, uint32_t serial)
{
	xdg_wm_base_pong(wm_base, serial);
}

static const struct xdg_wm_base_listener wm_base_listener = {.ping = handle_wm_base_ping};

/* Keyboard: only enter and keys matter here. */
static void
kb_keymap(void *d, struct wl_keyboard *k, uint32_t f, int32_t fd, uint32_t s)
{
	close(fd);
}
static void
kb_enter(void *d, struct wl_keyboard *k, uint32_t s, struct wl_surface *surf, struct wl_array *a)
{
	say(d, "enter");
}
static void
kb_leave(void *d, struct wl_keyboard *k, uint32_t s, struct wl_surface *surf)
{
}
static void
kb_key(void *d, struct wl_keyboard *k, uint32_t s, uint32_t t, uint32_t key, uint32_t state)
{
	say(d, "key %u %u", key, state);
}
static void
kb_mods(void *d, struct wl_keyboard *k, uint32_t s, uint32_t a, uint32_t b, uint32_t c, uint32_t g)
{
}
static void
kb_repeat(void *d, struct wl_keyboard *k, int32_t rate, int32_t delay)
{
}
static const struct wl_keyboard_listener keyboard_listener = {kb_keymap, kb_enter, kb_leave, kb_key,
	kb_mods, kb_repeat};

static void
touch_down(void *d, struct wl_touch *t, uint32_t s, uint32_t time, struct wl_surface *surf,
	int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	say(d, "touch down %d %.1f %.1f", id, wl_fixed_to_double(x), wl_fixed_to_double(y));
}
static void
touch_up(void *d, struct wl_touch *t, uint32_t s, uint32_t time, int32_t id)
{
	say(d, "touch up %d", id);
}
static void
touch_motion(void *d, struct wl_touch *t, uint32_t time, int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	say(d, "touch motion %d %.1f %.1f", id, wl_fixed_to_double(x), wl_fixed_to_double(y));
}
static void
touch_frame(void *d, struct wl_touch *t)
{
}
static void
touch_cancel(void *d, struct wl_touch *t)
{
}
static void
touch_shape(void *d, struct wl_touch *t, int32_t id, wl_fixed_t a, wl_fixed_t b)
{
}
static void
touch_orientation(void *d, struct wl_touch *t, int32_t id, wl_fixed_t o)
{
}
static const struct wl_touch_listener touch_listener = {touch_down, touch_up, touch_motion,
	touch_frame, touch_cancel, touch_shape, touch_orientation};

static void
handle_seat_capabilities(void *data, struct wl_seat *seat, uint32_t caps)
{
	struct app *app = data;
	static bool done;
	if (done) {
		return;
	}
	done = true;
	if (caps & WL_SEAT_CAPABILITY_KEYBOARD) {
		app->keyboard = wl_seat_get_keyboard(seat);
		wl_keyboard_add_listener(app->keyboard, &keyboard_listener, app);
	}
	if (caps & WL_SEAT_CAPABILITY_TOUCH) {
		app->touch = wl_seat_get_touch(seat);
		wl_touch_add_listener(app->touch, &touch_listener, app);
	}
}

static void
handle_seat_name(void *data, struct wl_seat *seat, const char *name)
{
}

static const struct wl_seat_listener seat_listener = {handle_seat_capabilities, handle_seat_name};

static void
handle_global(void *data, struct wl_registry *registry, uint32_t name, const char *iface,
	uint32_t version)
{
	struct app *app = data;
	if (strcmp(iface, wl_compositor_interface.name) == 0) {
		app->compositor = wl_registry_bind(registry, name, &wl_compositor_interface, 4);
	} else if (strcmp(iface, wl_shm_interface.name) == 0) {
		app->shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
	} else if (strcmp(iface, xdg_wm_base_interface.name) == 0) {
		app->wm_base = wl_registry_bind(registry, name, &xdg_wm_base_interface, 1);
		xdg_wm_base_add_listener(app->wm_base, &wm_base_listener, app);
	} else if (strcmp(iface, wl_seat_interface.name) == 0) {
		app->seat = wl_registry_bind(registry, name, &wl_seat_interface,
			version < 5 ? version : 5);
		wl_seat_add_listener(app->seat, &seat_listener, app);
	}
}

static void
handle_global_remove(void *data, struct wl_registry *registry, uint32_t name)
{
}

static const struct wl_registry_listener registry_listener = {handle_global, handle_global_remove};

int
main(int argc, char *argv[])
{
	struct app app = {.width = 200, .height = 200};
	app.state = fopen(argc > 1 ? argv[1] : "/dev/null", "a");
	app.display = wl_display_connect(NULL);
	if (!app.state || !app.display) {
		fprintf(stderr, "vmclient: cannot connect\n");
		return 1;
	}
	sigset_t mask;
	sigemptyset(&mask);
	sigaddset(&mask, SIGUSR1);
	sigprocmask(SIG_BLOCK, &mask, NULL);
	int sfd = signalfd(-1, &mask, SFD_CLOEXEC);

	app.registry = wl_display_get_registry(app.display);
	wl_registry_add_listener(app.registry, &registry_listener, &app);
	wl_display_roundtrip(app.display);
	if (!app.compositor || !app.shm || !app.wm_base) {
		fprintf(stderr, "vmclient: missing globals\n");
		return 1;
	}
	app.surface = wl_compositor_create_surface(app.compositor);
	app.xdg_surface = xdg_wm_base_get_xdg_surface(app.wm_base, app.surface);
	xdg_surface_add_listener(app.xdg_surface, &xdg_surface_listener, &app);
	app.toplevel = xdg_surface_get_toplevel(app.xdg_surface);
	xdg_toplevel_add_listener(app.toplevel, &toplevel_listener, &app);
	xdg_toplevel_set_title(app.toplevel, "vmclient");
	wl_surface_commit(app.surface);

	struct pollfd fds[2] = {{wl_display_get_fd(app.display), POLLIN, 0}, {sfd, POLLIN, 0}};
	while (!app.closed) {
		while (wl_display_prepare_read(app.display) != 0) {
			wl_display_dispatch_pending(app.display);
		}
		if (app.closed) {
			wl_display_cancel_read(app.display);
			break;
		}
		wl_display_flush(app.display);
		if (poll(fds, 2, -1) < 0 && errno != EINTR) {
			wl_display_cancel_read(app.display);
			break;
		}
		if (fds[0].revents & POLLIN) {
			if (wl_display_read_events(app.display) < 0) {
				break;
			}
		} else {
			wl_display_cancel_read(app.display);
		}
		if (wl_display_dispatch_pending(app.display) < 0) {
			break;
		}
		if (fds[1].revents & POLLIN) {
			struct signalfd_siginfo info;
			if (read(sfd, &info, sizeof(info)) == sizeof(info) && app.configured) {
				draw(&app, true);
			}
		}
		if (fds[0].revents & (POLLHUP | POLLERR)) {
			break;
		}
	}
	/* The compositor went or closed the window: free every proxy, so no leak is reported. */
	for (size_t i = 0; i < INFLIGHT; i++) {
		if (app.inflight[i]) {
			wl_proxy_destroy(app.inflight[i]);
		}
	}
	void *proxies[] = {app.toplevel, app.xdg_surface, app.surface, app.keyboard, app.touch,
		app.seat, app.wm_base, app.shm, app.compositor, app.registry};
	for (size_t i = 0; i < sizeof(proxies) / sizeof(proxies[0]); i++) {
		if (proxies[i]) {
			wl_proxy_destroy(proxies[i]);
		}
	}
	wl_display_disconnect(app.display);
	close(sfd);
	fclose(app.state);
	return 0;
}

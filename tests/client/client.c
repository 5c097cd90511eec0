/* The test clients' shared Wayland setup: see client.h. */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "client.h"

static const char *
prog(const struct tc_client *tc)
{
	return tc->name ? tc->name : "test client";
}

static void *
bind_first(struct tc_client *tc, void *bound, uint32_t want, uint32_t name,
	const struct wl_interface *interface, uint32_t version)
{
	if (bound || want == 0) {
		return bound;
	}
	uint32_t v = version < want ? version : want;
	if (v > (uint32_t)interface->version) {
		v = (uint32_t)interface->version;
	}
	return wl_registry_bind(tc->registry, name, interface, v);
}

static void
handle_wm_base_ping(void *data, struct xdg_wm_base *wm_base, uint32_t serial)
{
	struct tc_client *tc = data;

	if (!tc->no_pong) {
		xdg_wm_base_pong(wm_base, serial);
	}
}

static const struct xdg_wm_base_listener wm_base_listener = {
	.ping = handle_wm_base_ping,
};

static void
handle_registry_global(void *data, struct wl_registry *registry, uint32_t name,
	const char *interface, uint32_t version)
{
	struct tc_client *tc = data;
	const struct tc_versions *w = &tc->versions;

	if (strcmp(interface, wl_compositor_interface.name) == 0) {
		tc->compositor = bind_first(tc, tc->compositor, w->compositor, name,
			&wl_compositor_interface, version);
	} else if (strcmp(interface, wl_subcompositor_interface.name) == 0) {
		tc->subcompositor = bind_first(tc, tc->subcompositor, w->subcompositor, name,
			&wl_subcompositor_interface, version);
	} else if (strcmp(interface, wl_shm_interface.name) == 0) {
		tc->shm = bind_first(tc, tc->shm, w->shm, name, &wl_shm_interface, version);
	} else if (strcmp(interface, wl_seat_interface.name) == 0 && !tc->seat) {
		tc->seat = bind_first(tc, NULL, w->seat, name, &wl_seat_interface, version);
		if (tc->seat && tc->seat_listener) {
			wl_seat_add_listener(tc->seat, tc->seat_listener, tc->data);
		}
	} else if (strcmp(interface, wl_output_interface.name) == 0) {
		tc->output =
			bind_first(tc, tc->output, w->output, name, &wl_output_interface, version);
	} else if (strcmp(interface, xdg_wm_base_interface.name) == 0 && !tc->wm_base) {
		tc->wm_base =
			bind_first(tc, NULL, w->wm_base, name, &xdg_wm_base_interface, version);
		if (tc->wm_base) {
			xdg_wm_base_add_listener(tc->wm_base, &wm_base_listener, tc);
		}
	}
	if (tc->global) {
		tc->global(tc, name, interface, version);
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

bool
tc_connect(struct tc_client *tc, const struct tc_versions *want, int timeout_ms)
{
	tc->versions = *want;
	tc->display = wl_display_connect(NULL);
	if (!tc->display) {
		fprintf(stderr, "%s: cannot connect: %s\n", prog(tc), strerror(errno));
		return false;
	}
	tc->registry = wl_display_get_registry(tc->display);
	wl_registry_add_listener(tc->registry, &registry_listener, tc);
	if (tc_roundtrip(tc, timeout_ms) != 1) {
		fprintf(stderr, "%s: no answer to the registry\n", prog(tc));
		return false;
	}
	if ((want->compositor && !tc->compositor) || (want->shm && !tc->shm) ||
		(want->wm_base && !tc->wm_base)) {
		fprintf(stderr, "%s: missing globals\n", prog(tc));
		return false;
	}
	return true;
}

void
tc_disconnect(struct tc_client *tc)
{
	void *proxies[] = {tc->wm_base, tc->output, tc->seat, tc->shm, tc->subcompositor,
		tc->compositor, tc->registry};

	if (!tc->display) {
		return;
	}
	for (size_t i = 0; i < sizeof(proxies) / sizeof(proxies[0]); i++) {
		if (proxies[i]) {
			wl_proxy_destroy(proxies[i]);
		}
	}
	wl_display_disconnect(tc->display);
	tc->display = NULL;
}

int64_t
tc_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int
tc_dispatch_until(struct tc_client *tc, const bool *flag, int timeout_ms)
{
	struct wl_display *display = tc->display;
	int64_t deadline = tc_now_ms() + timeout_ms;
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
		/* EPIPE: the compositor hung up, but its error event may still wait to be read */
		if (wl_display_flush(display) < 0) {
			if (errno == EAGAIN) {
				pfd.events |= POLLOUT;
			} else if (errno != EPIPE) {
				wl_display_cancel_read(display);
				return -1;
			}
		}
		int left = -1;
		if (timeout_ms >= 0) {
			int64_t ms = deadline - tc_now_ms();
			if (ms <= 0) {
				wl_display_cancel_read(display);
				return 0;
			}
			left = (int)ms;
		}
		int n = poll(&pfd, 1, left);
		if (n < 0 && errno != EINTR) {
			wl_display_cancel_read(display);
			return -1;
		}
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

static void
handle_sync_done(void *data, struct wl_callback *callback, uint32_t time)
{
	*(bool *)data = true;
	wl_callback_destroy(callback);
}

static const struct wl_callback_listener sync_listener = {
	.done = handle_sync_done,
};

int
tc_roundtrip(struct tc_client *tc, int timeout_ms)
{
	bool done = false;
	struct wl_callback *cb = wl_display_sync(tc->display);

	wl_callback_add_listener(cb, &sync_listener, &done);
	int r = tc_dispatch_until(tc, &done, timeout_ms);
	if (!done) {
		/* its done event must not find `done` gone */
		wl_callback_destroy(cb);
	}
	return r;
}

int
tc_memfd(size_t size)
{
	int fd = memfd_create("picowl-test", MFD_CLOEXEC);

	if (fd >= 0 && ftruncate(fd, (off_t)size) < 0) {
		int err = errno;
		close(fd);
		errno = err;
		return -1;
	}
	return fd;
}

bool
tc_canvas_init(struct tc_canvas *cv, int32_t width, int32_t height)
{
	cv->width = width;
	cv->height = height;
	cv->size = (size_t)width * (size_t)height * 4;
	cv->fd = tc_memfd(cv->size);
	if (cv->fd < 0) {
		perror("memfd");
		return false;
	}
	cv->pixels = mmap(NULL, cv->size, PROT_READ | PROT_WRITE, MAP_SHARED, cv->fd, 0);
	if (cv->pixels == MAP_FAILED) {
		perror("mmap");
		close(cv->fd);
		return false;
	}
	return true;
}

struct wl_buffer *
tc_canvas_finish(struct tc_canvas *cv, struct wl_shm *shm)
{
	munmap(cv->pixels, cv->size);
	cv->pixels = NULL;
	struct wl_shm_pool *pool = wl_shm_create_pool(shm, cv->fd, (int32_t)cv->size);
	struct wl_buffer *buffer = wl_shm_pool_create_buffer(pool, 0, cv->width, cv->height,
		cv->width * 4, WL_SHM_FORMAT_XRGB8888);
	wl_shm_pool_destroy(pool);
	close(cv->fd);
	cv->fd = -1;
	return buffer;
}

struct wl_buffer *
tc_buffer(struct tc_client *tc, int32_t width, int32_t height, uint32_t argb)
{
	struct tc_canvas cv;

	if (!tc_canvas_init(&cv, width, height)) {
		return NULL;
	}
	for (size_t i = 0; i < cv.size / 4; i++) {
		cv.pixels[i] = argb;
	}
	return tc_canvas_finish(&cv, tc->shm);
}

static void
handle_xdg_surface_configure(void *data, struct xdg_surface *xdg_surface, uint32_t serial)
{
	struct tc_toplevel *tl = data;

	if (!tl->no_ack) {
		xdg_surface_ack_configure(xdg_surface, serial);
	}
	tl->serial = serial;
	tl->configured = true;
	if (tl->configure) {
		tl->configure(tl);
	}
}

static const struct xdg_surface_listener xdg_surface_listener = {
	.configure = handle_xdg_surface_configure,
};

static void
handle_toplevel_configure(void *data, struct xdg_toplevel *toplevel, int32_t width, int32_t height,
	struct wl_array *states)
{
	struct tc_toplevel *tl = data;

	if (width > 0 && height > 0) {
		tl->width = width;
		tl->height = height;
	}
}

static void
handle_toplevel_close(void *data, struct xdg_toplevel *toplevel)
{
	struct tc_toplevel *tl = data;

	tl->closed = true;
}

static void
handle_toplevel_configure_bounds(void *data, struct xdg_toplevel *toplevel, int32_t width,
	int32_t height)
{
}

static void
handle_toplevel_wm_capabilities(void *data, struct xdg_toplevel *toplevel,
	struct wl_array *capabilities)
{
}

static const struct xdg_toplevel_listener toplevel_listener = {
	.configure = handle_toplevel_configure,
	.close = handle_toplevel_close,
	.configure_bounds = handle_toplevel_configure_bounds,
	.wm_capabilities = handle_toplevel_wm_capabilities,
};

void
tc_toplevel_init(struct tc_toplevel *tl, struct tc_client *tc, const char *title,
	const char *app_id)
{
	tl->client = tc;
	tl->surface = wl_compositor_create_surface(tc->compositor);
	tl->xdg_surface = xdg_wm_base_get_xdg_surface(tc->wm_base, tl->surface);
	xdg_surface_add_listener(tl->xdg_surface, &xdg_surface_listener, tl);
	tl->toplevel = xdg_surface_get_toplevel(tl->xdg_surface);
	xdg_toplevel_add_listener(tl->toplevel, &toplevel_listener, tl);
	if (title) {
		xdg_toplevel_set_title(tl->toplevel, title);
	}
	if (app_id) {
		xdg_toplevel_set_app_id(tl->toplevel, app_id);
	}
}

static void
handle_frame_done(void *data, struct wl_callback *callback, uint32_t time)
{
	struct tc_toplevel *tl = data;

	wl_callback_destroy(callback);
	tl->frame = NULL;
	tl->frame_done = true;
}

static const struct wl_callback_listener frame_listener = {
	.done = handle_frame_done,
};

void
tc_toplevel_commit_box(struct tc_toplevel *tl, struct wl_buffer *buffer, int32_t x, int32_t y,
	int32_t width, int32_t height)
{
	if (tl->frame) {
		wl_callback_destroy(tl->frame);
	}
	tl->frame_done = false;
	tl->frame = wl_surface_frame(tl->surface);
	wl_callback_add_listener(tl->frame, &frame_listener, tl);
	wl_surface_attach(tl->surface, buffer ? buffer : tl->buffer, 0, 0);
	wl_surface_damage_buffer(tl->surface, x, y, width, height);
	wl_surface_commit(tl->surface);
}

void
tc_toplevel_commit(struct tc_toplevel *tl, struct wl_buffer *buffer)
{
	tc_toplevel_commit_box(tl, buffer, 0, 0, INT32_MAX, INT32_MAX);
}

bool
tc_toplevel_wait_configure(struct tc_toplevel *tl, int timeout_ms)
{
	wl_surface_commit(tl->surface);
	if (tc_dispatch_until(tl->client, &tl->configured, timeout_ms) != 1) {
		fprintf(stderr, "%s: no configure\n", prog(tl->client));
		return false;
	}
	return true;
}

bool
tc_toplevel_show_box(struct tc_toplevel *tl, struct wl_buffer *buffer, int32_t x, int32_t y,
	int32_t width, int32_t height, int timeout_ms)
{
	if (!buffer) {
		return false;
	}
	/* The buffer before goes once this one replaced it: destroying the surface's current
	 * buffer leaves its contents undefined (picowl then repaints all of the surface). */
	struct wl_buffer *before = tl->buffer;
	tl->buffer = buffer;
	tc_toplevel_commit_box(tl, buffer, x, y, width, height);
	if (before && before != buffer) {
		wl_buffer_destroy(before);
	}
	if (tc_dispatch_until(tl->client, &tl->frame_done, timeout_ms) != 1) {
		fprintf(stderr, "%s: no frame callback for the buffer\n", prog(tl->client));
		return false;
	}
	return true;
}

bool
tc_toplevel_show(struct tc_toplevel *tl, struct wl_buffer *buffer, int timeout_ms)
{
	return tc_toplevel_show_box(tl, buffer, 0, 0, INT32_MAX, INT32_MAX, timeout_ms);
}

bool
tc_toplevel_map(struct tc_toplevel *tl, uint32_t argb, int timeout_ms)
{
	return tc_toplevel_wait_configure(tl, timeout_ms) &&
		tc_toplevel_show(tl, tc_buffer(tl->client, tl->width, tl->height, argb),
			timeout_ms);
}

void
tc_toplevel_finish(struct tc_toplevel *tl)
{
	void *proxies[] = {tl->frame, tl->buffer, tl->toplevel, tl->xdg_surface, tl->surface};

	for (size_t i = 0; i < sizeof(proxies) / sizeof(proxies[0]); i++) {
		if (proxies[i]) {
			wl_proxy_destroy(proxies[i]);
		}
	}
	tl->frame = NULL;
	tl->buffer = NULL;
	tl->toplevel = NULL;
	tl->xdg_surface = NULL;
	tl->surface = NULL;
}

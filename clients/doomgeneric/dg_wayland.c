/* The connection: globals, the window and its configure, event dispatch. */
#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dg.h"
#include "xdg-shell-client-protocol.h"

_Noreturn void
dg_fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("picowl-dg: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	exit(1);
}

uint64_t
dg_now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

static void
handle_shm_format(void *data, struct wl_shm *shm, uint32_t format)
{
	struct dg *dg = data;

	if (format == WL_SHM_FORMAT_RGB565) {
		dg->has_rgb565 = true;
	} else if (format == WL_SHM_FORMAT_XRGB8888) {
		dg->has_xrgb8888 = true;
	}
}

static const struct wl_shm_listener shm_listener = {
	.format = handle_shm_format,
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
handle_registry_global(void *data, struct wl_registry *registry, uint32_t name,
	const char *interface, uint32_t version)
{
	struct dg *dg = data;

	if (strcmp(interface, wl_compositor_interface.name) == 0 && !dg->compositor) {
		dg->compositor = wl_registry_bind(registry, name, &wl_compositor_interface,
			version < 4 ? version : 4);
	} else if (strcmp(interface, wl_shm_interface.name) == 0 && !dg->shm) {
		dg->shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
		wl_shm_add_listener(dg->shm, &shm_listener, dg);
	} else if (strcmp(interface, xdg_wm_base_interface.name) == 0 && !dg->wm_base) {
		dg->wm_base = wl_registry_bind(registry, name, &xdg_wm_base_interface, 1);
		xdg_wm_base_add_listener(dg->wm_base, &wm_base_listener, dg);
	} else if (strcmp(interface, wl_seat_interface.name) == 0 && !dg->seat) {
		dg->seat = wl_registry_bind(registry, name, &wl_seat_interface,
			version < 5 ? version : 5);
		dg_input_seat_init(dg, dg->seat);
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
handle_toplevel_configure(void *data, struct xdg_toplevel *toplevel, int32_t width, int32_t height,
	struct wl_array *states)
{
	struct dg *dg = data;
	uint32_t *state;

	dg->pending_w = width;
	dg->pending_h = height;
	dg->pending_fullscreen = false;
	wl_array_for_each(state, states) {
		if (*state == XDG_TOPLEVEL_STATE_FULLSCREEN) {
			dg->pending_fullscreen = true;
		}
	}
}

static void
handle_toplevel_close(void *data, struct xdg_toplevel *toplevel)
{
	/* the engine has no way to be asked to quit; a closed window ends the game */
	exit(0);
}

static const struct xdg_toplevel_listener toplevel_listener = {
	.configure = handle_toplevel_configure,
	.close = handle_toplevel_close,
};

static void
handle_xdg_surface_configure(void *data, struct xdg_surface *xdg_surface, uint32_t serial)
{
	struct dg *dg = data;
	int w = dg->pending_w > 0 ? dg->pending_w : dg->fw;
	int h = dg->pending_h > 0 ? dg->pending_h : dg->fh;

	xdg_surface_ack_configure(xdg_surface, serial);
	dg->fullscreen = dg->pending_fullscreen;
	if (!dg->configured || w != dg->width || h != dg->height) {
		dg->width = w;
		dg->height = h;
		dg->configured = true;
		dg_present_configure(dg);
	}
}

static const struct xdg_surface_listener xdg_surface_listener = {
	.configure = handle_xdg_surface_configure,
};

void
dg_wl_init(struct dg *dg)
{
	dg->display = wl_display_connect(NULL);
	if (!dg->display) {
		dg_fail("cannot connect to the Wayland compositor (WAYLAND_DISPLAY=%s)",
			getenv("WAYLAND_DISPLAY") ? getenv("WAYLAND_DISPLAY") : "unset");
	}
	dg->registry = wl_display_get_registry(dg->display);
	wl_registry_add_listener(dg->registry, &registry_listener, dg);
	/* one round trip for the globals, one for the events of those just bound */
	if (wl_display_roundtrip(dg->display) < 0 || wl_display_roundtrip(dg->display) < 0) {
		dg_fail("lost the compositor while reading its globals");
	}
	if (!dg->compositor || !dg->shm || !dg->wm_base) {
		dg_fail("the compositor lacks %s",
			!dg->compositor    ? "wl_compositor"
				: !dg->shm ? "wl_shm"
					   : "xdg_wm_base");
	}

	switch (dg->opt.pixfmt) {
	case DG_PIXFMT_AUTO:
		dg->format = dg->has_rgb565 ? WL_SHM_FORMAT_RGB565 : WL_SHM_FORMAT_XRGB8888;
		break;
	case DG_PIXFMT_RGB565:
		if (!dg->has_rgb565) {
			dg_fail("-pixelformat rgb565: the compositor does not offer RGB565");
		}
		dg->format = WL_SHM_FORMAT_RGB565;
		break;
	case DG_PIXFMT_XRGB8888:
		dg->format = WL_SHM_FORMAT_XRGB8888; /* every compositor has it */
		break;
	}
	dg->bpp = dg->format == WL_SHM_FORMAT_RGB565 ? 2 : 4;

	dg->surface = wl_compositor_create_surface(dg->compositor);
	dg->xdg_surface = xdg_wm_base_get_xdg_surface(dg->wm_base, dg->surface);
	xdg_surface_add_listener(dg->xdg_surface, &xdg_surface_listener, dg);
	dg->toplevel = xdg_surface_get_toplevel(dg->xdg_surface);
	xdg_toplevel_add_listener(dg->toplevel, &toplevel_listener, dg);
	xdg_toplevel_set_app_id(dg->toplevel, "doomgeneric");
	xdg_toplevel_set_title(dg->toplevel, "doomgeneric");
	if (dg->opt.fullscreen) {
		xdg_toplevel_set_fullscreen(dg->toplevel, NULL);
	}
	wl_surface_commit(dg->surface);
	while (!dg->configured) {
		if (wl_display_dispatch(dg->display) < 0) {
			dg_fail("lost the compositor before the window was configured");
		}
	}
}

void
dg_wl_dispatch(struct dg *dg, int timeout_ms)
{
	struct wl_display *d = dg->display;
	struct pollfd pfd = {.fd = wl_display_get_fd(d), .events = POLLIN};

	while (wl_display_prepare_read(d) != 0) {
		if (wl_display_dispatch_pending(d) < 0) {
			dg_fail("lost the compositor: %s", strerror(errno));
		}
	}
	/* a full socket (the compositor is slow to read) is no reason to stop the game */
	if (wl_display_flush(d) < 0 && errno != EAGAIN) {
		wl_display_cancel_read(d);
		dg_fail("lost the compositor: %s", strerror(errno));
	}
	int n = poll(&pfd, 1, timeout_ms);
	if (n > 0) {
		if (wl_display_read_events(d) < 0) {
			dg_fail("lost the compositor: %s", strerror(errno));
		}
	} else {
		wl_display_cancel_read(d);
	}
	if (wl_display_dispatch_pending(d) < 0) {
		dg_fail("lost the compositor: %s", strerror(errno));
	}
}

void
dg_wl_set_title(struct dg *dg, const char *title)
{
	if (dg->toplevel && title) {
		xdg_toplevel_set_title(dg->toplevel, title);
	}
}

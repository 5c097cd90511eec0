/* The connection: globals, the window and its configure, event dispatch. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dg_input.h"
#include "dg_present.h"
#include "dg_wayland.h"

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
handle_configure(struct pw_client_toplevel *top)
{
	struct dg *dg = top->data;
	int w = top->configured_width > 0 ? top->configured_width : dg->fw;
	int h = top->configured_height > 0 ? top->configured_height : dg->fh;

	dg->fullscreen = top->fullscreen;
	if (!dg->configured || w != dg->width || h != dg->height ||
		dg_present_turn(dg) != dg->turn) {
		dg->width = w;
		dg->height = h;
		dg->configured = true;
		dg_present_configure(dg);
	}
}

static void
handle_close(struct pw_client_toplevel *top)
{
	/* the engine has no way to be asked to quit; a closed window ends the game */
	exit(0);
}

/* The output's transform, applied at its done event (at once from a version 1 output). */
static void
apply_transform(struct dg *dg)
{
	dg->output_transform = dg->pending_transform;
	if (dg->configured && dg_present_turn(dg) != dg->turn) {
		dg_present_configure(dg);
	}
}

static void
handle_output_geometry(void *data, struct wl_output *output, int32_t x, int32_t y, int32_t mm_width,
	int32_t mm_height, int32_t subpixel, const char *make, const char *model, int32_t transform)
{
	struct dg *dg = data;

	dg->pending_transform = transform;
	if (wl_output_get_version(output) < WL_OUTPUT_DONE_SINCE_VERSION) {
		apply_transform(dg);
	}
}

static void
handle_output_mode(void *data, struct wl_output *output, uint32_t flags, int32_t width,
	int32_t height, int32_t refresh)
{
}

static void
handle_output_done(void *data, struct wl_output *output)
{
	apply_transform(data);
}

static void
handle_output_scale(void *data, struct wl_output *output, int32_t factor)
{
}

static const struct wl_output_listener output_listener = {
	.geometry = handle_output_geometry,
	.mode = handle_output_mode,
	.done = handle_output_done,
	.scale = handle_output_scale,
};

void
dg_wl_init(struct dg *dg)
{
	const struct pw_client_versions versions = {.compositor = 4,
		.shm = 1,
		.seat = 5,
		.wm_base = 1};

	pw_client_keys_init(&dg->xkb, "picowl-dg");
	/* the output's transform, for -buffer-transform auto (its first events come with the
	 * round trip below) */
	static struct pw_client_global globals[4];
	globals[0] = (struct pw_client_global){&wl_output_interface, 2, (void **)&dg->output,
		&output_listener, dg};
	if (dg->opt.presentmode == DG_PRESENT_FIFO) {
		globals[1] = (struct pw_client_global){&wp_fifo_manager_v1_interface, 1,
			(void **)&dg->fifo_manager, NULL, NULL};
		globals[2] = (struct pw_client_global){&wp_commit_timing_manager_v1_interface, 1,
			(void **)&dg->timing_manager, NULL, NULL};
	}
	dg->client = (struct pw_client){.name = "picowl-dg", .data = dg};
	dg->client.globals = globals;
	pw_client_input_init(&dg->client, &dg_input_listener);
	/* one round trip for the globals, one for the events of those just bound */
	if (!pw_client_connect(&dg->client, &versions, -1)) {
		exit(1); /* the library said why */
	}
	if (pw_client_roundtrip(&dg->client, -1) != 1) {
		dg_fail("lost the compositor while reading its globals");
	}

	bool has_rgb565 = pw_client_has_format(&dg->client, WL_SHM_FORMAT_RGB565);
	switch (dg->opt.pixfmt) {
	case DG_PIXFMT_AUTO:
		dg->format = has_rgb565 ? WL_SHM_FORMAT_RGB565 : WL_SHM_FORMAT_XRGB8888;
		break;
	case DG_PIXFMT_RGB565:
		if (!has_rgb565) {
			dg_fail("-pixelformat rgb565: the compositor does not offer RGB565");
		}
		dg->format = WL_SHM_FORMAT_RGB565;
		break;
	case DG_PIXFMT_XRGB8888:
		dg->format = WL_SHM_FORMAT_XRGB8888; /* every compositor has it */
		break;
	}
	dg->bpp = dg->format == WL_SHM_FORMAT_RGB565 ? 2 : 4;

	dg->top = (struct pw_client_toplevel){.configure = handle_configure,
		.close = handle_close,
		.data = dg};
	dg->top.frame.handler = dg_present_frame_done;
	dg->top.frame.data = dg;
	pw_client_toplevel_init(&dg->top, &dg->client, "doomgeneric", "doomgeneric");
	if (dg->opt.presentmode == DG_PRESENT_FIFO && dg->fifo_manager && dg->timing_manager) {
		dg->fifo = wp_fifo_manager_v1_get_fifo(dg->fifo_manager, dg->top.surface);
		dg->timer =
			wp_commit_timing_manager_v1_get_timer(dg->timing_manager, dg->top.surface);
	} else if (dg->opt.presentmode == DG_PRESENT_FIFO) {
		fprintf(stderr,
			"picowl-dg: no wp_fifo_v1 or wp_commit_timer_v1: -presentmode new\n");
		dg->opt.presentmode = DG_PRESENT_NEW;
	}
	if (dg->opt.fullscreen) {
		xdg_toplevel_set_fullscreen(dg->top.toplevel, NULL);
	}
	wl_surface_commit(dg->top.surface);
	if (pw_client_dispatch_until(&dg->client, &dg->configured, -1) != 1) {
		dg_fail("lost the compositor before the window was configured");
	}
}

void
dg_wl_dispatch(struct dg *dg, int timeout_ms)
{
	/* a full socket (the compositor is slow to read) is no reason to stop the game */
	if (pw_client_dispatch_fds(&dg->client, NULL, 0, timeout_ms) < 0) {
		int err = wl_display_get_error(dg->client.display);
		dg_fail("lost the compositor: %s", strerror(err ? err : errno));
	}
}

void
dg_wl_set_title(struct dg *dg, const char *title)
{
	if (dg->top.toplevel && title) {
		xdg_toplevel_set_title(dg->top.toplevel, title);
	}
}

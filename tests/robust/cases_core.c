/*
 * The hostile cases of the core protocol, wl_shm and xdg-shell: raw messages to a missing
 * opcode or object, bad pools and buffers, a shm file truncated under a shown buffer, roles
 * and serials xdg-shell forbids, bad surface, subsurface, viewport and screencopy arguments.
 * (Each was once a mode of a client of its own, against a picowl of its own.)
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cases.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define GREEN 0xff00ff00u
/* the wl_shm errors, on wl_shm (create_pool), wl_shm_pool (create_buffer), wl_buffer (use) */
#define SHM_ERR(e) "wl_shm", WL_SHM_ERROR_##e
#define POOL_ERR(e) "wl_shm_pool", WL_SHM_ERROR_##e
#define BUFFER_ERR(e) "wl_buffer", WL_SHM_ERROR_##e
#define XDG_SURFACE_ERR(e) "xdg_surface", XDG_SURFACE_ERROR_##e

/* core */

static bool
bad_opcode(struct conn *c)
{
	return raw_send(c, wl_proxy_get_id((struct wl_proxy *)c->tc.compositor), 42, NULL, 0);
}

static bool
bad_object(struct conn *c)
{
	return raw_send(c, 0xf000u, 0, NULL, 0);
}

static bool
bad_scale(struct conn *c)
{
	if (!conn_map(c, false)) {
		return false;
	}
	wl_surface_set_buffer_scale(c->top.surface, 0);
	return true;
}

static bool
bad_transform(struct conn *c)
{
	if (!conn_map(c, false)) {
		return false;
	}
	wl_surface_set_buffer_transform(c->top.surface, 99);
	return true;
}

static bool
subsurface_self(struct conn *c)
{
	struct wl_surface *surface = wl_compositor_create_surface(c->tc.compositor);
	wl_subcompositor_get_subsurface(c->tc.subcompositor, surface, surface);
	return true;
}

static bool
viewport_negative(struct conn *c)
{
	if (!conn_map(c, false)) {
		return false;
	}
	struct wp_viewport *viewport = wp_viewporter_get_viewport(c->viewporter, c->top.surface);
	wp_viewport_set_source(viewport, wl_fixed_from_int(-1), 0, wl_fixed_from_int(10),
		wl_fixed_from_int(10));
	return true;
}

/* A source rectangle past the 64x64 buffer, committed. */
static bool
viewport_out_of_buffer(struct conn *c)
{
	if (!conn_map(c, false)) {
		return false;
	}
	struct wp_viewport *viewport = wp_viewporter_get_viewport(c->viewporter, c->top.surface);
	wp_viewport_set_source(viewport, 0, 0, wl_fixed_from_int(10000), wl_fixed_from_int(10000));
	wl_surface_commit(c->top.surface);
	return true;
}

static bool
screencopy_bad_buffer(struct conn *c)
{
	struct zwlr_screencopy_frame_v1 *frame =
		zwlr_screencopy_manager_v1_capture_output(c->screencopy, 0, c->tc.output);
	struct wl_buffer *small = pw_client_solid_buffer(&c->tc, 1, 1, GREEN);
	zwlr_screencopy_frame_v1_copy(frame, small);
	return small != NULL;
}

static const struct rcase core_cases[] = {
	{"core-opcode-wl-compositor-lacks", bad_opcode, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_INVALID_METHOD},
	{"core-request-to-object-0xf000", bad_object, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_INVALID_OBJECT},
	{"core-buffer-scale-0", bad_scale, EXPECT_ERROR, "wl_surface",
		WL_SURFACE_ERROR_INVALID_SCALE},
	{"core-buffer-transform-99", bad_transform, EXPECT_ERROR, "wl_surface",
		WL_SURFACE_ERROR_INVALID_TRANSFORM},
	{"core-subsurface-of-itself", subsurface_self, EXPECT_ERROR, "wl_subcompositor",
		WL_SUBCOMPOSITOR_ERROR_BAD_SURFACE},
	{"core-viewport-negative-source", viewport_negative, EXPECT_ERROR, "wp_viewport",
		WP_VIEWPORT_ERROR_BAD_VALUE},
	{"core-viewport-source-out-of-buffer", viewport_out_of_buffer, EXPECT_ERROR, "wp_viewport",
		WP_VIEWPORT_ERROR_OUT_OF_BUFFER},
	{"core-screencopy-into-1x1-buffer", screencopy_bad_buffer, EXPECT_ERROR,
		"zwlr_screencopy_frame_v1", ZWLR_SCREENCOPY_FRAME_V1_ERROR_INVALID_BUFFER},
};

const struct group core_group = {"core", core_cases, N(core_cases)};

/* wl_shm */

static bool
pool_negative_size(struct conn *c)
{
	int fd = make_memfd(4096);
	wl_shm_create_pool(c->tc.shm, fd, -4096);
	close(fd);
	return true;
}

/* One wl_shm_pool.create_buffer with these arguments in a fresh pool of pool_size bytes. */
static bool
bad_buffer(struct conn *c, int32_t offset, int32_t width, int32_t height, int32_t stride,
	uint32_t format, int32_t pool_size)
{
	int fd = make_memfd((size_t)pool_size);
	struct wl_shm_pool *pool = wl_shm_create_pool(c->tc.shm, fd, pool_size);
	wl_shm_pool_create_buffer(pool, offset, width, height, stride, format);
	close(fd);
	return true;
}

static bool
buffer_negative_width(struct conn *c)
{
	return bad_buffer(c, 0, -16, 16, 64, WL_SHM_FORMAT_XRGB8888, 4096);
}

static bool
buffer_negative_height(struct conn *c)
{
	return bad_buffer(c, 0, 16, -16, 64, WL_SHM_FORMAT_XRGB8888, 4096);
}

static bool
buffer_negative_stride(struct conn *c)
{
	return bad_buffer(c, 0, 16, 16, -64, WL_SHM_FORMAT_XRGB8888, 4096);
}

/* The offset inside the pool, the last rows past its end. */
static bool
buffer_past_pool(struct conn *c)
{
	return bad_buffer(c, 1024, 16, 16, 64, WL_SHM_FORMAT_XRGB8888, 1024 + 64 * 15);
}

/* A pool resized smaller than it is (4.80: picowl's wl_shm only grows a pool). */
static bool
pool_shrunk_by_resize(struct conn *c)
{
	int fd = make_memfd(8192);
	struct wl_shm_pool *pool = wl_shm_create_pool(c->tc.shm, fd, 8192);
	close(fd);
	wl_shm_pool_resize(pool, 4096);
	return true;
}

/* The offset itself past the end of the pool. */
static bool
offset_past_pool(struct conn *c)
{
	return bad_buffer(c, 64 * 16 + 64, 16, 16, 64, WL_SHM_FORMAT_XRGB8888, 64 * 16);
}

static bool
buffer_bad_format(struct conn *c)
{
	return bad_buffer(c, 0, 16, 16, 64, 0x20202020u, 4096);
}

/* A stride too small for the width: libwayland lets stride >= width pass, the compositor must
 * check it against the bytes per pixel. It is attached and committed. */
static bool
buffer_small_stride(struct conn *c)
{
	int32_t width = 4096, height = 1, stride = 4096;
	if (!conn_map(c, false)) {
		return false;
	}
	int fd = make_memfd((size_t)stride * height);
	struct wl_shm_pool *pool = wl_shm_create_pool(c->tc.shm, fd, stride * height);
	struct wl_buffer *buffer =
		wl_shm_pool_create_buffer(pool, 0, width, height, stride, WL_SHM_FORMAT_XRGB8888);
	wl_surface_attach(c->top.surface, buffer, 0, 0);
	wl_surface_damage_buffer(c->top.surface, 0, 0, INT32_MAX, INT32_MAX);
	wl_surface_commit(c->top.surface);
	close(fd);
	return true;
}

/* Legal: a buffer keeps its pool's memory and is drawn; then the attached buffer itself is
 * destroyed and the surface committed without a new one. */
static bool
attach_destroy_pool(struct conn *c)
{
	if (!conn_map(c, false)) {
		return false;
	}
	struct wl_buffer *old = c->top.buffer;
	/* pw_client_solid_buffer destroys the pool and closes its fd before the attach */
	c->top.buffer = pw_client_solid_buffer(&c->tc, c->top.width, c->top.height, GREEN);
	pw_client_toplevel_commit(&c->top, NULL);
	wl_buffer_destroy(old);
	if (pw_client_dispatch_until(&c->tc, &c->top.frame.done, 5000) != 1) {
		printf("  no frame done after the commit\n");
		return false;
	}
	wl_buffer_destroy(c->top.buffer);
	c->top.buffer = NULL;
	wl_surface_commit(c->top.surface);
	return true;
}

/* The shm file of the shown buffer truncated to 0 bytes, then the buffer committed again:
 * picowl reads the pixels at its next repaint and must not die of SIGBUS. */
static bool
truncate_shown(struct conn *c)
{
	struct pw_client_canvas cv;
	c->top.width = c->top.height = 64;
	pw_client_toplevel_init(&c->top, &c->tc, NULL, "robust-cases");
	if (!pw_client_toplevel_wait_configure(&c->top, 5000) ||
		!pw_client_canvas_init(&cv, c->top.width, c->top.height, WL_SHM_FORMAT_XRGB8888)) {
		return false;
	}
	for (size_t p = 0; p < cv.size / 4; p++) {
		cv.pixels[p] = GREEN;
	}
	/* the mapping goes with the canvas: no access of ours can end in our own SIGBUS */
	int fd = dup(cv.fd);
	bool shown =
		pw_client_toplevel_show(&c->top, pw_client_canvas_finish(&cv, c->tc.shm), 5000);
	bool truncated = shown && ftruncate(fd, 0) == 0;
	close(fd);
	if (truncated) {
		pw_client_toplevel_commit(&c->top, NULL);
	}
	return truncated;
}

static const struct rcase shm_cases[] = {
	{"shm-pool-negative-size", pool_negative_size, EXPECT_ERROR, SHM_ERR(INVALID_STRIDE)},
	{"shm-buffer-negative-width", buffer_negative_width, EXPECT_ERROR,
		POOL_ERR(INVALID_STRIDE)},
	{"shm-buffer-negative-height", buffer_negative_height, EXPECT_ERROR,
		POOL_ERR(INVALID_STRIDE)},
	{"shm-buffer-negative-stride", buffer_negative_stride, EXPECT_ERROR,
		POOL_ERR(INVALID_STRIDE)},
	{"shm-buffer-small-stride", buffer_small_stride, EXPECT_ERROR, BUFFER_ERR(INVALID_STRIDE)},
	{"shm-buffer-rows-past-pool", buffer_past_pool, EXPECT_ERROR, POOL_ERR(INVALID_STRIDE)},
	{"shm-buffer-offset-past-pool", offset_past_pool, EXPECT_ERROR, POOL_ERR(INVALID_STRIDE)},
	{"shm-buffer-bad-format", buffer_bad_format, EXPECT_ERROR, POOL_ERR(INVALID_FORMAT)},
	{"shm-pool-resized-smaller", pool_shrunk_by_resize, EXPECT_ERROR, POOL_ERR(INVALID_FD)},
	{"shm-attach-buffer-of-destroyed-pool", attach_destroy_pool, EXPECT_NONE},
	{"shm-file-truncated-under-shown-buffer", truncate_shown, EXPECT_ERROR,
		BUFFER_ERR(INVALID_FD)},
};

const struct group shm_group = {"shm", shm_cases, N(shm_cases)};

/* xdg-shell */

static bool
no_role_commit(struct conn *c)
{
	if (!conn_map(c, false)) {
		return false;
	}
	struct wl_surface *surface = wl_compositor_create_surface(c->tc.compositor);
	xdg_wm_base_get_xdg_surface(c->tc.wm_base, surface);
	wl_surface_attach(surface, c->top.buffer, 0, 0);
	wl_surface_commit(surface);
	return true;
}

static bool
ack_bogus_serial(struct conn *c)
{
	if (!conn_map(c, false)) {
		return false;
	}
	xdg_surface_ack_configure(c->top.xdg_surface, c->top.serial + 1000);
	return true;
}

static bool
positioner_zero_size(struct conn *c)
{
	struct xdg_positioner *positioner = xdg_wm_base_create_positioner(c->tc.wm_base);
	xdg_positioner_set_size(positioner, 0, 0);
	return true;
}

static bool
second_role(struct conn *c)
{
	if (!conn_map(c, false)) {
		return false;
	}
	xdg_surface_get_toplevel(c->top.xdg_surface);
	return true;
}

/* The error names the xdg_wm_base this client destroyed: it has no interface left. */
static bool
wm_base_defunct(struct conn *c)
{
	if (!conn_map(c, false)) {
		return false;
	}
	xdg_wm_base_destroy(c->tc.wm_base);
	c->tc.wm_base = NULL;
	return true;
}

static bool
self_parent(struct conn *c)
{
	if (!conn_map(c, false)) {
		return false;
	}
	xdg_toplevel_set_parent(c->top.toplevel, c->top.toplevel);
	return true;
}

/* A toplevel that never acks its configure is never mapped; nothing else happens. */
static bool
never_ack(struct conn *c)
{
	c->top.no_ack = true;
	c->top.width = c->top.height = 64;
	pw_client_toplevel_init(&c->top, &c->tc, "never-ack", "robust-cases");
	wl_surface_commit(c->top.surface);
	if (pw_client_dispatch_until(&c->tc, &c->top.configured, 5000) != 1) {
		printf("  no configure\n");
		return false;
	}
	return pw_client_dispatch_until(&c->tc, NULL, 4000) == 0;
}

static const struct rcase xdg_shell_cases[] = {
	{"xdg-shell-commit-buffer-without-role", no_role_commit, EXPECT_ERROR,
		XDG_SURFACE_ERR(UNCONFIGURED_BUFFER)},
	{"xdg-shell-ack-bogus-serial", ack_bogus_serial, EXPECT_ERROR,
		XDG_SURFACE_ERR(INVALID_SERIAL)},
	{"xdg-shell-positioner-size-0", positioner_zero_size, EXPECT_ERROR, "xdg_positioner",
		XDG_POSITIONER_ERROR_INVALID_INPUT},
	{"xdg-shell-second-role", second_role, EXPECT_ERROR, XDG_SURFACE_ERR(ALREADY_CONSTRUCTED)},
	{"xdg-shell-wm-base-destroyed-first", wm_base_defunct, EXPECT_ERROR, "(destroyed)",
		XDG_WM_BASE_ERROR_DEFUNCT_SURFACES},
	{"xdg-shell-toplevel-its-own-parent", self_parent, EXPECT_ERROR, "xdg_toplevel",
		XDG_TOPLEVEL_ERROR_INVALID_PARENT},
	{"xdg-shell-configure-never-acked", never_ack, EXPECT_NONE},
};

const struct group xdg_shell_group = {"xdg-shell", xdg_shell_cases, N(xdg_shell_cases)};

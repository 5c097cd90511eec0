/* Hostile cases: xdg_popup parents, wl_surface, subsurface and viewport extremes, screencopy. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cases.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* ---- xdg_popup parents ---- */

static struct xdg_positioner *
positioner(struct conn *c)
{
	struct xdg_positioner *pos = xdg_wm_base_create_positioner(c->tc.wm_base);

	xdg_positioner_set_size(pos, 8, 8);
	xdg_positioner_set_anchor_rect(pos, 0, 0, 4, 4);
	return pos;
}

static struct xdg_surface *
bare_xdg_surface(struct conn *c)
{
	return xdg_wm_base_get_xdg_surface(c->tc.wm_base,
		wl_compositor_create_surface(c->tc.compositor));
}

static bool
popup_own_parent(struct conn *c)
{
	struct xdg_surface *xdg = bare_xdg_surface(c);

	xdg_surface_get_popup(xdg, xdg, positioner(c));
	return true;
}

/* b is a popup of a, which has no role yet; then a asks to be a popup of b. */
static bool
popup_cycle(struct conn *c)
{
	struct xdg_surface *a = bare_xdg_surface(c);
	struct xdg_surface *b = bare_xdg_surface(c);

	xdg_surface_get_popup(b, a, positioner(c));
	xdg_surface_get_popup(a, b, positioner(c));
	return true;
}

static void
handle_popup_xdg_configure(void *data, struct xdg_surface *xdg, uint32_t serial)
{
	xdg_surface_ack_configure(xdg, serial);
}

static const struct xdg_surface_listener popup_xdg_listener = {
	.configure = handle_popup_xdg_configure,
};

/* A popup of `parent` (an xdg_surface), configured and shown: its surface through *surface. */
static struct xdg_popup *
shown_popup(struct conn *c, struct xdg_surface *parent, struct xdg_surface **xdg_out)
{
	struct wl_surface *surface = wl_compositor_create_surface(c->tc.compositor);
	struct xdg_surface *xdg = xdg_wm_base_get_xdg_surface(c->tc.wm_base, surface);
	xdg_surface_add_listener(xdg, &popup_xdg_listener, c);
	struct xdg_popup *popup = xdg_surface_get_popup(xdg, parent, positioner(c));
	wl_surface_commit(surface);
	pw_client_roundtrip(&c->tc, 5000);
	wl_surface_attach(surface, pw_client_solid_buffer(&c->tc, 8, 8, 0xffff0000u), 0, 0);
	wl_surface_commit(surface);
	pw_client_roundtrip(&c->tc, 5000);
	*xdg_out = xdg;
	return popup;
}

/* A popup with a popup of its own shown, destroyed first: not the topmost. */
static bool
popup_destroyed_under_child(struct conn *c)
{
	if (!conn_map(c, false)) {
		return false;
	}
	struct xdg_surface *a_xdg, *b_xdg;
	struct xdg_popup *a = shown_popup(c, c->top.xdg_surface, &a_xdg);
	shown_popup(c, a_xdg, &b_xdg);
	xdg_popup_destroy(a);
	return true;
}

/* The same chain destroyed topmost first: no error. */
static bool
popup_destroyed_topmost_first(struct conn *c)
{
	if (!conn_map(c, false)) {
		return false;
	}
	struct xdg_surface *a_xdg, *b_xdg;
	struct xdg_popup *a = shown_popup(c, c->top.xdg_surface, &a_xdg);
	struct xdg_popup *b = shown_popup(c, a_xdg, &b_xdg);
	xdg_popup_destroy(b);
	xdg_popup_destroy(a);
	return pw_client_roundtrip(&c->tc, 5000) == 1;
}

static const struct rcase popup_cases[] = {
	{"popup-destroyed-under-its-child", popup_destroyed_under_child, EXPECT_ERROR,
		"xdg_wm_base", XDG_WM_BASE_ERROR_NOT_THE_TOPMOST_POPUP},
	{"popup-chain-destroyed-topmost-first", popup_destroyed_topmost_first, EXPECT_NONE},
	{"popup-its-own-parent", popup_own_parent, EXPECT_ERROR, "xdg_wm_base",
		XDG_WM_BASE_ERROR_INVALID_POPUP_PARENT},
	{"popup-parent-cycle", popup_cycle, EXPECT_ERROR, "xdg_wm_base",
		XDG_WM_BASE_ERROR_INVALID_POPUP_PARENT},
};

const struct group popup_group = {"xdg-popup", popup_cases, N(popup_cases)};

/* ---- wl_surface extremes the fuzzer found ---- */

/* Any positive scale is valid: INT32_MAX, with buffer damage, on a mapped toplevel. */
static bool
surface_huge_scale(struct conn *c)
{
	if (!conn_map(c, false)) {
		return false;
	}
	wl_surface_set_buffer_scale(c->top.surface, INT32_MAX);
	wl_surface_attach(c->top.surface, c->top.buffer, 0, 0);
	wl_surface_damage_buffer(c->top.surface, 0, 0, INT32_MAX, INT32_MAX);
	wl_surface_commit(c->top.surface);
	return true;
}

static bool
viewport_twice(struct conn *c)
{
	struct wl_surface *surface = wl_compositor_create_surface(c->tc.compositor);

	wp_viewporter_get_viewport(c->viewporter, surface);
	wp_viewporter_get_viewport(c->viewporter, surface);
	return true;
}

static bool
viewport_surface_gone(struct conn *c)
{
	struct wl_surface *surface = wl_compositor_create_surface(c->tc.compositor);
	struct wp_viewport *viewport = wp_viewporter_get_viewport(c->viewporter, surface);

	wl_surface_destroy(surface);
	wp_viewport_set_destination(viewport, 10, 10);
	return true;
}

/* A subsurface at INT32_MAX, then pushed further by offsets: legal, and must not overflow. */
static bool
subsurface_far_out(struct conn *c)
{
	if (!conn_map(c, false)) {
		return false;
	}
	struct wl_surface *child = wl_compositor_create_surface(c->tc.compositor);
	struct wl_subsurface *sub =
		wl_subcompositor_get_subsurface(c->tc.subcompositor, child, c->top.surface);
	wl_subsurface_set_position(sub, INT32_MAX, INT32_MIN);
	wl_surface_attach(child, pw_client_solid_buffer(&c->tc, 4, 4, 0xffff0000u), 0, 0);
	wl_surface_commit(child);
	wl_surface_commit(c->top.surface);
	for (int i = 0; i < 3; i++) {
		wl_surface_offset(child, INT32_MAX, INT32_MIN);
		wl_surface_commit(child);
		wl_surface_attach(c->top.surface, c->top.buffer, 0, 0);
		wl_surface_damage_buffer(c->top.surface, 0, 0, 1, 1);
		wl_surface_commit(c->top.surface);
	}
	return pw_client_roundtrip(&c->tc, 5000) == 1;
}

/* Window geometry at the int32 extremes: legal, and must not overflow placing the window. */
static bool
geometry_extremes(struct conn *c)
{
	if (!conn_map(c, false)) {
		return false;
	}
	xdg_surface_set_window_geometry(c->top.xdg_surface, INT32_MIN, INT32_MIN, INT32_MAX,
		INT32_MAX);
	wl_surface_commit(c->top.surface);
	xdg_surface_set_window_geometry(c->top.xdg_surface, INT32_MAX, INT32_MAX, 1, 1);
	wl_surface_attach(c->top.surface, c->top.buffer, 0, 0);
	wl_surface_damage_buffer(c->top.surface, 0, 0, 1, 1);
	wl_surface_commit(c->top.surface);
	return pw_client_roundtrip(&c->tc, 5000) == 1;
}

/* A viewport scaling the toplevel to INT32_MAX square, and a subsurface so scaled: legal. */
static bool
viewport_huge_destination(struct conn *c)
{
	if (!conn_map(c, false)) {
		return false;
	}
	struct wl_surface *child = wl_compositor_create_surface(c->tc.compositor);
	wl_subcompositor_get_subsurface(c->tc.subcompositor, child, c->top.surface);
	struct wp_viewport *vp = wp_viewporter_get_viewport(c->viewporter, child);
	wp_viewport_set_destination(vp, INT32_MAX, INT32_MAX);
	wl_surface_attach(child, pw_client_solid_buffer(&c->tc, 4, 4, 0xffff0000u), 0, 0);
	wl_surface_commit(child);
	vp = wp_viewporter_get_viewport(c->viewporter, c->top.surface);
	wp_viewport_set_destination(vp, INT32_MAX, INT32_MAX);
	wl_surface_attach(c->top.surface, c->top.buffer, 0, 0);
	wl_surface_damage(c->top.surface, 0, 0, INT32_MAX, INT32_MAX);
	wl_surface_commit(c->top.surface);
	return pw_client_roundtrip(&c->tc, 5000) == 1;
}

/* An XRGB8888 buffer one byte into its pool: its pixels cannot be read as words. */
static bool
buffer_misaligned(struct conn *c)
{
	if (!conn_map(c, false)) {
		return false;
	}
	int fd = make_memfd(4096);
	struct wl_shm_pool *pool = wl_shm_create_pool(c->tc.shm, fd, 4096);
	close(fd);
	struct wl_buffer *buffer =
		wl_shm_pool_create_buffer(pool, 1, 8, 8, 32, WL_SHM_FORMAT_XRGB8888);
	wl_surface_attach(c->top.surface, buffer, 0, 0);
	wl_surface_commit(c->top.surface);
	return true;
}

/* The shown buffer destroyed right after its commit, as swaybg does: legal; picowl keeps its
 * pixels, then the surface commits again without a buffer change. */
static bool
buffer_destroyed_while_shown(struct conn *c)
{
	if (!conn_map(c, false)) {
		return false;
	}
	struct wl_buffer *buffer = pw_client_solid_buffer(&c->tc, 64, 64, 0xff00ff00u);
	wl_surface_attach(c->top.surface, buffer, 0, 0);
	wl_surface_damage_buffer(c->top.surface, 0, 0, 64, 64);
	wl_surface_commit(c->top.surface);
	wl_buffer_destroy(buffer);
	wl_surface_damage_buffer(c->top.surface, 0, 0, 64, 64);
	wl_surface_commit(c->top.surface);
	return pw_client_roundtrip(&c->tc, 5000) == 1;
}

/* A 4096x4000 XRGB8888 buffer (62.5 MiB, near the 64 MiB a 32-bit picowl lets a client map,
 * 4.80) on a sparse pool, shown, then destroyed: picowl must not copy it to keep it (it says so and
 * shows nothing until the next buffer). A bigger pool is refused (budget-pool-of-1-gib). */
static bool
huge_buffer_destroyed_while_shown(struct conn *c)
{
	if (!conn_map(c, false)) {
		return false;
	}
	int32_t side = 4096, rows = 4000, stride = side * 4;
	int fd = make_memfd((size_t)stride * (size_t)rows);
	if (fd < 0) {
		return false;
	}
	struct wl_shm_pool *pool = wl_shm_create_pool(c->tc.shm, fd, stride * rows);
	close(fd);
	struct wl_buffer *buffer =
		wl_shm_pool_create_buffer(pool, 0, side, rows, stride, WL_SHM_FORMAT_XRGB8888);
	wl_shm_pool_destroy(pool);
	wl_surface_attach(c->top.surface, buffer, 0, 0);
	wl_surface_damage_buffer(c->top.surface, 0, 0, 1, 1);
	wl_surface_commit(c->top.surface);
	if (pw_client_roundtrip(&c->tc, 5000) != 1) {
		return false;
	}
	wl_buffer_destroy(buffer);
	wl_surface_commit(c->top.surface);
	return pw_client_roundtrip(&c->tc, 5000) == 1;
}

static const struct rcase surface_cases[] = {
	{"buffer-destroyed-while-shown", buffer_destroyed_while_shown, EXPECT_NONE},
	{"huge-buffer-destroyed-while-shown", huge_buffer_destroyed_while_shown, EXPECT_NONE},
	{"buffer-one-byte-into-its-pool", buffer_misaligned, EXPECT_ERROR, "wl_buffer",
		WL_SHM_ERROR_INVALID_STRIDE},
	{"viewport-destination-int32-max", viewport_huge_destination, EXPECT_NONE},
	{"window-geometry-at-int32-extremes", geometry_extremes, EXPECT_NONE},
	{"subsurface-far-out-and-offset-further", subsurface_far_out, EXPECT_NONE},
	{"surface-scale-int32-max-with-damage", surface_huge_scale, EXPECT_NONE},
	{"viewport-twice-for-one-surface", viewport_twice, EXPECT_ERROR, "wp_viewporter",
		WP_VIEWPORTER_ERROR_VIEWPORT_EXISTS},
	{"viewport-after-its-surface-died", viewport_surface_gone, EXPECT_ERROR, "wp_viewport",
		WP_VIEWPORT_ERROR_NO_SURFACE},
};

const struct group surface_group = {"surface", surface_cases, N(surface_cases)};

/* ---- zwlr_screencopy_manager_v1 ---- */

static void
handle_sc_buffer(void *data, struct zwlr_screencopy_frame_v1 *frame, uint32_t format,
	uint32_t width, uint32_t height, uint32_t stride)
{
	struct conn *c = data;

	c->serial = format;
	c->top.width = (int32_t)width;
	c->top.height = (int32_t)height;
	c->top.serial = stride;
}

static void
handle_sc_flags(void *data, struct zwlr_screencopy_frame_v1 *frame, uint32_t flags)
{
}

static void
handle_sc_ready(void *data, struct zwlr_screencopy_frame_v1 *frame, uint32_t sec_hi,
	uint32_t sec_lo, uint32_t nsec)
{
	((struct conn *)data)->events++;
}

static void
handle_sc_failed(void *data, struct zwlr_screencopy_frame_v1 *frame)
{
	((struct conn *)data)->events++;
}

static void
handle_sc_damage(void *data, struct zwlr_screencopy_frame_v1 *frame, uint32_t x, uint32_t y,
	uint32_t width, uint32_t height)
{
}

static void
handle_sc_linux_dmabuf(void *data, struct zwlr_screencopy_frame_v1 *frame, uint32_t format,
	uint32_t width, uint32_t height)
{
}

static void
handle_sc_buffer_done(void *data, struct zwlr_screencopy_frame_v1 *frame)
{
}

static const struct zwlr_screencopy_frame_v1_listener sc_listener = {
	.buffer = handle_sc_buffer,
	.flags = handle_sc_flags,
	.ready = handle_sc_ready,
	.failed = handle_sc_failed,
	.damage = handle_sc_damage,
	.linux_dmabuf = handle_sc_linux_dmabuf,
	.buffer_done = handle_sc_buffer_done,
};

/* 300 captures of the whole output copied in one frame, into one buffer: all answered. */
static bool
sc_flood(struct conn *c)
{
	struct zwlr_screencopy_frame_v1 *frames[300];

	for (int i = 0; i < 300; i++) {
		frames[i] =
			zwlr_screencopy_manager_v1_capture_output(c->screencopy, 0, c->tc.output);
		zwlr_screencopy_frame_v1_add_listener(frames[i], &sc_listener, c);
	}
	if (pw_client_roundtrip(&c->tc, 5000) != 1) {
		return false;
	}
	int32_t w = c->top.width, h = c->top.height, stride = (int32_t)c->top.serial;
	int fd = make_memfd((size_t)stride * (size_t)h);
	struct wl_shm_pool *pool = wl_shm_create_pool(c->tc.shm, fd, stride * h);
	struct wl_buffer *buffer = wl_shm_pool_create_buffer(pool, 0, w, h, stride, c->serial);
	close(fd);
	c->events = 0;
	for (int i = 0; i < 300; i++) {
		zwlr_screencopy_frame_v1_copy(frames[i], buffer);
	}
	bool ok = conn_wait_events(c, 300, 10000);
	printf("  %d of 300 captures answered\n", c->events);
	return ok;
}

/* Region captures outside the output, empty and at the int32 extremes: each one fails. */
static bool
sc_odd_regions(struct conn *c)
{
	const int32_t r[][4] = {{-100, -100, 10, 10}, {0, 0, 0, 0}, {INT32_MAX, INT32_MAX, 1, 1},
		{INT32_MIN, INT32_MIN, INT32_MAX, INT32_MAX}, {0, 0, -1, -1}};

	c->events = 0;
	for (size_t i = 0; i < N(r); i++) {
		zwlr_screencopy_frame_v1_add_listener(
			zwlr_screencopy_manager_v1_capture_output_region(c->screencopy, 1,
				c->tc.output, r[i][0], r[i][1], r[i][2], r[i][3]),
			&sc_listener, c);
	}
	return conn_wait_events(c, (int)N(r), 5000);
}

/* A capture into a buffer two bytes into its pool: a protocol error, not a misaligned write. */
static bool
sc_misaligned(struct conn *c)
{
	struct zwlr_screencopy_frame_v1 *frame =
		zwlr_screencopy_manager_v1_capture_output(c->screencopy, 0, c->tc.output);

	zwlr_screencopy_frame_v1_add_listener(frame, &sc_listener, c);
	if (pw_client_roundtrip(&c->tc, 5000) != 1) {
		return false;
	}
	int32_t stride = (int32_t)c->top.serial;
	int32_t size = stride * c->top.height + 4;
	int fd = make_memfd((size_t)size);
	struct wl_shm_pool *pool = wl_shm_create_pool(c->tc.shm, fd, size);
	close(fd);
	zwlr_screencopy_frame_v1_copy(frame,
		wl_shm_pool_create_buffer(pool, 2, c->top.width, c->top.height, stride, c->serial));
	return true;
}

/* Every buffer event of one frame, and its end. */
struct sc_offer {
	uint32_t format[4], stride[4];
	int n, width, height, ready;
	bool done; /* ready or failed */
};

static void
offer_buffer(void *data, struct zwlr_screencopy_frame_v1 *frame, uint32_t format, uint32_t width,
	uint32_t height, uint32_t stride)
{
	struct sc_offer *o = data;
	if (o->n < 4) {
		o->format[o->n] = format;
		o->stride[o->n++] = stride;
	}
	o->width = (int)width;
	o->height = (int)height;
}

static void
offer_ready(void *data, struct zwlr_screencopy_frame_v1 *frame, uint32_t sec_hi, uint32_t sec_lo,
	uint32_t nsec)
{
	((struct sc_offer *)data)->ready = 1;
	((struct sc_offer *)data)->done = true;
}

static void
offer_failed(void *data, struct zwlr_screencopy_frame_v1 *frame)
{
	((struct sc_offer *)data)->ready = -1;
	((struct sc_offer *)data)->done = true;
}

static const struct zwlr_screencopy_frame_v1_listener offer_listener = {
	.buffer = offer_buffer,
	.flags = handle_sc_flags,
	.ready = offer_ready,
	.failed = offer_failed,
	.damage = handle_sc_damage,
	.linux_dmabuf = handle_sc_linux_dmabuf,
	.buffer_done = handle_sc_buffer_done,
};

/* One capture of the output into a new buffer of `format` (one the frame offered); the pixels
 * in *data (munmap by the caller, *size bytes), NULL when it failed. */
static uint32_t *
capture_as(struct conn *c, uint32_t format, struct sc_offer *o, size_t *size)
{
	*o = (struct sc_offer){0};
	struct zwlr_screencopy_frame_v1 *frame =
		zwlr_screencopy_manager_v1_capture_output(c->screencopy, 0, c->tc.output);
	zwlr_screencopy_frame_v1_add_listener(frame, &offer_listener, o);
	if (pw_client_roundtrip(&c->tc, 5000) != 1) {
		return NULL;
	}
	int k = 0;
	while (k < o->n && o->format[k] != format) {
		k++;
	}
	if (k == o->n) {
		printf("  format 0x%08x not offered (%d buffer events)\n", format, o->n);
		zwlr_screencopy_frame_v1_destroy(frame);
		return NULL;
	}
	*size = (size_t)o->stride[k] * (size_t)o->height;
	int fd = make_memfd(*size);
	uint32_t *data = mmap(NULL, *size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	struct wl_shm_pool *pool = wl_shm_create_pool(c->tc.shm, fd, (int32_t)*size);
	close(fd);
	struct wl_buffer *buffer = wl_shm_pool_create_buffer(pool, 0, o->width, o->height,
		(int32_t)o->stride[k], format);
	wl_shm_pool_destroy(pool);
	zwlr_screencopy_frame_v1_copy(frame, buffer);
	pw_client_dispatch_until(&c->tc, &o->done, 5000);
	wl_buffer_destroy(buffer);
	zwlr_screencopy_frame_v1_destroy(frame);
	if (o->ready != 1 || data == MAP_FAILED) {
		if (data != MAP_FAILED) {
			munmap(data, *size);
		}
		return NULL;
	}
	o->stride[0] = o->stride[k];
	return data;
}

/*
 * An RGB565 output captured as XRGB8888 (4.83), as VNC servers need: every pixel is the
 * RGB565 capture's, widened as pixman widens (the top bits repeated below).
 */
static bool
sc_xrgb_of_565(struct conn *c)
{
	if (!conn_map(c, false)) {
		return false;
	}
	struct sc_offer a, b;
	size_t size_a = 0, size_b = 0;
	uint32_t *narrow = capture_as(c, WL_SHM_FORMAT_RGB565, &a, &size_a);
	uint32_t *wide = capture_as(c, WL_SHM_FORMAT_XRGB8888, &b, &size_b);
	bool ok = narrow && wide && a.width == b.width && a.height == b.height;
	long differ = 0, green = 0;
	for (int y = 0; ok && y < a.height; y++) {
		const uint16_t *row = (const uint16_t *)((const uint8_t *)narrow + y * a.stride[0]);
		const uint32_t *out = (const uint32_t *)((const uint8_t *)wide + y * b.stride[0]);
		for (int x = 0; x < a.width; x++) {
			uint32_t p = row[x], r = p >> 11, g = (p >> 5) & 63, bl = p & 31;
			uint32_t want = ((r << 3 | r >> 2) << 16) | ((g << 2 | g >> 4) << 8) |
				(bl << 3 | bl >> 2);
			differ += (out[x] & 0xffffff) != want;
			green += (out[x] & 0xffffff) == 0x00ff00;
		}
	}
	printf("  %dx%d captured as RGB565 and as XRGB8888: %ld pixels differ, %ld green\n",
		a.width, a.height, differ, green);
	if (narrow) {
		munmap(narrow, size_a);
	}
	if (wide) {
		munmap(wide, size_b);
	}
	return ok && differ == 0 && green > 1000;
}

static const struct rcase screencopy_cases[] = {
	{"screencopy-xrgb8888-of-an-rgb565-output", sc_xrgb_of_565, EXPECT_NONE},
	{"screencopy-into-a-buffer-at-an-odd-offset", sc_misaligned, EXPECT_ERROR,
		"zwlr_screencopy_frame_v1", ZWLR_SCREENCOPY_FRAME_V1_ERROR_INVALID_BUFFER},
	{"screencopy-300-copies-in-one-frame", sc_flood, EXPECT_NONE},
	{"screencopy-regions-outside-and-extreme", sc_odd_regions, EXPECT_NONE},
};

const struct group screencopy_group = {"screencopy", screencopy_cases, N(screencopy_cases)};

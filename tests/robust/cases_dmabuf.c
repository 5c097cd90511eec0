/*
 * Hostile cases: linux-dmabuf (decision 4.99). Each bad params request is a protocol error to
 * its client alone; a file that is no dmabuf (a memfd, a pipe) is `failed` for create and
 * invalid_wl_buffer for create_immed. The host has no dmabuf: what passes every check up to the
 * import is a memfd, which is then refused as no dmabuf.
 */
#include <stdbool.h>
#include <stdio.h>
#include <unistd.h>

#include "cases.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define XR24 0x34325258u
#define NV12 0x3231564eu
#define W 64
#define H 64
#define STRIDE (W * 4)

static struct zwp_linux_buffer_params_v1 *
params(struct conn *c)
{
	if (!c->dmabuf) {
		printf("  zwp_linux_dmabuf_v1 is not offered\n");
		return NULL;
	}
	return zwp_linux_dmabuf_v1_create_params(c->dmabuf);
}

/* Plane `idx` on a memfd big enough for a WxH XR24 buffer. */
static void
add(struct zwp_linux_buffer_params_v1 *p, uint32_t idx, uint32_t offset, uint32_t stride,
	uint64_t modifier)
{
	int fd = make_memfd(STRIDE * H);
	zwp_linux_buffer_params_v1_add(p, fd, idx, offset, stride, (uint32_t)(modifier >> 32),
		(uint32_t)modifier);
	close(fd);
}

static bool
plane_idx_4(struct conn *c)
{
	struct zwp_linux_buffer_params_v1 *p = params(c);
	if (p) {
		add(p, 4, 0, STRIDE, 0);
	}
	return p != NULL;
}

static bool
plane_twice(struct conn *c)
{
	struct zwp_linux_buffer_params_v1 *p = params(c);
	if (p) {
		add(p, 0, 0, STRIDE, 0);
		add(p, 0, 0, STRIDE, 0);
	}
	return p != NULL;
}

static bool
no_planes(struct conn *c)
{
	struct zwp_linux_buffer_params_v1 *p = params(c);
	if (p) {
		zwp_linux_buffer_params_v1_create(p, W, H, XR24, 0);
	}
	return p != NULL;
}

static bool
plane_gap(struct conn *c)
{
	struct zwp_linux_buffer_params_v1 *p = params(c);
	if (p) {
		add(p, 1, 0, STRIDE, 0);
		zwp_linux_buffer_params_v1_create(p, W, H, XR24, 0);
	}
	return p != NULL;
}

static bool
too_many_planes(struct conn *c)
{
	struct zwp_linux_buffer_params_v1 *p = params(c);
	if (p) {
		add(p, 0, 0, STRIDE, 0);
		add(p, 1, 0, STRIDE, 0);
		zwp_linux_buffer_params_v1_create(p, W, H, XR24, 0);
	}
	return p != NULL;
}

static bool
zero_width(struct conn *c)
{
	struct zwp_linux_buffer_params_v1 *p = params(c);
	if (p) {
		add(p, 0, 0, STRIDE, 0);
		zwp_linux_buffer_params_v1_create(p, 0, H, XR24, 0);
	}
	return p != NULL;
}

static bool
unknown_format(struct conn *c)
{
	struct zwp_linux_buffer_params_v1 *p = params(c);
	if (p) {
		add(p, 0, 0, STRIDE, 0);
		zwp_linux_buffer_params_v1_create(p, W, H, NV12, 0);
	}
	return p != NULL;
}

static bool
tiled_modifier(struct conn *c)
{
	struct zwp_linux_buffer_params_v1 *p = params(c);
	if (p) {
		add(p, 0, 0, STRIDE, 0x0100000000000001ull); /* I915_FORMAT_MOD_X_TILED */
		zwp_linux_buffer_params_v1_create(p, W, H, XR24, 0);
	}
	return p != NULL;
}

static bool
stride_short(struct conn *c)
{
	struct zwp_linux_buffer_params_v1 *p = params(c);
	if (p) {
		add(p, 0, 0, STRIDE - 4, 0);
		zwp_linux_buffer_params_v1_create(p, W, H, XR24, 0);
	}
	return p != NULL;
}

static bool
stride_unaligned(struct conn *c)
{
	struct zwp_linux_buffer_params_v1 *p = params(c);
	if (p) {
		add(p, 0, 0, STRIDE + 2, 0);
		zwp_linux_buffer_params_v1_create(p, W, H - 1, XR24, 0);
	}
	return p != NULL;
}

static bool
past_the_end(struct conn *c)
{
	struct zwp_linux_buffer_params_v1 *p = params(c);
	if (p) {
		add(p, 0, STRIDE, STRIDE, 0); /* one row down: the last row is past the file */
		zwp_linux_buffer_params_v1_create(p, W, H, XR24, 0);
	}
	return p != NULL;
}

static bool
create_twice(struct conn *c)
{
	struct zwp_linux_buffer_params_v1 *p = params(c);
	if (p) {
		add(p, 0, 0, STRIDE, 0);
		zwp_linux_buffer_params_v1_create(p, W, H, XR24, 0);
		zwp_linux_buffer_params_v1_create(p, W, H, XR24, 0);
	}
	return p != NULL;
}

static bool
add_after_create(struct conn *c)
{
	struct zwp_linux_buffer_params_v1 *p = params(c);
	if (p) {
		add(p, 0, 0, STRIDE, 0);
		zwp_linux_buffer_params_v1_create(p, W, H, XR24, 0);
		add(p, 1, 0, STRIDE, 0);
	}
	return p != NULL;
}

static void
handle_created(void *data, struct zwp_linux_buffer_params_v1 *p, struct wl_buffer *buffer)
{
	((struct conn *)data)->events += 100;
}

static void
handle_failed(void *data, struct zwp_linux_buffer_params_v1 *p)
{
	((struct conn *)data)->events++;
}

static const struct zwp_linux_buffer_params_v1_listener params_listener = {
	.created = handle_created,
	.failed = handle_failed,
};

/* A memfd: no dmabuf, so `failed`, and the client goes on with a toplevel. */
static bool
memfd_failed(struct conn *c)
{
	struct zwp_linux_buffer_params_v1 *p = params(c);
	if (!p) {
		return false;
	}
	zwp_linux_buffer_params_v1_add_listener(p, &params_listener, c);
	add(p, 0, 0, STRIDE, 0);
	zwp_linux_buffer_params_v1_create(p, W, H, XR24, 0);
	if (!conn_wait_events(c, 1, 5000) || c->events != 1) {
		printf("  events %d: want one failed\n", c->events);
		return false;
	}
	zwp_linux_buffer_params_v1_destroy(p);
	return conn_map(c, false);
}

static bool
memfd_immed(struct conn *c)
{
	struct zwp_linux_buffer_params_v1 *p = params(c);
	if (p) {
		add(p, 0, 0, STRIDE, 0);
		zwp_linux_buffer_params_v1_create_immed(p, W, H, XR24, 0);
	}
	return p != NULL;
}

/* A pipe has no size: it cannot be mapped. */
static bool
pipe_immed(struct conn *c)
{
	struct zwp_linux_buffer_params_v1 *p = params(c);
	int fds[2];
	if (!p || pipe(fds) != 0) {
		return false;
	}
	zwp_linux_buffer_params_v1_add(p, fds[0], 0, 0, STRIDE, 0, 0);
	close(fds[0]);
	close(fds[1]);
	zwp_linux_buffer_params_v1_create_immed(p, W, H, XR24, 0);
	return true;
}

/* Flags picowl does not take, on a create that is otherwise sound: failed. */
static bool
y_invert(struct conn *c)
{
	struct zwp_linux_buffer_params_v1 *p = params(c);
	if (!p) {
		return false;
	}
	zwp_linux_buffer_params_v1_add_listener(p, &params_listener, c);
	add(p, 0, 0, STRIDE, 0);
	zwp_linux_buffer_params_v1_create(p, W, H, XR24, ZWP_LINUX_BUFFER_PARAMS_V1_FLAGS_Y_INVERT);
	return conn_wait_events(c, 1, 5000) && c->events == 1;
}

/* Params destroyed with their planes unused, and a surface's feedback: fds closed, no error. */
static bool
abandoned(struct conn *c)
{
	for (int i = 0; i < 50; i++) {
		struct zwp_linux_buffer_params_v1 *p = params(c);
		if (!p) {
			return false;
		}
		add(p, 0, 0, STRIDE, 0);
		add(p, 1, 0, STRIDE, 0);
		zwp_linux_buffer_params_v1_destroy(p);
	}
	struct wl_surface *s = wl_compositor_create_surface(c->tc.compositor);
	zwp_linux_dmabuf_feedback_v1_destroy(
		zwp_linux_dmabuf_v1_get_surface_feedback(c->dmabuf, s));
	wl_surface_destroy(s);
	return pw_client_roundtrip(&c->tc, 5000) == 1;
}

#define ERR(name) "zwp_linux_buffer_params_v1", ZWP_LINUX_BUFFER_PARAMS_V1_ERROR_##name

static const struct rcase cases[] = {
	{"dmabuf-plane-idx-4", plane_idx_4, EXPECT_ERROR, ERR(PLANE_IDX)},
	{"dmabuf-plane-set-twice", plane_twice, EXPECT_ERROR, ERR(PLANE_SET)},
	{"dmabuf-no-planes", no_planes, EXPECT_ERROR, ERR(INCOMPLETE)},
	{"dmabuf-plane-gap", plane_gap, EXPECT_ERROR, ERR(INCOMPLETE)},
	{"dmabuf-too-many-planes", too_many_planes, EXPECT_ERROR, ERR(INCOMPLETE)},
	{"dmabuf-zero-width", zero_width, EXPECT_ERROR, ERR(INVALID_DIMENSIONS)},
	{"dmabuf-unknown-format", unknown_format, EXPECT_ERROR, ERR(INVALID_FORMAT)},
	{"dmabuf-tiled-modifier", tiled_modifier, EXPECT_ERROR, ERR(INVALID_FORMAT)},
	{"dmabuf-stride-short", stride_short, EXPECT_ERROR, ERR(OUT_OF_BOUNDS)},
	{"dmabuf-stride-unaligned", stride_unaligned, EXPECT_ERROR, ERR(OUT_OF_BOUNDS)},
	{"dmabuf-past-the-end", past_the_end, EXPECT_ERROR, ERR(OUT_OF_BOUNDS)},
	{"dmabuf-create-twice", create_twice, EXPECT_ERROR, ERR(ALREADY_USED)},
	{"dmabuf-add-after-create", add_after_create, EXPECT_ERROR, ERR(ALREADY_USED)},
	{"dmabuf-memfd-failed", memfd_failed, EXPECT_NONE},
	{"dmabuf-memfd-immed", memfd_immed, EXPECT_ERROR, ERR(INVALID_WL_BUFFER)},
	{"dmabuf-pipe-immed", pipe_immed, EXPECT_ERROR, ERR(INVALID_WL_BUFFER)},
	{"dmabuf-y-invert-failed", y_invert, EXPECT_NONE},
	{"dmabuf-abandoned-params", abandoned, EXPECT_NONE},
};

const struct group linux_dmabuf_group = {"linux-dmabuf", cases, N(cases), NULL};

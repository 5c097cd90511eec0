/*
 * linux-dmabuf's test client (decision 4.99):
 *
 *   dmabufclient feedback          the default feedback: one line per event, then "done"
 *   dmabufclient memfd             a memfd offered as a dmabuf: "failed" (or "created")
 *   dmabufclient draw CARD FORMAT [readonly] [capture]
 *                                  a toplevel shown from a DRM dumb buffer of CARD exported
 *                                  as a dmabuf (PRIME), FORMAT rgb565, xrgb8888 or argb8888;
 *                                  `readonly` exports it without DRM_RDWR and draws through
 *                                  the dumb buffer's own mapping; `capture` then copies the
 *                                  output by wlr-screencopy into another dumb buffer's dmabuf
 *                                  (read-only too with `readonly`), on a second connection,
 *                                  and says "capture YELLOW MAGENTA" (the pixels it got at
 *                                  its window's two quarters) or "capture error IFACE CODE"
 *   dmabufclient load N shm|dmabuf CARD
 *                                  N frames, each redrawn whole, damaged whole and committed
 *                                  at the last one's frame callback, from two XRGB8888 buffers
 *                                  of wl_shm or of CARD's dumb buffers: the bench's load
 *                                  (tests/vm/cases_dmabuf.py), the same but for the kind
 *
 * draw fills the buffer magenta with a yellow top-left quarter, written through the dmabuf's
 * own mapping between DMA_BUF_IOCTL_SYNC calls, says "drawn W H" once picowl's frame callback
 * came and stays until SIGTERM. Exits 1, with a message, when something fails.
 */
#define _GNU_SOURCE
#include <drm.h>
#include <drm_mode.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/dma-buf.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "client.h"
#include "client_shm.h"
#include "client_toplevel.h"
#include "linux-dmabuf-unstable-v1-client-protocol.h"
#include "wlr-screencopy-unstable-v1-client-protocol.h"

#define FOURCC(a, b, c, d) \
	((uint32_t)(a) | ((uint32_t)(b) << 8) | ((uint32_t)(c) << 16) | ((uint32_t)(d) << 24))

struct app {
	struct pw_client tc;
	struct zwp_linux_dmabuf_v1 *dmabuf;
	bool done, answered;
	struct wl_buffer *created;
};

static volatile sig_atomic_t stop;

static void
handle_term(int sig)
{
	stop = 1;
}

static void
fb_format_table(void *data, struct zwp_linux_dmabuf_feedback_v1 *fb, int32_t fd, uint32_t size)
{
	const uint8_t *table = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
	printf("format_table %u\n", size);
	if (table == MAP_FAILED) {
		printf("table cannot be mapped: %s\n", strerror(errno));
	} else {
		for (uint32_t off = 0; off + 16 <= size; off += 16) {
			uint32_t format;
			uint64_t modifier;
			memcpy(&format, table + off, 4);
			memcpy(&modifier, table + off + 8, 8);
			printf("entry %.4s 0x%llx\n", (const char *)&format,
				(unsigned long long)modifier);
		}
		munmap((void *)table, size);
	}
	/* Sealed for writing: a client's shared writable mapping must fail. */
	void *w = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	printf("writable %s\n", w == MAP_FAILED ? "no" : "yes");
	if (w != MAP_FAILED) {
		munmap(w, size);
	}
	close(fd);
}

static void
print_device(const char *what, struct wl_array *device)
{
	dev_t dev;
	if (device->size != sizeof(dev)) {
		printf("%s size %zu\n", what, device->size);
		return;
	}
	memcpy(&dev, device->data, sizeof(dev));
	printf("%s %u %u\n", what, major(dev), minor(dev));
}

static void
fb_main_device(void *data, struct zwp_linux_dmabuf_feedback_v1 *fb, struct wl_array *device)
{
	print_device("main_device", device);
}

static void
fb_tranche_target_device(void *data, struct zwp_linux_dmabuf_feedback_v1 *fb,
	struct wl_array *device)
{
	print_device("tranche_target_device", device);
}

static void
fb_tranche_formats(void *data, struct zwp_linux_dmabuf_feedback_v1 *fb, struct wl_array *indices)
{
	printf("tranche_formats");
	uint16_t *i;
	wl_array_for_each(i, indices) {
		printf(" %u", *i);
	}
	printf("\n");
}

static void
fb_tranche_flags(void *data, struct zwp_linux_dmabuf_feedback_v1 *fb, uint32_t flags)
{
	printf("tranche_flags %u\n", flags);
}

static void
fb_tranche_done(void *data, struct zwp_linux_dmabuf_feedback_v1 *fb)
{
	printf("tranche_done\n");
}

static void
fb_done(void *data, struct zwp_linux_dmabuf_feedback_v1 *fb)
{
	struct app *app = data;
	printf("done\n");
	app->done = true;
}

static const struct zwp_linux_dmabuf_feedback_v1_listener feedback_listener = {
	.done = fb_done,
	.format_table = fb_format_table,
	.main_device = fb_main_device,
	.tranche_done = fb_tranche_done,
	.tranche_target_device = fb_tranche_target_device,
	.tranche_formats = fb_tranche_formats,
	.tranche_flags = fb_tranche_flags,
};

static void
params_created(void *data, struct zwp_linux_buffer_params_v1 *p, struct wl_buffer *buffer)
{
	struct app *app = data;
	app->created = buffer;
	app->answered = true;
}

static void
params_failed(void *data, struct zwp_linux_buffer_params_v1 *p)
{
	((struct app *)data)->answered = true;
}

static const struct zwp_linux_buffer_params_v1_listener params_listener = {
	.created = params_created,
	.failed = params_failed,
};

/* create's answer for one plane of `fd`; NULL when failed (said on stdout). */
static struct wl_buffer *
create_buffer(struct app *app, int fd, int32_t w, int32_t h, uint32_t stride, uint32_t fourcc)
{
	struct zwp_linux_buffer_params_v1 *p = zwp_linux_dmabuf_v1_create_params(app->dmabuf);
	zwp_linux_buffer_params_v1_add_listener(p, &params_listener, app);
	zwp_linux_buffer_params_v1_add(p, fd, 0, 0, stride, 0, 0);
	zwp_linux_buffer_params_v1_create(p, w, h, fourcc, 0);
	app->answered = false;
	app->created = NULL;
	if (pw_client_dispatch_until(&app->tc, &app->answered, 5000) != 1) {
		fprintf(stderr, "dmabufclient: no created or failed event\n");
		exit(1);
	}
	zwp_linux_buffer_params_v1_destroy(p);
	printf("%s\n", app->created ? "created" : "failed");
	return app->created;
}

static int
run_feedback(struct app *app)
{
	struct zwp_linux_dmabuf_feedback_v1 *fb =
		zwp_linux_dmabuf_v1_get_default_feedback(app->dmabuf);
	zwp_linux_dmabuf_feedback_v1_add_listener(fb, &feedback_listener, app);
	if (pw_client_dispatch_until(&app->tc, &app->done, 5000) != 1) {
		fprintf(stderr, "dmabufclient: no feedback done\n");
		return 1;
	}
	zwp_linux_dmabuf_feedback_v1_destroy(fb);
	return 0;
}

static int
run_memfd(struct app *app)
{
	int fd = pw_client_memfd(64 * 64 * 4);
	if (fd < 0) {
		return 1;
	}
	struct wl_buffer *b = create_buffer(app, fd, 64, 64, 256, FOURCC('X', 'R', '2', '4'));
	close(fd);
	if (b) {
		wl_buffer_destroy(b);
	}
	return pw_client_roundtrip(&app->tc, 5000) == 1 ? 0 : 1;
}

static void
sync_dmabuf(int fd, uint64_t flags)
{
	struct dma_buf_sync s = {.flags = flags | DMA_BUF_SYNC_WRITE};
	if (ioctl(fd, DMA_BUF_IOCTL_SYNC, &s) < 0) {
		fprintf(stderr, "dmabufclient: DMA_BUF_IOCTL_SYNC: %s\n", strerror(errno));
		exit(1);
	}
}

static void
fill(uint8_t *data, int w, int h, uint32_t stride, int bpp)
{
	for (int y = 0; y < h; y++) {
		for (int x = 0; x < w; x++) {
			bool yellow = x < w / 2 && y < h / 2;
			uint8_t *p = data + (size_t)y * stride + (size_t)x * (size_t)bpp;
			if (bpp == 2) {
				uint16_t v = yellow ? 0xffe0 : 0xf81f;
				memcpy(p, &v, 2);
			} else {
				uint32_t v = yellow ? 0xffffff00u : 0xffff00ffu;
				memcpy(p, &v, 4);
			}
		}
	}
}

struct capture {
	uint32_t width, height, stride;
	bool xrgb, buffer_done, done, failed;
};

static void
frame_buffer(void *data, struct zwlr_screencopy_frame_v1 *f, uint32_t format, uint32_t width,
	uint32_t height, uint32_t stride)
{
	struct capture *c = data;
	if (format == WL_SHM_FORMAT_XRGB8888) {
		c->xrgb = true;
		c->width = width;
		c->height = height;
		c->stride = stride;
	}
}

static void
frame_flags(void *data, struct zwlr_screencopy_frame_v1 *f, uint32_t flags)
{
}

static void
frame_ready(void *data, struct zwlr_screencopy_frame_v1 *f, uint32_t hi, uint32_t lo, uint32_t nsec)
{
	((struct capture *)data)->done = true;
}

static void
frame_failed(void *data, struct zwlr_screencopy_frame_v1 *f)
{
	struct capture *c = data;
	c->failed = c->done = true;
}

static void
frame_damage(void *data, struct zwlr_screencopy_frame_v1 *f, uint32_t x, uint32_t y, uint32_t w,
	uint32_t h)
{
}

static void
frame_linux_dmabuf(void *data, struct zwlr_screencopy_frame_v1 *f, uint32_t format, uint32_t width,
	uint32_t height)
{
}

static void
frame_buffer_done(void *data, struct zwlr_screencopy_frame_v1 *f)
{
	((struct capture *)data)->buffer_done = true;
}

static const struct zwlr_screencopy_frame_v1_listener frame_listener = {
	.buffer = frame_buffer,
	.flags = frame_flags,
	.ready = frame_ready,
	.failed = frame_failed,
	.damage = frame_damage,
	.linux_dmabuf = frame_linux_dmabuf,
	.buffer_done = frame_buffer_done,
};

/*
 * The output copied by screencopy into a dumb buffer's dmabuf, on a connection of its own, so
 * that a protocol error ends that one alone; the client's window is w x h, centred.
 */
static int
capture(int drm, int w, int h, bool readonly)
{
	struct app app = {.tc.name = "dmabufclient-capture"};
	struct zwlr_screencopy_manager_v1 *manager = NULL;
	const struct pw_client_global globals[] = {
		{&zwp_linux_dmabuf_v1_interface, 4, (void **)&app.dmabuf, NULL, NULL},
		{&zwlr_screencopy_manager_v1_interface, 3, (void **)&manager, NULL, NULL},
		{NULL},
	};
	app.tc.globals = globals;
	static const struct pw_client_versions want = {0, 0, 0, 0, PW_CLIENT_LATEST, 0};
	if (!pw_client_connect(&app.tc, &want, 10000) || !manager || !app.dmabuf) {
		fprintf(stderr, "dmabufclient: no screencopy on the second connection\n");
		return 1;
	}
	struct capture c = {0};
	struct zwlr_screencopy_frame_v1 *frame =
		zwlr_screencopy_manager_v1_capture_output(manager, 0, app.tc.output);
	zwlr_screencopy_frame_v1_add_listener(frame, &frame_listener, &c);
	if (pw_client_dispatch_until(&app.tc, &c.buffer_done, 10000) != 1 || !c.xrgb) {
		fprintf(stderr, "dmabufclient: no XRGB8888 buffer event\n");
		return 1;
	}
	struct drm_mode_create_dumb dumb = {.width = c.width, .height = c.height, .bpp = 32};
	struct drm_prime_handle prime = {.flags = DRM_CLOEXEC | (readonly ? 0 : DRM_RDWR)};
	if (ioctl(drm, DRM_IOCTL_MODE_CREATE_DUMB, &dumb) < 0 || dumb.pitch != c.stride) {
		fprintf(stderr, "dmabufclient: no dumb buffer of stride %u\n", c.stride);
		return 1;
	}
	prime.handle = dumb.handle;
	if (ioctl(drm, DRM_IOCTL_PRIME_HANDLE_TO_FD, &prime) < 0) {
		fprintf(stderr, "dmabufclient: PRIME_HANDLE_TO_FD: %s\n", strerror(errno));
		return 1;
	}
	struct wl_buffer *buffer = create_buffer(&app, prime.fd, (int32_t)c.width,
		(int32_t)c.height, c.stride, FOURCC('X', 'R', '2', '4'));
	if (!buffer) {
		return 1;
	}
	zwlr_screencopy_frame_v1_copy(frame, buffer);
	if (pw_client_dispatch_until(&app.tc, &c.done, 10000) < 0) {
		const struct wl_interface *iface = NULL;
		uint32_t code = wl_display_get_protocol_error(app.tc.display, &iface, NULL);
		printf("capture error %s %u\n", iface ? iface->name : "?", code);
		close(prime.fd);
		zwlr_screencopy_frame_v1_destroy(frame);
		wl_buffer_destroy(buffer);
		pw_client_disconnect(&app.tc);
		return 0;
	}
	if (!c.done || c.failed) {
		fprintf(stderr, "dmabufclient: the copy %s\n", c.failed ? "failed" : "never came");
		return 1;
	}
	const uint8_t *pixels = mmap(NULL, dumb.size, PROT_READ, MAP_SHARED, prime.fd, 0);
	if (pixels == MAP_FAILED) {
		fprintf(stderr, "dmabufclient: mmap of the copy: %s\n", strerror(errno));
		return 1;
	}
	struct dma_buf_sync sync = {.flags = DMA_BUF_SYNC_START | DMA_BUF_SYNC_READ};
	ioctl(prime.fd, DMA_BUF_IOCTL_SYNC, &sync);
	size_t ox = (c.width - (uint32_t)w) / 2, oy = (c.height - (uint32_t)h) / 2;
	uint32_t got[2];
	for (int i = 0; i < 2; i++) {
		size_t x = ox + (size_t)(w * (1 + 2 * i) / 4),
		       y = oy + (size_t)(h * (1 + 2 * i) / 4);
		memcpy(&got[i], pixels + y * c.stride + x * 4, 4);
	}
	sync.flags = DMA_BUF_SYNC_END | DMA_BUF_SYNC_READ;
	ioctl(prime.fd, DMA_BUF_IOCTL_SYNC, &sync);
	printf("capture %06x %06x\n", got[0] & 0xffffffu, got[1] & 0xffffffu);
	munmap((void *)pixels, dumb.size);
	close(prime.fd);
	zwlr_screencopy_frame_v1_destroy(frame);
	wl_buffer_destroy(buffer);
	pw_client_disconnect(&app.tc);
	return 0;
}

static int
run_draw(struct app *app, const char *card, const char *format, bool readonly, bool copy)
{
	uint32_t fourcc = FOURCC('X', 'R', '2', '4');
	int bpp = 4;
	if (strcmp(format, "rgb565") == 0) {
		fourcc = FOURCC('R', 'G', '1', '6');
		bpp = 2;
	} else if (strcmp(format, "argb8888") == 0) {
		fourcc = FOURCC('A', 'R', '2', '4');
	}
	struct pw_client_toplevel top = {.width = 200, .height = 150};
	pw_client_toplevel_init(&top, &app->tc, "dmabufclient", "dmabufclient");
	if (!pw_client_toplevel_wait_configure(&top, 5000)) {
		return 1;
	}
	int w = top.configured_width ? top.configured_width : top.width;
	int h = top.configured_height ? top.configured_height : top.height;
	int drm = open(card, O_RDWR | O_CLOEXEC);
	if (drm < 0) {
		fprintf(stderr, "dmabufclient: %s: %s\n", card, strerror(errno));
		return 1;
	}
	/* virtio-gpu makes 32-bpp dumb buffers only: an RGB565 one is half as many of those. */
	struct drm_mode_create_dumb dumb = {.width = (uint32_t)(bpp == 2 ? (w + 1) / 2 : w),
		.height = (uint32_t)h,
		.bpp = 32};
	struct drm_prime_handle prime = {.flags = DRM_CLOEXEC | (readonly ? 0 : DRM_RDWR)};
	if (ioctl(drm, DRM_IOCTL_MODE_CREATE_DUMB, &dumb) < 0) {
		fprintf(stderr, "dmabufclient: CREATE_DUMB: %s\n", strerror(errno));
		return 1;
	}
	prime.handle = dumb.handle;
	if (ioctl(drm, DRM_IOCTL_PRIME_HANDLE_TO_FD, &prime) < 0) {
		fprintf(stderr, "dmabufclient: PRIME_HANDLE_TO_FD: %s\n", strerror(errno));
		return 1;
	}
	struct drm_mode_map_dumb map = {.handle = dumb.handle};
	if (readonly && ioctl(drm, DRM_IOCTL_MODE_MAP_DUMB, &map) < 0) {
		fprintf(stderr, "dmabufclient: MAP_DUMB: %s\n", strerror(errno));
		return 1;
	}
	uint8_t *data = mmap(NULL, dumb.size, PROT_READ | PROT_WRITE, MAP_SHARED,
		readonly ? drm : prime.fd, (off_t)map.offset);
	if (data == MAP_FAILED) {
		fprintf(stderr, "dmabufclient: mmap: %s\n", strerror(errno));
		return 1;
	}
	if (!readonly) {
		sync_dmabuf(prime.fd, DMA_BUF_SYNC_START);
	}
	fill(data, w, h, dumb.pitch, bpp);
	if (!readonly) {
		sync_dmabuf(prime.fd, DMA_BUF_SYNC_END);
	}
	struct wl_buffer *buffer = create_buffer(app, prime.fd, w, h, dumb.pitch, fourcc);
	if (!buffer || !pw_client_toplevel_show(&top, buffer, 5000)) {
		return 1;
	}
	printf("drawn %d %d\n", w, h);
	if (copy && capture(drm, w, h, readonly) != 0) {
		return 1;
	}
	signal(SIGTERM, handle_term);
	while (!stop && pw_client_dispatch_until(&app->tc, NULL, 200) >= 0) {
	}
	pw_client_toplevel_finish(&top);
	munmap(data, dumb.size);
	close(prime.fd);
	close(drm);
	return 0;
}

/* A buffer of the load: its pixels mapped here, its wl_buffer of either kind. */
static struct wl_buffer *
load_buffer(struct app *app, bool dmabuf, int drm, int w, int h, uint32_t **pixels)
{
	uint32_t stride = (uint32_t)w * 4;
	size_t size = (size_t)stride * (size_t)h;
	int fd;
	if (dmabuf) {
		struct drm_mode_create_dumb dumb = {.width = (uint32_t)w,
			.height = (uint32_t)h,
			.bpp = 32};
		struct drm_prime_handle prime = {.flags = DRM_CLOEXEC | DRM_RDWR};
		if (ioctl(drm, DRM_IOCTL_MODE_CREATE_DUMB, &dumb) < 0 || dumb.pitch != stride) {
			fprintf(stderr, "dmabufclient: CREATE_DUMB: %s\n", strerror(errno));
			exit(1);
		}
		prime.handle = dumb.handle;
		if (ioctl(drm, DRM_IOCTL_PRIME_HANDLE_TO_FD, &prime) < 0) {
			fprintf(stderr, "dmabufclient: PRIME_HANDLE_TO_FD: %s\n", strerror(errno));
			exit(1);
		}
		fd = prime.fd;
	} else {
		fd = pw_client_memfd(size);
	}
	*pixels = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (fd < 0 || *pixels == MAP_FAILED) {
		fprintf(stderr, "dmabufclient: a buffer cannot be mapped\n");
		exit(1);
	}
	struct wl_buffer *buffer;
	if (dmabuf) {
		buffer = create_buffer(app, fd, w, h, stride, FOURCC('X', 'R', '2', '4'));
	} else {
		struct wl_shm_pool *pool = wl_shm_create_pool(app->tc.shm, fd, (int32_t)size);
		buffer = wl_shm_pool_create_buffer(pool, 0, w, h, (int32_t)stride,
			WL_SHM_FORMAT_XRGB8888);
		wl_shm_pool_destroy(pool);
	}
	close(fd);
	if (!buffer) {
		exit(1);
	}
	return buffer;
}

static int
run_load(struct app *app, int frames, const char *kind, const char *card)
{
	bool dmabuf = strcmp(kind, "dmabuf") == 0;
	struct pw_client_toplevel top = {.width = 200, .height = 150};
	pw_client_toplevel_init(&top, &app->tc, "dmabufclient", "dmabufclient");
	if (!pw_client_toplevel_wait_configure(&top, 5000)) {
		return 1;
	}
	int w = top.configured_width ? top.configured_width : top.width;
	int h = top.configured_height ? top.configured_height : top.height;
	int drm = dmabuf ? open(card, O_RDWR | O_CLOEXEC) : -1;
	struct wl_buffer *buffers[2];
	uint32_t *pixels[2];
	for (int i = 0; i < 2; i++) {
		buffers[i] = load_buffer(app, dmabuf, drm, w, h, &pixels[i]);
	}
	for (int f = 0; f < frames; f++) {
		int i = f % 2;
		for (int p = 0; p < w * h; p++) {
			pixels[i][p] = 0xff000000u | (uint32_t)(f * 0x010203);
		}
		pw_client_toplevel_commit(&top, buffers[i]);
		if (pw_client_dispatch_until(&app->tc, &top.frame.done, 10000) != 1) {
			fprintf(stderr, "dmabufclient: no frame callback at frame %d\n", f);
			return 1;
		}
	}
	printf("loaded %d %s\n", frames, kind);
	pw_client_toplevel_finish(&top);
	for (int i = 0; i < 2; i++) {
		wl_buffer_destroy(buffers[i]);
		munmap(pixels[i], (size_t)w * (size_t)h * 4);
	}
	if (drm >= 0) {
		close(drm);
	}
	return 0;
}

int
main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	struct app app = {.tc.name = "dmabufclient"};
	const struct pw_client_global globals[] = {
		{&zwp_linux_dmabuf_v1_interface, 4, (void **)&app.dmabuf, NULL, NULL},
		{NULL},
	};
	app.tc.globals = globals;
	static const struct pw_client_versions want = {PW_CLIENT_LATEST, 0, PW_CLIENT_LATEST, 0, 0,
		PW_CLIENT_LATEST};
	if (argc < 2) {
		fprintf(stderr,
			"usage: dmabufclient feedback|memfd|draw CARD FORMAT [readonly] [capture]|"
			"load N shm|dmabuf CARD\n");
		return 1;
	}
	/* picowl under callgrind in the vm (the bench) answers its first clients slowly */
	if (!pw_client_connect(&app.tc, &want, 60000)) {
		return 1;
	}
	if (!app.dmabuf) {
		fprintf(stderr, "dmabufclient: no zwp_linux_dmabuf_v1\n");
		return 1;
	}
	int status = 1;
	if (strcmp(argv[1], "feedback") == 0) {
		status = run_feedback(&app);
	} else if (strcmp(argv[1], "memfd") == 0) {
		status = run_memfd(&app);
	} else if (strcmp(argv[1], "draw") == 0 && argc >= 4) {
		bool readonly = false, copy = false;
		for (int i = 4; i < argc; i++) {
			readonly |= strcmp(argv[i], "readonly") == 0;
			copy |= strcmp(argv[i], "capture") == 0;
		}
		status = run_draw(&app, argv[2], argv[3], readonly, copy);
	} else if (strcmp(argv[1], "load") == 0 && argc == 5) {
		status = run_load(&app, atoi(argv[2]), argv[3], argv[4]);
	}
	pw_client_disconnect(&app.tc);
	return status;
}

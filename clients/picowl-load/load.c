/*
 * picowl-load: a wl_shm client that draws a known amount of damage per frame, for the
 * benchmarks in tests/bench. See options.c and tests/bench/README.md.
 */
#define _GNU_SOURCE /* memfd_create */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

#include <wayland-client.h>

#include "options.h"
#include "xdg-shell-client-protocol.h"

#define NUM_BUFFERS 3

struct buffer {
	struct load *load;
	struct wl_buffer *wl_buffer;
	void *data;
	size_t size;
	int width, height, stride;
	bool busy;
	bool retired; /* the size changed while the compositor held it: destroy on release */
};

struct load {
	struct options opt;
	struct wl_display *display;
	struct wl_registry *registry;
	struct wl_compositor *compositor;
	struct wl_shm *shm;
	struct xdg_wm_base *wm_base;
	struct wl_surface *surface;
	struct xdg_surface *xdg_surface;
	struct xdg_toplevel *toplevel;
	struct wl_callback *frame_callback;
	bool format_ok;

	struct buffer *buffers[NUM_BUFFERS];
	int width, height; /* current surface size */
	int pending_width, pending_height; /* from the last toplevel configure */
	bool configured;
	bool full_damage_next; /* the next frame damages everything (new buffers) */

	bool want_frame; /* a frame is due: draw it when a callback and a buffer allow */
	bool started; /* the warmup is over: frames count from load->warm */
	bool drawn_any;
	bool running;
	bool reported;
	int status;

	long frame; /* frames committed since start, warmup included */
	long counted; /* frames committed since the warmup ended */
	long skipped; /* rate mode: ticks lost because a frame was already due */
	struct timespec start, warm;
};

static double
elapsed(const struct timespec *since)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - since->tv_sec) + (double)(now.tv_nsec - since->tv_nsec) / 1e9;
}

/* The box a frame damages: fixed in place so that every buffer of the pool agrees outside it. */
static void
damage_box(const struct load *load, int *x, int *y, int *w, int *h)
{
	const struct options *opt = &load->opt;
	int bw = load->width, bh = load->height;
	*w = bw;
	*h = bh;
	switch (opt->damage) {
	case DAMAGE_ROWS:
		*w = bw;
		*h = opt->damage_h < bh ? opt->damage_h : bh;
		break;
	case DAMAGE_RECT:
		*w = opt->damage_w < bw ? opt->damage_w : bw;
		*h = opt->damage_h < bh ? opt->damage_h : bh;
		break;
	case DAMAGE_FULL:
	case DAMAGE_NONE:
		break;
	}
	*x = (bw - *w) / 2;
	*y = (bh - *h) / 2;
}

static inline uint32_t
pack(const struct options *opt, uint32_t r, uint32_t g, uint32_t b)
{
	if (opt->bpp == 2) {
		return ((r & 0xf8) << 8) | ((g & 0xfc) << 3) | (b >> 3);
	}
	return 0xff000000u | (r << 16) | (g << 8) | b;
}

/* frame < 0: the background. Otherwise a pattern that moves with the frame number. */
static void
paint(const struct load *load, struct buffer *buf, int x0, int y0, int w, int h, long frame)
{
	const struct options *opt = &load->opt;
	for (int y = y0; y < y0 + h; y++) {
		uint8_t *row = (uint8_t *)buf->data + (size_t)y * (size_t)buf->stride;
		for (int x = x0; x < x0 + w; x++) {
			uint32_t p;
			if (frame < 0) {
				uint32_t v = ((x >> 4) ^ (y >> 4)) & 1 ? 0x50 : 0x30;
				p = pack(opt, v, v, v + 0x20);
			} else {
				uint32_t f = (uint32_t)frame;
				p = pack(opt, (uint32_t)(x + 3 * f) & 0xff,
					(uint32_t)(y + 5 * f) & 0xff, (f * 7) & 0xff);
			}
			if (opt->bpp == 2) {
				((uint16_t *)row)[x] = (uint16_t)p;
			} else {
				((uint32_t *)row)[x] = p;
			}
		}
	}
}

static void
buffer_free(struct buffer *buf)
{
	if (buf == NULL) {
		return;
	}
	if (buf->wl_buffer != NULL) {
		wl_buffer_destroy(buf->wl_buffer);
	}
	if (buf->data != NULL) {
		munmap(buf->data, buf->size);
	}
	free(buf);
}

static void
handle_buffer_release(void *data, struct wl_buffer *wl_buffer)
{
	struct buffer *buf = data;
	buf->busy = false;
	if (buf->retired) {
		buffer_free(buf);
	}
}

static const struct wl_buffer_listener buffer_listener = {
	.release = handle_buffer_release,
};

static struct buffer *
buffer_create(struct load *load, int width, int height)
{
	struct buffer *buf = calloc(1, sizeof(*buf));
	if (buf == NULL) {
		return NULL;
	}
	buf->load = load;
	buf->width = width;
	buf->height = height;
	buf->stride = width * load->opt.bpp;
	buf->size = (size_t)buf->stride * (size_t)height;

	int fd = memfd_create("picowl-load", MFD_CLOEXEC);
	if (fd < 0) {
		goto err_buf;
	}
	if (ftruncate(fd, (off_t)buf->size) < 0) {
		goto err_fd;
	}
	buf->data = mmap(NULL, buf->size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (buf->data == MAP_FAILED) {
		buf->data = NULL;
		goto err_fd;
	}
	struct wl_shm_pool *pool = wl_shm_create_pool(load->shm, fd, (int32_t)buf->size);
	buf->wl_buffer = wl_shm_pool_create_buffer(pool, 0, width, height, buf->stride,
		load->opt.shm_format);
	wl_shm_pool_destroy(pool);
	close(fd);
	if (buf->wl_buffer == NULL) {
		buffer_free(buf);
		return NULL;
	}
	wl_buffer_add_listener(buf->wl_buffer, &buffer_listener, buf);
	paint(load, buf, 0, 0, width, height, -1);
	return buf;

err_fd:
	close(fd);
err_buf:
	free(buf);
	return NULL;
}

/* Drops the pool (buffers the compositor holds go when it releases them) and makes a new one. */
static bool
buffers_resize(struct load *load)
{
	for (int i = 0; i < NUM_BUFFERS; i++) {
		struct buffer *buf = load->buffers[i];
		load->buffers[i] = NULL;
		if (buf != NULL && buf->busy) {
			buf->retired = true;
		} else {
			buffer_free(buf);
		}
	}
	for (int i = 0; i < NUM_BUFFERS; i++) {
		load->buffers[i] = buffer_create(load, load->width, load->height);
		if (load->buffers[i] == NULL) {
			fprintf(stderr, "picowl-load: cannot allocate a %dx%d buffer\n",
				load->width, load->height);
			return false;
		}
	}
	load->full_damage_next = true;
	return true;
}

static struct buffer *
free_buffer(struct load *load)
{
	for (int i = 0; i < NUM_BUFFERS; i++) {
		if (load->buffers[i] != NULL && !load->buffers[i]->busy) {
			return load->buffers[i];
		}
	}
	return NULL;
}

static void finish(struct load *load);
static void draw(struct load *load);
static void report(struct load *load);
static void start_counting(struct load *load);

static void
handle_frame_done(void *data, struct wl_callback *callback, uint32_t time)
{
	struct load *load = data;
	wl_callback_destroy(callback);
	load->frame_callback = NULL;
	if (!load->started && load->frame >= load->opt.warmup) {
		start_counting(load);
	}
	if (load->opt.frames > 0 && load->counted >= load->opt.frames) {
		/* the last frame reached the screen */
		if (load->opt.hold) {
			report(load);
		} else {
			finish(load);
		}
		return;
	}
	if (load->opt.rate == 0) {
		load->want_frame = true;
	}
	draw(load);
}

static const struct wl_callback_listener frame_listener = {
	.done = handle_frame_done,
};

static void
count_frame(struct load *load)
{
	load->frame++;
	if (load->frame > load->opt.warmup) {
		load->counted++;
	}
}

/*
 * Counting starts when the last warm-up frame reached the screen, so that the window between
 * "start" and the report holds exactly the counted frames' commits and callbacks.
 */
static void
start_counting(struct load *load)
{
	clock_gettime(CLOCK_MONOTONIC, &load->warm);
	load->started = true;
	printf("picowl-load: start\n");
	fflush(stdout);
}

/* Draws and commits one frame if one is due, the last frame callback came and a buffer is free. */
static void
draw(struct load *load)
{
	if (!load->running || !load->configured || !load->want_frame ||
		load->frame_callback != NULL) {
		return;
	}
	if (load->opt.frames > 0 && load->counted >= load->opt.frames) {
		return;
	}
	struct wl_surface *surface = load->surface;
	bool attach = load->opt.damage != DAMAGE_NONE || !load->drawn_any || load->full_damage_next;
	struct buffer *buf = NULL;
	if (attach) {
		buf = free_buffer(load);
		if (buf == NULL) {
			return; /* a release will call us again */
		}
	}
	load->want_frame = false;

	if (attach) {
		int x, y, w, h;
		damage_box(load, &x, &y, &w, &h);
		if (load->full_damage_next || load->opt.damage == DAMAGE_NONE) {
			wl_surface_damage_buffer(surface, 0, 0, buf->width, buf->height);
			load->full_damage_next = false;
		} else {
			wl_surface_damage_buffer(surface, x, y, w, h);
		}
		if (load->opt.damage != DAMAGE_NONE) {
			paint(load, buf, x, y, w, h, load->frame);
		}
		wl_surface_attach(surface, buf->wl_buffer, 0, 0);
		buf->busy = true;
		load->drawn_any = true;
	}
	load->frame_callback = wl_surface_frame(surface);
	wl_callback_add_listener(load->frame_callback, &frame_listener, load);
	wl_surface_commit(surface);
	count_frame(load);
}

static void
handle_wm_base_ping(void *data, struct xdg_wm_base *wm_base, uint32_t serial)
{
	xdg_wm_base_pong(wm_base, serial);
}

static const struct xdg_wm_base_listener wm_base_listener = {
	.ping = handle_wm_base_ping,
};

static void
handle_shm_format(void *data, struct wl_shm *shm, uint32_t format)
{
	struct load *load = data;
	if (format == load->opt.shm_format) {
		load->format_ok = true;
	}
}

static const struct wl_shm_listener shm_listener = {
	.format = handle_shm_format,
};

static void
handle_registry_global(void *data, struct wl_registry *registry, uint32_t name,
	const char *interface, uint32_t version)
{
	struct load *load = data;
	if (strcmp(interface, wl_compositor_interface.name) == 0 && version >= 4) {
		load->compositor = wl_registry_bind(registry, name, &wl_compositor_interface, 4);
	} else if (strcmp(interface, wl_shm_interface.name) == 0) {
		load->shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
		wl_shm_add_listener(load->shm, &shm_listener, load);
	} else if (strcmp(interface, xdg_wm_base_interface.name) == 0) {
		load->wm_base = wl_registry_bind(registry, name, &xdg_wm_base_interface, 1);
		xdg_wm_base_add_listener(load->wm_base, &wm_base_listener, load);
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
handle_xdg_surface_configure(void *data, struct xdg_surface *xdg_surface, uint32_t serial)
{
	struct load *load = data;
	xdg_surface_ack_configure(xdg_surface, serial);
	int w = load->pending_width > 0 ? load->pending_width : load->opt.width;
	int h = load->pending_height > 0 ? load->pending_height : load->opt.height;
	bool first = !load->configured;
	load->configured = true;
	if (w != load->width || h != load->height) {
		load->width = w;
		load->height = h;
		if (!buffers_resize(load)) {
			load->status = 1;
			finish(load);
			return;
		}
		if (first) {
			const char *name = load->opt.bpp == 2 ? "rgb565" : "xrgb8888";
			printf("picowl-load: configured %dx%d %s\n", w, h, name);
			fflush(stdout);
		}
		/* the new size needs a frame now, whatever the pacing */
		load->want_frame = true;
	}
	if (first) {
		load->want_frame = true;
		clock_gettime(CLOCK_MONOTONIC, &load->start);
		if (load->opt.warmup == 0) {
			start_counting(load);
		}
	}
	draw(load);
}

static const struct xdg_surface_listener xdg_surface_listener = {
	.configure = handle_xdg_surface_configure,
};

static void
handle_toplevel_configure(void *data, struct xdg_toplevel *toplevel, int32_t width, int32_t height,
	struct wl_array *states)
{
	struct load *load = data;
	load->pending_width = width;
	load->pending_height = height;
}

static void
handle_toplevel_close(void *data, struct xdg_toplevel *toplevel)
{
	finish(data);
}

static const struct xdg_toplevel_listener toplevel_listener = {
	.configure = handle_toplevel_configure,
	.close = handle_toplevel_close,
};

static void
finish(struct load *load)
{
	load->running = false;
}

static void
report(struct load *load)
{
	if (load->reported) {
		return;
	}
	load->reported = true;
	double t = load->started ? elapsed(&load->warm) : 0.0;
	printf("picowl-load: frames %ld time %.3f s fps %.2f (warmup %ld, skipped ticks %ld)\n",
		load->counted, t, t > 0 ? (double)load->counted / t : 0.0,
		load->frame - load->counted, load->skipped);
	fflush(stdout);
}

static int
make_timerfd(double rate)
{
	int fd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
	if (fd < 0) {
		return -1;
	}
	long ns = (long)(1e9 / rate);
	struct itimerspec its = {
		.it_interval = {.tv_sec = ns / 1000000000L, .tv_nsec = ns % 1000000000L},
		.it_value = {.tv_sec = ns / 1000000000L, .tv_nsec = ns % 1000000000L},
	};
	if (timerfd_settime(fd, 0, &its, NULL) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

static int
make_signalfd(void)
{
	sigset_t mask;
	sigemptyset(&mask);
	sigaddset(&mask, SIGTERM);
	sigaddset(&mask, SIGINT);
	if (sigprocmask(SIG_BLOCK, &mask, NULL) < 0) {
		return -1;
	}
	return signalfd(-1, &mask, SFD_CLOEXEC | SFD_NONBLOCK);
}

/* One pass of the event loop: false when the connection broke. */
static bool
dispatch(struct load *load, int timer_fd, int signal_fd)
{
	struct wl_display *display = load->display;
	while (wl_display_prepare_read(display) != 0) {
		if (wl_display_dispatch_pending(display) < 0) {
			return false;
		}
	}
	if (wl_display_flush(display) < 0 && errno != EAGAIN) {
		wl_display_cancel_read(display);
		return false;
	}
	struct pollfd fds[3] = {
		{.fd = wl_display_get_fd(display), .events = POLLIN},
		{.fd = signal_fd, .events = POLLIN},
		{.fd = timer_fd, .events = POLLIN},
	};
	int timeout = -1;
	if (load->opt.seconds > 0 && load->started) {
		double left = load->opt.seconds - elapsed(&load->warm);
		timeout = left > 0 ? (int)(left * 1000) + 1 : 0;
	}
	int n = poll(fds, timer_fd >= 0 ? 3 : 2, timeout);
	if (n < 0 && errno != EINTR) {
		wl_display_cancel_read(display);
		return false;
	}
	if (n > 0 && (fds[0].revents & POLLIN)) {
		if (wl_display_read_events(display) < 0) {
			return false;
		}
	} else {
		wl_display_cancel_read(display);
	}
	if (n > 0 && (fds[0].revents & (POLLERR | POLLHUP)) && !(fds[0].revents & POLLIN)) {
		return false;
	}
	if (wl_display_dispatch_pending(display) < 0) {
		return false;
	}
	if (n > 0 && (fds[1].revents & POLLIN)) {
		finish(load);
	}
	if (timer_fd >= 0 && n > 0 && (fds[2].revents & POLLIN)) {
		uint64_t ticks = 0;
		if (read(timer_fd, &ticks, sizeof(ticks)) == (ssize_t)sizeof(ticks) && ticks > 0) {
			/* a tick that finds a frame already due is lost; one that finds the
			 * previous frame in flight only waits for its callback */
			load->skipped += load->want_frame ? (long)ticks : (long)ticks - 1;
			load->want_frame = true;
			draw(load);
		}
	}
	if (load->opt.seconds > 0 && load->started && elapsed(&load->warm) >= load->opt.seconds) {
		finish(load);
	}
	return true;
}

static void
destroy(struct load *load)
{
	for (int i = 0; i < NUM_BUFFERS; i++) {
		buffer_free(load->buffers[i]);
	}
	if (load->frame_callback != NULL) {
		wl_callback_destroy(load->frame_callback);
	}
	if (load->toplevel != NULL) {
		xdg_toplevel_destroy(load->toplevel);
	}
	if (load->xdg_surface != NULL) {
		xdg_surface_destroy(load->xdg_surface);
	}
	if (load->surface != NULL) {
		wl_surface_destroy(load->surface);
	}
	if (load->wm_base != NULL) {
		xdg_wm_base_destroy(load->wm_base);
	}
	if (load->shm != NULL) {
		wl_shm_destroy(load->shm);
	}
	if (load->compositor != NULL) {
		wl_compositor_destroy(load->compositor);
	}
	if (load->registry != NULL) {
		wl_registry_destroy(load->registry);
	}
	wl_display_disconnect(load->display);
}

int
main(int argc, char **argv)
{
	struct load load = {0};
	int timer_fd = -1, signal_fd = -1;
	if (!parse_options(argc, argv, &load.opt)) {
		return 2;
	}
	load.display = wl_display_connect(NULL);
	if (load.display == NULL) {
		fprintf(stderr, "picowl-load: cannot connect to the Wayland display\n");
		return 1;
	}
	load.running = true;
	load.registry = wl_display_get_registry(load.display);
	wl_registry_add_listener(load.registry, &registry_listener, &load);
	if (wl_display_roundtrip(load.display) < 0 || wl_display_roundtrip(load.display) < 0) {
		fprintf(stderr, "picowl-load: the initial roundtrips failed\n");
		load.status = 1;
		goto out;
	}
	if (load.compositor == NULL || load.shm == NULL || load.wm_base == NULL) {
		fprintf(stderr, "picowl-load: needs wl_compositor v4, wl_shm and xdg_wm_base\n");
		load.status = 1;
		goto out;
	}
	if (!load.format_ok) {
		fprintf(stderr, "picowl-load: the compositor does not offer the shm format\n");
		load.status = 1;
		goto out;
	}
	signal_fd = make_signalfd();
	if (signal_fd < 0) {
		perror("picowl-load: signalfd");
		load.status = 1;
		goto out;
	}
	if (load.opt.rate > 0) {
		timer_fd = make_timerfd(load.opt.rate);
		if (timer_fd < 0) {
			perror("picowl-load: timerfd");
			load.status = 1;
			goto out;
		}
	}

	load.surface = wl_compositor_create_surface(load.compositor);
	load.xdg_surface = xdg_wm_base_get_xdg_surface(load.wm_base, load.surface);
	xdg_surface_add_listener(load.xdg_surface, &xdg_surface_listener, &load);
	load.toplevel = xdg_surface_get_toplevel(load.xdg_surface);
	xdg_toplevel_add_listener(load.toplevel, &toplevel_listener, &load);
	xdg_toplevel_set_title(load.toplevel, "picowl-load");
	xdg_toplevel_set_app_id(load.toplevel, "picowl-load");
	if (load.opt.fullscreen) {
		xdg_toplevel_set_fullscreen(load.toplevel, NULL);
	}
	wl_surface_commit(load.surface);

	while (load.running) {
		if (!dispatch(&load, timer_fd, signal_fd)) {
			fprintf(stderr, "picowl-load: the connection to the compositor broke\n");
			load.status = 1;
			break;
		}
	}
	report(&load);

out:
	if (timer_fd >= 0) {
		close(timer_fd);
	}
	if (signal_fd >= 0) {
		close(signal_fd);
	}
	destroy(&load);
	return load.status;
}

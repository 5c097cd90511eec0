/*
 * picowl-load's Wayland side and main(): a toplevel drawn from a small pool of buffers, paced
 * by frame callbacks or a timer. See load.h, options.c and tests/bench/README.md.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <unistd.h>

#include "alpha-modifier-v1-client-protocol.h"
#include "load.h"
#include "pattern.h"

static double
elapsed(const struct timespec *since)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - since->tv_sec) + (double)(now.tv_nsec - since->tv_nsec) / 1e9;
}

static void
buffer_free(struct load_buffer *buf)
{
	if (buf == NULL) {
		return;
	}
	pw_client_buffer_finish(&buf->shm);
	free(buf);
}

static void
handle_buffer_release(struct pw_client_buffer *shm)
{
	struct load_buffer *buf = shm->user;
	if (buf->retired) {
		buffer_free(buf);
	}
}

static struct load_buffer *
buffer_create(struct load *load, int width, int height)
{
	struct load_buffer *buf = calloc(1, sizeof(*buf));
	if (buf == NULL) {
		return NULL;
	}
	buf->load = load;
	buf->shm.release = handle_buffer_release;
	buf->shm.user = buf;
	if (!pw_client_buffer_init(&buf->shm, load->client.shm, width, height,
		    load->opt.shm_format)) {
		free(buf);
		return NULL;
	}
	load_paint(load, buf, 0, 0, width, height, -1);
	return buf;
}

/* Drops the pool (buffers the compositor holds go when it releases them) and makes a new one. */
static bool
buffers_resize(struct load *load)
{
	for (int i = 0; i < NUM_BUFFERS; i++) {
		struct load_buffer *buf = load->buffers[i];
		load->buffers[i] = NULL;
		if (buf != NULL && buf->shm.busy) {
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

static struct load_buffer *
free_buffer(struct load *load)
{
	for (int i = 0; i < NUM_BUFFERS; i++) {
		if (load->buffers[i] != NULL && !load->buffers[i]->shm.busy) {
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
handle_frame_done(struct pw_client_frame *frame, uint32_t time)
{
	struct load *load = frame->data;
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
		load->top.frame.callback != NULL) {
		return;
	}
	if (load->opt.frames > 0 && load->counted >= load->opt.frames) {
		return;
	}
	struct wl_surface *surface = load->top.surface;
	bool attach = load->opt.damage != DAMAGE_NONE || !load->drawn_any || load->full_damage_next;
	struct load_buffer *buf = NULL;
	if (attach) {
		buf = free_buffer(load);
		if (buf == NULL) {
			return; /* a release will call us again */
		}
	}
	load->want_frame = false;

	if (attach) {
		int x, y, w, h;
		load_damage_box(load, &x, &y, &w, &h);
		if (load->full_damage_next || load->opt.damage == DAMAGE_NONE) {
			wl_surface_damage_buffer(surface, 0, 0, buf->shm.width, buf->shm.height);
			load->full_damage_next = false;
		} else {
			wl_surface_damage_buffer(surface, x, y, w, h);
		}
		if (load->opt.damage != DAMAGE_NONE) {
			load_paint(load, buf, x, y, w, h, load->frame);
		}
		wl_surface_attach(surface, buf->shm.wl, 0, 0);
		buf->shm.busy = true;
		load->drawn_any = true;
	}
	pw_client_frame_request(&load->top.frame, surface);
	wl_surface_commit(surface);
	count_frame(load);
}

static void
handle_configure(struct pw_client_toplevel *top)
{
	struct load *load = top->data;
	bool told = top->configured_width > 0 && !load->opt.oversize;
	int w = told ? top->configured_width : load->opt.width;
	int h = !load->opt.oversize && top->configured_height > 0 ? top->configured_height
								  : load->opt.height;
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

static void
handle_close(struct pw_client_toplevel *top)
{
	finish(top->data);
}

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
	struct pollfd fds[2] = {
		{.fd = signal_fd, .events = POLLIN},
		{.fd = timer_fd, .events = POLLIN},
	};
	int timeout = -1;
	if (load->opt.seconds > 0 && load->started) {
		double left = load->opt.seconds - elapsed(&load->warm);
		timeout = left > 0 ? (int)(left * 1000) + 1 : 0;
	}
	int n = pw_client_dispatch_fds(&load->client, fds, timer_fd >= 0 ? 2 : 1, timeout);
	if (n < 0) {
		return false;
	}
	if (fds[0].revents & POLLIN) {
		finish(load);
	}
	if (timer_fd >= 0 && (fds[1].revents & POLLIN)) {
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
	pw_client_toplevel_finish(&load->top);
	pw_client_disconnect(&load->client);
}

int
main(int argc, char **argv)
{
	struct load load = {0};
	int timer_fd = -1, signal_fd = -1;
	if (!parse_options(argc, argv, &load.opt)) {
		return 2;
	}
	const struct pw_client_versions versions = {.compositor = 4, .shm = 1, .wm_base = 1};
	load.client.name = "picowl-load";
	struct wp_alpha_modifier_v1 *alpha = NULL;
	const struct pw_client_global globals[] = {{&wp_alpha_modifier_v1_interface, 1,
							   (void **)&alpha, NULL, NULL},
		{NULL}};
	load.client.globals = load.opt.alpha > 0 ? globals : NULL;
	load.running = true;
	/* one round trip for the globals, one for the shm formats */
	if (!pw_client_connect(&load.client, &versions, -1) ||
		pw_client_roundtrip(&load.client, -1) != 1) {
		load.status = 1;
		goto out;
	}
	if (wl_compositor_get_version(load.client.compositor) < 4) {
		fprintf(stderr, "picowl-load: needs wl_compositor v4, wl_shm and xdg_wm_base\n");
		load.status = 1;
		goto out;
	}
	if (!pw_client_has_format(&load.client, load.opt.shm_format)) {
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

	load.top = (struct pw_client_toplevel){.configure = handle_configure,
		.close = handle_close,
		.data = &load};
	load.top.frame.handler = handle_frame_done;
	load.top.frame.data = &load;
	pw_client_toplevel_init(&load.top, &load.client, "picowl-load", "picowl-load");
	if (load.opt.fullscreen) {
		xdg_toplevel_set_fullscreen(load.top.toplevel, NULL);
	}
	if (load.opt.alpha > 0) {
		if (!alpha) {
			fprintf(stderr, "picowl-load: no wp_alpha_modifier_v1 for --alpha\n");
			load.status = 1;
			goto out;
		}
		/* fixed before the first commit: every frame of the run composites through it */
		wp_alpha_modifier_surface_v1_set_multiplier(wp_alpha_modifier_v1_get_surface(alpha,
								    load.top.surface),
			(uint32_t)(load.opt.alpha * UINT32_MAX));
	}
	wl_surface_commit(load.top.surface);

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

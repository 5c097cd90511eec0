/*
 * Headless display: the frame is a pixman image in RAM. Frames are paced by a timerfd at the
 * refresh rate, armed only while a frame is pending, so an idle compositor never wakes up.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/timerfd.h>
#include <unistd.h>

#include "backend.h"
#include "copy.h"

struct headless {
	struct pw_backend base;
	/*
	 * The "display" is front[shown]. DIRECT composites into it; SHADOW composites into
	 * `shadow` and copies the damaged rows; FLIP composites into the other front buffer.
	 */
	pixman_image_t *front[2];
	pixman_image_t *shadow;
	int shown;
	int timer_fd;
	struct wl_event_source *timer;
	struct timespec next_vblank; /* the vblank time the last scheduled frame lands on */
	int64_t period_ns;
	bool pending;
	bool armed; /* the timer will fire for the pending frame */
	int frames; /* presented so far, for the age of the buffer */
};

static const struct pw_backend_impl headless_impl;

static struct headless *
headless_from_backend(struct pw_backend *backend)
{
	if (backend->impl != &headless_impl) {
		return NULL;
	}
	return (struct headless *)backend;
}

static int64_t
ts_ns(const struct timespec *ts)
{
	return (int64_t)ts->tv_sec * 1000000000 + ts->tv_nsec;
}

static struct timespec
ns_ts(int64_t ns)
{
	struct timespec ts = {.tv_sec = ns / 1000000000, .tv_nsec = ns % 1000000000};
	return ts;
}

static void
deliver_frame_done(struct headless *hl)
{
	if (!hl->pending) {
		return;
	}
	hl->pending = false;
	if (hl->armed) {
		/* Done early (the core asked after the vblank): the timer must not end the next. */
		struct itimerspec off = {{0, 0}, {0, 0}};
		timerfd_settime(hl->timer_fd, 0, &off, NULL);
		hl->armed = false;
	}
	if (hl->base.events && hl->base.events->frame_done) {
		struct timespec when = hl->next_vblank;
		hl->base.events->frame_done(hl->base.events_data, &when);
	}
}

static int
handle_timer(int fd, uint32_t mask, void *data)
{
	struct headless *hl = data;
	uint64_t expirations;
	if (read(fd, &expirations, sizeof(expirations)) < 0) {
		if (errno != EAGAIN) {
			fprintf(stderr, "picowl: headless: timer read: %s\n", strerror(errno));
		}
		return 0; /* disarmed after epoll saw it: the frame was done early */
	}
	hl->armed = false;
	deliver_frame_done(hl);
	return 0;
}

/*
 * Nothing scans the frame out, so its vblank needs no wakeup of its own: the frame is done
 * once the vblank time has passed, which the core asks about when it next wants to draw.
 */
static void
headless_want_frame_done(struct pw_backend *backend)
{
	struct headless *hl = headless_from_backend(backend);
	if (!hl->pending) {
		return;
	}
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	if (ts_ns(&now) >= ts_ns(&hl->next_vblank)) {
		deliver_frame_done(hl);
		return;
	}
	if (hl->armed) {
		return;
	}
	struct itimerspec spec = {.it_value = hl->next_vblank};
	if (timerfd_settime(hl->timer_fd, TFD_TIMER_ABSTIME, &spec, NULL) < 0) {
		fprintf(stderr, "picowl: headless: timerfd_settime: %s\n", strerror(errno));
		deliver_frame_done(hl);
		return;
	}
	hl->armed = true;
}

static int
headless_frame_fd(struct pw_backend *backend)
{
	struct headless *hl = headless_from_backend(backend);
	return hl->pending && hl->armed ? hl->timer_fd : -1;
}

static pixman_image_t *
headless_begin_frame(struct pw_backend *backend, int *age)
{
	struct headless *hl = headless_from_backend(backend);
	switch (hl->base.present) {
	case PW_PRESENT_FLIP:
		*age = hl->frames >= 2 ? 2 : 0;
		return hl->front[!hl->shown];
	case PW_PRESENT_SHADOW:
		*age = hl->frames > 0 ? 1 : 0;
		return hl->shadow;
	default:
		*age = hl->frames > 0 ? 1 : 0;
		return hl->front[hl->shown];
	}
}

static bool
headless_present(struct pw_backend *backend, const pixman_region32_t *damage,
	struct pw_present_stats *stats)
{
	struct headless *hl = headless_from_backend(backend);
	*stats = (struct pw_present_stats){.path = hl->base.present, .engine = PW_COPY_CPU};
	stats->rows = pw_copy_damaged_rows(damage);
	if (hl->base.present == PW_PRESENT_SHADOW) {
		pw_copy_rows((uint8_t *)pixman_image_get_data(hl->front[hl->shown]),
			pixman_image_get_stride(hl->shadow),
			(const uint8_t *)pixman_image_get_data(hl->shadow),
			pixman_image_get_stride(hl->shadow), pw_format_bpp(hl->base.format), damage,
			stats);
	} else {
		/* Composition wrote these bytes straight into display memory. */
		int n;
		const pixman_box32_t *b = pixman_region32_rectangles(damage, &n);
		for (int i = 0; i < n; i++) {
			stats->bytes += (size_t)(b[i].x2 - b[i].x1) * (size_t)(b[i].y2 - b[i].y1) *
				(size_t)pw_format_bpp(hl->base.format);
		}
	}
	if (hl->base.present == PW_PRESENT_SHADOW) {
	} else if (hl->base.present == PW_PRESENT_FLIP) {
		hl->shown = !hl->shown;
	}
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	/* The frame lands on the first vblank after now, on a grid anchored at the last one. */
	int64_t now_ns = ts_ns(&now);
	int64_t last = ts_ns(&hl->next_vblank);
	int64_t next;
	if (last == 0 || now_ns - last > 1000 * hl->period_ns) {
		next = now_ns + hl->period_ns;
	} else {
		int64_t periods = (now_ns - last) / hl->period_ns + 1;
		next = last + periods * hl->period_ns;
	}
	hl->next_vblank = ns_ts(next);
	hl->pending = true;
	hl->frames++;
	return true;
}

static void
headless_destroy(struct pw_backend *backend)
{
	struct headless *hl = headless_from_backend(backend);
	if (hl->timer) {
		wl_event_source_remove(hl->timer);
	}
	if (hl->timer_fd >= 0) {
		close(hl->timer_fd);
	}
	for (int i = 0; i < 2; i++) {
		if (hl->front[i]) {
			pixman_image_unref(hl->front[i]);
		}
	}
	if (hl->shadow) {
		pixman_image_unref(hl->shadow);
	}
	free(hl);
}

static const struct pw_backend_impl headless_impl = {
	.destroy = headless_destroy,
	.begin_frame = headless_begin_frame,
	.present = headless_present,
	.want_frame_done = headless_want_frame_done,
	.frame_fd = headless_frame_fd,
};

struct pw_backend *
pw_headless_backend_create(struct wl_event_loop *loop, const struct pw_backend_config *config)
{
	if (config->width <= 0 || config->height <= 0 || config->refresh_mhz <= 0) {
		fprintf(stderr, "picowl: headless: bad size %dx%d or refresh %d mHz\n",
			config->width, config->height, config->refresh_mhz);
		return NULL;
	}
	struct headless *hl = calloc(1, sizeof(*hl));
	if (!hl) {
		return NULL;
	}
	hl->base.impl = &headless_impl;
	hl->base.name = "HEADLESS-1";
	hl->base.description = "picowl headless output";
	hl->base.width = config->width;
	hl->base.height = config->height;
	hl->base.format = config->format;
	hl->base.refresh_mhz = config->refresh_mhz;
	hl->period_ns = 1000000000000LL / config->refresh_mhz;
	hl->timer_fd = -1;

	/*
	 * Nothing scans this RAM out, so nothing can tear: auto composes straight into the shown
	 * image, drawing each damaged row once (a flip draws the last two frames' rows).
	 */
	hl->base.present = config->present == PW_PRESENT_AUTO ? PW_PRESENT_DIRECT : config->present;
	if (config->copy != PW_COPY_CPU) {
		fprintf(stderr, "picowl: headless: no %s copy engine in RAM; rows are copied by the "
				"cpu\n",
			config->copy == PW_COPY_DMA ? "DMA" : "kernel");
	}
	for (int i = 0; i < 2; i++) {
		hl->front[i] = pixman_image_create_bits(pw_format_pixman(config->format),
			config->width, config->height, NULL, 0);
		if (!hl->front[i]) {
			goto err;
		}
	}
	if (hl->base.present == PW_PRESENT_SHADOW) {
		hl->shadow = pixman_image_create_bits(pw_format_pixman(config->format),
			config->width, config->height, NULL, 0);
		if (!hl->shadow) {
			goto err;
		}
	}
	hl->timer_fd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
	if (hl->timer_fd < 0) {
		fprintf(stderr, "picowl: headless: timerfd_create: %s\n", strerror(errno));
		goto err;
	}
	hl->timer = wl_event_loop_add_fd(loop, hl->timer_fd, WL_EVENT_READABLE, handle_timer, hl);
	if (!hl->timer) {
		goto err;
	}
	return &hl->base;

err:
	headless_destroy(&hl->base);
	return NULL;
}

pixman_image_t *
pw_headless_backend_front(struct pw_backend *backend)
{
	struct headless *hl = headless_from_backend(backend);
	return hl ? hl->front[hl->shown] : NULL;
}

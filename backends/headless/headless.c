/*
 * Headless display: the frame is a pixman image in RAM. Frames complete on a refresh grid
 * (frame_timer.h), with a timer armed only when the core waits for one, so an idle compositor
 * never wakes up.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "copy.h"
#include "frame_timer.h"
#include "headless.h"
#include "log.h"

struct headless {
	struct pw_backend base;
	/*
	 * The "display" is front[shown]. DIRECT composites into it; SHADOW composites into
	 * `shadow` and copies the damaged rows; FLIP composites into the other front buffer.
	 */
	pixman_image_t *front[2];
	pixman_image_t *shadow;
	int shown;
	struct pw_frame_timer *timer;
	int frames; /* presented so far, for the age of the buffer */
	struct pw_backend_mode modes[1 + 5];
};

/* What a headless display offers besides its configured size: a mode change to test with. */
static const int extra_sizes[][2] = {{240, 320}, {320, 240}, {480, 640}, {640, 480}, {800, 600}};

static const struct pw_backend_impl headless_impl;

static struct headless *
headless_from_backend(struct pw_backend *backend)
{
	if (backend->impl != &headless_impl) {
		return NULL;
	}
	return (struct headless *)backend;
}

/*
 * Nothing scans the frame out, so its vblank needs no wakeup of its own: the frame is done
 * once the vblank time has passed, which the core asks about when it next wants to draw.
 */
static void
headless_want_frame_done(struct pw_backend *backend)
{
	pw_frame_timer_want(headless_from_backend(backend)->timer);
}

static int
headless_frame_fd(struct pw_backend *backend)
{
	return pw_frame_timer_fd(headless_from_backend(backend)->timer);
}

static void
headless_drive_frames(struct pw_backend *backend, bool on)
{
	pw_frame_timer_drive(headless_from_backend(backend)->timer, on);
}

static bool
headless_frame_deadline(struct pw_backend *backend, struct timespec *when)
{
	return pw_frame_timer_deadline(headless_from_backend(backend)->timer, when);
}

static void
headless_frame_due(struct pw_backend *backend)
{
	pw_frame_timer_due(headless_from_backend(backend)->timer);
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
	pw_frame_timer_schedule(hl->timer, &now);
	hl->frames++;
	return true;
}

static void
headless_destroy(struct pw_backend *backend)
{
	struct headless *hl = headless_from_backend(backend);
	pw_frame_timer_destroy(hl->timer);
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

/* Nothing to power down in RAM: the state is told on stderr, where the tests read it. */
static bool
headless_set_power(struct pw_backend *backend, bool on)
{
	pw_log_info("headless: display %s\n", on ? "on" : "off");
	return true;
}

/* The images of the present path at a size (front[] and, for shadow, *shadow). */
static bool
create_images(struct headless *hl, int w, int h, pixman_image_t *front[2], pixman_image_t **shadow)
{
	pixman_format_code_t format = pw_format_pixman(hl->base.format);
	bool ok = true;
	*shadow = NULL;
	for (int i = 0; i < 2; i++) {
		front[i] = pixman_image_create_bits(format, w, h, NULL, 0);
		ok = ok && front[i];
	}
	if (ok && hl->base.present == PW_PRESENT_SHADOW) {
		*shadow = pixman_image_create_bits(format, w, h, NULL, 0);
		ok = *shadow != NULL;
	}
	if (!ok) {
		for (int i = 0; i < 2; i++) {
			if (front[i]) {
				pixman_image_unref(front[i]);
			}
		}
	}
	return ok;
}

/* A mode of RAM: new images, black until the core repaints everything (age 0). */
static bool
headless_set_mode(struct pw_backend *backend, int index, bool test)
{
	struct headless *hl = headless_from_backend(backend);
	const struct pw_backend_mode *mode = &hl->modes[index];
	if (test) {
		return true;
	}
	pixman_image_t *front[2], *shadow;
	if (!create_images(hl, mode->width, mode->height, front, &shadow)) {
		pw_log_error("headless: no memory for %dx%d\n", mode->width, mode->height);
		return false;
	}
	for (int i = 0; i < 2; i++) {
		pixman_image_unref(hl->front[i]);
		hl->front[i] = front[i];
	}
	if (hl->shadow) {
		pixman_image_unref(hl->shadow);
		hl->shadow = shadow;
	}
	hl->shown = 0;
	hl->frames = 0;
	hl->base.width = mode->width;
	hl->base.height = mode->height;
	hl->base.mode = index;
	pw_log_info("headless: now %dx%d\n", mode->width, mode->height);
	return true;
}

static void
list_modes(struct headless *hl)
{
	int n = 0;
	hl->modes[n++] = (struct pw_backend_mode){hl->base.width, hl->base.height,
		hl->base.refresh_mhz, true};
	for (size_t i = 0; i < sizeof(extra_sizes) / sizeof(extra_sizes[0]); i++) {
		int w = extra_sizes[i][0], h = extra_sizes[i][1];
		if (w != hl->base.width || h != hl->base.height) {
			hl->modes[n++] =
				(struct pw_backend_mode){w, h, hl->base.refresh_mhz, false};
		}
	}
	hl->base.modes = hl->modes;
	hl->base.n_modes = n;
}

static const struct pw_backend_impl headless_impl = {
	.destroy = headless_destroy,
	.begin_frame = headless_begin_frame,
	.present = headless_present,
	.want_frame_done = headless_want_frame_done,
	.frame_fd = headless_frame_fd,
	.drive_frames = headless_drive_frames,
	.frame_deadline = headless_frame_deadline,
	.frame_due = headless_frame_due,
	.set_power = headless_set_power,
	.set_mode = headless_set_mode,
};

struct pw_backend *
pw_headless_backend_create(struct wl_event_loop *loop, const struct pw_backend_config *config)
{
	if (config->width <= 0 || config->height <= 0 || config->refresh_mhz <= 0) {
		pw_log_error("headless: bad size %dx%d or refresh %d mHz\n", config->width,
			config->height, config->refresh_mhz);
		return NULL;
	}
	struct headless *hl = calloc(1, sizeof(*hl));
	if (!hl) {
		return NULL;
	}
	hl->base.impl = &headless_impl;
	hl->base.name = "HEADLESS-1";
	hl->base.description = "picowl headless output";
	hl->base.kind = "headless";
	hl->base.width = config->width;
	hl->base.height = config->height;
	hl->base.format = config->format;
	hl->base.refresh_mhz = config->refresh_mhz;

	/*
	 * Nothing scans this RAM out, so nothing can tear: auto composes straight into the shown
	 * image, drawing each damaged row once (a flip draws the last two frames' rows).
	 */
	hl->base.present = config->present == PW_PRESENT_AUTO ? PW_PRESENT_DIRECT : config->present;
	if (config->copy != PW_COPY_CPU && config->copy != PW_COPY_AUTO) {
		pw_log_warning("headless: no %s copy engine in RAM; rows are copied by the "
			       "cpu\n",
			config->copy == PW_COPY_DMA ? "DMA" : "kernel");
	}
	if (!create_images(hl, config->width, config->height, hl->front, &hl->shadow)) {
		hl->front[0] = hl->front[1] = NULL;
		goto err;
	}
	list_modes(hl);
	hl->timer = pw_frame_timer_create(loop, 1000000000000LL / config->refresh_mhz, "headless",
		pw_backend_frame_done, &hl->base);
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

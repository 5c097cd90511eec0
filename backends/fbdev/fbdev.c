/*
 * fbdev display. The format comes from the bitfields of FBIOGET_VSCREENINFO. The framebuffer
 * is display memory (uncached, or behind a slow bus): in shadow mode it is mapped write-only
 * and only written, row by row; flip pans between two halves of the virtual screen and
 * composites into the hidden one; direct composites into the visible one. Frames complete at
 * FBIO_WAITFORVSYNC where it really waits, else at a tick of a refresh grid, with a timer armed
 * only when the core waits for that tick, so an idle picowl never wakes up.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/fb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>

#include "clock.h"
#include "copy.h"
#include "fb_cmap.h"
#include "fbdev.h"
#include "frame_timer.h"
#include "log.h"
#include "session.h"

struct fbdev {
	struct pw_backend base;
	struct pw_session *session;
	struct wl_listener session_disable, session_enable;
	char path[64];
	char id[sizeof(((struct fb_fix_screeninfo *)0)->id) + 1];
	int fd;
	struct fb_var_screeninfo var;
	struct fb_fix_screeninfo fix;
	uint8_t *map;
	size_t map_len;
	pixman_format_code_t fb_format; /* the display's own; differs from base.format: convert */
	pixman_image_t *screen[2]; /* images on the mapping: the top and (flip) the bottom half */
	pixman_image_t *shadow;
	int shown; /* flip: the half on screen */
	struct pw_copy copy;
	bool vsync;
	bool vsynced; /* the frame pending came out of a FBIO_WAITFORVSYNC that waited */
	struct pw_frame_timer *timer;
	int frames;
	struct pw_fb_cmap cmap; /* DIRECTCOLOR: night light's table (4.102) */
};

static const struct pw_backend_impl fbdev_impl;

static bool
field_is(const struct fb_bitfield *f, unsigned offset, unsigned length)
{
	return f->offset == offset && f->length == length;
}

/* The pixman format of the framebuffer, and the one picowl composites in; false: refused. */
static bool
pick_format(struct fbdev *fb, enum pw_format *composite)
{
	const struct fb_var_screeninfo *v = &fb->var;
	bool rgb = v->blue.offset == 0, bgr = v->red.offset == 0;
	int visual = fb->fix.visual == FB_VISUAL_DIRECTCOLOR ? FB_VISUAL_TRUECOLOR : fb->fix.visual;
	fb->fb_format = 0; /* DIRECTCOLOR: TRUECOLOR through its cmap (fb_cmap.h) */
	if (fb->fix.type == FB_TYPE_PACKED_PIXELS && visual == FB_VISUAL_TRUECOLOR) {
		if (v->bits_per_pixel == 16 && field_is(&v->green, 5, 6)) {
			if (rgb && field_is(&v->red, 11, 5) && field_is(&v->blue, 0, 5)) {
				fb->fb_format = PIXMAN_r5g6b5;
			} else if (bgr && field_is(&v->red, 0, 5) && field_is(&v->blue, 11, 5)) {
				fb->fb_format = PIXMAN_b5g6r5;
			}
			*composite = PW_FORMAT_RGB565;
		} else if ((v->bits_per_pixel == 24 || v->bits_per_pixel == 32) &&
			field_is(&v->green, 8, 8)) {
			bool b24 = v->bits_per_pixel == 24;
			if (rgb && field_is(&v->red, 16, 8) && field_is(&v->blue, 0, 8)) {
				fb->fb_format = b24 ? PIXMAN_r8g8b8 : PIXMAN_x8r8g8b8;
			} else if (bgr && field_is(&v->red, 0, 8) && field_is(&v->blue, 16, 8)) {
				fb->fb_format = b24 ? PIXMAN_b8g8r8 : PIXMAN_x8b8g8r8;
			}
			*composite = PW_FORMAT_XRGB8888;
		}
	}
	if (!fb->fb_format) {
		pw_log_error("fbdev: %s is %u bpp, visual %u, red %u/%u green %u/%u blue %u/%u: "
			     "picowl drives 16 bpp RGB565 or BGR565 and 24 or 32 bpp true colour\n",
			fb->path, v->bits_per_pixel, fb->fix.visual, v->red.offset, v->red.length,
			v->green.offset, v->green.length, v->blue.offset, v->blue.length);
		return false;
	}
	return true;
}

/* The refresh the timings give, or 0 when they give none that is plausible. */
static int
refresh_mhz(const struct fb_var_screeninfo *v)
{
	uint64_t htotal = (uint64_t)v->left_margin + v->xres + v->right_margin + v->hsync_len;
	uint64_t vtotal = (uint64_t)v->upper_margin + v->yres + v->lower_margin + v->vsync_len;
	if (v->pixclock == 0 || htotal == 0 || vtotal == 0) {
		return 0;
	}
	/* pixclock is in picoseconds. */
	uint64_t mhz = 1000000000000000ULL / ((uint64_t)v->pixclock * htotal * vtotal);
	return mhz < 1000 || mhz > 240000 ? 0 : (int)mhz;
}

static bool
pan_to(struct fbdev *fb, int half)
{
	struct fb_var_screeninfo var = fb->var;
	var.xoffset = 0;
	var.yoffset = (unsigned)half * var.yres;
	return ioctl(fb->fd, FBIOPAN_DISPLAY, &var) == 0;
}

/*
 * Two screens fit in the virtual height and in the framebuffer's memory (smem_len: the mapping
 * is made only after the path is chosen), the driver pans to a whole screen's height, and a
 * pan to the second screen and back succeeds.
 */
static bool
can_flip(struct fbdev *fb)
{
	unsigned step = fb->fix.ypanstep ? fb->fix.ypanstep : fb->fix.ywrapstep;
	return fb->var.yres_virtual >= 2 * fb->var.yres &&
		(size_t)fb->fix.line_length * 2 * fb->var.yres <= fb->fix.smem_len && step &&
		fb->var.yres % step == 0 && pan_to(fb, 1) && pan_to(fb, 0);
}

/*
 * DRM's fbdev emulation ("<driver>drmfb") accepts a pan that need not reach the screen: in
 * Linux 6.1 bochs scans out from the plane's position, not its source offset, and the
 * emulations that draw into a shadow copy only the first screen's rows to the display
 * (drm_fb_helper_memory_range_to_clip clips to yres). DRM itself flips there.
 */
static bool
is_drm_emulation(const struct fbdev *fb)
{
	size_t len = strlen(fb->id);
	return len >= 5 && strcmp(fb->id + len - 5, "drmfb") == 0;
}

static bool read_screeninfo(struct fbdev *fb);

/*
 * Memory for two screens but a virtual height of one: pxafb booted with `video=pxafb:vmem:SIZE`
 * keeps the virtual height it is asked for (its check_var: max(asked, yres)), and starts at
 * yres. Ask for two screens, everything else as read; a driver that refuses, or answers with
 * another geometry (then put back), is said once and left as it was.
 */
static void
ask_two_screens(struct fbdev *fb)
{
	if (fb->var.yres_virtual >= 2 * fb->var.yres ||
		(size_t)fb->fix.line_length * 2 * fb->var.yres > fb->fix.smem_len) {
		return;
	}
	struct fb_var_screeninfo old = fb->var, var = fb->var;
	uint32_t stride = fb->fix.line_length;
	var.yres_virtual = 2 * var.yres;
	var.yoffset = 0;
	var.activate = FB_ACTIVATE_NOW;
	const char *why = NULL;
	if (ioctl(fb->fd, FBIOPUT_VSCREENINFO, &var) < 0) {
		why = strerror(errno);
	} else if (!read_screeninfo(fb)) {
		why = "cannot read it back";
		fb->var = old;
	} else if (fb->var.xres != old.xres || fb->var.yres != old.yres ||
		fb->var.bits_per_pixel != old.bits_per_pixel || fb->fix.line_length != stride) {
		why = "the geometry changed";
		var = old;
		var.activate = FB_ACTIVATE_NOW;
		ioctl(fb->fd, FBIOPUT_VSCREENINFO, &var);
		read_screeninfo(fb);
	} else if (fb->var.yres_virtual < 2 * fb->var.yres) {
		why = "the virtual height stayed";
	}
	if (why) {
		pw_log_warning("fbdev: %s has memory for two screens (%u bytes) but a virtual "
			       "height of %u, and FBIOPUT_VSCREENINFO for %u did not take (%s): no "
			       "flip\n",
			fb->path, fb->fix.smem_len, old.yres_virtual, 2 * old.yres, why);
	}
}

static void
pick_present(struct fbdev *fb, enum pw_present_mode wanted)
{
	bool native = fb->fb_format == pw_format_pixman(fb->base.format);
	if (native &&
		(wanted == PW_PRESENT_FLIP ||
			(wanted == PW_PRESENT_AUTO && !is_drm_emulation(fb)))) {
		ask_two_screens(fb);
	}
	bool flip =
		native && (wanted == PW_PRESENT_AUTO || wanted == PW_PRESENT_FLIP) && can_flip(fb);
	enum pw_present_mode mode = wanted;
	if (wanted == PW_PRESENT_AUTO) {
		mode = flip && !is_drm_emulation(fb) ? PW_PRESENT_FLIP : PW_PRESENT_SHADOW;
		if (flip && mode == PW_PRESENT_SHADOW) {
			pw_log_warning("fbdev: %s is DRM's fbdev emulation, whose pans may not "
				       "reach the screen: shadow (--present flip pans anyway; "
				       "--backend drm page-flips)\n",
				fb->path);
		}
	} else if (wanted == PW_PRESENT_FLIP && !flip) {
		pw_log_warning("fbdev: %s cannot pan between two screens (virtual %ux%u, "
			       "memory %u, ypanstep %u): using shadow\n",
			fb->path, fb->var.xres_virtual, fb->var.yres_virtual, fb->fix.smem_len,
			fb->fix.ypanstep);
		mode = PW_PRESENT_SHADOW;
	} else if (wanted == PW_PRESENT_DIRECT && !native) {
		pw_log_warning("fbdev: %s needs a format conversion: using shadow\n", fb->path);
		mode = PW_PRESENT_SHADOW;
	}
	fb->base.present = mode;
}

/*
 * Without a vsync wait the frame is on screen at a tick of the refresh grid, which needs no
 * wakeup of its own: the core asks when it wants to draw again (a game slower than the panel
 * then wakes picowl once a frame, with its commit; decision 4.10). A timer already armed is left to
 * end the frame, even past its tick: it is read in this wakeup or the next.
 */
static void
fbdev_want_frame_done(struct pw_backend *backend)
{
	struct fbdev *fb = (struct fbdev *)backend;
	if (pw_frame_timer_fd(fb->timer) < 0) {
		pw_frame_timer_want(fb->timer);
	}
}

static int
fbdev_frame_fd(struct pw_backend *backend)
{
	return pw_frame_timer_fd(((struct fbdev *)backend)->timer);
}

static void
fbdev_drive_frames(struct pw_backend *backend, bool on)
{
	pw_frame_timer_drive(((struct fbdev *)backend)->timer, on);
}

static bool
fbdev_frame_deadline(struct pw_backend *backend, struct timespec *when)
{
	return pw_frame_timer_deadline(((struct fbdev *)backend)->timer, when);
}

static void
fbdev_frame_due(struct pw_backend *backend)
{
	pw_frame_timer_due(((struct fbdev *)backend)->timer);
}

static pixman_image_t *
fbdev_begin_frame(struct pw_backend *backend, int *age)
{
	struct fbdev *fb = (struct fbdev *)backend;
	if (!fb->session->active) {
		return NULL;
	}
	switch (fb->base.present) {
	case PW_PRESENT_FLIP:
		*age = fb->frames >= 2 ? 2 : 0;
		return fb->screen[!fb->shown];
	case PW_PRESENT_SHADOW:
		*age = fb->frames > 0 ? 1 : 0;
		return fb->shadow;
	default:
		*age = fb->frames > 0 ? 1 : 0;
		return fb->screen[0];
	}
}

/*
 * The frame timer's done: a frame out of a vsync wait was shown at a retrace (but the time is
 * picowl's, taken as the ioctl returned, and fbdev has no retrace counter); a tick of the grid
 * claims nothing.
 */
static void
handle_timer_done(void *data, const struct timespec *when)
{
	struct fbdev *fb = data;
	struct pw_frame_info info = {.when = *when, .flags = fb->vsynced ? PW_FRAME_VSYNC : 0};
	pw_backend_frame_presented(&fb->base, &info);
}

/* When the frame is on screen: after a vsync wait, now; else the next tick of the grid. */
static bool
schedule_done(struct fbdev *fb)
{
	int zero = 0;
	bool vsynced = fb->vsync && ioctl(fb->fd, FBIO_WAITFORVSYNC, &zero) == 0;
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	fb->vsynced = vsynced;
	if (vsynced) {
		/* On screen now: done at once, by the timer. */
		return pw_frame_timer_schedule_at(fb->timer, &now);
	}
	pw_frame_timer_schedule(fb->timer, &now);
	return true;
}

static bool
fbdev_present(struct pw_backend *backend, const pixman_region32_t *damage,
	struct pw_present_stats *stats)
{
	struct fbdev *fb = (struct fbdev *)backend;
	*stats = (struct pw_present_stats){.path = fb->base.present, .engine = PW_COPY_CPU};
	if (!fb->session->active) {
		return false;
	}
	stats->rows = pw_copy_damaged_rows(damage);
	if (fb->base.present == PW_PRESENT_SHADOW) {
		if (fb->copy.dma_map) {
			pw_copy_dma(&fb->copy, fb->map, (int)fb->fix.line_length, fb->base.width,
				damage, stats);
		} else if (fb->fb_format == pw_format_pixman(fb->base.format)) {
			pw_copy_rows(fb->map, (int)fb->fix.line_length,
				(const uint8_t *)pixman_image_get_data(fb->shadow),
				pixman_image_get_stride(fb->shadow), pw_format_bpp(fb->base.format),
				damage, stats);
		} else {
			pw_copy_convert(fb->screen[0], fb->shadow, damage, stats);
		}
	} else if (fb->base.present == PW_PRESENT_FLIP) {
		if (!pan_to(fb, !fb->shown)) {
			pw_log_error("fbdev: FBIOPAN_DISPLAY: %s\n", strerror(errno));
			return false;
		}
		fb->shown = !fb->shown;
	}
	if (!schedule_done(fb)) {
		return false;
	}
	fb->frames++;
	return true;
}

static bool
fbdev_active(struct pw_backend *backend)
{
	return ((struct fbdev *)backend)->session->active;
}

static void
handle_session_disable(struct wl_listener *listener, void *data)
{
	struct fbdev *fb = wl_container_of(listener, fb, session_disable);
	pw_fb_cmap_load(&fb->cmap, false); /* fbcon gets the framebuffer by itself, its cmap too */
}

static void
handle_session_enable(struct wl_listener *listener, void *data)
{
	struct fbdev *fb = wl_container_of(listener, fb, session_enable);
	/* fbcon may have panned or redrawn: start again from an unknown screen. */
	fb->frames = 0;
	pw_fb_cmap_load(&fb->cmap, true);
	if (fb->base.present == PW_PRESENT_FLIP) {
		pan_to(fb, fb->shown);
	}
	if (fb->base.events && fb->base.events->resumed) {
		fb->base.events->resumed(fb->base.events_data);
	}
}

static bool
fbdev_set_power(struct pw_backend *backend, bool on)
{
	struct fbdev *fb = (struct fbdev *)backend;
	if (ioctl(fb->fd, FBIOBLANK, on ? FB_BLANK_UNBLANK : FB_BLANK_POWERDOWN) < 0) {
		pw_log_error("%s: FBIOBLANK: %s\n", fb->path, strerror(errno));
		return false;
	}
	return true;
}

static void
fbdev_destroy(struct pw_backend *backend)
{
	struct fbdev *fb = (struct fbdev *)backend;
	pw_frame_timer_destroy(fb->timer);
	for (int i = 0; i < 2; i++) {
		if (fb->screen[i]) {
			pixman_image_unref(fb->screen[i]);
		}
	}
	if (fb->shadow) {
		pixman_image_unref(fb->shadow);
	}
	if (fb->copy.dma_map) {
		pw_copy_finish(&fb->copy);
	}
	if (fb->map) {
		munmap(fb->map, fb->map_len);
	}
	if (fb->fd >= 0 && fb->base.power == PW_POWER_OFF) {
		fbdev_set_power(backend, true); /* the console shows again */
	}
	if (fb->base.present == PW_PRESENT_FLIP && fb->session->active) {
		pan_to(fb, 0); /* the console draws in the top half */
	}
	if (fb->fd >= 0) {
		pw_fb_cmap_finish(&fb->cmap);
		pw_session_close(fb->session, fb->fd);
	}
	wl_list_remove(&fb->session_disable.link);
	wl_list_remove(&fb->session_enable.link);
	pw_session_destroy(fb->session);
	free(fb);
}

static bool
fbdev_set_gamma(struct pw_backend *backend, const uint16_t *ramp, size_t size)
{
	return pw_fb_cmap_set(&((struct fbdev *)backend)->cmap, ramp, size,
		backend->session->active);
}

static const struct pw_backend_impl fbdev_impl = {
	.destroy = fbdev_destroy,
	.begin_frame = fbdev_begin_frame,
	.present = fbdev_present,
	.active = fbdev_active,
	.want_frame_done = fbdev_want_frame_done,
	.frame_fd = fbdev_frame_fd,
	.drive_frames = fbdev_drive_frames,
	.frame_deadline = fbdev_frame_deadline,
	.frame_due = fbdev_frame_due,
	.set_power = fbdev_set_power,
	.set_gamma = fbdev_set_gamma,
};

static bool
map_screens(struct fbdev *fb)
{
	bool shadow = fb->base.present == PW_PRESENT_SHADOW;
	int prot = shadow ? PROT_WRITE : PROT_READ | PROT_WRITE;
	fb->map_len = fb->fix.smem_len;
	fb->map = mmap(NULL, fb->map_len, prot, MAP_SHARED, fb->fd, 0);
	if (fb->map == MAP_FAILED) {
		fb->map = NULL;
		pw_log_error("fbdev: mmap %s: %s\n", fb->path, strerror(errno));
		return false;
	}
	int w = fb->base.width, h = fb->base.height;
	int stride = (int)fb->fix.line_length;
	bool native = fb->fb_format == pw_format_pixman(fb->base.format);
	/* The memcpy path needs no image on the framebuffer; pixman needs a stride of words. */
	if (!shadow || !native) {
		if (stride % 4) {
			pw_log_error("fbdev: %s: stride %d is not a multiple of 4\n", fb->path,
				stride);
			return false;
		}
		for (int i = 0; i < (fb->base.present == PW_PRESENT_FLIP ? 2 : 1); i++) {
			fb->screen[i] = pixman_image_create_bits(fb->fb_format, w, h,
				(uint32_t *)(fb->map + (size_t)i * (size_t)h * (size_t)stride),
				stride);
			if (!fb->screen[i]) {
				return false;
			}
		}
	}
	if (shadow) {
		fb->shadow = pixman_image_create_bits(pw_format_pixman(fb->base.format), w, h,
			(uint32_t *)fb->copy.dma_map, fb->copy.dma_map ? stride : 0);
		if (!fb->shadow) {
			return false;
		}
	}
	return true;
}

/*
 * FBIO_WAITFORVSYNC counts only when it waits: DRM's fbdev emulation answers 0 at once on a
 * driver without vblank interrupts (bochs). After a first wait that lines up with a vblank, two
 * more must take at least a quarter of the refresh period each; `*waited` gets the shorter.
 */
static bool
vsync_waits(struct fbdev *fb, int64_t *waited)
{
	int zero = 0;
	*waited = -1;
	if (ioctl(fb->fd, FBIO_WAITFORVSYNC, &zero) != 0) {
		return false;
	}
	for (int i = 0; i < 2; i++) {
		int64_t start = pw_now_ns();
		if (ioctl(fb->fd, FBIO_WAITFORVSYNC, &zero) != 0) {
			return false;
		}
		int64_t ns = pw_now_ns() - start;
		if (*waited < 0 || ns < *waited) {
			*waited = ns;
		}
	}
	return *waited >= 250000000000LL / fb->base.refresh_mhz;
}

static bool
read_screeninfo(struct fbdev *fb)
{
	if (ioctl(fb->fd, FBIOGET_VSCREENINFO, &fb->var) < 0 ||
		ioctl(fb->fd, FBIOGET_FSCREENINFO, &fb->fix) < 0) {
		pw_log_error("fbdev: %s is not a framebuffer: %s\n", fb->path, strerror(errno));
		return false;
	}
	if (fb->var.xres == 0 || fb->var.yres == 0 || fb->fix.line_length == 0 ||
		(size_t)fb->fix.line_length * fb->var.yres > fb->fix.smem_len) {
		pw_log_error("fbdev: %s: bad geometry %ux%u stride %u memory %u\n", fb->path,
			fb->var.xres, fb->var.yres, fb->fix.line_length, fb->fix.smem_len);
		return false;
	}
	return true;
}

struct pw_backend *
pw_fbdev_backend_create(struct wl_event_loop *loop, const struct pw_backend_config *config,
	struct pw_session *session)
{
	struct fbdev *fb = calloc(1, sizeof(*fb));
	if (!fb) {
		pw_session_destroy(session);
		return NULL;
	}
	fb->base.impl = &fbdev_impl;
	fb->base.session = fb->session = session;
	fb->fd = -1;
	wl_list_init(&fb->session_disable.link);
	wl_list_init(&fb->session_enable.link);
	snprintf(fb->path, sizeof(fb->path), "%s", config->device ? config->device : "/dev/fb0");
	fb->fd = pw_session_open(session, fb->path, O_RDWR);
	if (fb->fd < 0) {
		pw_log_error("fbdev: cannot open %s: %s\n", fb->path, strerror(-fb->fd));
		goto err;
	}
	if (!read_screeninfo(fb) || !pick_format(fb, &fb->base.format)) {
		goto err;
	}
	fb->base.name = "FBDEV-1";
	memcpy(fb->id, fb->fix.id, sizeof(fb->fix.id));
	fb->base.description = fb->id[0] ? fb->id : "framebuffer";
	fb->base.kind = "fbdev";
	fb->base.width = (int)fb->var.xres;
	fb->base.height = (int)fb->var.yres;
	/* No timings (vfb, DRM's emulation): 60 Hz paces the frames, and is reported unknown. */
	fb->base.refresh_mhz = refresh_mhz(&fb->var);
	fb->base.refresh_unknown = fb->base.refresh_mhz == 0;
	if (fb->base.refresh_unknown) {
		fb->base.refresh_mhz = 60000;
	}
	fb->base.gamma_size = pw_fb_cmap_init(&fb->cmap, fb->fd, &fb->var, &fb->fix);
	pick_present(fb, config->present);
	/* dma: the module's shadow, at the framebuffer's stride, replaces picowl's own. */
	pw_copy_init_fbdev(&fb->copy, config->copy, config->dma_threshold, fb->fd,
		(size_t)fb->fix.line_length * fb->var.yres,
		fb->base.present == PW_PRESENT_SHADOW &&
			fb->fb_format == pw_format_pixman(fb->base.format) &&
			fb->fix.line_length % 4 == 0,
		fb->path);
	if (!map_screens(fb)) {
		goto err;
	}
	int64_t waited;
	fb->vsync = vsync_waits(fb, &waited);
	if (!fb->vsync && waited >= 0) {
		pw_log_warning("fbdev: %s: FBIO_WAITFORVSYNC returns after %lld us, no vblank: "
			       "frames end on the refresh timer\n",
			fb->path, (long long)(waited / 1000));
	}
	fb->timer = pw_frame_timer_create(loop, 1000000000000LL / fb->base.refresh_mhz, "fbdev",
		handle_timer_done, fb);
	if (!fb->timer) {
		goto err;
	}
	fb->session_disable.notify = handle_session_disable;
	wl_signal_add(&session->events.disable, &fb->session_disable);
	fb->session_enable.notify = handle_session_enable;
	wl_signal_add(&session->events.enable, &fb->session_enable);
	pw_log_info("fbdev: %s \"%s\" %dx%d %u bpp, stride %u, virtual %ux%u, %d mHz, "
		    "present %s, %s, session %s\n",
		fb->path, fb->id, fb->base.width, fb->base.height, fb->var.bits_per_pixel,
		fb->fix.line_length, fb->var.xres_virtual, fb->var.yres_virtual,
		fb->base.refresh_mhz, pw_present_mode_name(fb->base.present),
		fb->vsync ? "FBIO_WAITFORVSYNC" : "refresh timer (no vsync claimed)",
		session->kind);
	return &fb->base;

err:
	fbdev_destroy(&fb->base);
	return NULL;
}

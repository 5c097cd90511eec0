/*
 * DRM display: dumb buffers in RGB565 where the primary plane takes it, else XRGB8888.
 * Scanout drivers (bochs, CMA SoCs) get two buffers and page flips paced by their events.
 * Upload drivers (virtio-gpu, udl, gud, SPI panels: DIRTYFB does not answer ENOSYS) get one
 * buffer and the damaged rows through FB_DAMAGE_CLIPS or DIRTYFB: a flip there would upload
 * the whole screen.
 */
#include <drm_fourcc.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/timerfd.h>
#include <unistd.h>
#include <xf86drm.h>
#include <xf86drmMode.h>

#include "copy.h"
#include "drm.h"
#include "kms.h"
#include "log.h"
#include "session.h"

struct dumb {
	uint32_t handle, fb_id, pitch;
	uint64_t size;
	uint8_t *map;
	pixman_image_t *image;
};

struct drm {
	struct pw_backend base;
	struct pw_session *session;
	struct wl_listener session_disable, session_enable;
	char path[64];
	int fd;
	struct wl_event_source *fd_source;
	struct pw_kms kms;
	struct dumb bufs[2];
	int n_bufs;
	int back; /* the buffer the next frame goes to */
	pixman_image_t *shadow;
	struct pw_backend_mode *modes; /* kms.modes as the core sees them */
	struct pw_copy copy;
	bool upload; /* DIRTYFB is needed: one buffer, damage to the kernel */
	bool modeset; /* the next commit sets the mode */
	bool pending; /* a commit not yet on screen */
	bool flip_event; /* its done comes as a page flip event (else from the timer) */
	int frames;
	/* Frames with no page-flip event (legacy modeset, DIRTYFB) complete on a timer. */
	int timer_fd;
	struct wl_event_source *timer;
	struct timespec done_at;
	struct timespec shown_at; /* such a frame's time: its ioctl returned (DIRTYFB: uploaded) */
	bool vblank; /* the CRTC has a vblank counter: events carry its sequence and time */
	bool monotonic; /* the kernel's event times are CLOCK_MONOTONIC */
};

static void
frame_done(struct drm *drm, const struct pw_frame_info *info)
{
	drm->pending = false;
	pw_backend_frame_presented(&drm->base, info);
}

static void
handle_page_flip(int fd, unsigned seq, unsigned sec, unsigned usec, unsigned crtc, void *data)
{
	struct drm *drm = data;
	/*
	 * With a vblank counter the event is the vblank the flip took effect at, timed and
	 * counted by the driver. Without one the kernel sends it when the commit is done (no
	 * retrace, seq 0, the kernel's clock then): a time, nothing to claim.
	 */
	struct pw_frame_info info = {.when = {.tv_sec = sec, .tv_nsec = (long)usec * 1000}};
	if (!drm->monotonic || (sec == 0 && usec == 0)) {
		clock_gettime(CLOCK_MONOTONIC, &info.when);
	} else if (drm->vblank) {
		info.seq = seq;
		info.flags = PW_FRAME_VSYNC | PW_FRAME_HW_CLOCK | PW_FRAME_HW_COMPLETION;
	}
	if (drm->pending) {
		frame_done(drm, &info);
	}
}

static int
handle_drm_readable(int fd, uint32_t mask, void *data)
{
	drmEventContext ctx = {.version = 3, .page_flip_handler2 = handle_page_flip};
	if (drmHandleEvent(fd, &ctx) != 0) {
		pw_log_error("drm: drmHandleEvent failed\n");
	}
	return 0;
}

static int
handle_timer(int fd, uint32_t mask, void *data)
{
	struct drm *drm = data;
	uint64_t expirations;
	if (read(fd, &expirations, sizeof(expirations)) < 0 && errno != EAGAIN) {
		pw_log_error("drm: timer read: %s\n", strerror(errno));
	}
	if (drm->pending) {
		/* Paced a refresh on, but shown when the kernel took it: nothing to claim. */
		struct pw_frame_info info = {.when = drm->shown_at};
		frame_done(drm, &info);
	}
	return 0;
}

/* No event will come: the frame is done one refresh from now. */
static bool
arm_timer(struct drm *drm)
{
	clock_gettime(CLOCK_MONOTONIC, &drm->done_at);
	drm->shown_at = drm->done_at;
	int64_t ns = drm->done_at.tv_nsec + 1000000000000LL / drm->base.refresh_mhz;
	drm->done_at.tv_sec += ns / 1000000000;
	drm->done_at.tv_nsec = ns % 1000000000;
	struct itimerspec spec = {.it_value = drm->done_at};
	return timerfd_settime(drm->timer_fd, TFD_TIMER_ABSTIME, &spec, NULL) == 0;
}

static pixman_image_t *
drm_begin_frame(struct pw_backend *backend, int *age)
{
	struct drm *drm = (struct drm *)backend;
	if (!drm->session->active) {
		return NULL;
	}
	if (drm->base.present == PW_PRESENT_SHADOW) {
		*age = drm->frames > 0 ? 1 : 0;
		return drm->shadow;
	}
	if (drm->n_bufs == 2) {
		*age = drm->frames >= 2 ? 2 : 0;
	} else {
		*age = drm->frames > 0 ? 1 : 0;
	}
	return drm->bufs[drm->back].image;
}

static bool
drm_present(struct pw_backend *backend, const pixman_region32_t *damage,
	struct pw_present_stats *stats)
{
	struct drm *drm = (struct drm *)backend;
	struct dumb *buf = &drm->bufs[drm->back];
	*stats = (struct pw_present_stats){.path = drm->base.present, .engine = PW_COPY_CPU};
	if (!drm->session->active) {
		return false;
	}
	stats->rows = pw_copy_damaged_rows(damage);
	if (drm->base.present == PW_PRESENT_SHADOW) {
		pw_copy_rows(buf->map, (int)buf->pitch,
			(const uint8_t *)pixman_image_get_data(drm->shadow),
			pixman_image_get_stride(drm->shadow), pw_format_bpp(drm->base.format),
			damage, stats);
	}
	if (drm->copy.engine == PW_COPY_KERNEL) {
		/* The kernel (the host, for virtio-gpu) moves the damaged rows to the display. */
		stats->engine = PW_COPY_KERNEL;
		stats->bytes = (size_t)stats->rows * buf->pitch;
	}
	bool event = true;
	int ret;
	if (drm->upload && drm->kms.atomic && !drm->kms.prop.damage_clips && !drm->modeset) {
		/* An atomic commit without FB_DAMAGE_CLIPS would upload everything. */
		event = false;
		ret = pw_kms_dirty(&drm->kms, buf->fb_id, damage);
	} else {
		ret = pw_kms_commit(&drm->kms, buf->fb_id, drm->modeset, drm->n_bufs == 2, damage,
			&event, drm);
	}
	if (ret < 0) {
		pw_log_error("drm: %s commit: %s%s\n", drm->kms.atomic ? "atomic" : "legacy",
			strerror(-ret), ret == -EACCES ? " (the session lost the display)" : "");
		return false;
	}
	if (!event && !arm_timer(drm)) {
		return false;
	}
	drm->modeset = false;
	drm->pending = true;
	drm->flip_event = event;
	drm->frames++;
	if (drm->n_bufs == 2) {
		drm->back = !drm->back;
	}
	return true;
}

static bool
drm_active(struct pw_backend *backend)
{
	return ((struct drm *)backend)->session->active;
}

static void
handle_session_disable(struct wl_listener *listener, void *data)
{
	struct drm *drm = wl_container_of(listener, drm, session_disable);
	pw_kms_gamma_load(&drm->kms, false); /* the console's table while it has the display */
	if (strcmp(drm->session->kind, "libseat") != 0) {
		drmDropMaster(drm->fd);
	}
}

static void
handle_session_enable(struct wl_listener *listener, void *data)
{
	struct drm *drm = wl_container_of(listener, drm, session_enable);
	if (strcmp(drm->session->kind, "libseat") != 0 && drmSetMaster(drm->fd) != 0) {
		pw_log_error("drm: cannot be DRM master again: %s\n", strerror(errno));
	}
	/* The console had the display: set the mode and gamma again and repaint everything. */
	pw_kms_gamma_load(&drm->kms, true);
	drm->modeset = true;
	drm->frames = 0;
	if (drm->pending) {
		struct pw_frame_info info = {0};
		clock_gettime(CLOCK_MONOTONIC, &info.when);
		frame_done(drm, &info);
	}
	if (drm->base.events && drm->base.events->resumed) {
		drm->base.events->resumed(drm->base.events_data);
	}
}

static void
destroy_dumb(struct drm *drm, struct dumb *b)
{
	if (b->image) {
		pixman_image_unref(b->image);
	}
	if (b->map) {
		munmap(b->map, b->size);
	}
	if (b->fb_id) {
		drmModeRmFB(drm->fd, b->fb_id);
	}
	if (b->handle) {
		struct drm_mode_destroy_dumb d = {.handle = b->handle};
		drmIoctl(drm->fd, DRM_IOCTL_MODE_DESTROY_DUMB, &d);
	}
	*b = (struct dumb){0};
}

static bool
create_dumb(struct drm *drm, struct dumb *b, int w, int h)
{
	bool rgb565 = drm->base.format == PW_FORMAT_RGB565;
	struct drm_mode_create_dumb create = {.width = (uint32_t)w,
		.height = (uint32_t)h,
		.bpp = rgb565 ? 16 : 32};
	if (drmIoctl(drm->fd, DRM_IOCTL_MODE_CREATE_DUMB, &create) < 0) {
		pw_log_error("drm: cannot create a %dx%d dumb buffer: %s\n", w, h, strerror(errno));
		return false;
	}
	b->handle = create.handle;
	b->pitch = create.pitch;
	b->size = create.size;
	uint32_t handles[4] = {b->handle}, pitches[4] = {b->pitch}, offsets[4] = {0};
	uint32_t fourcc = rgb565 ? DRM_FORMAT_RGB565 : DRM_FORMAT_XRGB8888;
	if (drmModeAddFB2(drm->fd, (uint32_t)w, (uint32_t)h, fourcc, handles, pitches, offsets,
		    &b->fb_id, 0) != 0) {
		pw_log_error("drm: AddFB2: %s\n", strerror(errno));
		return false;
	}
	struct drm_mode_map_dumb map = {.handle = b->handle};
	if (drmIoctl(drm->fd, DRM_IOCTL_MODE_MAP_DUMB, &map) < 0) {
		pw_log_error("drm: MAP_DUMB: %s\n", strerror(errno));
		return false;
	}
	b->map =
		mmap(NULL, b->size, PROT_READ | PROT_WRITE, MAP_SHARED, drm->fd, (off_t)map.offset);
	if (b->map == MAP_FAILED) {
		b->map = NULL;
		pw_log_error("drm: mmap: %s\n", strerror(errno));
		return false;
	}
	memset(b->map, 0, b->size);
	b->image = pixman_image_create_bits(pw_format_pixman(drm->base.format), w, h,
		(uint32_t *)b->map, (int)b->pitch);
	return b->image != NULL;
}

static void
drm_destroy(struct pw_backend *backend)
{
	struct drm *drm = (struct drm *)backend;
	if (drm->fd_source) {
		wl_event_source_remove(drm->fd_source);
	}
	if (drm->timer) {
		wl_event_source_remove(drm->timer);
	}
	if (drm->timer_fd >= 0) {
		close(drm->timer_fd);
	}
	if (drm->fd >= 0) {
		pw_kms_finish(&drm->kms);
		for (int i = 0; i < 2; i++) {
			destroy_dumb(drm, &drm->bufs[i]);
		}
		pw_session_close(drm->session, drm->fd);
	}
	if (drm->shadow) {
		pixman_image_unref(drm->shadow);
	}
	free(drm->modes);
	wl_list_remove(&drm->session_disable.link);
	wl_list_remove(&drm->session_enable.link);
	pw_session_destroy(drm->session);
	free(drm);
}

static int
drm_frame_fd(struct pw_backend *backend)
{
	struct drm *drm = (struct drm *)backend;
	if (!drm->pending) {
		return -1;
	}
	return drm->flip_event ? drm->fd : drm->timer_fd;
}

static bool
drm_set_power(struct pw_backend *backend, bool on)
{
	struct drm *drm = (struct drm *)backend;
	int ret = pw_kms_set_active(&drm->kms, on);
	if (ret < 0) {
		pw_log_error("%s: cannot turn %s %s: %s\n", drm->path, drm->kms.connector_name,
			on ? "on" : "off", strerror(-ret));
		return false;
	}
	drm->modeset = drm->modeset || on;
	return true;
}

/* The buffers (and shadow) of the present path at a size; false: none are left. */
static bool
create_buffers(struct drm *drm, struct dumb bufs[2], pixman_image_t **shadow, int w, int h)
{
	bool ok = true;
	for (int i = 0; i < drm->n_bufs && ok; i++) {
		ok = create_dumb(drm, &bufs[i], w, h);
	}
	*shadow = NULL;
	if (ok && drm->shadow) {
		*shadow =
			pixman_image_create_bits(pw_format_pixman(drm->base.format), w, h, NULL, 0);
		ok = *shadow != NULL;
	}
	for (int i = 0; i < 2 && !ok; i++) {
		destroy_dumb(drm, &bufs[i]);
	}
	return ok;
}

/*
 * A mode set with new buffers of the mode's size: the one the kernel shows is black until the
 * core's next frame, which repaints everything (age 0). Blocking: an atomic commit waits for
 * the one in flight, whose event still comes.
 */
static bool
drm_set_mode(struct pw_backend *backend, int index, bool test)
{
	struct drm *drm = (struct drm *)backend;
	const drmModeModeInfo *mode = &drm->kms.modes[index];
	if (!drm->session->active) {
		pw_log_error("drm: cannot set mode %s: the session has no display now\n",
			mode->name);
		return false;
	}
	struct dumb bufs[2] = {0};
	pixman_image_t *shadow;
	if (!create_buffers(drm, bufs, &shadow, mode->hdisplay, mode->vdisplay)) {
		return false;
	}
	int ret = pw_kms_set_mode(&drm->kms, mode, bufs[0].fb_id, test);
	if (ret < 0 || test) {
		if (ret < 0) {
			pw_log_error("drm: %s %s mode %dx%d@%u: %s\n",
				drm->kms.atomic ? "atomic" : "legacy",
				test ? "test of" : "cannot set", mode->hdisplay, mode->vdisplay,
				mode->vrefresh, strerror(-ret));
		}
		for (int i = 0; i < 2; i++) {
			destroy_dumb(drm, &bufs[i]);
		}
		if (shadow) {
			pixman_image_unref(shadow);
		}
		return ret == 0;
	}
	for (int i = 0; i < 2; i++) {
		destroy_dumb(drm, &drm->bufs[i]);
		drm->bufs[i] = bufs[i];
	}
	if (drm->shadow) {
		pixman_image_unref(drm->shadow);
		drm->shadow = shadow;
	}
	drm->base.width = mode->hdisplay;
	drm->base.height = mode->vdisplay;
	drm->base.refresh_mhz = mode->vrefresh ? (int)mode->vrefresh * 1000 : 60000;
	drm->base.refresh_unknown = mode->vrefresh == 0;
	drm->base.mode = index;
	drm->frames = 0;
	drm->back = drm->n_bufs == 2; /* bufs[0] is on screen */
	drm->modeset = false;
	pw_log_info("drm: %s now %dx%d@%u\n", drm->kms.connector_name, drm->base.width,
		drm->base.height, mode->vrefresh);
	return true;
}

/* The connector's modes for the core, and which one is set. */
static bool
list_modes(struct drm *drm)
{
	const struct pw_kms *kms = &drm->kms;
	drm->modes = calloc((size_t)kms->n_modes, sizeof(*drm->modes));
	if (!drm->modes) {
		return false;
	}
	for (int i = 0; i < kms->n_modes; i++) {
		const drmModeModeInfo *m = &kms->modes[i];
		drm->modes[i] = (struct pw_backend_mode){m->hdisplay, m->vdisplay,
			(int)m->vrefresh * 1000, (m->type & DRM_MODE_TYPE_PREFERRED) != 0};
		if (memcmp(m, &kms->mode, sizeof(*m)) == 0) {
			drm->base.mode = i;
		}
	}
	drm->base.modes = drm->modes;
	drm->base.n_modes = kms->n_modes;
	return true;
}

static bool
drm_set_gamma(struct pw_backend *backend, const uint16_t *ramp, size_t size)
{
	return pw_kms_gamma_set(&((struct drm *)backend)->kms, ramp, size,
		backend->session->active);
}

static const struct pw_backend_impl drm_impl = {
	.destroy = drm_destroy,
	.begin_frame = drm_begin_frame,
	.present = drm_present,
	.active = drm_active,
	.frame_fd = drm_frame_fd,
	.set_power = drm_set_power,
	.set_mode = drm_set_mode,
	.set_gamma = drm_set_gamma,
};

/* Buffers and the present path, once the mode and format are known. */
static bool
setup_buffers(struct drm *drm, const struct pw_backend_config *config)
{
	if (!create_dumb(drm, &drm->bufs[0], drm->base.width, drm->base.height)) {
		return false;
	}
	drm->n_bufs = 1;
	drm->upload = pw_kms_dirty(&drm->kms, drm->bufs[0].fb_id, NULL) != -ENOSYS;
	enum pw_present_mode mode = config->present;
	if (mode == PW_PRESENT_AUTO) {
		mode = drm->upload ? PW_PRESENT_DIRECT : PW_PRESENT_FLIP;
	} else if (mode == PW_PRESENT_FLIP && drm->upload) {
		pw_log_warning("drm: %s uploads what it shows: a flip would move the whole "
			       "screen; using direct with damage\n",
			drm->path);
		mode = PW_PRESENT_DIRECT;
	}
	drm->base.present = mode;
	if (mode == PW_PRESENT_FLIP) {
		if (!create_dumb(drm, &drm->bufs[1], drm->base.width, drm->base.height)) {
			return false;
		}
		drm->n_bufs = 2;
	} else if (mode == PW_PRESENT_SHADOW) {
		drm->shadow = pixman_image_create_bits(pw_format_pixman(drm->base.format),
			drm->base.width, drm->base.height, NULL, 0);
		if (!drm->shadow) {
			return false;
		}
	}
	pw_copy_init(&drm->copy, config->copy, config->dma_threshold, drm->upload, drm->path);
	return true;
}

/* Where the presentation times come from, for the log line. */
static const char *
presented_how(const struct drm *drm)
{
	if (drm->upload) {
		return "at the upload (no vsync)";
	}
	if (!drm->monotonic) {
		return "at the flip event, picowl's clock (no vsync)";
	}
	return drm->vblank ? "at the kernel's vblank (vsync, hw clock)"
			   : "at the kernel's flip done, no vblank counter (no vsync)";
}

struct pw_backend *
pw_drm_backend_create(struct wl_event_loop *loop, const struct pw_backend_config *config,
	struct pw_session *session)
{
	struct drm *drm = calloc(1, sizeof(*drm));
	if (!drm) {
		pw_session_destroy(session);
		return NULL;
	}
	drm->base.impl = &drm_impl;
	drm->base.session = drm->session = session;
	drm->fd = drm->timer_fd = -1;
	wl_list_init(&drm->session_disable.link);
	wl_list_init(&drm->session_enable.link);
	snprintf(drm->path, sizeof(drm->path), "%s", config->device);
	drm->fd = pw_session_open(session, drm->path, O_RDWR | O_NONBLOCK);
	if (drm->fd < 0) {
		pw_log_error("drm: cannot open %s: %s\n", drm->path, strerror(-drm->fd));
		goto err;
	}
	struct stat st;
	if (fstat(drm->fd, &st) == 0) {
		drm->base.device = st.st_rdev;
	}
	uint64_t dumb = 0;
	if (drmGetCap(drm->fd, DRM_CAP_DUMB_BUFFER, &dumb) != 0 || !dumb) {
		pw_log_error("drm: %s has no dumb buffers\n", drm->path);
		goto err;
	}
	if (!pw_kms_init(&drm->kms, drm->fd, drm->path, config->connector, config->mode,
		    config->kms)) {
		goto err;
	}
	drm->base.name = drm->kms.connector_name;
	drm->base.description = "DRM output";
	drm->base.kind = "drm";
	drm->base.width = drm->kms.mode.hdisplay;
	drm->base.height = drm->kms.mode.vdisplay;
	drm->base.refresh_mhz = drm->kms.mode.vrefresh ? (int)drm->kms.mode.vrefresh * 1000 : 60000;
	drm->base.refresh_unknown = drm->kms.mode.vrefresh == 0;
	if (!list_modes(drm)) {
		goto err;
	}
	uint64_t monotonic = 0, vseq, vns;
	drm->monotonic =
		drmGetCap(drm->fd, DRM_CAP_TIMESTAMP_MONOTONIC, &monotonic) == 0 && monotonic;
	/* EOPNOTSUPP: no vblank (bochs, cirrus, virtio-gpu in Linux 6.1); EINVAL: the CRTC off */
	drm->vblank = drmCrtcGetSequence(drm->fd, drm->kms.crtc_id, &vseq, &vns) == 0 ||
		errno != EOPNOTSUPP;
	drm->base.gamma_size = drm->kms.gamma.size;
	drm->base.format = drm->kms.rgb565 ? PW_FORMAT_RGB565 : PW_FORMAT_XRGB8888;
	if (!setup_buffers(drm, config)) {
		goto err;
	}
	drm->modeset = true;
	drm->timer_fd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
	if (drm->timer_fd < 0) {
		goto err;
	}
	drm->timer =
		wl_event_loop_add_fd(loop, drm->timer_fd, WL_EVENT_READABLE, handle_timer, drm);
	drm->fd_source =
		wl_event_loop_add_fd(loop, drm->fd, WL_EVENT_READABLE, handle_drm_readable, drm);
	if (!drm->timer || !drm->fd_source) {
		goto err;
	}
	drm->session_disable.notify = handle_session_disable;
	wl_signal_add(&session->events.disable, &drm->session_disable);
	drm->session_enable.notify = handle_session_enable;
	wl_signal_add(&session->events.enable, &drm->session_enable);
	drmVersion *version = drmGetVersion(drm->fd);
	pw_log_info("drm: %s (%s) %s %dx%d@%u %s, %s, %s, present %s%s, session %s, "
		    "presented %s\n",
		drm->path, version ? version->name : "?", drm->kms.connector_name, drm->base.width,
		drm->base.height, drm->kms.mode.vrefresh, pw_format_name(drm->base.format),
		drm->kms.atomic ? "atomic" : "legacy",
		drm->upload ? (drm->kms.prop.damage_clips ? "FB_DAMAGE_CLIPS" : "DIRTYFB")
			    : "scanout",
		pw_present_mode_name(drm->base.present), drm->n_bufs == 2 ? " (2 buffers)" : "",
		session->kind, presented_how(drm));
	drmFreeVersion(version);
	return &drm->base;

err:
	drm_destroy(&drm->base);
	return NULL;
}

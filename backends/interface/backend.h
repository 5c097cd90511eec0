/*
 * The interface between the compositor core and the backends (display, input, session). This
 * is the only backend header compositor/ includes. Backends see pixels, rows, devices and an
 * event loop, never Wayland protocol objects.
 */
#ifndef PW_BACKEND_H
#define PW_BACKEND_H

#include <pixman.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>
#include <wayland-server-core.h>

#include "format.h"
#include "input.h"
#include "modes.h"

struct pw_backend;
struct pw_backlight;
struct pw_session;

struct pw_backend_config {
	const char *device; /* e.g. /dev/fb0, /dev/dri/card0; NULL: the backend's default */
	enum pw_present_mode present;
	enum pw_copy_engine copy;
	int dma_threshold; /* bands smaller than this many pixels go by cpu */
	/* Headless, and the nested window's size: */
	int width, height;
	enum pw_format format;
	int refresh_mhz;
	/* DRM: names from the config, NULL for the first connected connector / preferred mode. */
	const char *connector, *mode;
	enum pw_kms_mode kms; /* DRM: AUTO, or the interface the user forces */
};

/* What one present did, for the counters. Filled by present(). */
struct pw_present_stats {
	enum pw_present_mode path; /* the path actually taken */
	enum pw_copy_engine engine; /* the engine that moved most bytes */
	int rows; /* rows moved to the display */
	size_t bytes; /* bytes moved to the display by picowl or the kernel */
	struct timespec copy_start, copy_end; /* picowl's own copy (zero when none) */
};

struct pw_backend_impl {
	void (*destroy)(struct pw_backend *backend);
	/*
	 * The image to composite the next frame into, in the display's unrotated orientation and
	 * format. Its contents are the frame presented `*age` frames ago (1: the last one; 2: the
	 * one before; 0: unknown, repaint everything). Owned by the backend.
	 */
	pixman_image_t *(*begin_frame)(struct pw_backend *backend, int *age);
	/*
	 * Show the frame begun last; `damage` holds the rows that changed, in the image's
	 * coordinates. The backend calls events->frame_done once the frame is on screen.
	 * Returns false when the frame could not be shown (frame_done is not called).
	 */
	bool (*present)(struct pw_backend *backend, const pixman_region32_t *damage,
		struct pw_present_stats *stats);
	/* Optional: the display is lost (VT switched away) or back; NULL: always active. */
	bool (*active)(struct pw_backend *backend);
	/*
	 * Optional. A backend that has this may hold back frame_done until it is called (a
	 * display with no vblank event need not wake picowl for one); it then calls frame_done
	 * at once if the frame is already on screen, or as soon as it is. The core calls it when
	 * it wants to draw again while a frame is in flight, and sends frame callbacks at
	 * present time instead of at frame_done.
	 */
	void (*want_frame_done)(struct pw_backend *backend);
	/*
	 * Optional: an fd that turns readable when the frame in flight is done by itself (no
	 * want_frame_done needed), or -1 when no such event is armed. While there is one, the
	 * main loop sleeps on it and on input only, and takes the clients' requests in the same
	 * wakeup: one wakeup per refresh for a client that keeps up (see run.c).
	 */
	int (*frame_fd)(struct pw_backend *backend);
	/*
	 * Optional, all three or none: a frame done by time alone (a refresh grid, no event of
	 * the display's own), the main loop taking the wakeup for it instead of a timer
	 * descriptor, which costs two system calls a frame. drive_frames(true) hands that wakeup
	 * to the loop, (false) gives it back. While the loop has it, frame_fd is -1 and the loop
	 * sleeps until frame_deadline's time (true when a frame in flight is waited for: by
	 * want_frame_done, or on screen at once) and calls frame_due then, which calls frame_done
	 * if that time has passed.
	 */
	void (*drive_frames)(struct pw_backend *backend, bool on);
	bool (*frame_deadline)(struct pw_backend *backend, struct timespec *when);
	void (*frame_due)(struct pw_backend *backend);
	/*
	 * Optional: turns the display itself off (fbdev blanked, the DRM CRTC inactive or its
	 * connector's DPMS off) or on again; NULL where it cannot (nested). The core draws nothing
	 * while it is off and repaints everything after. False (with a message) on failure.
	 */
	bool (*set_power)(struct pw_backend *backend, bool on);
	/*
	 * Optional: shows modes[index] (width, height and refresh_mhz become its own, the next
	 * begin_frame's age is 0) or, with `test`, only checks that the display would take it
	 * (DRM: an atomic TEST_ONLY commit), changing nothing. False with a message on stderr:
	 * the old mode stays. NULL: the display has its one mode.
	 */
	bool (*set_mode)(struct pw_backend *backend, int index, bool test);
	/*
	 * Optional: loads a gamma ramp (`size` red values, then green, then blue, 0..65535) into
	 * the display's own table, resampled to its gamma_size, or with `ramp` NULL makes that
	 * table what it was before picowl (4.102). False when the display has no table or did not
	 * take it: the core then tints the frames itself. The backend keeps the ramp across a VT
	 * switch and takes it off at exit.
	 */
	bool (*set_gamma)(struct pw_backend *backend, const uint16_t *ramp, size_t size);
};

/* One mode a display can take. */
struct pw_backend_mode {
	int width, height;
	int refresh_mhz; /* 0: the mode does not say */
	bool preferred;
};

/* What pw_backlight_set_power does to the display and its backlight. */
enum pw_power_level {
	PW_POWER_ON,
	PW_POWER_DIM, /* the display on, the backlight lowered */
	PW_POWER_OFF, /* the display off, the backlight off */
};

/*
 * What a backend can truly claim about a finished frame: the values of wp_presentation's
 * feedback kinds, set only where the display path gives them (see doc/devices.md's table).
 */
enum pw_frame_flags {
	PW_FRAME_VSYNC = 0x1, /* shown at a vertical retrace, so it cannot tear */
	PW_FRAME_HW_CLOCK = 0x2, /* the time was taken by the display driver at the vblank */
	PW_FRAME_HW_COMPLETION = 0x4, /* the hardware signalled that it shows the frame */
};

/* When and how the frame last presented reached the display. */
struct pw_frame_info {
	struct timespec when; /* CLOCK_MONOTONIC */
	uint64_t seq; /* the display's vertical retrace counter then; 0: it has none */
	uint32_t flags; /* enum pw_frame_flags */
	uint32_t refresh_ns; /* the period the display gave for this frame; 0: the backend's */
};

struct pw_backend_events {
	/* The frame last presented is on screen, as `info` says. */
	void (*frame_done)(void *data, const struct pw_frame_info *info);
	/* The session became active again (VT switched back): repaint everything. */
	void (*resumed)(void *data);
};

struct pw_backend {
	const struct pw_backend_impl *impl;
	/* Set by the backend at creation. */
	const char *name;
	const char *description;
	const char *kind; /* as --backend names it: "drm", "fbdev", "headless", "wayland" */
	int width, height; /* of the display, unrotated, in pixels */
	enum pw_format format;
	int refresh_mhz;
	/* The modes set_mode takes (NULL, 0: only the current one) and the current one's index. */
	const struct pw_backend_mode *modes;
	int n_modes, mode;
	/* refresh_mhz is a guess that only paces frames (the mode did not say): reported as 0 */
	bool refresh_unknown;
	enum pw_present_mode present; /* resolved: never AUTO */
	int gamma_size; /* entries a channel of the display's own gamma table; 0: it has none */
	dev_t device; /* the DRM device's number, for linux-dmabuf's feedback (4.100); 0: none */
	/*
	 * The session the display was opened through (fbdev, DRM), owned by the backend; the
	 * compositor opens the input devices through it too. NULL for headless and nested.
	 */
	struct pw_session *session;
	/* Set by the compositor. */
	const struct pw_backend_events *events;
	void *events_data;
	/* Set by the compositor: where a backend with its own input (nested) sends it. */
	const struct pw_input_events *input_events;
	void *input_data;
	/* The backlight pw_backlight_set_power drives (backlight.c), or NULL. */
	struct pw_backlight *backlight;
	enum pw_power_level power; /* what pw_backlight_set_power last set */
};

/* Tells the core that the frame last presented is on screen, as `info` says. */
static inline void
pw_backend_frame_presented(struct pw_backend *backend, const struct pw_frame_info *info)
{
	if (backend->events && backend->events->frame_done) {
		backend->events->frame_done(backend->events_data, info);
	}
}

/*
 * The same for a frame whose time is picowl's own (a timer's tick, an ioctl's return): no
 * retrace counter, nothing claimed. `backend` is a struct pw_backend *, untyped so that a
 * frame timer can call this directly.
 */
static inline void
pw_backend_frame_done(void *backend, const struct timespec *when)
{
	struct pw_frame_info info = {.when = *when};
	pw_backend_frame_presented(backend, &info);
}

#endif

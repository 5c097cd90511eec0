/*
 * The interface between the compositor core and a display backend. This is the only backend
 * header compositor/ includes. Backends see pixels, rows and an event loop, never Wayland
 * protocol objects.
 */
#ifndef PW_BACKEND_H
#define PW_BACKEND_H

#include <pixman.h>
#include <stdbool.h>
#include <time.h>
#include <wayland-server-core.h>

#include "format.h"

struct pw_backend;

struct pw_backend_impl {
	void (*destroy)(struct pw_backend *backend);
	/*
	 * The image to composite the next frame into. Its contents are the frame presented
	 * `*age` frames ago (1: the last one; 0: unknown, repaint everything). Owned by the backend.
	 */
	pixman_image_t *(*begin_frame)(struct pw_backend *backend, int *age);
	/*
	 * Show the frame begun last; `damage` holds the rows that changed, in output buffer
	 * coordinates. The backend calls its frame_done hook once the frame is on screen.
	 * Returns false when the frame could not be shown (frame_done is not called).
	 */
	bool (*present)(struct pw_backend *backend, const pixman_region32_t *damage);
};

struct pw_backend_events {
	/* The frame last presented is on screen at `when` (CLOCK_MONOTONIC). */
	void (*frame_done)(void *data, const struct timespec *when);
};

struct pw_backend {
	const struct pw_backend_impl *impl;
	/* Set by the backend at creation. */
	const char *name;
	const char *description;
	int width, height; /* of the display, unrotated, in pixels */
	enum pw_format format;
	int refresh_mhz;
	/* Set by the compositor. */
	const struct pw_backend_events *events;
	void *events_data;
};

struct pw_headless_config {
	int width, height;
	enum pw_format format;
	int refresh_mhz;
};

/* A display in RAM: composites into a pixman image, frames paced by a timer. */
struct pw_backend *pw_headless_backend_create(struct wl_event_loop *loop,
	const struct pw_headless_config *config);
/* The image last presented by a headless backend, or NULL if `backend` is not headless. */
pixman_image_t *pw_headless_backend_front(struct pw_backend *backend);

static inline void
pw_backend_destroy(struct pw_backend *backend)
{
	if (backend) {
		backend->impl->destroy(backend);
	}
}

#endif

/* A display in RAM: composites into a pixman image, frames paced by a timer. */
#ifndef PW_HEADLESS_H
#define PW_HEADLESS_H

#include "backend.h"

struct pw_backend *pw_headless_backend_create(struct wl_event_loop *loop,
	const struct pw_backend_config *config);
/* The image last presented by a headless backend, or NULL if `backend` is not headless. */
pixman_image_t *pw_headless_backend_front(struct pw_backend *backend);

#endif

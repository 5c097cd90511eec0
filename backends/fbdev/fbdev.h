/*
 * A Linux framebuffer (/dev/fbN). Takes ownership of `session` (destroyed with the backend, or
 * at once on failure) and opens config->device through it. NULL after a message.
 */
#ifndef PW_FBDEV_H
#define PW_FBDEV_H

#include "backend.h"

struct pw_backend *pw_fbdev_backend_create(struct wl_event_loop *loop,
	const struct pw_backend_config *config, struct pw_session *session);

#endif

/*
 * A DRM/KMS card (/dev/dri/cardN). Takes ownership of `session` (destroyed with the backend,
 * or at once on failure) and opens config->device through it. NULL after a message.
 */
#ifndef PW_DRM_H
#define PW_DRM_H

#include "backend.h"

struct pw_backend *pw_drm_backend_create(struct wl_event_loop *loop,
	const struct pw_backend_config *config, struct pw_session *session);

#endif

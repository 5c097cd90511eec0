/* A window on the desktop compositor WAYLAND_DISPLAY names, with its input (nested). */
#ifndef PW_NESTED_H
#define PW_NESTED_H

#include "backend.h"

struct pw_backend *pw_nested_backend_create(struct wl_event_loop *loop,
	const struct pw_backend_config *config);

#endif

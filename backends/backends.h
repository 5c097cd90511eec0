/*
 * The backends by name: the one picowl runs on, chosen, switched and destroyed. What the core
 * calls to get a struct pw_backend (interface/backend.h says what it can do).
 */
#ifndef PW_BACKENDS_H
#define PW_BACKENDS_H

#include <stdbool.h>
#include <wayland-server-core.h>

#include "backend.h"

/*
 * Creates the backend `name` names ("headless", "fbdev", "drm", "wayland", or "auto": DRM
 * where a card has a connected output, else fbdev, else nested when WAYLAND_DISPLAY is set,
 * else headless). NULL after a message that names what was wrong.
 */
struct pw_backend *pw_backend_create(struct wl_event_loop *loop, const char *name,
	const struct pw_backend_config *config);
/* Its backlight, then the backend itself; NULL does nothing. */
void pw_backend_destroy(struct pw_backend *backend);

/* Switches the backend's session to VT `vt`; false (with a message) where it cannot. */
bool pw_backend_switch_vt(struct pw_backend *backend, int vt);

#endif

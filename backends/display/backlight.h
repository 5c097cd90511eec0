/* The backlight of a real display, and the display's power (on, dimmed, off). */
#ifndef PW_BACKLIGHT_H
#define PW_BACKLIGHT_H

#include <stdbool.h>

#include "backend.h"

/*
 * The backlight of a real display (fbdev, DRM): `name` is a /sys/class/backlight device,
 * "auto" (the first there is) or "none". Nothing for headless and nested. False with a
 * message when the named device is not there.
 */
bool pw_backlight_set(struct pw_backend *backend, const char *name);
/* Turns the display and its backlight on, dimmed or off. */
void pw_backlight_set_power(struct pw_backend *backend, enum pw_power_level level);
void pw_backlight_destroy(struct pw_backlight *backlight);

#endif

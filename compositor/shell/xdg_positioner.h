/* xdg_positioner: the rules a popup is placed by (xdg_positioner.c; pure/positioner.c places). */
#ifndef PW_XDG_POSITIONER_H
#define PW_XDG_POSITIONER_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-server-core.h>

#include "positioner.h"

/* xdg_wm_base.create_positioner. */
void pw_xdg_positioner_create(struct wl_client *client, int version, uint32_t id);
/* Reads a positioner resource's rules; false (and an error posted) if incomplete. */
bool pw_xdg_positioner_rules(struct wl_resource *positioner, struct wl_resource *error_resource,
	uint32_t error_code, struct pw_positioner_rules *out);

#endif

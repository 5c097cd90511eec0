/*
 * zwp_primary_selection_device_manager_v1 (primary_selection.c): the seat's primary selection
 * (seat->primary, selection.h). Internal to compositor/input: seat.c creates and destroys it,
 * keyboard.c reports the focus.
 *
 * The primary selection, like the clipboard, is offered to the keyboard-focused client's
 * devices, and set by a client only while it has the focus, with a serial no older than the
 * last accepted one.
 */
#ifndef PW_PRIMARY_SELECTION_H
#define PW_PRIMARY_SELECTION_H

#include <wayland-server-core.h>

struct pw_seat;
struct pw_primary_selection_manager;

/* Offers seat->primary; NULL on failure. Live resources go inert on destroy. */
struct pw_primary_selection_manager *pw_primary_selection_manager_create(struct pw_seat *seat);
void pw_primary_selection_manager_destroy(struct pw_primary_selection_manager *manager);
/* The keyboard focus moved to `client` (NULL: nobody): it is sent the primary selection. */
void pw_primary_selection_manager_focus(struct pw_primary_selection_manager *manager,
	struct wl_client *client);

#endif

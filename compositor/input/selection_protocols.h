/*
 * The protocols of the seat's selections besides wl_data_device (data_device.h): the primary
 * selection (zwp_primary_selection_device_manager_v1, primary_selection.c) and wlr data control
 * (zwlr_data_control_manager_v1, data_control.c). Internal to compositor/input: seat.c creates
 * and destroys them, keyboard.c reports the focus.
 *
 * The primary selection, like the clipboard, is offered to the keyboard-focused client's
 * devices, and set by a client only while it has the focus, with a serial no older than the
 * last accepted one. Data control reads and sets both selections without a window or focus,
 * and every data-control device is offered each selection whenever it changes: its global is
 * private (pw_server_add_private_global), since it reads every client's clipboard.
 */
#ifndef PW_SELECTION_PROTOCOLS_H
#define PW_SELECTION_PROTOCOLS_H

#include <wayland-server-core.h>

struct pw_seat;
struct pw_primary_selection_manager;
struct pw_data_control_manager;

/* Offers seat->primary; NULL on failure. Live resources go inert on destroy. */
struct pw_primary_selection_manager *pw_primary_selection_manager_create(struct pw_seat *seat);
void pw_primary_selection_manager_destroy(struct pw_primary_selection_manager *manager);
/* The keyboard focus moved to `client` (NULL: nobody): it is sent the primary selection. */
void pw_primary_selection_manager_focus(struct pw_primary_selection_manager *manager,
	struct wl_client *client);

/*
 * Offers seat->clipboard and seat->primary to clients of picowl's own uid; NULL on failure.
 * On destroy every data-control device is sent finished and goes inert.
 */
struct pw_data_control_manager *pw_data_control_manager_create(struct pw_seat *seat);
void pw_data_control_manager_destroy(struct pw_data_control_manager *manager);

#endif

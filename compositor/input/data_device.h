/*
 * wl_data_device_manager, the wl_data_device side of a seat's clipboard (the selection itself
 * is seat->clipboard, selection.h): the contract between seat.c and data_device.c.
 * start_drag hands the drag to data_drag.c (data_drag.h), with what it needs of the source (its
 * mime types and actions).
 */
#ifndef PW_DATA_DEVICE_H
#define PW_DATA_DEVICE_H

#include <wayland-server-core.h>

struct pw_seat;
struct pw_data_device_manager;

/*
 * Creates the wl_data_device_manager global for `seat`; wl_data_device resources made for
 * other seats are inert. NULL on failure.
 */
struct pw_data_device_manager *pw_data_device_manager_create(struct pw_seat *seat,
	struct wl_display *display);
/* Destroys the global; the selection source is not cancelled, live resources go inert. */
void pw_data_device_manager_destroy(struct pw_data_device_manager *manager);

/*
 * The keyboard focus moved to `client` (NULL: nobody): it is sent the current selection, as a
 * new wl_data_offer or NULL, before the keyboard enter.
 */
void pw_data_device_manager_focus(struct pw_data_device_manager *manager, struct wl_client *client);

#endif

/*
 * vmclient's tablet seat (vmclient_tablet.c, 4.105): with `tablet`, vmclient takes a
 * zwp_tablet_seat_v2 and logs every tablet and tool event as a state line.
 */
#ifndef VMCLIENT_TABLET_H
#define VMCLIENT_TABLET_H

#include <wayland-client.h>

struct zwp_tablet_manager_v2;

/* Gets the tablet seat of `seat`; `surface` is the client's own (proximity_in names it). */
void vmclient_tablet_start(struct zwp_tablet_manager_v2 *manager, struct wl_seat *seat,
	struct wl_surface *surface);

#endif

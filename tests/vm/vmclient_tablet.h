/*
 * vmclient's tablet seat (vmclient_tablet.c, 4.105): with `tablet`, vmclient takes a
 * zwp_tablet_seat_v2 and logs every tablet and tool event as a state line.
 */
#ifndef VMCLIENT_TABLET_H
#define VMCLIENT_TABLET_H

#include <stdbool.h>
#include <wayland-client.h>

struct wp_cursor_shape_manager_v1;
struct zwp_tablet_manager_v2;

/*
 * Gets the tablet seat of `seat`; `surface` is the client's own (proximity_in names it). At each
 * proximity_in the tool's cursor is set: a new surface of `compositor`, then the crosshair
 * through `shapes` (may be NULL); with `bad` "role", the client's own window surface instead,
 * which has a role already (zwp_tablet_tool_v2's role error); with "shape", shape 0 (the
 * cursor-shape device's invalid_shape).
 */
void vmclient_tablet_start(struct zwp_tablet_manager_v2 *manager, struct wl_seat *seat,
	struct wl_surface *surface, struct wl_compositor *compositor,
	struct wp_cursor_shape_manager_v1 *shapes, const char *bad);

/* Frees the proxies vmclient_tablet_start made that are left (without requests: the
 * connection may have failed), before the connection is closed. */
void vmclient_tablet_finish(void);

#endif

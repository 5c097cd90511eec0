/*
 * zwp_tablet_manager_v2 (tablet.c, 4.105): a tablet seat for each client's wl_seat, a
 * zwp_tablet_v2 for each pen tablet libinput finds (gone with it), and the tools seen on them
 * (tablet_tool.h), announced to every tablet seat. Internal to compositor/input.
 */
#ifndef PW_TABLET_H
#define PW_TABLET_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-server-core.h>

struct pw_input_tablet;
struct pw_seat;
struct pw_surface;

struct pw_tablets {
	struct pw_seat *seat;
	struct wl_global *global;
	struct wl_list resources; /* managers and tablet seats, made inert with the seat */
	struct wl_list seats; /* the zwp_tablet_seat_v2 resources among them */
	struct wl_list tablets; /* struct pw_tablet */
	struct wl_list tools; /* struct pw_tablet_tool (tablet_tool.h) */
};

struct pw_tablet {
	struct wl_list link;
	const void *key; /* pw_input_tablet.key */
	char name[64], sysname[16];
	uint32_t vendor, product;
	struct wl_list resources; /* zwp_tablet_v2 */
};

/* The global; NULL on no memory (picowl runs without it). Destroy accepts NULL. */
struct pw_tablets *pw_tablets_create(struct pw_seat *seat);
void pw_tablets_destroy(struct pw_tablets *tablets);
/* A tablet came or went (its tools go with it). */
void pw_tablets_device(struct pw_tablets *tablets, const struct pw_input_tablet *device,
	bool added);
/* The tablet with `key`, or NULL. */
struct pw_tablet *pw_tablets_find(struct pw_tablets *tablets, const void *key);
/* `client`'s zwp_tablet_v2 of `tablet`, or NULL (it destroyed it, or has no tablet seat). */
struct wl_resource *pw_tablet_resource(struct pw_tablet *tablet, struct wl_client *client);
/* `surface` is being destroyed or unmapped: the tools in proximity over it leave it. */
void pw_tablets_surface_gone(struct pw_tablets *tablets, struct pw_surface *surface);

#endif

/*
 * The wl_data_offer of a drag (data_drag_offer.c), between data_drag.c and its offers. Internal
 * to compositor/input.
 *
 * An offer is made at each enter, for each wl_data_device of the client under the drag, and
 * lives as long as its resource. It negotiates the action with the source by itself (the
 * source's actions, its own set_actions) and tells both sides. At leave or at the drag's end it
 * goes inert (its requests do nothing), unless it was dropped on: then it stays tied to the
 * source for receive and finish.
 */
#ifndef PW_DATA_DRAG_OFFER_H
#define PW_DATA_DRAG_OFFER_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-server-core.h>

struct pw_data_drag_source;

struct pw_drag_offer {
	struct wl_resource *resource;
	struct wl_resource *source; /* wl_data_source; NULL: inert, or the source is gone */
	struct wl_listener source_destroy;
	struct wl_list link; /* the drag's offers, or empty */
	uint32_t serial; /* of the enter, which accept cites */
	uint32_t source_actions;
	uint32_t actions, preferred; /* set_actions; a version 2 offer takes copy */
	uint32_t action; /* the one chosen, as last sent */
	bool accepted; /* the last accept named a mime type */
	bool dropped, finished;
};

/*
 * Creates the offer for `device` (sends data_offer, the mime types and source_actions), tied to
 * `source`; the caller sends the enter naming it. NULL when out of memory (the device's client
 * was told).
 */
struct pw_drag_offer *pw_drag_offer_create(struct wl_resource *device,
	const struct pw_data_drag_source *source, uint32_t serial);

/* Sends the offer its first action (version 3), after the enter. */
void pw_drag_offer_enter_done(struct pw_drag_offer *offer);

/* Whether a drop on it would carry data: a mime type accepted, an action chosen. */
bool pw_drag_offer_can_drop(const struct pw_drag_offer *offer);

/* Dropped on: it stays live for receive and finish. */
void pw_drag_offer_drop(struct pw_drag_offer *offer);

/* Left or the drag ended: it goes inert. */
void pw_drag_offer_detach(struct pw_drag_offer *offer);

#endif

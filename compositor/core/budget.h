/*
 * Per-client memory budgets: what a client makes picowl allocate, charged to its connection.
 *
 * Every wl_resource a client holds (the ones it creates and the ones picowl creates for it,
 * such as data offers) is charged a fixed cost by its interface when it is created and given
 * back when it is destroyed; objects that grow by request (a region's rectangles, a surface's
 * copies of them, a data source's mime types) add a variable part through pw_budget_resize.
 * The connection itself is charged too (libwayland's buffers, the queued events included: they
 * are bounded by them). A client whose charge passes the limit gets wl_client_post_no_memory
 * and goes. The costs are measured, not sizeof (decision 4.37).
 *
 * When clients go, freed memory is given back to the kernel (malloc_trim, once the churn is
 * over): see alloc.c for the small blocks.
 */
#ifndef PW_BUDGET_H
#define PW_BUDGET_H

#include <pixman.h>
#include <stdbool.h>
#include <stddef.h>
#include <wayland-server-core.h>

struct pw_budget;

/* Charges every client of `display` from now on. NULL when out of memory. */
struct pw_budget *pw_budget_create(struct wl_display *display);
/* After the display's clients are gone (wl_display_destroy_clients). Accepts NULL. */
void pw_budget_destroy(struct pw_budget *budget);

/* The limit per client in bytes; 0: none. Applies to the clients already connected too. */
void pw_budget_set_limit(struct pw_budget *budget, size_t bytes);

/*
 * Objects that cost picowl more than their memory, counted per client: subsurfaces (each a
 * layer composited at every repaint of its toplevel, 4.77) and wl_shm pools and buffers (each
 * may keep a pool's mapping alive, 4.79).
 */
enum pw_budget_count {
	PW_BUDGET_SUBSURFACES,
	PW_BUDGET_SHM,
	PW_BUDGET_COUNTS,
};

/* The most of `count` one client may hold; 0: no limit. Past it the client gets no_memory. */
void pw_budget_set_most(struct pw_budget *budget, enum pw_budget_count count, uint32_t most);

/*
 * The address space a client's wl_shm pools take in picowl (4.80), held by the pool itself
 * (its buffers keep it mapped after the pool's resource is gone). Zeroed by its owner.
 */
struct pw_budget_account;
struct pw_budget_mapping {
	struct pw_budget_account *account; /* NULL until charged, or without a budget */
	size_t bytes;
};

/* The bytes of mappings one client may hold; 0: no limit. */
void pw_budget_set_mapped(struct pw_budget *budget, size_t bytes);

/*
 * Sets `mapping`, one of `client`'s, to `bytes`. Returns false when that would pass the limit:
 * the client then has its no_memory error, the mapping keeps what it had, and the caller must
 * not map. A client of a display without a budget is never refused.
 */
bool pw_budget_map(struct wl_client *client, struct pw_budget_mapping *mapping, size_t bytes);
/* Gives `mapping` back (after the munmap); it may outlive its client. */
void pw_budget_unmap(struct pw_budget_mapping *mapping);

/* The variable parts a resource may have, each set on its own. */
enum pw_budget_slot {
	PW_BUDGET_SLOT_A,
	PW_BUDGET_SLOT_B,
	PW_BUDGET_SLOT_C,
	PW_BUDGET_SLOT_D,
	PW_BUDGET_SLOTS,
};

/*
 * Sets the variable part `slot` of `resource`'s charge to `bytes`. Returns false when that puts
 * its client over the limit: the client then has its no_memory error and the caller should
 * stop doing what it was asked. A resource of a display without a budget is never refused.
 */
bool pw_budget_resize(struct wl_resource *resource, enum pw_budget_slot slot, size_t bytes);

/*
 * As pw_budget_resize for memory picowl may decline to spend (a copy it can do without):
 * when `bytes` would put the client over its limit, the slot is set to 0 and false returned,
 * with no error to the client.
 */
bool pw_budget_try_resize(struct wl_resource *resource, enum pw_budget_slot slot, size_t bytes);

/* pw_budget_resize by the rectangles of `region`, which picowl holds `copies` times. */
bool pw_budget_resize_region(struct wl_resource *resource, enum pw_budget_slot slot,
	const pixman_region32_t *region, int copies);

/*
 * A frame callback, one a frame of every client that draws, is charged without a charge of
 * its own (no allocation, no listener): its user data holds the client's account. Call after
 * creating it (false: the client is over its limit, as for pw_budget_resize); its destructor
 * must call pw_budget_callback_gone. Other wl_callbacks (wl_display.sync, destroyed at once)
 * are not charged.
 */
bool pw_budget_charge_callback(struct wl_resource *callback);
void pw_budget_callback_gone(struct wl_resource *callback);

#endif

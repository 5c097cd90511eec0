/*
 * Held commits (wp_fifo_v1, wp_commit_timer_v1): a commit that waits for a fifo barrier or a
 * time is queued, in order, and applied at the output refresh that satisfies it (4.97). A
 * surface gets its hold with its first fifo or timer object; it lasts as long as the surface.
 */
#ifndef PW_SURFACE_HOLD_H
#define PW_SURFACE_HOLD_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-server-core.h>

struct pw_surface;

struct pw_surface_hold {
	struct pw_surface *surface;
	/* The protocol objects of the surface, at most one each; NULL when none. */
	struct wl_resource *fifo, *timer;
	/* The rest is surface_hold.c's. */
	struct wl_list link; /* pw_surface_holds.holds */
	struct pw_surface_holds *holds;
	struct wl_listener surface_destroy;
	struct wl_list held; /* struct held links, oldest first */
	int n_held;
	size_t bytes; /* charged to the surface for the held states */
	bool barrier; /* the fifo_barrier condition */
	uint32_t barrier_seq; /* the output frame it was set before */
	struct {
		bool set, wait, timed;
		int64_t when; /* CLOCK_MONOTONIC ns */
	} pending;
};

/* The surface's hold, made on first use; NULL (and no_memory to the client) when out of memory. */
struct pw_surface_hold *pw_surface_hold_get(struct pw_surface *surface);

/*
 * The surface's wp_fifo_v1 or wp_commit_timer_v1 (`interface`), with the hold as its user
 * data, which is NULL once the surface is gone. A second one of a kind is `exists_error` on
 * `manager`. NULL when refused or out of memory (the error is posted).
 */
struct wl_resource *pw_surface_hold_attach(struct wl_resource *manager,
	struct wl_resource *surface_resource, uint32_t id, const struct wl_interface *interface,
	const void *impl, uint32_t exists_error);

/* The double-buffered constraints of the next commit. */
void pw_surface_hold_set_barrier(struct pw_surface_hold *hold);
void pw_surface_hold_wait_barrier(struct pw_surface_hold *hold);
/* False when the next commit has a timestamp already. */
bool pw_surface_hold_set_timestamp(struct pw_surface_hold *hold, int64_t when_ns);

/*
 * wl_surface.commit of a surface with a hold, once its role accepted the state: true when the
 * pending state was queued (the caller applies nothing), false when it is to be applied now.
 */
bool pw_surface_hold_commit(struct pw_surface *surface);

#endif

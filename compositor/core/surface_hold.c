/*
 * Held commits: each surface with a hold keeps its queued states in order; the output's
 * refresh (its present, or a tick of the refresh while nothing is presented: an occluded or
 * unmapped surface, a blank display, a commit without damage) clears the barriers of the frames
 * it showed and applies the queued states that are then ready.
 */
#include <limits.h>
#include <stdlib.h>

#include "backend.h"
#include "budget.h"
#include "clock.h"
#include "fifo-v1-protocol.h"
#include "output.h"
#include "server.h"
#include "subsurface.h"
#include "surface.h"
#include "surface_commit.h"
#include "surface_hold.h"
#include "surface_state.h"

/*
 * The most states one surface may hold (4.98): a further commit applies the oldest at once,
 * as the protocol allows for forward progress, so a client that queues without end holds this
 * many per surface and nothing else waits on it.
 */
#define HOLD_MOST 4
/* A held state's charge (4.98): its entry with malloc's overhead, rounded up as 4.37's costs
 * are, and each rectangle of its regions. */
#define HELD_COST 512
#define RECT_COST 16

struct held {
	struct wl_list link;
	struct pw_surface_state state;
	size_t bytes;
	bool set, wait, timed;
	int64_t when;
};

struct pw_surface_holds {
	struct pw_server *server;
	struct wl_list holds; /* pw_surface_hold.link */
	struct wl_listener present, server_destroy;
	struct wl_event_source *tick;
};

static size_t
rects(const pixman_region32_t *region)
{
	return (size_t)pixman_region32_n_rects((pixman_region32_t *)region);
}

static void
set_barrier(struct pw_surface_hold *hold)
{
	hold->barrier = true;
	hold->barrier_seq = hold->holds->server->output->frame_seq;
}

/* The state becomes the surface's as a wl_surface.commit would make it. */
static void
apply(struct pw_surface *surface, struct pw_surface_state *state)
{
	if (surface->subsurface && pw_subsurface_effectively_sync(surface->subsurface)) {
		pw_surface_state_move(&surface->cached, state);
		surface->has_cache = true;
	} else if (surface->has_cache) {
		pw_surface_state_move(&surface->cached, state);
		surface->has_cache = false;
		pw_surface_commit_tree(surface, &surface->cached);
	} else {
		pw_surface_commit_tree(surface, state);
	}
}

static void
release(struct pw_surface_hold *hold, struct held *held)
{
	wl_list_remove(&held->link);
	hold->n_held--;
	hold->bytes -= held->bytes;
	pw_budget_resize(hold->surface->resource, PW_BUDGET_SLOT_D, hold->bytes);
	if (held->set) {
		set_barrier(hold);
	}
	apply(hold->surface, &held->state);
	pw_surface_state_finish(&held->state);
	free(held);
}

static int64_t
period_ns(const struct pw_output *output)
{
	int mhz = output->backend->refresh_mhz;
	return mhz > 0 ? 1000000000000LL / mhz : 16666667;
}

/*
 * When a frame latched now is shown: the next tick of the output's refresh grid, from its last
 * present. Without a recent present, a refresh from now (never sooner than the truth).
 */
static int64_t
next_refresh(const struct pw_output *output, int64_t now)
{
	int64_t period = period_ns(output), last = pw_timespec_ns(&output->last_present);
	if (last <= 0 || now < last || now - last > 64 * period) {
		return now + period;
	}
	return last + ((now - last) / period + 1) * period;
}

/*
 * The refresh whose latch shows a state at `when` or just after: the first tick of the grid a
 * refresh before it, not before the next one.
 */
static int64_t
latch_for(const struct pw_output *output, int64_t now, int64_t when)
{
	int64_t period = period_ns(output), last = pw_timespec_ns(&output->last_present);
	int64_t next = next_refresh(output, now), t = when - period;
	if (t <= next) {
		return next;
	}
	if (last <= 0 || now < last || t - last > 64 * period) {
		return t;
	}
	return last + (t - last + period - 1) / period * period;
}

static struct held *
oldest(struct pw_surface_hold *hold)
{
	struct held *held = wl_container_of(hold->held.next, held, link);
	return held;
}

/* Applies the oldest states while they are ready for a frame shown at `shown`. */
static void
release_ready(struct pw_surface_hold *hold, int64_t shown)
{
	while (!wl_list_empty(&hold->held)) {
		struct held *held = oldest(hold);
		if ((held->wait && hold->barrier) || (held->timed && held->when > shown)) {
			return;
		}
		release(hold, held);
	}
}

/*
 * The tick for the held states the output's present will not release: the next refresh for a
 * barrier, the refresh before a time (latch_for). The present, when a frame is in flight,
 * comes first.
 */
static void
arm(struct pw_surface_holds *holds)
{
	struct pw_output *output = holds->server->output;
	int64_t now = pw_now_ns(), soonest = INT64_MAX;
	int64_t next = next_refresh(output, now);
	struct pw_surface_hold *hold;
	wl_list_for_each(hold, &holds->holds, link) {
		if (wl_list_empty(&hold->held)) {
			continue;
		}
		struct held *held = oldest(hold);
		int64_t at = held->wait && hold->barrier ? next : now;
		if (held->timed && held->when > next) {
			int64_t latch = latch_for(output, now, held->when);
			at = latch > at ? latch : at;
		}
		soonest = at < soonest ? at : soonest;
	}
	if (soonest == INT64_MAX) {
		wl_event_source_timer_update(holds->tick, 0);
		return;
	}
	int64_t ms = (soonest - now + 999999) / 1000000;
	wl_event_source_timer_update(holds->tick, ms < 1 ? 1 : ms > INT_MAX ? INT_MAX : (int)ms);
	/*
	 * picowl wakes at a vblank only when asked (4.10): a state due at the next refresh asks;
	 * one held for a later time is woken by the tick, which ends the frame then. Last: the
	 * frame may end here, and its present latch (and arm) again.
	 */
	if (soonest <= next && output->frame_pending && output->backend->impl->want_frame_done) {
		output->backend->impl->want_frame_done(output->backend);
	}
}

static void
latch(struct pw_surface_holds *holds, bool idle)
{
	uint32_t seq = holds->server->output->frame_seq;
	int64_t shown = next_refresh(holds->server->output, pw_now_ns());
	struct pw_surface_hold *hold, *tmp;
	wl_list_for_each_safe(hold, tmp, &holds->holds, link) {
		/* cleared once a frame latched after it is on screen, or at a refresh without one
		 */
		if (hold->barrier && (idle || (int32_t)(seq - hold->barrier_seq) > 0)) {
			hold->barrier = false;
		}
		release_ready(hold, shown);
	}
	arm(holds);
}

static void
handle_present(struct wl_listener *listener, void *data)
{
	struct pw_surface_holds *holds = wl_container_of(listener, holds, present);
	latch(holds, false);
}

/* A refresh with no frame in flight: nothing was drawn, or nothing could be (4.97). */
static int
handle_tick(void *data)
{
	struct pw_surface_holds *holds = data;
	struct pw_output *output = holds->server->output;
	if (!output->frame_pending) {
		latch(holds, true);
	} else if (output->backend->impl->want_frame_done) {
		output->backend->impl->want_frame_done(output->backend);
	}
	return 0;
}

static void
handle_server_destroy(struct wl_listener *listener, void *data)
{
	struct pw_surface_holds *holds = wl_container_of(listener, holds, server_destroy);
	struct pw_surface_hold *hold, *tmp;
	wl_list_for_each_safe(hold, tmp, &holds->holds, link) {
		wl_list_remove(&hold->link);
		wl_list_init(&hold->link);
		hold->holds = NULL;
	}
	wl_list_remove(&holds->present.link);
	wl_list_remove(&holds->server_destroy.link);
	wl_event_source_remove(holds->tick);
	holds->server->holds = NULL;
	free(holds);
}

static struct pw_surface_holds *
holds_get(struct pw_server *server)
{
	if (server->holds) {
		return server->holds;
	}
	struct pw_surface_holds *holds = calloc(1, sizeof(*holds));
	if (!holds) {
		return NULL;
	}
	holds->tick = wl_event_loop_add_timer(server->loop, handle_tick, holds);
	if (!holds->tick) {
		free(holds);
		return NULL;
	}
	holds->server = server;
	wl_list_init(&holds->holds);
	holds->present.notify = handle_present;
	wl_signal_add(&server->output->events.present, &holds->present);
	holds->server_destroy.notify = handle_server_destroy;
	wl_signal_add(&server->destroy, &holds->server_destroy);
	server->holds = holds;
	return holds;
}

static void
handle_surface_destroy(struct wl_listener *listener, void *data)
{
	struct pw_surface_hold *hold = wl_container_of(listener, hold, surface_destroy);
	struct held *held, *tmp;
	wl_list_for_each_safe(held, tmp, &hold->held, link) {
		pw_surface_state_finish(&held->state);
		free(held);
	}
	/* Requests on the objects now fail with surface_destroyed. */
	if (hold->fifo) {
		wl_resource_set_user_data(hold->fifo, NULL);
	}
	if (hold->timer) {
		wl_resource_set_user_data(hold->timer, NULL);
	}
	wl_list_remove(&hold->link);
	wl_list_remove(&hold->surface_destroy.link);
	hold->surface->hold = NULL;
	if (hold->holds) {
		arm(hold->holds);
	}
	free(hold);
}

struct pw_surface_hold *
pw_surface_hold_get(struct pw_surface *surface)
{
	if (surface->hold) {
		return surface->hold;
	}
	struct pw_surface_holds *holds = holds_get(surface->server);
	struct pw_surface_hold *hold = holds ? calloc(1, sizeof(*hold)) : NULL;
	if (!hold) {
		wl_resource_post_no_memory(surface->resource);
		return NULL;
	}
	hold->surface = surface;
	hold->holds = holds;
	wl_list_init(&hold->held);
	wl_list_insert(&holds->holds, &hold->link);
	hold->surface_destroy.notify = handle_surface_destroy;
	wl_signal_add(&surface->events.destroy, &hold->surface_destroy);
	surface->hold = hold;
	return hold;
}

static void
handle_object_destroy(struct wl_resource *resource)
{
	struct pw_surface_hold *hold = wl_resource_get_user_data(resource);
	if (hold && hold->fifo == resource) {
		hold->fifo = NULL;
	} else if (hold && hold->timer == resource) {
		hold->timer = NULL;
	}
}

struct wl_resource *
pw_surface_hold_attach(struct wl_resource *manager, struct wl_resource *surface_resource,
	uint32_t id, const struct wl_interface *interface, const void *impl, uint32_t exists_error)
{
	struct pw_surface *surface = pw_surface_from_resource(surface_resource);
	bool fifo = interface == &wp_fifo_v1_interface;
	if (surface->hold && (fifo ? surface->hold->fifo : surface->hold->timer)) {
		wl_resource_post_error(manager, exists_error, "wl_surface@%u has a %s already",
			wl_resource_get_id(surface_resource), interface->name);
		return NULL;
	}
	struct pw_surface_hold *hold = pw_surface_hold_get(surface);
	if (!hold) {
		return NULL;
	}
	struct wl_client *client = wl_resource_get_client(manager);
	struct wl_resource *resource =
		wl_resource_create(client, interface, wl_resource_get_version(manager), id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return NULL;
	}
	wl_resource_set_implementation(resource, impl, hold, handle_object_destroy);
	*(fifo ? &hold->fifo : &hold->timer) = resource;
	return resource;
}

void
pw_surface_hold_set_barrier(struct pw_surface_hold *hold)
{
	hold->pending.set = true;
}

void
pw_surface_hold_wait_barrier(struct pw_surface_hold *hold)
{
	hold->pending.wait = true;
}

bool
pw_surface_hold_set_timestamp(struct pw_surface_hold *hold, int64_t when_ns)
{
	if (hold->pending.timed) {
		return false;
	}
	hold->pending.timed = true;
	hold->pending.when = when_ns;
	return true;
}

bool
pw_surface_hold_commit(struct pw_surface *surface)
{
	struct pw_surface_hold *hold = surface->hold;
	struct held next = {.set = hold->pending.set,
		.wait = hold->pending.wait,
		.timed = hold->pending.timed,
		.when = hold->pending.when};
	hold->pending.set = hold->pending.wait = hold->pending.timed = false;
	if (!hold->holds) {
		return false;
	}
	/* A synchronized subsurface goes with its parent: its constraints are ignored (4.97). */
	if (surface->subsurface && pw_subsurface_effectively_sync(surface->subsurface)) {
		while (!wl_list_empty(&hold->held)) {
			release(hold, oldest(hold));
		}
		return false;
	}
	if (wl_list_empty(&hold->held) && !(next.wait && hold->barrier) &&
		!(next.timed &&
			next.when > next_refresh(hold->holds->server->output, pw_now_ns()))) {
		if (next.set) {
			set_barrier(hold);
		}
		return false;
	}
	if (hold->n_held >= HOLD_MOST) {
		release(hold, oldest(hold));
	}
	struct held *held = malloc(sizeof(*held));
	if (!held) {
		wl_resource_post_no_memory(surface->resource);
		return true;
	}
	*held = next;
	pw_surface_state_init(&held->state);
	pw_surface_state_move(&held->state, &surface->pending);
	const struct pw_surface_state *s = &held->state;
	held->bytes = HELD_COST +
		RECT_COST *
			(rects(&s->surface_damage) + rects(&s->buffer_damage) + rects(&s->opaque) +
				rects(&s->input));
	wl_list_insert(hold->held.prev, &held->link);
	hold->n_held++;
	hold->bytes += held->bytes;
	pw_budget_resize(surface->resource, PW_BUDGET_SLOT_D, hold->bytes);
	arm(hold->holds);
	return true;
}

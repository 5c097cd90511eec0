/* zwp_pointer_constraints_v1: locked and confined pointers (4.91). */
#include <math.h>
#include <pixman.h>
#include <stdlib.h>
#include <wayland-server-core.h>

#include "budget.h"
#include "compositor.h"
#include "pointer-constraints-unstable-v1-protocol.h"
#include "pointer_constraints.h"
#include "request.h"
#include "seat_internal.h"
#include "surface.h"

struct pw_pointer_constraints {
	struct pw_seat *seat;
	struct wl_global *global;
	struct wl_list managers; /* zwp_pointer_constraints_v1 resources */
	struct wl_list constraints; /* struct constraint.link */
	struct constraint *active;
};

struct constraint {
	struct wl_resource *resource;
	struct pw_pointer_constraints *pc;
	struct wl_list link;
	bool lock; /* a zwp_locked_pointer_v1, else a zwp_confined_pointer_v1 */
	bool oneshot;
	bool ended; /* a oneshot that was active: never again */
	struct pw_surface *surface;
	struct wl_listener surface_destroy, surface_commit;
	/* NULL region: the whole surface; the pending ones wait for the surface's commit */
	pixman_region32_t region, pending_region;
	bool has_region, pending_has_region, pending_region_set;
	bool has_hint, pending_hint_set;
	double hint_x, hint_y, pending_hint_x, pending_hint_y;
};

static void
send_state(struct constraint *c, bool active)
{
	if (c->lock) {
		if (active) {
			zwp_locked_pointer_v1_send_locked(c->resource);
		} else {
			zwp_locked_pointer_v1_send_unlocked(c->resource);
		}
	} else if (active) {
		zwp_confined_pointer_v1_send_confined(c->resource);
	} else {
		zwp_confined_pointer_v1_send_unconfined(c->resource);
	}
}

/* The lock's hint places the pointer where the client drew its cursor (no motion is sent). */
static void
apply_hint(struct constraint *c)
{
	struct pw_seat_pointer *ptr = &c->pc->seat->pointer;

	if (!c->lock || !c->has_hint || ptr->focus != c->surface) {
		return;
	}
	ptr->x = ptr->focus_x + c->hint_x * ptr->focus_scale;
	ptr->y = ptr->focus_y + c->hint_y * ptr->focus_scale;
	c->pc->seat->cursor_x = ptr->x;
	c->pc->seat->cursor_y = ptr->y;
}

static void
deactivate(struct pw_pointer_constraints *pc)
{
	struct constraint *c = pc->active;

	pc->active = NULL;
	apply_hint(c);
	send_state(c, false);
	c->ended = c->oneshot;
}

/* The region the pointer is held in, surface-local: the constraint's within the input region. */
static void
effective_region(const struct constraint *c, pixman_region32_t *out)
{
	pixman_region32_init_rect(out, 0, 0, (unsigned)c->surface->width,
		(unsigned)c->surface->height);
	pixman_region32_intersect(out, out, &c->surface->current.input);
	if (c->has_region) {
		pixman_region32_intersect(out, out, &c->region);
	}
}

static void
surface_local(const struct pw_seat_pointer *ptr, double x, double y, double *sx, double *sy)
{
	*sx = (x - ptr->focus_x) / ptr->focus_scale;
	*sy = (y - ptr->focus_y) / ptr->focus_scale;
}

static bool
pointer_in(const struct constraint *c)
{
	const struct pw_seat_pointer *ptr = &c->pc->seat->pointer;
	pixman_region32_t region;
	double sx, sy;

	surface_local(ptr, ptr->x, ptr->y, &sx, &sy);
	effective_region(c, &region);
	bool in = pixman_region32_contains_point(&region, (int)floor(sx), (int)floor(sy), NULL);
	pixman_region32_fini(&region);
	return in;
}

void
pw_pointer_constraints_check(struct pw_pointer_constraints *pc)
{
	struct pw_seat *seat;
	struct constraint *c, *want = NULL;

	if (!pc) {
		return;
	}
	seat = pc->seat;
	if (seat->keyboard.focus && seat->keyboard.focus == seat->pointer.focus) {
		wl_list_for_each(c, &pc->constraints, link) {
			if (c->surface == seat->pointer.focus) {
				want = c->ended || !pointer_in(c) ? NULL : c;
				break;
			}
		}
	}
	if (want == pc->active) {
		return;
	}
	if (pc->active) {
		deactivate(pc);
	}
	if (want) {
		pc->active = want;
		send_state(want, true);
	}
}

bool
pw_pointer_constraints_locked(const struct pw_pointer_constraints *pc)
{
	return pc && pc->active && pc->active->lock;
}

static double
clamp(double v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

void
pw_pointer_constraints_confine(const struct pw_pointer_constraints *pc, double *x, double *y)
{
	const struct pw_seat_pointer *ptr;
	pixman_region32_t region;
	pixman_box32_t box;
	double sx, sy, nx, ny;

	if (!pc || !pc->active || pc->active->lock) {
		return;
	}
	ptr = &pc->seat->pointer;
	surface_local(ptr, ptr->x, ptr->y, &sx, &sy);
	surface_local(ptr, *x, *y, &nx, &ny);
	effective_region(pc->active, &region);
	if (!pixman_region32_contains_point(&region, (int)floor(nx), (int)floor(ny), NULL) &&
		pixman_region32_contains_point(&region, (int)floor(sx), (int)floor(sy), &box)) {
		/* Held in the rectangle it is in: the pixel at its far edge is the last inside. */
		nx = clamp(nx, box.x1, box.x2 - 1);
		ny = clamp(ny, box.y1, box.y2 - 1);
		*x = ptr->focus_x + nx * ptr->focus_scale;
		*y = ptr->focus_y + ny * ptr->focus_scale;
	}
	pixman_region32_fini(&region);
}

static void
destroy_constraint(struct constraint *c)
{
	if (c->pc && c->pc->active == c) {
		c->pc->active = NULL;
	}
	wl_list_remove(&c->link);
	wl_list_remove(&c->surface_destroy.link);
	wl_list_remove(&c->surface_commit.link);
	pixman_region32_fini(&c->region);
	pixman_region32_fini(&c->pending_region);
	free(c);
}

static void
handle_constraint_resource_destroy(struct wl_resource *resource)
{
	struct constraint *c = wl_resource_get_user_data(resource);

	if (c) {
		destroy_constraint(c);
	}
}

/* The surface went: the constraint object stays, inert, until the client destroys it. */
static void
handle_surface_destroy(struct wl_listener *listener, void *data)
{
	struct constraint *c = wl_container_of(listener, c, surface_destroy);

	wl_resource_set_user_data(c->resource, NULL);
	destroy_constraint(c);
}

static void
handle_surface_commit(struct wl_listener *listener, void *data)
{
	struct constraint *c = wl_container_of(listener, c, surface_commit);

	if (c->pending_region_set) {
		c->pending_region_set = false;
		c->has_region = c->pending_has_region;
		pixman_region32_copy(&c->region, &c->pending_region);
		pw_budget_resize_region(c->resource, PW_BUDGET_SLOT_A, &c->region, 1);
	}
	if (c->pending_hint_set) {
		c->pending_hint_set = false;
		c->has_hint = true;
		c->hint_x = c->pending_hint_x;
		c->hint_y = c->pending_hint_y;
	}
	pw_pointer_constraints_check(c->pc);
}

static void
set_region(struct wl_resource *resource, struct wl_resource *region)
{
	struct constraint *c = wl_resource_get_user_data(resource);

	if (!c) {
		return;
	}
	c->pending_region_set = true;
	c->pending_has_region = region != NULL;
	if (region) {
		pw_compositor_region_copy(&c->pending_region, region);
	} else {
		pixman_region32_clear(&c->pending_region);
	}
	pw_budget_resize_region(resource, PW_BUDGET_SLOT_B, &c->pending_region, 1);
}

static void
locked_set_region(struct wl_client *client, struct wl_resource *resource,
	struct wl_resource *region)
{
	set_region(resource, region);
}

static void
confined_set_region(struct wl_client *client, struct wl_resource *resource,
	struct wl_resource *region)
{
	set_region(resource, region);
}

static void
locked_set_cursor_position_hint(struct wl_client *client, struct wl_resource *resource,
	wl_fixed_t x, wl_fixed_t y)
{
	struct constraint *c = wl_resource_get_user_data(resource);

	if (c) {
		c->pending_hint_set = true;
		c->pending_hint_x = wl_fixed_to_double(x);
		c->pending_hint_y = wl_fixed_to_double(y);
	}
}

static const struct zwp_locked_pointer_v1_interface locked_impl = {
	.destroy = pw_request_destroy,
	.set_cursor_position_hint = locked_set_cursor_position_hint,
	.set_region = locked_set_region,
};

static const struct zwp_confined_pointer_v1_interface confined_impl = {
	.destroy = pw_request_destroy,
	.set_region = confined_set_region,
};

static void
create_constraint(struct wl_client *client, struct wl_resource *resource, uint32_t id,
	struct wl_resource *surface_resource, struct wl_resource *pointer,
	struct wl_resource *region, uint32_t lifetime, bool lock)
{
	struct pw_pointer_constraints *pc = wl_resource_get_user_data(resource);
	struct pw_surface *surface = pw_surface_from_resource(surface_resource);
	const struct wl_interface *interface =
		lock ? &zwp_locked_pointer_v1_interface : &zwp_confined_pointer_v1_interface;
	struct constraint *c, *other;

	if (lifetime != ZWP_POINTER_CONSTRAINTS_V1_LIFETIME_ONESHOT &&
		lifetime != ZWP_POINTER_CONSTRAINTS_V1_LIFETIME_PERSISTENT) {
		/* the interface has no code for it: a malformed request, as libwayland says */
		wl_resource_post_error(wl_client_get_object(client, 1),
			WL_DISPLAY_ERROR_INVALID_METHOD,
			"zwp_pointer_constraints_v1: lifetime %u is neither oneshot nor persistent",
			lifetime);
		return;
	}
	if (pc) {
		wl_list_for_each(other, &pc->constraints, link) {
			if (other->surface == surface) {
				wl_resource_post_error(resource,
					ZWP_POINTER_CONSTRAINTS_V1_ERROR_ALREADY_CONSTRAINED,
					"wl_surface@%u already has a pointer constraint",
					wl_resource_get_id(surface_resource));
				return;
			}
		}
	}
	struct wl_resource *cr =
		wl_resource_create(client, interface, wl_resource_get_version(resource), id);
	if (!cr) {
		wl_client_post_no_memory(client);
		return;
	}
	if (lock) {
		wl_resource_set_implementation(cr, &locked_impl, NULL,
			handle_constraint_resource_destroy);
	} else {
		wl_resource_set_implementation(cr, &confined_impl, NULL,
			handle_constraint_resource_destroy);
	}
	/* The seat went, or the wl_pointer is inert: an object that never activates. */
	if (!pc || !wl_resource_get_user_data(pointer)) {
		return;
	}
	c = calloc(1, sizeof(*c));
	if (!c) {
		wl_client_post_no_memory(client);
		return;
	}
	c->resource = cr;
	c->pc = pc;
	c->lock = lock;
	c->oneshot = lifetime == ZWP_POINTER_CONSTRAINTS_V1_LIFETIME_ONESHOT;
	c->surface = surface;
	pixman_region32_init(&c->region);
	pixman_region32_init(&c->pending_region);
	if (region) {
		c->has_region = true;
		pw_compositor_region_copy(&c->region, region);
		pw_budget_resize_region(cr, PW_BUDGET_SLOT_A, &c->region, 1);
	}
	c->surface_destroy.notify = handle_surface_destroy;
	wl_resource_add_destroy_listener(surface_resource, &c->surface_destroy);
	c->surface_commit.notify = handle_surface_commit;
	wl_signal_add(&surface->events.commit, &c->surface_commit);
	wl_list_insert(&pc->constraints, &c->link);
	pc->seat->constraints_used = true;
	wl_resource_set_user_data(cr, c);
	pw_pointer_constraints_check(pc);
}

static void
manager_lock_pointer(struct wl_client *client, struct wl_resource *resource, uint32_t id,
	struct wl_resource *surface, struct wl_resource *pointer, struct wl_resource *region,
	uint32_t lifetime)
{
	create_constraint(client, resource, id, surface, pointer, region, lifetime, true);
}

static void
manager_confine_pointer(struct wl_client *client, struct wl_resource *resource, uint32_t id,
	struct wl_resource *surface, struct wl_resource *pointer, struct wl_resource *region,
	uint32_t lifetime)
{
	create_constraint(client, resource, id, surface, pointer, region, lifetime, false);
}

static const struct zwp_pointer_constraints_v1_interface manager_impl = {
	.destroy = pw_request_destroy,
	.lock_pointer = manager_lock_pointer,
	.confine_pointer = manager_confine_pointer,
};

static void
handle_manager_destroy(struct wl_resource *resource)
{
	wl_list_remove(wl_resource_get_link(resource));
}

static void
bind_manager(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct pw_pointer_constraints *pc = data;
	struct wl_resource *resource =
		wl_resource_create(client, &zwp_pointer_constraints_v1_interface, (int)version, id);

	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &manager_impl, pc, handle_manager_destroy);
	wl_list_insert(&pc->managers, wl_resource_get_link(resource));
}

struct pw_pointer_constraints *
pw_pointer_constraints_create(struct pw_seat *seat)
{
	struct pw_pointer_constraints *pc = calloc(1, sizeof(*pc));

	if (!pc) {
		return NULL;
	}
	pc->seat = seat;
	wl_list_init(&pc->managers);
	wl_list_init(&pc->constraints);
	pc->global = wl_global_create(seat->display, &zwp_pointer_constraints_v1_interface, 1, pc,
		bind_manager);
	if (!pc->global) {
		free(pc);
		return NULL;
	}
	return pc;
}

void
pw_pointer_constraints_destroy(struct pw_pointer_constraints *pc)
{
	struct constraint *c, *tmp;

	if (!pc) {
		return;
	}
	wl_global_destroy(pc->global);
	pw_seat_resources_make_inert(&pc->managers);
	wl_list_for_each_safe(c, tmp, &pc->constraints, link) {
		wl_resource_set_user_data(c->resource, NULL);
		destroy_constraint(c);
	}
	free(pc);
}

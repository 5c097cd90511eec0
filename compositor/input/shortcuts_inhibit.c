/* zwp_keyboard_shortcuts_inhibit_manager_v1: a client's surface takes picowl's bindings (4.92). */
#include <stdlib.h>
#include <wayland-server-core.h>

#include "keyboard-shortcuts-inhibit-unstable-v1-protocol.h"
#include "request.h"
#include "seat_internal.h"
#include "shortcuts_inhibit.h"
#include "surface.h"

struct pw_shortcuts_inhibit {
	struct pw_seat *seat;
	struct wl_global *global;
	struct wl_list managers; /* zwp_keyboard_shortcuts_inhibit_manager_v1 resources */
	struct wl_list inhibitors; /* struct inhibitor.link */
	struct inhibitor *active;
	/* the focus whose inhibitor the escape revoked, compared, never used (4.92) */
	const struct pw_surface *revoked;
};

struct inhibitor {
	struct wl_resource *resource;
	struct pw_shortcuts_inhibit *si;
	struct wl_list link;
	struct pw_surface *surface;
	struct wl_listener surface_destroy;
};

static void
destroy_inhibitor(struct inhibitor *in)
{
	if (in->si->active == in) {
		in->si->active = NULL;
	}
	wl_list_remove(&in->link);
	wl_list_remove(&in->surface_destroy.link);
	free(in);
}

static void
handle_inhibitor_resource_destroy(struct wl_resource *resource)
{
	struct inhibitor *in = wl_resource_get_user_data(resource);

	if (in) {
		destroy_inhibitor(in);
	}
}

/* The surface went: the inhibitor stays, inert, until the client destroys it. */
static void
handle_surface_destroy(struct wl_listener *listener, void *data)
{
	struct inhibitor *in = wl_container_of(listener, in, surface_destroy);

	wl_resource_set_user_data(in->resource, NULL);
	destroy_inhibitor(in);
}

static const struct zwp_keyboard_shortcuts_inhibitor_v1_interface inhibitor_impl = {
	.destroy = pw_request_destroy,
};

void
pw_shortcuts_inhibit_focus(struct pw_shortcuts_inhibit *si)
{
	struct inhibitor *in, *want = NULL;

	if (!si) {
		return;
	}
	if (si->revoked != si->seat->keyboard.focus) {
		si->revoked = NULL;
	}
	wl_list_for_each(in, &si->inhibitors, link) {
		if (in->surface == si->seat->keyboard.focus && in->surface != si->revoked) {
			want = in;
			break;
		}
	}
	if (want == si->active) {
		return;
	}
	if (si->active) {
		zwp_keyboard_shortcuts_inhibitor_v1_send_inactive(si->active->resource);
	}
	si->active = want;
	if (want) {
		zwp_keyboard_shortcuts_inhibitor_v1_send_active(want->resource);
	}
}

bool
pw_shortcuts_inhibit_active(const struct pw_shortcuts_inhibit *si)
{
	return si && si->active;
}

void
pw_shortcuts_inhibit_revoke(struct pw_shortcuts_inhibit *si)
{
	if (si && si->active) {
		si->revoked = si->active->surface;
		pw_shortcuts_inhibit_focus(si);
	}
}

static void
manager_inhibit_shortcuts(struct wl_client *client, struct wl_resource *resource, uint32_t id,
	struct wl_resource *surface_resource, struct wl_resource *seat_resource)
{
	struct pw_shortcuts_inhibit *si = wl_resource_get_user_data(resource);
	struct pw_surface *surface = pw_surface_from_resource(surface_resource);
	struct inhibitor *in;

	if (si) {
		wl_list_for_each(in, &si->inhibitors, link) {
			if (in->surface == surface) {
				wl_resource_post_error(resource,
					ZWP_KEYBOARD_SHORTCUTS_INHIBIT_MANAGER_V1_ERROR_ALREADY_INHIBITED,
					"wl_surface@%u already inhibits the shortcuts",
					wl_resource_get_id(surface_resource));
				return;
			}
		}
	}
	struct wl_resource *ir =
		wl_resource_create(client, &zwp_keyboard_shortcuts_inhibitor_v1_interface,
			wl_resource_get_version(resource), id);
	if (!ir) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(ir, &inhibitor_impl, NULL,
		handle_inhibitor_resource_destroy);
	/* picowl has one seat: an inert wl_seat (the seat went) gives an inert inhibitor. */
	if (!si || !pw_seat_from_resource(seat_resource)) {
		return;
	}
	in = calloc(1, sizeof(*in));
	if (!in) {
		wl_client_post_no_memory(client);
		return;
	}
	in->resource = ir;
	in->si = si;
	in->surface = surface;
	in->surface_destroy.notify = handle_surface_destroy;
	wl_resource_add_destroy_listener(surface_resource, &in->surface_destroy);
	wl_list_insert(&si->inhibitors, &in->link);
	si->seat->shortcuts_inhibit_used = true;
	wl_resource_set_user_data(ir, in);
	pw_shortcuts_inhibit_focus(si);
}

static const struct zwp_keyboard_shortcuts_inhibit_manager_v1_interface manager_impl = {
	.destroy = pw_request_destroy,
	.inhibit_shortcuts = manager_inhibit_shortcuts,
};

static void
handle_manager_destroy(struct wl_resource *resource)
{
	wl_list_remove(wl_resource_get_link(resource));
}

static void
bind_manager(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct pw_shortcuts_inhibit *si = data;
	struct wl_resource *resource = wl_resource_create(client,
		&zwp_keyboard_shortcuts_inhibit_manager_v1_interface, (int)version, id);

	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &manager_impl, si, handle_manager_destroy);
	wl_list_insert(&si->managers, wl_resource_get_link(resource));
}

struct pw_shortcuts_inhibit *
pw_shortcuts_inhibit_create(struct pw_seat *seat)
{
	struct pw_shortcuts_inhibit *si = calloc(1, sizeof(*si));

	if (!si) {
		return NULL;
	}
	si->seat = seat;
	wl_list_init(&si->managers);
	wl_list_init(&si->inhibitors);
	si->global = wl_global_create(seat->display,
		&zwp_keyboard_shortcuts_inhibit_manager_v1_interface, 1, si, bind_manager);
	if (!si->global) {
		free(si);
		return NULL;
	}
	return si;
}

void
pw_shortcuts_inhibit_destroy(struct pw_shortcuts_inhibit *si)
{
	struct inhibitor *in, *tmp;

	if (!si) {
		return;
	}
	wl_global_destroy(si->global);
	pw_seat_resources_make_inert(&si->managers);
	wl_list_for_each_safe(in, tmp, &si->inhibitors, link) {
		wl_resource_set_user_data(in->resource, NULL);
		destroy_inhibitor(in);
	}
	free(si);
}

/* wlr-foreign-toplevel-management: a handle a window for every taskbar (decision 4.84). */
#include "foreign_toplevel.h"

#include <stdlib.h>
#include <string.h>
#include <wayland-server-protocol.h>

#include "client_room.h"
#include "control_windows.h"
#include "desktop.h"
#include "output.h"
#include "picowl-control-unstable-v1-protocol.h"
#include "request.h"
#include "server.h"
#include "tiling.h"
#include "view.h"
#include "wlr-foreign-toplevel-management-unstable-v1-protocol.h"

#define MANAGER_VERSION 3

struct pw_foreign_toplevels {
	struct pw_server *server;
	struct wl_global *global;
	struct wl_list managers; /* struct manager */
	struct wl_listener server_destroy;
};

struct manager {
	struct wl_resource *resource;
	struct pw_foreign_toplevels *ft;
	struct wl_list link;
	struct wl_list handles; /* struct handle of open windows, in the order they came */
	struct pw_client_room room; /* waiting for room in a taskbar that reads slowly (4.74) */
};

struct handle {
	struct wl_resource *resource;
	struct manager *manager; /* NULL once closed (inert) */
	struct wl_list link;
	uint32_t view_id, text_serial, flags;
	bool seen; /* in this update */
};

static struct pw_view *
handle_view(struct wl_resource *resource)
{
	struct handle *h = wl_resource_get_user_data(resource);
	return h && h->manager ? pw_control_window_find(h->manager->ft->server, h->view_id) : NULL;
}

static void
toplevel_activate(struct wl_client *client, struct wl_resource *resource, struct wl_resource *seat)
{
	struct pw_view *view = handle_view(resource);
	if (view) {
		pw_control_window_activate(view->server, view);
	}
}

static void
toplevel_close(struct wl_client *client, struct wl_resource *resource)
{
	struct pw_view *view = handle_view(resource);
	if (view) {
		view->impl->close(view);
	}
}

static void
set_fullscreen(struct wl_resource *resource, bool on)
{
	struct pw_view *view = handle_view(resource);
	if (view && view->fullscreen != on) {
		if (on) {
			pw_control_window_raise(view->server, view);
		}
		pw_view_set_fullscreen(view, on);
		pw_tiling_arrange(view->server); /* once, with both changes */
	}
}

static void
toplevel_set_fullscreen(struct wl_client *client, struct wl_resource *resource,
	struct wl_resource *output)
{
	set_fullscreen(resource, true);
}

static void
toplevel_unset_fullscreen(struct wl_client *client, struct wl_resource *resource)
{
	set_fullscreen(resource, false);
}

/* Tiles have no maximized or minimized state: these requests change nothing (as the protocol
 * allows: no state event follows). */
static void
toplevel_set_maximized(struct wl_client *client, struct wl_resource *resource)
{
}

static void
toplevel_unset_maximized(struct wl_client *client, struct wl_resource *resource)
{
}

static void
toplevel_set_minimized(struct wl_client *client, struct wl_resource *resource)
{
}

static void
toplevel_unset_minimized(struct wl_client *client, struct wl_resource *resource)
{
}

static void
toplevel_set_rectangle(struct wl_client *client, struct wl_resource *resource,
	struct wl_resource *surface, int32_t x, int32_t y, int32_t width, int32_t height)
{
	if (width < 0 || height < 0) {
		wl_resource_post_error(resource,
			ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_ERROR_INVALID_RECTANGLE,
			"a rectangle of %dx%d", width, height);
	}
}

static const struct zwlr_foreign_toplevel_handle_v1_interface toplevel_impl = {
	.set_maximized = toplevel_set_maximized,
	.unset_maximized = toplevel_unset_maximized,
	.set_minimized = toplevel_set_minimized,
	.unset_minimized = toplevel_unset_minimized,
	.activate = toplevel_activate,
	.close = toplevel_close,
	.set_rectangle = toplevel_set_rectangle,
	.destroy = pw_request_destroy,
	.set_fullscreen = toplevel_set_fullscreen,
	.unset_fullscreen = toplevel_unset_fullscreen,
};

static void
handle_resource_destroy(struct wl_resource *resource)
{
	struct handle *h = wl_resource_get_user_data(resource);
	if (h->manager) {
		wl_list_remove(&h->link);
	}
	free(h);
}

static void
send_state(struct handle *h, uint32_t flags)
{
	struct wl_array states;
	wl_array_init(&states);
	uint32_t *s;
	if ((flags & PICOWL_CONTROL_V1_WINDOW_FLAGS_FOCUSED) &&
		(s = wl_array_add(&states, sizeof(*s)))) {
		*s = ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_ACTIVATED;
	}
	if ((flags & PICOWL_CONTROL_V1_WINDOW_FLAGS_FULLSCREEN) &&
		(s = wl_array_add(&states, sizeof(*s)))) {
		*s = ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_FULLSCREEN;
	}
	zwlr_foreign_toplevel_handle_v1_send_state(h->resource, &states);
	wl_array_release(&states);
}

static void
send_text(struct handle *h, struct pw_view *view)
{
	char title[128], app_id[128];
	zwlr_foreign_toplevel_handle_v1_send_title(h->resource,
		pw_control_text(view->title, title, sizeof(title)));
	zwlr_foreign_toplevel_handle_v1_send_app_id(h->resource,
		pw_control_text(view->app_id, app_id, sizeof(app_id)));
}

static void
add_handle(struct manager *m, struct pw_view *view, uint32_t flags)
{
	struct wl_client *client = wl_resource_get_client(m->resource);
	struct handle *h = calloc(1, sizeof(*h));
	if (!h) {
		wl_client_post_no_memory(client);
		return;
	}
	h->resource = wl_resource_create(client, &zwlr_foreign_toplevel_handle_v1_interface,
		wl_resource_get_version(m->resource), 0);
	if (!h->resource) {
		free(h);
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(h->resource, &toplevel_impl, h, handle_resource_destroy);
	h->manager = m;
	h->view_id = view->id;
	h->text_serial = view->text_serial;
	h->flags = flags;
	h->seen = true;
	wl_list_insert(m->handles.prev, &h->link);
	zwlr_foreign_toplevel_manager_v1_send_toplevel(m->resource, h->resource);
	send_text(h, view);
	struct pw_output *output = view->server->output;
	struct wl_resource *o;
	wl_resource_for_each(o, &output->resources) {
		if (wl_resource_get_client(o) == client) {
			zwlr_foreign_toplevel_handle_v1_send_output_enter(h->resource, o);
		}
	}
	send_state(h, flags);
	zwlr_foreign_toplevel_handle_v1_send_done(h->resource);
}

/*
 * The handle of view `id`, looked for from the one after *after round the list: the handles
 * come in the views' order but for a swap or a window opened into a tile, so a pass over the
 * windows stays linear (10,000 X windows, 4.84). *after becomes the one found.
 */
static struct handle *
find_handle(struct manager *m, struct wl_list **after, uint32_t id)
{
	struct wl_list *link = (*after)->next;
	for (int laps = 0; laps < 2; link = link->next) {
		if (link == &m->handles) {
			laps++;
			continue;
		}
		struct handle *h = wl_container_of(link, h, link);
		if (h->view_id == id) {
			*after = link;
			return h;
		}
	}
	return NULL;
}

static void
update_manager(struct manager *m, struct pw_server *server)
{
	struct handle *h, *tmp;
	wl_list_for_each(h, &m->handles, link) {
		h->seen = false;
	}
	struct wl_list *after = &m->handles; /* the last handle found */
	struct pw_view *view;
	wl_list_for_each(view, &server->desktop->views, link) {
		if (!view->mapped) {
			continue;
		}
		uint32_t flags = pw_control_window_flags(server, view);
		struct handle *found = find_handle(m, &after, view->id);
		if (!found) {
			add_handle(m, view, flags);
			continue;
		}
		found->seen = true;
		bool text = found->text_serial != view->text_serial, state = found->flags != flags;
		if (text) {
			send_text(found, view);
		}
		if (state) {
			send_state(found, flags);
		}
		if (text || state) {
			zwlr_foreign_toplevel_handle_v1_send_done(found->resource);
		}
		found->text_serial = view->text_serial;
		found->flags = flags;
	}
	wl_list_for_each_safe(h, tmp, &m->handles, link) {
		if (!h->seen) {
			zwlr_foreign_toplevel_handle_v1_send_closed(h->resource);
			wl_list_remove(&h->link);
			h->manager = NULL; /* inert until the client destroys it */
		}
	}
}

static void
handle_manager_writable(struct pw_client_room *room)
{
	struct manager *m = wl_container_of(room, m, room);
	update_manager(m, m->ft->server);
}

void
pw_foreign_toplevel_update(struct pw_server *server)
{
	struct pw_foreign_toplevels *ft =
		server->desktop ? server->desktop->foreign_toplevels : NULL;
	if (!ft) {
		return;
	}
	struct manager *m;
	wl_list_for_each(m, &ft->managers, link) {
		if (pw_client_room_ready(&m->room, server->loop,
			    wl_resource_get_client(m->resource))) {
			update_manager(m, server);
		}
	}
}

static void
manager_finish(struct manager *m)
{
	struct handle *h, *tmp;
	wl_list_for_each_safe(h, tmp, &m->handles, link) {
		wl_list_remove(&h->link);
		h->manager = NULL;
	}
	wl_list_remove(&m->link);
	wl_list_init(&m->link);
	pw_client_room_cancel(&m->room);
}

static void
manager_stop(struct wl_client *client, struct wl_resource *resource)
{
	struct manager *m = wl_resource_get_user_data(resource);
	manager_finish(m);
	zwlr_foreign_toplevel_manager_v1_send_finished(resource);
	wl_resource_destroy(resource);
}

static const struct zwlr_foreign_toplevel_manager_v1_interface manager_impl = {
	.stop = manager_stop,
};

static void
handle_manager_destroy(struct wl_resource *resource)
{
	struct manager *m = wl_resource_get_user_data(resource);
	manager_finish(m);
	free(m);
}

static void
bind_manager(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct pw_foreign_toplevels *ft = data;
	struct manager *m = calloc(1, sizeof(*m));
	if (!m) {
		wl_client_post_no_memory(client);
		return;
	}
	m->resource = wl_resource_create(client, &zwlr_foreign_toplevel_manager_v1_interface,
		(int)version, id);
	if (!m->resource) {
		free(m);
		wl_client_post_no_memory(client);
		return;
	}
	m->ft = ft;
	m->room.fd = -1;
	m->room.writable = handle_manager_writable;
	wl_list_init(&m->handles);
	wl_list_insert(&ft->managers, &m->link);
	wl_resource_set_implementation(m->resource, &manager_impl, m, handle_manager_destroy);
	update_manager(m, ft->server);
}

/* The clients, and so every manager, went before: wl_display_destroy_clients comes first. */
static void
handle_server_destroy(struct wl_listener *listener, void *data)
{
	struct pw_foreign_toplevels *ft = wl_container_of(listener, ft, server_destroy);
	wl_list_remove(&ft->server_destroy.link);
	wl_global_destroy(ft->global);
	if (ft->server->desktop) {
		ft->server->desktop->foreign_toplevels = NULL;
	}
	free(ft);
}

bool
pw_foreign_toplevel_create(struct pw_server *server)
{
	struct pw_foreign_toplevels *ft = calloc(1, sizeof(*ft));
	if (!ft) {
		return false;
	}
	ft->server = server;
	wl_list_init(&ft->managers);
	ft->global = wl_global_create(server->display, &zwlr_foreign_toplevel_manager_v1_interface,
		MANAGER_VERSION, ft, bind_manager);
	if (!ft->global) {
		free(ft);
		return false;
	}
	ft->server_destroy.notify = handle_server_destroy;
	wl_signal_add(&server->destroy, &ft->server_destroy);
	server->desktop->foreign_toplevels = ft;
	return pw_server_add_private_global(server, ft->global);
}

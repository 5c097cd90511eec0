/* ext-foreign-toplevel-list: a handle a window, for taskbars and capture (decision 4.89). */
#include "ext_toplevel_list.h"

#include <stdio.h>
#include <stdlib.h>
#include <wayland-server-core.h>

#include "client_room.h"
#include "control_windows.h"
#include "desktop.h"
#include "ext-foreign-toplevel-list-v1-protocol.h"
#include "request.h"
#include "server.h"
#include "view.h"

#define LIST_VERSION 1

struct pw_ext_toplevel_lists {
	struct pw_server *server;
	struct wl_global *global;
	struct wl_list lists; /* struct list */
	struct wl_listener server_destroy;
};

struct list {
	struct wl_resource *resource;
	struct pw_ext_toplevel_lists *all;
	struct wl_list link;
	struct wl_list handles; /* struct handle of open windows, in the order they came */
	struct pw_client_room room; /* waiting for room in a client that reads slowly (4.74) */
};

struct handle {
	struct wl_resource *resource;
	struct list *list; /* NULL once closed (inert) */
	struct wl_list link;
	uint32_t view_id, text_serial;
	bool seen; /* in this update */
};

static const struct ext_foreign_toplevel_handle_v1_interface handle_impl = {
	.destroy = pw_request_destroy,
};

static void
handle_resource_destroy(struct wl_resource *resource)
{
	struct handle *h = wl_resource_get_user_data(resource);
	if (h->list) {
		wl_list_remove(&h->link);
	}
	free(h);
}

uint32_t
pw_ext_toplevel_view_id(struct wl_resource *resource)
{
	if (!wl_resource_instance_of(resource, &ext_foreign_toplevel_handle_v1_interface,
		    &handle_impl)) {
		return 0;
	}
	struct handle *h = wl_resource_get_user_data(resource);
	return h && h->list ? h->view_id : 0;
}

static void
send_text(struct handle *h, struct pw_view *view)
{
	char title[128], app_id[128];
	ext_foreign_toplevel_handle_v1_send_title(h->resource,
		pw_control_text(view->title, title, sizeof(title)));
	ext_foreign_toplevel_handle_v1_send_app_id(h->resource,
		pw_control_text(view->app_id, app_id, sizeof(app_id)));
}

static void
add_handle(struct list *l, struct pw_view *view)
{
	struct wl_client *client = wl_resource_get_client(l->resource);
	struct handle *h = calloc(1, sizeof(*h));
	if (!h) {
		wl_client_post_no_memory(client);
		return;
	}
	h->resource = wl_resource_create(client, &ext_foreign_toplevel_handle_v1_interface,
		wl_resource_get_version(l->resource), 0);
	if (!h->resource) {
		free(h);
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(h->resource, &handle_impl, h, handle_resource_destroy);
	h->list = l;
	h->view_id = view->id;
	h->text_serial = view->text_serial;
	h->seen = true;
	wl_list_insert(l->handles.prev, &h->link);
	ext_foreign_toplevel_list_v1_send_toplevel(l->resource, h->resource);
	/* view ids are never reused while picowl runs; the prefix keeps a client from reading
	 * them as the control protocol's numbers */
	char identifier[24];
	snprintf(identifier, sizeof(identifier), "picowl-%u", view->id);
	ext_foreign_toplevel_handle_v1_send_identifier(h->resource, identifier);
	send_text(h, view);
	ext_foreign_toplevel_handle_v1_send_done(h->resource);
}

/* As foreign_toplevel.c's: the handle of view `id`, from the one after *after round the list,
 * so that a pass over the windows stays linear (4.84). */
static struct handle *
find_handle(struct list *l, struct wl_list **after, uint32_t id)
{
	struct wl_list *link = (*after)->next;
	for (int laps = 0; laps < 2; link = link->next) {
		if (link == &l->handles) {
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
update_list(struct list *l, struct pw_server *server)
{
	struct handle *h, *tmp;
	wl_list_for_each(h, &l->handles, link) {
		h->seen = false;
	}
	struct wl_list *after = &l->handles;
	struct pw_view *view;
	wl_list_for_each(view, &server->desktop->views, link) {
		if (!view->mapped) {
			continue;
		}
		struct handle *found = find_handle(l, &after, view->id);
		if (!found) {
			add_handle(l, view);
			continue;
		}
		found->seen = true;
		if (found->text_serial != view->text_serial) {
			send_text(found, view);
			ext_foreign_toplevel_handle_v1_send_done(found->resource);
			found->text_serial = view->text_serial;
		}
	}
	wl_list_for_each_safe(h, tmp, &l->handles, link) {
		if (!h->seen) {
			ext_foreign_toplevel_handle_v1_send_closed(h->resource);
			wl_list_remove(&h->link);
			h->list = NULL;
		}
	}
}

static void
handle_list_writable(struct pw_client_room *room)
{
	struct list *l = wl_container_of(room, l, room);
	update_list(l, l->all->server);
}

void
pw_ext_toplevel_list_update(struct pw_server *server)
{
	struct pw_ext_toplevel_lists *all =
		server->desktop ? server->desktop->ext_toplevel_lists : NULL;
	if (!all) {
		return;
	}
	struct list *l;
	wl_list_for_each(l, &all->lists, link) {
		if (pw_client_room_ready(&l->room, server->loop,
			    wl_resource_get_client(l->resource))) {
			update_list(l, server);
		}
	}
}

static void
list_finish(struct list *l)
{
	struct handle *h, *tmp;
	wl_list_for_each_safe(h, tmp, &l->handles, link) {
		wl_list_remove(&h->link);
		h->list = NULL;
	}
	wl_list_remove(&l->link);
	wl_list_init(&l->link);
	pw_client_room_cancel(&l->room);
}

/* The protocol keeps the object alive after finished until the client destroys it. */
static void
list_stop(struct wl_client *client, struct wl_resource *resource)
{
	struct list *l = wl_resource_get_user_data(resource);
	if (!l->all) {
		return; /* stopped already */
	}
	list_finish(l);
	l->all = NULL;
	ext_foreign_toplevel_list_v1_send_finished(resource);
}

static const struct ext_foreign_toplevel_list_v1_interface list_impl = {
	.stop = list_stop,
	.destroy = pw_request_destroy,
};

static void
handle_list_destroy(struct wl_resource *resource)
{
	struct list *l = wl_resource_get_user_data(resource);
	if (l->all) {
		list_finish(l);
	}
	free(l);
}

static void
bind_list(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct pw_ext_toplevel_lists *all = data;
	struct list *l = calloc(1, sizeof(*l));
	if (!l) {
		wl_client_post_no_memory(client);
		return;
	}
	l->resource = wl_resource_create(client, &ext_foreign_toplevel_list_v1_interface,
		(int)version, id);
	if (!l->resource) {
		free(l);
		wl_client_post_no_memory(client);
		return;
	}
	l->all = all;
	l->room.fd = -1;
	l->room.writable = handle_list_writable;
	wl_list_init(&l->handles);
	wl_list_insert(&all->lists, &l->link);
	all->server->desktop->views_watched = true;
	wl_resource_set_implementation(l->resource, &list_impl, l, handle_list_destroy);
	update_list(l, all->server);
}

/* The clients, and so every list, went before: wl_display_destroy_clients comes first. */
static void
handle_server_destroy(struct wl_listener *listener, void *data)
{
	struct pw_ext_toplevel_lists *all = wl_container_of(listener, all, server_destroy);
	wl_list_remove(&all->server_destroy.link);
	wl_global_destroy(all->global);
	if (all->server->desktop) {
		all->server->desktop->ext_toplevel_lists = NULL;
	}
	free(all);
}

bool
pw_ext_toplevel_list_create(struct pw_server *server)
{
	struct pw_ext_toplevel_lists *all = calloc(1, sizeof(*all));
	if (!all) {
		return false;
	}
	all->server = server;
	wl_list_init(&all->lists);
	all->global = wl_global_create(server->display, &ext_foreign_toplevel_list_v1_interface,
		LIST_VERSION, all, bind_list);
	if (!all->global) {
		free(all);
		return false;
	}
	all->server_destroy.notify = handle_server_destroy;
	wl_signal_add(&server->destroy, &all->server_destroy);
	server->desktop->ext_toplevel_lists = all;
	/* every window's title: picowl's own uid only, as the wlr list (4.89) */
	return pw_server_add_private_global(server, all->global);
}

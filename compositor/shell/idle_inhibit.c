/*
 * zwp_idle_inhibit_manager_v1: an inhibitor counts while its surface is shown, as the scene
 * decides what is drawn (a window behind a fullscreen one or another monocle window is not,
 * nor anything but the lock surface while locked). What is shown changes at a few places, map,
 * unmap, arrange, the focus in monocle, the lock, an inhibited surface's own mapping, and
 * those call pw_idle_inhibit_changed; the look itself waits for the loop to be idle, so a map
 * that arranges and then focuses is looked at once, and never per frame.
 */
#include "idle_inhibit.h"

#include <stdlib.h>
#include <wayland-server-protocol.h>

#include "desktop.h"
#include "idle-inhibit-unstable-v1-protocol.h"
#include "idle.h"
#include "request.h"
#include "scene.h"
#include "server.h"
#include "surface.h"
#include "surface_pixels.h"

struct pw_idle_inhibit {
	struct pw_server *server;
	struct wl_global *global;
	struct wl_list inhibitors; /* inhibitor.link */
	struct wl_event_source *look; /* an idle source while a look is due */
	struct wl_listener server_destroy;
};

struct inhibitor {
	struct wl_resource *resource;
	struct pw_idle_inhibit *mgr; /* NULL: inert */
	struct pw_surface *surface;
	bool had_contents; /* at the surface's last commit */
	struct wl_list link;
	struct wl_listener surface_commit;
	struct wl_listener surface_destroy;
};

static void
look(struct pw_idle_inhibit *mgr)
{
	bool shown = false;
	struct inhibitor *inh;
	wl_list_for_each(inh, &mgr->inhibitors, link) {
		if (pw_scene_shows(mgr->server, inh->surface)) {
			shown = true;
			break;
		}
	}
	pw_idle_set_inhibited(mgr->server->idle, shown);
}

static void
handle_look(void *data)
{
	struct pw_idle_inhibit *mgr = data;
	mgr->look = NULL;
	look(mgr);
}

static void
changed(struct pw_idle_inhibit *mgr)
{
	if (mgr->look ||
		(wl_list_empty(&mgr->inhibitors) && !pw_idle_inhibited(mgr->server->idle))) {
		return;
	}
	mgr->look = wl_event_loop_add_idle(mgr->server->loop, handle_look, mgr);
	if (!mgr->look) {
		look(mgr); /* out of memory: now, if maybe twice */
	}
}

void
pw_idle_inhibit_changed(struct pw_server *server)
{
	if (server->desktop && server->desktop->idle_inhibit) {
		changed(server->desktop->idle_inhibit);
	}
}

static void
finish(struct inhibitor *inh)
{
	if (!inh->mgr) {
		return;
	}
	struct pw_idle_inhibit *mgr = inh->mgr;
	wl_list_remove(&inh->link);
	wl_list_remove(&inh->surface_commit.link);
	wl_list_remove(&inh->surface_destroy.link);
	inh->mgr = NULL;
	inh->surface = NULL;
	changed(mgr);
}

static void
handle_surface_commit(struct wl_listener *listener, void *data)
{
	struct inhibitor *inh = wl_container_of(listener, inh, surface_commit);
	bool contents = pw_surface_has_contents(inh->surface);
	/* A new frame changes nothing; a subsurface that maps or unmaps itself does. */
	if (contents != inh->had_contents) {
		inh->had_contents = contents;
		changed(inh->mgr);
	}
}

static void
handle_surface_destroy(struct wl_listener *listener, void *data)
{
	struct inhibitor *inh = wl_container_of(listener, inh, surface_destroy);
	finish(inh);
}

static const struct zwp_idle_inhibitor_v1_interface inhibitor_impl = {
	.destroy = pw_request_destroy,
};

static void
handle_inhibitor_destroy(struct wl_resource *resource)
{
	struct inhibitor *inh = wl_resource_get_user_data(resource);
	finish(inh);
	free(inh);
}

static void
manager_create_inhibitor(struct wl_client *client, struct wl_resource *resource, uint32_t id,
	struct wl_resource *surface_resource)
{
	struct pw_idle_inhibit *mgr = wl_resource_get_user_data(resource);
	struct inhibitor *inh = calloc(1, sizeof(*inh));
	if (!inh) {
		wl_client_post_no_memory(client);
		return;
	}
	inh->resource = wl_resource_create(client, &zwp_idle_inhibitor_v1_interface,
		wl_resource_get_version(resource), id);
	if (!inh->resource) {
		free(inh);
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(inh->resource, &inhibitor_impl, inh,
		handle_inhibitor_destroy);
	struct pw_surface *surface = pw_surface_from_resource(surface_resource);
	inh->mgr = mgr;
	inh->surface = surface;
	inh->had_contents = pw_surface_has_contents(surface);
	wl_list_insert(&mgr->inhibitors, &inh->link);
	inh->surface_commit.notify = handle_surface_commit;
	wl_signal_add(&surface->events.commit, &inh->surface_commit);
	inh->surface_destroy.notify = handle_surface_destroy;
	wl_signal_add(&surface->events.destroy, &inh->surface_destroy);
	changed(mgr);
}

static const struct zwp_idle_inhibit_manager_v1_interface manager_impl = {
	.destroy = pw_request_destroy,
	.create_inhibitor = manager_create_inhibitor,
};

static void
bind_manager(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *resource = wl_resource_create(client,
		&zwp_idle_inhibit_manager_v1_interface, (int)version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	/* Inhibitors outlive their manager: it holds nothing of its own. */
	wl_resource_set_implementation(resource, &manager_impl, data, NULL);
}

/* The clients, and so every inhibitor, went before: wl_display_destroy_clients comes first. */
static void
handle_server_destroy(struct wl_listener *listener, void *data)
{
	struct pw_idle_inhibit *mgr = wl_container_of(listener, mgr, server_destroy);
	struct inhibitor *inh, *tmp;
	wl_list_for_each_safe(inh, tmp, &mgr->inhibitors, link) {
		finish(inh);
	}
	if (mgr->look) {
		wl_event_source_remove(mgr->look);
	}
	wl_list_remove(&mgr->server_destroy.link);
	wl_global_destroy(mgr->global);
	if (mgr->server->desktop) {
		mgr->server->desktop->idle_inhibit = NULL;
	}
	free(mgr);
}

bool
pw_idle_inhibit_create(struct pw_server *server)
{
	struct pw_idle_inhibit *mgr = calloc(1, sizeof(*mgr));
	if (!mgr) {
		return false;
	}
	mgr->server = server;
	wl_list_init(&mgr->inhibitors);
	mgr->global = wl_global_create(server->display, &zwp_idle_inhibit_manager_v1_interface, 1,
		mgr, bind_manager);
	if (!mgr->global) {
		free(mgr);
		return false;
	}
	mgr->server_destroy.notify = handle_server_destroy;
	wl_signal_add(&server->destroy, &mgr->server_destroy);
	server->desktop->idle_inhibit = mgr;
	return true;
}

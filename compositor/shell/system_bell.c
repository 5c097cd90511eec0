/* xdg_system_bell_v1: a visual bell on a window's border (decision 4.96). */
#include "system_bell.h"

#include <stdlib.h>

#include "clock.h"
#include "config.h"
#include "control_windows.h"
#include "desktop.h"
#include "log.h"
#include "request.h"
#include "server.h"
#include "surface.h"
#include "view.h"
#include "xdg-system-bell-v1-protocol.h"

#define BELL_VERSION 1

struct pw_system_bell {
	struct pw_server *server;
	struct wl_global *global;
	struct wl_event_source *timer;
	uint32_t view_id; /* the flashing window's; 0: none flashes */
	int64_t ended_ns; /* of the last flash */
	uint64_t rings, flashes;
	struct wl_listener server_destroy;
};

static void
flash_end(struct pw_system_bell *bell)
{
	struct pw_view *view = pw_control_window_find(bell->server, bell->view_id);
	bell->view_id = 0;
	bell->ended_ns = pw_now_ns();
	if (view) {
		pw_view_damage_whole(view);
	}
}

static int
handle_timer(void *data)
{
	flash_end(data);
	return 0;
}

static void
bell_ring(struct wl_client *client, struct wl_resource *resource,
	struct wl_resource *surface_resource)
{
	struct pw_system_bell *bell = wl_resource_get_user_data(resource);
	struct pw_server *server = bell->server;
	bell->rings++;
	if (bell->view_id ||
		(bell->flashes &&
			pw_now_ns() - bell->ended_ns <
				(int64_t)PW_SYSTEM_BELL_QUIET_MS * 1000000)) {
		return;
	}
	int ms = server->desktop->config->bell_ms;
	struct pw_surface *surface =
		surface_resource ? pw_surface_from_resource(surface_resource) : NULL;
	struct pw_view *view = surface ? pw_view_from_surface(surface) : server->desktop->focus;
	if (ms <= 0 || !view || !view->mapped) {
		return;
	}
	bell->view_id = view->id;
	server->desktop->bell_rung = true;
	bell->flashes++;
	pw_log_debug("bell: window %u flashes (%llu rings, %llu flashes)", view->id,
		(unsigned long long)bell->rings, (unsigned long long)bell->flashes);
	pw_view_damage_whole(view);
	wl_event_source_timer_update(bell->timer, ms);
}

static const struct xdg_system_bell_v1_interface bell_impl = {
	.destroy = pw_request_destroy,
	.ring = bell_ring,
};

static void
bind_bell(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *resource =
		wl_resource_create(client, &xdg_system_bell_v1_interface, version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &bell_impl, data, NULL);
}

bool
pw_system_bell_flashing(struct pw_server *server, const struct pw_view *view, uint32_t *rgb)
{
	struct pw_system_bell *bell = server->desktop ? server->desktop->bell : NULL;
	if (!bell || !bell->view_id || bell->view_id != view->id) {
		return false;
	}
	*rgb = server->desktop->colors.border_focused ^ 0xffffff;
	return true;
}

static void
handle_server_destroy(struct wl_listener *listener, void *data)
{
	struct pw_system_bell *bell = wl_container_of(listener, bell, server_destroy);
	wl_list_remove(&bell->server_destroy.link);
	wl_event_source_remove(bell->timer);
	wl_global_destroy(bell->global);
	if (bell->server->desktop) {
		bell->server->desktop->bell = NULL;
	}
	free(bell);
}

bool
pw_system_bell_create(struct pw_server *server)
{
	struct pw_system_bell *bell = calloc(1, sizeof(*bell));
	if (!bell) {
		return false;
	}
	bell->server = server;
	bell->timer = wl_event_loop_add_timer(server->loop, handle_timer, bell);
	bell->global = bell->timer
		? wl_global_create(server->display, &xdg_system_bell_v1_interface, BELL_VERSION,
			  bell, bind_bell)
		: NULL;
	if (!bell->global) {
		pw_log_error("cannot create the xdg_system_bell_v1 global");
		if (bell->timer) {
			wl_event_source_remove(bell->timer);
		}
		free(bell);
		return false;
	}
	server->desktop->bell = bell;
	bell->server_destroy.notify = handle_server_destroy;
	wl_signal_add(&server->destroy, &bell->server_destroy);
	return true;
}

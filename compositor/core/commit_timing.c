/*
 * wp_commit_timing_manager_v1: set_timestamp is the next commit's time on CLOCK_MONOTONIC (the
 * presentation clock); surface_hold.c holds the commit to the first refresh at or after it. A
 * public global: it only delays a client's own commits.
 */
#include <stdint.h>
#include <stdlib.h>
#include <wayland-server-core.h>

#include "commit-timing-v1-protocol.h"
#include "commit_timing.h"
#include "request.h"
#include "server.h"
#include "surface.h"
#include "surface_hold.h"

struct timing_manager {
	struct wl_global *global;
	struct wl_listener server_destroy;
};

static void
timer_set_timestamp(struct wl_client *client, struct wl_resource *resource, uint32_t tv_sec_hi,
	uint32_t tv_sec_lo, uint32_t tv_nsec)
{
	struct pw_surface_hold *hold = wl_resource_get_user_data(resource);
	if (!hold) {
		wl_resource_post_error(resource, WP_COMMIT_TIMER_V1_ERROR_SURFACE_DESTROYED,
			"the wp_commit_timer_v1's surface was destroyed");
		return;
	}
	if (tv_nsec >= 1000000000u) {
		wl_resource_post_error(resource, WP_COMMIT_TIMER_V1_ERROR_INVALID_TIMESTAMP,
			"tv_nsec %u is not below a second", tv_nsec);
		return;
	}
	uint64_t sec = (uint64_t)tv_sec_hi << 32 | tv_sec_lo;
	/* past 2^62 ns (146 years of uptime) it is never: held to the bound (4.98) */
	int64_t when = sec < (1ull << 62) / 1000000000u
		? (int64_t)sec * 1000000000 + (int64_t)tv_nsec
		: INT64_MAX;
	if (!pw_surface_hold_set_timestamp(hold, when)) {
		wl_resource_post_error(resource, WP_COMMIT_TIMER_V1_ERROR_TIMESTAMP_EXISTS,
			"the next commit has a timestamp already");
	}
}

static const struct wp_commit_timer_v1_interface timer_impl = {
	.set_timestamp = timer_set_timestamp,
	.destroy = pw_request_destroy,
};

static void
manager_get_timer(struct wl_client *client, struct wl_resource *resource, uint32_t id,
	struct wl_resource *surface_resource)
{
	pw_surface_hold_attach(resource, surface_resource, id, &wp_commit_timer_v1_interface,
		&timer_impl, WP_COMMIT_TIMING_MANAGER_V1_ERROR_COMMIT_TIMER_EXISTS);
}

static const struct wp_commit_timing_manager_v1_interface manager_impl = {
	.get_timer = manager_get_timer,
	.destroy = pw_request_destroy,
};

static void
bind_manager(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *resource = wl_resource_create(client,
		&wp_commit_timing_manager_v1_interface, (int)version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &manager_impl, NULL, NULL);
}

static void
handle_server_destroy(struct wl_listener *listener, void *data)
{
	struct timing_manager *tm = wl_container_of(listener, tm, server_destroy);
	wl_global_destroy(tm->global);
	wl_list_remove(&tm->server_destroy.link);
	free(tm);
}

bool
pw_commit_timing_create(struct pw_server *server)
{
	struct timing_manager *tm = calloc(1, sizeof(*tm));
	if (!tm) {
		return false;
	}
	tm->global = wl_global_create(server->display, &wp_commit_timing_manager_v1_interface, 1,
		tm, bind_manager);
	if (!tm->global) {
		free(tm);
		return false;
	}
	tm->server_destroy.notify = handle_server_destroy;
	wl_signal_add(&server->destroy, &tm->server_destroy);
	return true;
}

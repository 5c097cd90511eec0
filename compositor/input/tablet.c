/* zwp_tablet_manager_v2: tablet seats, and a zwp_tablet_v2 for each pen tablet (4.105). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-server-core.h>

#include "input.h"
#include "log.h"
#include "request.h"
#include "seat_internal.h"
#include "tablet-unstable-v2-protocol.h"
#include "tablet.h"
#include "tablet_tool.h"

#define MANAGER_VERSION 1

static void
handle_resource_destroy(struct wl_resource *resource)
{
	wl_list_remove(wl_resource_get_link(resource));
}

static const struct zwp_tablet_v2_interface tablet_impl = {
	.destroy = pw_request_destroy,
};

/* A zwp_tablet_v2 of `tablet` for the tablet seat `seat_resource`, with its description. */
static void
announce_tablet(struct pw_tablet *tablet, struct wl_resource *seat_resource)
{
	struct wl_client *client = wl_resource_get_client(seat_resource);
	struct wl_resource *resource = wl_resource_create(client, &zwp_tablet_v2_interface,
		wl_resource_get_version(seat_resource), 0);
	char path[64];

	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &tablet_impl, tablet, handle_resource_destroy);
	wl_list_insert(&tablet->resources, wl_resource_get_link(resource));
	zwp_tablet_seat_v2_send_tablet_added(seat_resource, resource);
	zwp_tablet_v2_send_name(resource, tablet->name);
	if (tablet->vendor || tablet->product) {
		zwp_tablet_v2_send_id(resource, tablet->vendor, tablet->product);
	}
	snprintf(path, sizeof(path), "/dev/input/%s", tablet->sysname);
	zwp_tablet_v2_send_path(resource, path);
	zwp_tablet_v2_send_done(resource);
}

struct wl_resource *
pw_tablet_resource(struct pw_tablet *tablet, struct wl_client *client)
{
	struct wl_resource *resource;

	wl_resource_for_each(resource, &tablet->resources) {
		if (wl_resource_get_client(resource) == client) {
			return resource;
		}
	}
	return NULL;
}

static const struct zwp_tablet_seat_v2_interface seat_impl = {
	.destroy = pw_request_destroy,
};

static void
manager_get_tablet_seat(struct wl_client *client, struct wl_resource *resource, uint32_t id,
	struct wl_resource *seat_resource)
{
	struct pw_tablets *tablets = wl_resource_get_user_data(resource);
	struct wl_resource *ts = wl_resource_create(client, &zwp_tablet_seat_v2_interface,
		wl_resource_get_version(resource), id);
	struct pw_tablet *tablet;

	if (!ts) {
		wl_client_post_no_memory(client);
		return;
	}
	/* A seat gone (inert wl_seat) or a manager made inert: a tablet seat with nothing. */
	if (!tablets || !wl_resource_get_user_data(seat_resource)) {
		wl_resource_set_implementation(ts, &seat_impl, NULL, handle_resource_destroy);
		wl_list_init(wl_resource_get_link(ts));
		return;
	}
	wl_resource_set_implementation(ts, &seat_impl, tablets, handle_resource_destroy);
	wl_list_insert(&tablets->seats, wl_resource_get_link(ts));
	wl_list_for_each(tablet, &tablets->tablets, link) {
		announce_tablet(tablet, ts);
	}
	pw_tablet_tools_announce(tablets, ts);
}

static const struct zwp_tablet_manager_v2_interface manager_impl = {
	.get_tablet_seat = manager_get_tablet_seat,
	.destroy = pw_request_destroy,
};

static void
bind_manager(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct pw_tablets *tablets = data;
	struct wl_resource *resource =
		wl_resource_create(client, &zwp_tablet_manager_v2_interface, (int)version, id);

	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &manager_impl, tablets, handle_resource_destroy);
	wl_list_insert(&tablets->resources, wl_resource_get_link(resource));
}

struct pw_tablet *
pw_tablets_find(struct pw_tablets *tablets, const void *key)
{
	struct pw_tablet *tablet;

	wl_list_for_each(tablet, &tablets->tablets, link) {
		if (tablet->key == key) {
			return tablet;
		}
	}
	return NULL;
}

static void
tablet_destroy(struct pw_tablets *tablets, struct pw_tablet *tablet)
{
	struct wl_resource *resource;

	pw_tablet_tools_tablet_gone(tablets, tablet);
	wl_resource_for_each(resource, &tablet->resources) {
		zwp_tablet_v2_send_removed(resource);
	}
	pw_seat_resources_make_inert(&tablet->resources);
	wl_list_remove(&tablet->link);
	free(tablet);
}

void
pw_tablets_device(struct pw_tablets *tablets, const struct pw_input_tablet *device, bool added)
{
	struct pw_tablet *tablet = pw_tablets_find(tablets, device->key);
	struct wl_resource *resource;

	if (!added) {
		if (tablet) {
			tablet_destroy(tablets, tablet);
		}
		return;
	}
	if (tablet || !(tablet = calloc(1, sizeof(*tablet)))) {
		return;
	}
	tablet->key = device->key;
	snprintf(tablet->name, sizeof(tablet->name), "%s", device->name);
	snprintf(tablet->sysname, sizeof(tablet->sysname), "%s", device->sysname);
	tablet->vendor = device->vendor;
	tablet->product = device->product;
	wl_list_init(&tablet->resources);
	wl_list_insert(tablets->tablets.prev, &tablet->link);
	pw_log_info("input: %s is a pen tablet", tablet->name);
	wl_resource_for_each(resource, &tablets->seats) {
		announce_tablet(tablet, resource);
	}
}

void
pw_tablets_surface_gone(struct pw_tablets *tablets, struct pw_surface *surface)
{
	if (tablets && surface) {
		pw_tablet_tools_surface_gone(tablets, surface);
	}
}

struct pw_tablets *
pw_tablets_create(struct pw_seat *seat)
{
	struct pw_tablets *tablets = calloc(1, sizeof(*tablets));

	if (!tablets) {
		return NULL;
	}
	tablets->seat = seat;
	wl_list_init(&tablets->resources);
	wl_list_init(&tablets->seats);
	wl_list_init(&tablets->tablets);
	wl_list_init(&tablets->tools);
	tablets->global = wl_global_create(seat->display, &zwp_tablet_manager_v2_interface,
		MANAGER_VERSION, tablets, bind_manager);
	if (!tablets->global) {
		free(tablets);
		return NULL;
	}
	return tablets;
}

void
pw_tablets_destroy(struct pw_tablets *tablets)
{
	struct pw_tablet *tablet, *tmp;

	if (!tablets) {
		return;
	}
	wl_global_destroy(tablets->global);
	pw_tablet_tools_finish(tablets);
	wl_list_for_each_safe(tablet, tmp, &tablets->tablets, link) {
		pw_seat_resources_make_inert(&tablet->resources);
		wl_list_remove(&tablet->link);
		free(tablet);
	}
	pw_seat_resources_make_inert(&tablets->resources);
	pw_seat_resources_make_inert(&tablets->seats);
	free(tablets);
}

/* zwp_primary_selection_device_manager_v1: the seat's primary selection (primary_selection.h). */
#include <stdlib.h>
#include <wayland-server-protocol.h>

#include "input_serials.h"
#include "keyboard.h"
#include "primary-selection-unstable-v1-protocol.h"
#include "primary_selection.h"
#include "request.h"
#include "seat.h"
#include "seat_internal.h"
#include "selection.h"
#include "surface.h"

#define MANAGER_VERSION 1

struct pw_primary_selection_manager {
	struct pw_seat *seat;
	struct wl_global *global;
	struct wl_list resources; /* manager resources */
	struct wl_list devices; /* zwp_primary_selection_device_v1 resources */
	struct wl_listener changed;
};

struct primary_source {
	struct wl_resource *resource;
	struct pw_selection_source base;
	struct wl_array mime_types; /* char *, owned */
	size_t mime_bytes;
	bool used; /* given to set_selection */
};

struct primary_offer {
	struct wl_resource *resource;
	struct pw_selection_offer base;
};

static void
primary_offer_receive(struct wl_client *client, struct wl_resource *resource, const char *mime_type,
	int32_t fd)
{
	struct primary_offer *offer = wl_resource_get_user_data(resource);

	pw_selection_offer_receive(&offer->base, mime_type, fd);
}

static const struct zwp_primary_selection_offer_v1_interface primary_offer_impl = {
	.receive = primary_offer_receive,
	.destroy = pw_request_destroy,
};

static void
handle_offer_resource_destroy(struct wl_resource *resource)
{
	struct primary_offer *offer = wl_resource_get_user_data(resource);

	pw_selection_offer_finish(&offer->base);
	free(offer);
}

/* Sends the primary selection to one device, through a new offer (NULL when empty). */
static void
send_selection(struct wl_resource *device, struct pw_selection_source *source)
{
	struct wl_client *client = wl_resource_get_client(device);
	struct primary_offer *offer;
	char **mime_type;

	if (!source) {
		zwp_primary_selection_device_v1_send_selection(device, NULL);
		return;
	}
	offer = calloc(1, sizeof(*offer));
	if (!offer) {
		wl_client_post_no_memory(client);
		return;
	}
	offer->resource = wl_resource_create(client, &zwp_primary_selection_offer_v1_interface,
		wl_resource_get_version(device), 0);
	if (!offer->resource) {
		free(offer);
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(offer->resource, &primary_offer_impl, offer,
		handle_offer_resource_destroy);
	pw_selection_offer_init(&offer->base, source);
	zwp_primary_selection_device_v1_send_data_offer(device, offer->resource);
	wl_array_for_each(mime_type, source->mime_types) {
		zwp_primary_selection_offer_v1_send_offer(offer->resource, *mime_type);
	}
	zwp_primary_selection_device_v1_send_selection(device, offer->resource);
}

static struct wl_client *
focused_client(struct pw_primary_selection_manager *manager)
{
	struct pw_surface *focus = pw_seat_keyboard_focused(manager->seat);

	return focus ? wl_resource_get_client(focus->resource) : NULL;
}

void
pw_primary_selection_manager_focus(struct pw_primary_selection_manager *manager,
	struct wl_client *client)
{
	struct wl_resource *device;

	if (!manager || !client) {
		return;
	}
	wl_resource_for_each(device, &manager->devices) {
		if (wl_resource_get_client(device) == client) {
			send_selection(device, manager->seat->primary.source);
		}
	}
}

static void
handle_primary_changed(struct wl_listener *listener, void *data)
{
	struct pw_primary_selection_manager *manager = wl_container_of(listener, manager, changed);

	pw_primary_selection_manager_focus(manager, focused_client(manager));
}

static void
source_send(struct pw_selection_source *base, const char *mime_type, int32_t fd)
{
	struct primary_source *source = wl_container_of(base, source, base);

	zwp_primary_selection_source_v1_send_send(source->resource, mime_type, fd);
}

static void
source_cancel(struct pw_selection_source *base)
{
	struct primary_source *source = wl_container_of(base, source, base);

	zwp_primary_selection_source_v1_send_cancelled(source->resource);
}

static const struct pw_selection_source_impl source_kind = {
	.send = source_send,
	.cancel = source_cancel,
};

static void
primary_source_offer(struct wl_client *client, struct wl_resource *resource, const char *mime_type)
{
	struct primary_source *source = wl_resource_get_user_data(resource);

	if (!pw_selection_mime_add(&source->mime_types, &source->mime_bytes, mime_type)) {
		wl_resource_post_no_memory(resource);
	}
}

static const struct zwp_primary_selection_source_v1_interface primary_source_impl = {
	.offer = primary_source_offer,
	.destroy = pw_request_destroy,
};

static void
handle_source_resource_destroy(struct wl_resource *resource)
{
	struct primary_source *source = wl_resource_get_user_data(resource);

	pw_selection_source_finish(&source->base);
	pw_selection_mime_release(&source->mime_types);
	free(source);
}

static void
primary_device_set_selection(struct wl_client *client, struct wl_resource *resource,
	struct wl_resource *source_resource, uint32_t serial)
{
	struct pw_primary_selection_manager *manager = wl_resource_get_user_data(resource);
	struct primary_source *source =
		source_resource ? wl_resource_get_user_data(source_resource) : NULL;

	if (source && source->used) {
		return; /* the protocol names no error; the first use stands */
	}
	if (source) {
		source->used = true;
	}
	/* Only the focused client may set it, and a request older than the last one loses. */
	if (!manager || focused_client(manager) != client ||
		!pw_seat_selection_serial_valid(manager->seat, client, serial) ||
		!pw_selection_claim(&manager->seat->primary, serial)) {
		if (source) {
			zwp_primary_selection_source_v1_send_cancelled(source->resource);
		}
		return;
	}
	pw_selection_set(&manager->seat->primary, source ? &source->base : NULL);
}

static const struct zwp_primary_selection_device_v1_interface primary_device_impl = {
	.set_selection = primary_device_set_selection,
	.destroy = pw_request_destroy,
};

static void
handle_resource_unlink(struct wl_resource *resource)
{
	wl_list_remove(wl_resource_get_link(resource));
}

static void
primary_manager_create_source(struct wl_client *client, struct wl_resource *resource, uint32_t id)
{
	struct primary_source *source = calloc(1, sizeof(*source));

	if (!source) {
		wl_client_post_no_memory(client);
		return;
	}
	source->resource = wl_resource_create(client, &zwp_primary_selection_source_v1_interface,
		wl_resource_get_version(resource), id);
	if (!source->resource) {
		free(source);
		wl_client_post_no_memory(client);
		return;
	}
	wl_array_init(&source->mime_types);
	pw_selection_source_init(&source->base, &source_kind, &source->mime_types);
	wl_resource_set_implementation(source->resource, &primary_source_impl, source,
		handle_source_resource_destroy);
}

static void
primary_manager_get_device(struct wl_client *client, struct wl_resource *resource, uint32_t id,
	struct wl_resource *seat_resource)
{
	struct pw_primary_selection_manager *manager = wl_resource_get_user_data(resource);
	struct wl_resource *device = wl_resource_create(client,
		&zwp_primary_selection_device_v1_interface, wl_resource_get_version(resource), id);

	if (!device) {
		wl_client_post_no_memory(client);
		return;
	}
	if (!manager || pw_seat_from_resource(seat_resource) != manager->seat) {
		wl_resource_set_implementation(device, &primary_device_impl, NULL,
			handle_resource_unlink);
		wl_list_init(wl_resource_get_link(device));
		return;
	}
	wl_resource_set_implementation(device, &primary_device_impl, manager,
		handle_resource_unlink);
	wl_list_insert(&manager->devices, wl_resource_get_link(device));
	if (focused_client(manager) == client) {
		send_selection(device, manager->seat->primary.source);
	}
}

static const struct zwp_primary_selection_device_manager_v1_interface primary_manager_impl = {
	.create_source = primary_manager_create_source,
	.get_device = primary_manager_get_device,
	.destroy = pw_request_destroy,
};

static void
bind_manager(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct pw_primary_selection_manager *manager = data;
	struct wl_resource *resource = wl_resource_create(client,
		&zwp_primary_selection_device_manager_v1_interface, (int)version, id);

	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &primary_manager_impl, manager,
		handle_resource_unlink);
	wl_list_insert(&manager->resources, wl_resource_get_link(resource));
}

struct pw_primary_selection_manager *
pw_primary_selection_manager_create(struct pw_seat *seat)
{
	struct pw_primary_selection_manager *manager = calloc(1, sizeof(*manager));

	if (!manager) {
		return NULL;
	}
	manager->seat = seat;
	wl_list_init(&manager->resources);
	wl_list_init(&manager->devices);
	manager->global =
		wl_global_create(seat->display, &zwp_primary_selection_device_manager_v1_interface,
			MANAGER_VERSION, manager, bind_manager);
	if (!manager->global) {
		free(manager);
		return NULL;
	}
	manager->changed.notify = handle_primary_changed;
	wl_signal_add(&seat->primary.changed, &manager->changed);
	return manager;
}

void
pw_primary_selection_manager_destroy(struct pw_primary_selection_manager *manager)
{
	if (!manager) {
		return;
	}
	wl_global_destroy(manager->global);
	wl_list_remove(&manager->changed.link);
	pw_seat_resources_make_inert(&manager->devices);
	pw_seat_resources_make_inert(&manager->resources);
	free(manager);
}

/*
 * zwlr_data_control_manager_v1: a clipboard manager's access to both selections of the seat,
 * without a window (data_control.h).
 */
#include <stdlib.h>
#include <wayland-server-protocol.h>

#include "budget.h"
#include "data_control.h"
#include "request.h"
#include "seat.h"
#include "seat_internal.h"
#include "selection.h"
#include "server.h"
#include "wlr-data-control-unstable-v1-protocol.h"

#define MANAGER_VERSION 2

struct pw_data_control_manager {
	struct pw_seat *seat;
	struct wl_global *global;
	struct wl_list resources; /* manager resources */
	struct wl_list devices; /* zwlr_data_control_device_v1 resources */
	struct wl_listener clipboard_changed;
	struct wl_listener primary_changed;
};

struct control_source {
	struct wl_resource *resource;
	struct pw_selection_source base;
	struct wl_array mime_types; /* char *, owned */
	size_t mime_bytes;
	bool used; /* given to set_selection or set_primary_selection */
};

struct control_offer {
	struct wl_resource *resource;
	struct pw_selection_offer base;
};

static void
control_offer_receive(struct wl_client *client, struct wl_resource *resource, const char *mime_type,
	int32_t fd)
{
	struct control_offer *offer = wl_resource_get_user_data(resource);

	pw_selection_offer_receive(&offer->base, mime_type, fd);
}

static const struct zwlr_data_control_offer_v1_interface control_offer_impl = {
	.receive = control_offer_receive,
	.destroy = pw_request_destroy,
};

static void
handle_offer_resource_destroy(struct wl_resource *resource)
{
	struct control_offer *offer = wl_resource_get_user_data(resource);

	pw_selection_offer_finish(&offer->base);
	free(offer);
}

/* Sends a selection (the primary one if `primary`) to a device through a new offer. */
static void
send_selection(struct wl_resource *device, struct pw_selection_source *source, bool primary)
{
	struct wl_client *client = wl_resource_get_client(device);
	struct wl_resource *resource = NULL;
	struct control_offer *offer;
	char **mime_type;

	if (primary &&
		wl_resource_get_version(device) <
			ZWLR_DATA_CONTROL_DEVICE_V1_PRIMARY_SELECTION_SINCE_VERSION) {
		return;
	}
	if (source) {
		offer = calloc(1, sizeof(*offer));
		if (!offer) {
			wl_client_post_no_memory(client);
			return;
		}
		offer->resource = wl_resource_create(client, &zwlr_data_control_offer_v1_interface,
			wl_resource_get_version(device), 0);
		if (!offer->resource) {
			free(offer);
			wl_client_post_no_memory(client);
			return;
		}
		wl_resource_set_implementation(offer->resource, &control_offer_impl, offer,
			handle_offer_resource_destroy);
		pw_selection_offer_init(&offer->base, source);
		zwlr_data_control_device_v1_send_data_offer(device, offer->resource);
		wl_array_for_each(mime_type, source->mime_types) {
			zwlr_data_control_offer_v1_send_offer(offer->resource, *mime_type);
		}
		resource = offer->resource;
	}
	if (primary) {
		zwlr_data_control_device_v1_send_primary_selection(device, resource);
	} else {
		zwlr_data_control_device_v1_send_selection(device, resource);
	}
}

static void
offer_all(struct pw_data_control_manager *manager, struct pw_selection *selection, bool primary)
{
	struct wl_resource *device;

	wl_resource_for_each(device, &manager->devices) {
		send_selection(device, selection->source, primary);
	}
}

static void
handle_clipboard_changed(struct wl_listener *listener, void *data)
{
	struct pw_data_control_manager *manager =
		wl_container_of(listener, manager, clipboard_changed);

	offer_all(manager, data, false);
}

static void
handle_primary_changed(struct wl_listener *listener, void *data)
{
	struct pw_data_control_manager *manager =
		wl_container_of(listener, manager, primary_changed);

	offer_all(manager, data, true);
}

static void
source_send(struct pw_selection_source *base, const char *mime_type, int32_t fd)
{
	struct control_source *source = wl_container_of(base, source, base);

	zwlr_data_control_source_v1_send_send(source->resource, mime_type, fd);
}

static void
source_cancel(struct pw_selection_source *base)
{
	struct control_source *source = wl_container_of(base, source, base);

	zwlr_data_control_source_v1_send_cancelled(source->resource);
}

static const struct pw_selection_source_impl source_kind = {
	.send = source_send,
	.cancel = source_cancel,
};

static void
control_source_offer(struct wl_client *client, struct wl_resource *resource, const char *mime_type)
{
	struct control_source *source = wl_resource_get_user_data(resource);

	if (source->used) {
		wl_resource_post_error(resource, ZWLR_DATA_CONTROL_SOURCE_V1_ERROR_INVALID_OFFER,
			"offer after the source was set as a selection");
		return;
	}
	if (!pw_selection_mime_add(&source->mime_types, &source->mime_bytes, mime_type)) {
		wl_resource_post_no_memory(resource);
	}
	/* a string is at least a 64-byte block */
	pw_budget_resize(resource, PW_BUDGET_SLOT_A,
		source->mime_bytes + source->mime_types.alloc +
			64 * (source->mime_types.size / sizeof(char *)));
}

static const struct zwlr_data_control_source_v1_interface control_source_impl = {
	.offer = control_source_offer,
	.destroy = pw_request_destroy,
};

static void
handle_source_resource_destroy(struct wl_resource *resource)
{
	struct control_source *source = wl_resource_get_user_data(resource);

	pw_selection_source_finish(&source->base);
	pw_selection_mime_release(&source->mime_types);
	free(source);
}

static void
set_selection(struct wl_resource *device, struct wl_resource *source_resource, bool primary)
{
	struct pw_data_control_manager *manager = wl_resource_get_user_data(device);
	struct control_source *source =
		source_resource ? wl_resource_get_user_data(source_resource) : NULL;

	if (source && source->used) {
		/* the error enum came with version 2 */
		if (wl_resource_get_version(device) >= 2) {
			wl_resource_post_error(device,
				ZWLR_DATA_CONTROL_DEVICE_V1_ERROR_USED_SOURCE,
				"the source was already used");
		}
		return;
	}
	if (source) {
		source->used = true;
	}
	if (!manager) {
		if (source) {
			zwlr_data_control_source_v1_send_cancelled(source->resource);
		}
		return;
	}
	pw_selection_set(primary ? &manager->seat->primary : &manager->seat->clipboard,
		source ? &source->base : NULL);
}

static void
control_device_set_selection(struct wl_client *client, struct wl_resource *resource,
	struct wl_resource *source_resource)
{
	set_selection(resource, source_resource, false);
}

static void
control_device_set_primary_selection(struct wl_client *client, struct wl_resource *resource,
	struct wl_resource *source_resource)
{
	set_selection(resource, source_resource, true);
}

static const struct zwlr_data_control_device_v1_interface control_device_impl = {
	.set_selection = control_device_set_selection,
	.destroy = pw_request_destroy,
	.set_primary_selection = control_device_set_primary_selection,
};

static void
handle_resource_unlink(struct wl_resource *resource)
{
	wl_list_remove(wl_resource_get_link(resource));
}

static void
control_manager_create_data_source(struct wl_client *client, struct wl_resource *resource,
	uint32_t id)
{
	struct control_source *source = calloc(1, sizeof(*source));

	if (!source) {
		wl_client_post_no_memory(client);
		return;
	}
	source->resource = wl_resource_create(client, &zwlr_data_control_source_v1_interface,
		wl_resource_get_version(resource), id);
	if (!source->resource) {
		free(source);
		wl_client_post_no_memory(client);
		return;
	}
	wl_array_init(&source->mime_types);
	pw_selection_source_init(&source->base, &source_kind, &source->mime_types);
	wl_resource_set_implementation(source->resource, &control_source_impl, source,
		handle_source_resource_destroy);
}

static void
control_manager_get_data_device(struct wl_client *client, struct wl_resource *resource, uint32_t id,
	struct wl_resource *seat_resource)
{
	struct pw_data_control_manager *manager = wl_resource_get_user_data(resource);
	struct wl_resource *device = wl_resource_create(client,
		&zwlr_data_control_device_v1_interface, wl_resource_get_version(resource), id);

	if (!device) {
		wl_client_post_no_memory(client);
		return;
	}
	if (!manager || pw_seat_from_resource(seat_resource) != manager->seat) {
		wl_resource_set_implementation(device, &control_device_impl, NULL,
			handle_resource_unlink);
		wl_list_init(wl_resource_get_link(device));
		zwlr_data_control_device_v1_send_finished(device);
		return;
	}
	wl_resource_set_implementation(device, &control_device_impl, manager,
		handle_resource_unlink);
	wl_list_insert(&manager->devices, wl_resource_get_link(device));
	send_selection(device, manager->seat->clipboard.source, false);
	send_selection(device, manager->seat->primary.source, true);
}

static const struct zwlr_data_control_manager_v1_interface control_manager_impl = {
	.create_data_source = control_manager_create_data_source,
	.get_data_device = control_manager_get_data_device,
	.destroy = pw_request_destroy,
};

static void
bind_manager(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct pw_data_control_manager *manager = data;
	struct wl_resource *resource = wl_resource_create(client,
		&zwlr_data_control_manager_v1_interface, (int)version, id);

	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &control_manager_impl, manager,
		handle_resource_unlink);
	wl_list_insert(&manager->resources, wl_resource_get_link(resource));
}

struct pw_data_control_manager *
pw_data_control_manager_create(struct pw_seat *seat)
{
	struct pw_data_control_manager *manager = calloc(1, sizeof(*manager));

	if (!manager) {
		return NULL;
	}
	manager->seat = seat;
	wl_list_init(&manager->resources);
	wl_list_init(&manager->devices);
	manager->global = wl_global_create(seat->display, &zwlr_data_control_manager_v1_interface,
		MANAGER_VERSION, manager, bind_manager);
	if (!manager->global) {
		free(manager);
		return NULL;
	}
	/* it reads and sets every client's clipboard */
	if (!pw_server_add_private_global(seat->server, manager->global)) {
		wl_global_destroy(manager->global);
		free(manager);
		return NULL;
	}
	manager->clipboard_changed.notify = handle_clipboard_changed;
	wl_signal_add(&seat->clipboard.changed, &manager->clipboard_changed);
	manager->primary_changed.notify = handle_primary_changed;
	wl_signal_add(&seat->primary.changed, &manager->primary_changed);
	return manager;
}

void
pw_data_control_manager_destroy(struct pw_data_control_manager *manager)
{
	struct wl_resource *device;

	if (!manager) {
		return;
	}
	wl_global_destroy(manager->global);
	wl_list_remove(&manager->clipboard_changed.link);
	wl_list_remove(&manager->primary_changed.link);
	wl_resource_for_each(device, &manager->devices) {
		zwlr_data_control_device_v1_send_finished(device);
	}
	pw_seat_resources_make_inert(&manager->devices);
	pw_seat_resources_make_inert(&manager->resources);
	free(manager);
}

/*
 * zwlr_data_control_manager_v1 and ext_data_control_manager_v1: a clipboard manager's access to
 * both selections of the seat, without a window (data_control.h).
 */
#include <stddef.h>
#include <stdlib.h>
#include <wayland-server-protocol.h>

#include "budget.h"
#include "data_control.h"
#include "ext-data-control-v1-protocol.h"
#include "request.h"
#include "seat.h"
#include "seat_internal.h"
#include "selection.h"
#include "server.h"
#include "wlr-data-control-unstable-v1-protocol.h"

#define MANAGER_VERSION 2
#define EXT_MANAGER_VERSION 1

/*
 * ext-data-control v1 is wlr data control v2 renamed (decision 4.88): the same requests and
 * events in the same order, so one set of request tables serves both; only the interfaces and
 * the event senders differ.
 */
struct control_kind {
	const struct wl_interface *device, *source, *offer;
	int primary_since; /* the device version with the primary selection and used_source */
	void (*send_data_offer)(struct wl_resource *device, struct wl_resource *offer);
	void (*send_selection)(struct wl_resource *device, struct wl_resource *offer);
	void (*send_primary_selection)(struct wl_resource *device, struct wl_resource *offer);
	void (*send_finished)(struct wl_resource *device);
	void (*send_offer)(struct wl_resource *offer, const char *mime_type);
	void (*send_send)(struct wl_resource *source, const char *mime_type, int32_t fd);
	void (*send_cancelled)(struct wl_resource *source);
};

static const struct control_kind wlr_kind = {
	.device = &zwlr_data_control_device_v1_interface,
	.source = &zwlr_data_control_source_v1_interface,
	.offer = &zwlr_data_control_offer_v1_interface,
	.primary_since = ZWLR_DATA_CONTROL_DEVICE_V1_PRIMARY_SELECTION_SINCE_VERSION,
	.send_data_offer = zwlr_data_control_device_v1_send_data_offer,
	.send_selection = zwlr_data_control_device_v1_send_selection,
	.send_primary_selection = zwlr_data_control_device_v1_send_primary_selection,
	.send_finished = zwlr_data_control_device_v1_send_finished,
	.send_offer = zwlr_data_control_offer_v1_send_offer,
	.send_send = zwlr_data_control_source_v1_send_send,
	.send_cancelled = zwlr_data_control_source_v1_send_cancelled,
};

static const struct control_kind ext_kind = {
	.device = &ext_data_control_device_v1_interface,
	.source = &ext_data_control_source_v1_interface,
	.offer = &ext_data_control_offer_v1_interface,
	.primary_since = 1,
	.send_data_offer = ext_data_control_device_v1_send_data_offer,
	.send_selection = ext_data_control_device_v1_send_selection,
	.send_primary_selection = ext_data_control_device_v1_send_primary_selection,
	.send_finished = ext_data_control_device_v1_send_finished,
	.send_offer = ext_data_control_offer_v1_send_offer,
	.send_send = ext_data_control_source_v1_send_send,
	.send_cancelled = ext_data_control_source_v1_send_cancelled,
};

/* libwayland calls a request through its opcode's slot: the tables must line up. */
#define SAME_SLOT(object, request)                                                            \
	_Static_assert(offsetof(struct zwlr_data_control_##object##_v1_interface, request) == \
			offsetof(struct ext_data_control_##object##_v1_interface, request),   \
		#object "." #request)
SAME_SLOT(manager, create_data_source);
SAME_SLOT(manager, get_data_device);
SAME_SLOT(manager, destroy);
SAME_SLOT(device, set_selection);
SAME_SLOT(device, destroy);
SAME_SLOT(device, set_primary_selection);
SAME_SLOT(source, offer);
SAME_SLOT(source, destroy);
SAME_SLOT(offer, receive);
SAME_SLOT(offer, destroy);
_Static_assert((int)ZWLR_DATA_CONTROL_DEVICE_V1_ERROR_USED_SOURCE ==
		(int)EXT_DATA_CONTROL_DEVICE_V1_ERROR_USED_SOURCE,
	"used_source");
_Static_assert((int)ZWLR_DATA_CONTROL_SOURCE_V1_ERROR_INVALID_OFFER ==
		(int)EXT_DATA_CONTROL_SOURCE_V1_ERROR_INVALID_OFFER,
	"invalid_offer");

struct pw_data_control_manager {
	struct pw_seat *seat;
	struct wl_global *global, *ext_global;
	struct wl_list resources; /* manager resources */
	struct wl_list devices; /* device resources of both protocols */
	struct wl_listener clipboard_changed;
	struct wl_listener primary_changed;
};

struct control_source {
	struct wl_resource *resource;
	const struct control_kind *kind;
	struct pw_selection_source base;
	struct wl_array mime_types; /* char *, owned */
	size_t mime_bytes;
	bool used; /* given to set_selection or set_primary_selection */
};

struct control_offer {
	struct wl_resource *resource;
	struct pw_selection_offer base;
};

static const struct zwlr_data_control_device_v1_interface control_device_impl;

static const struct control_kind *
device_kind(struct wl_resource *device)
{
	return wl_resource_instance_of(device, &ext_data_control_device_v1_interface,
		       &control_device_impl)
		? &ext_kind
		: &wlr_kind;
}

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
	const struct control_kind *kind = device_kind(device);
	struct wl_resource *resource = NULL;
	struct control_offer *offer;
	char **mime_type;

	if (primary && wl_resource_get_version(device) < kind->primary_since) {
		return;
	}
	if (source) {
		offer = calloc(1, sizeof(*offer));
		if (!offer) {
			wl_client_post_no_memory(client);
			return;
		}
		offer->resource =
			wl_resource_create(client, kind->offer, wl_resource_get_version(device), 0);
		if (!offer->resource) {
			free(offer);
			wl_client_post_no_memory(client);
			return;
		}
		wl_resource_set_implementation(offer->resource, &control_offer_impl, offer,
			handle_offer_resource_destroy);
		pw_selection_offer_init(&offer->base, source);
		kind->send_data_offer(device, offer->resource);
		wl_array_for_each(mime_type, source->mime_types) {
			kind->send_offer(offer->resource, *mime_type);
		}
		resource = offer->resource;
	}
	if (primary) {
		kind->send_primary_selection(device, resource);
	} else {
		kind->send_selection(device, resource);
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

	source->kind->send_send(source->resource, mime_type, fd);
}

static void
source_cancel(struct pw_selection_source *base)
{
	struct control_source *source = wl_container_of(base, source, base);

	source->kind->send_cancelled(source->resource);
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
		/* wlr's error enum came with its version 2 */
		if (wl_resource_get_version(device) >= device_kind(device)->primary_since) {
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
			source->kind->send_cancelled(source->resource);
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

static const struct zwlr_data_control_manager_v1_interface control_manager_impl;

static const struct control_kind *
manager_kind(struct wl_resource *manager)
{
	return wl_resource_instance_of(manager, &ext_data_control_manager_v1_interface,
		       &control_manager_impl)
		? &ext_kind
		: &wlr_kind;
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
	source->kind = manager_kind(resource);
	source->resource = wl_resource_create(client, source->kind->source,
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
	const struct control_kind *kind = manager_kind(resource);
	struct wl_resource *device =
		wl_resource_create(client, kind->device, wl_resource_get_version(resource), id);

	if (!device) {
		wl_client_post_no_memory(client);
		return;
	}
	if (!manager || pw_seat_from_resource(seat_resource) != manager->seat) {
		wl_resource_set_implementation(device, &control_device_impl, NULL,
			handle_resource_unlink);
		wl_list_init(wl_resource_get_link(device));
		kind->send_finished(device);
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
add_manager(struct wl_client *client, struct pw_data_control_manager *manager,
	const struct wl_interface *interface, uint32_t version, uint32_t id)
{
	struct wl_resource *resource = wl_resource_create(client, interface, (int)version, id);

	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	/* ext's requests line up with wlr's: the one table serves both (4.88) */
	wl_resource_set_implementation(resource, &control_manager_impl, manager,
		handle_resource_unlink);
	wl_list_insert(&manager->resources, wl_resource_get_link(resource));
}

static void
bind_manager(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	add_manager(client, data, &zwlr_data_control_manager_v1_interface, version, id);
}

static void
bind_ext_manager(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	add_manager(client, data, &ext_data_control_manager_v1_interface, version, id);
}

/* A private global of `interface` (it reads and sets every client's clipboard). */
static struct wl_global *
create_global(struct pw_data_control_manager *manager, const struct wl_interface *interface,
	int version, wl_global_bind_func_t bind)
{
	struct wl_global *global =
		wl_global_create(manager->seat->display, interface, version, manager, bind);

	if (global && !pw_server_add_private_global(manager->seat->server, global)) {
		wl_global_destroy(global);
		return NULL;
	}
	return global;
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
	manager->global = create_global(manager, &zwlr_data_control_manager_v1_interface,
		MANAGER_VERSION, bind_manager);
	manager->ext_global = create_global(manager, &ext_data_control_manager_v1_interface,
		EXT_MANAGER_VERSION, bind_ext_manager);
	if (!manager->global || !manager->ext_global) {
		if (manager->global) {
			wl_global_destroy(manager->global);
		}
		if (manager->ext_global) {
			wl_global_destroy(manager->ext_global);
		}
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
	wl_global_destroy(manager->ext_global);
	wl_list_remove(&manager->clipboard_changed.link);
	wl_list_remove(&manager->primary_changed.link);
	wl_resource_for_each(device, &manager->devices) {
		device_kind(device)->send_finished(device);
	}
	pw_seat_resources_make_inert(&manager->devices);
	pw_seat_resources_make_inert(&manager->resources);
	free(manager);
}

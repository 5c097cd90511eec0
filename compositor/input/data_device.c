/* wl_data_device_manager: data sources, the selection and its offers; drags are data_drag.c's. */
#include <stdlib.h>
#include <string.h>
#include <wayland-server-protocol.h>

#include "budget.h"
#include "data_device.h"
#include "data_drag.h"
#include "input_serials.h"
#include "keyboard.h"
#include "request.h"
#include "seat.h"
#include "seat_internal.h"
#include "selection.h"
#include "surface.h"

#define MANAGER_VERSION 3
#define DND_ACTIONS                                                                        \
	(WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY | WL_DATA_DEVICE_MANAGER_DND_ACTION_MOVE | \
		WL_DATA_DEVICE_MANAGER_DND_ACTION_ASK)

struct pw_data_device_manager {
	struct pw_seat *seat;
	struct wl_global *global;
	struct wl_list resources; /* wl_data_device_manager resources */
	struct wl_list devices; /* wl_data_device resources */
	struct wl_listener clipboard_changed; /* seat->clipboard (selection.h) */
};

struct pw_data_source {
	struct wl_resource *resource;
	struct wl_array mime_types; /* char *, owned */
	size_t mime_bytes; /* their lengths */
	bool actions_set; /* set_actions was called: drag and drop only */
	uint32_t dnd_actions; /* what set_actions gave */
	bool used; /* given to set_selection or start_drag */
	struct pw_selection_source base; /* as a selection's source (selection.h) */
};

/* A selection offer (a drag's are data_drag_offer.c's); lives as long as its resource. */
struct pw_data_offer {
	struct wl_resource *resource;
	struct pw_selection_offer selection; /* a selection offer's link to any kind of source */
};

static void
data_offer_accept(struct wl_client *client, struct wl_resource *resource, uint32_t serial,
	const char *mime_type)
{
	/* Feedback for a drag target; a selection offer has no one to tell. */
}

static void
data_offer_receive(struct wl_client *client, struct wl_resource *resource, const char *mime_type,
	int32_t fd)
{
	struct pw_data_offer *offer = wl_resource_get_user_data(resource);

	pw_selection_offer_receive(&offer->selection, mime_type, fd);
}

static void
data_offer_finish(struct wl_client *client, struct wl_resource *resource)
{
	wl_resource_post_error(resource, WL_DATA_OFFER_ERROR_INVALID_FINISH,
		"finish on a selection offer");
}

static void
data_offer_set_actions(struct wl_client *client, struct wl_resource *resource, uint32_t dnd_actions,
	uint32_t preferred_action)
{
	if (dnd_actions & ~(uint32_t)DND_ACTIONS) {
		wl_resource_post_error(resource, WL_DATA_OFFER_ERROR_INVALID_ACTION_MASK,
			"invalid dnd action mask 0x%x", dnd_actions);
		return;
	}
	if ((preferred_action & ~(uint32_t)DND_ACTIONS) ||
		(preferred_action & (preferred_action - 1))) {
		wl_resource_post_error(resource, WL_DATA_OFFER_ERROR_INVALID_ACTION,
			"invalid preferred dnd action 0x%x", preferred_action);
		return;
	}
	wl_resource_post_error(resource, WL_DATA_OFFER_ERROR_INVALID_OFFER,
		"set_actions on a selection offer");
}

static const struct wl_data_offer_interface data_offer_impl = {
	.accept = data_offer_accept,
	.receive = data_offer_receive,
	.destroy = pw_request_destroy,
	.finish = data_offer_finish,
	.set_actions = data_offer_set_actions,
};

static void
handle_offer_resource_destroy(struct wl_resource *resource)
{
	struct pw_data_offer *offer = wl_resource_get_user_data(resource);

	pw_selection_offer_finish(&offer->selection);
	free(offer);
}

/* Sends `source` (NULL: none) to a wl_data_device as the selection, through a new offer. */
static void
send_selection(struct wl_resource *device, struct pw_selection_source *source)
{
	struct wl_client *client = wl_resource_get_client(device);
	struct pw_data_offer *offer;
	char **mime_type;

	if (!source) {
		wl_data_device_send_selection(device, NULL);
		return;
	}
	offer = calloc(1, sizeof(*offer));
	if (!offer) {
		wl_client_post_no_memory(client);
		return;
	}
	offer->resource = wl_resource_create(client, &wl_data_offer_interface,
		wl_resource_get_version(device), 0);
	if (!offer->resource) {
		free(offer);
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(offer->resource, &data_offer_impl, offer,
		handle_offer_resource_destroy);
	pw_selection_offer_init(&offer->selection, source);

	wl_data_device_send_data_offer(device, offer->resource);
	wl_array_for_each(mime_type, source->mime_types) {
		wl_data_offer_send_offer(offer->resource, *mime_type);
	}
	wl_data_device_send_selection(device, offer->resource);
}

static void
offer_selection(struct pw_data_device_manager *manager, struct wl_client *client)
{
	struct wl_resource *device;

	if (!client) {
		return;
	}
	wl_resource_for_each(device, &manager->devices) {
		if (wl_resource_get_client(device) == client) {
			send_selection(device, manager->seat->clipboard.source);
		}
	}
}

static struct wl_client *
focused_client(struct pw_data_device_manager *manager)
{
	struct pw_surface *focus = pw_seat_keyboard_focused(manager->seat);

	return focus ? wl_resource_get_client(focus->resource) : NULL;
}

void
pw_data_device_manager_focus(struct pw_data_device_manager *manager, struct wl_client *client)
{
	offer_selection(manager, client);
}

/* Whoever set it (wl_data_device or data control), the focused client is offered it. */
static void
handle_clipboard_changed(struct wl_listener *listener, void *data)
{
	struct pw_data_device_manager *manager =
		wl_container_of(listener, manager, clipboard_changed);

	offer_selection(manager, focused_client(manager));
}

static void
set_selection(struct pw_data_device_manager *manager, struct pw_data_source *source)
{
	if (source) {
		source->used = true;
	}
	pw_selection_set(&manager->seat->clipboard, source ? &source->base : NULL);
}

static void
source_send(struct pw_selection_source *base, const char *mime_type, int32_t fd)
{
	struct pw_data_source *source = wl_container_of(base, source, base);

	wl_data_source_send_send(source->resource, mime_type, fd);
}

static void
source_cancel(struct pw_selection_source *base)
{
	struct pw_data_source *source = wl_container_of(base, source, base);

	wl_data_source_send_cancelled(source->resource);
}

static const struct pw_selection_source_impl source_kind = {
	.send = source_send,
	.cancel = source_cancel,
};

static void
data_source_offer(struct wl_client *client, struct wl_resource *resource, const char *mime_type)
{
	struct pw_data_source *source = wl_resource_get_user_data(resource);

	if (!pw_selection_mime_add(&source->mime_types, &source->mime_bytes, mime_type)) {
		wl_resource_post_no_memory(resource);
	}
	/* a string is at least a 64-byte block */
	pw_budget_resize(resource, PW_BUDGET_SLOT_A,
		source->mime_bytes + source->mime_types.alloc +
			64 * (source->mime_types.size / sizeof(char *)));
}

static void
data_source_set_actions(struct wl_client *client, struct wl_resource *resource,
	uint32_t dnd_actions)
{
	struct pw_data_source *source = wl_resource_get_user_data(resource);

	if (source->actions_set) {
		wl_resource_post_error(resource, WL_DATA_SOURCE_ERROR_INVALID_SOURCE,
			"set_actions called twice");
		return;
	}
	if (dnd_actions & ~(uint32_t)DND_ACTIONS) {
		wl_resource_post_error(resource, WL_DATA_SOURCE_ERROR_INVALID_ACTION_MASK,
			"invalid dnd action mask 0x%x", dnd_actions);
		return;
	}
	if (source->used) {
		wl_resource_post_error(resource, WL_DATA_SOURCE_ERROR_INVALID_SOURCE,
			"set_actions after the source was used");
		return;
	}
	source->actions_set = true;
	source->dnd_actions = dnd_actions;
}

static const struct wl_data_source_interface data_source_impl = {
	.offer = data_source_offer,
	.destroy = pw_request_destroy,
	.set_actions = data_source_set_actions,
};

static void
handle_source_resource_destroy(struct wl_resource *resource)
{
	struct pw_data_source *source = wl_resource_get_user_data(resource);

	pw_selection_source_finish(&source->base); /* a selection no more: announced */
	pw_selection_mime_release(&source->mime_types);
	free(source);
}

/* The source will never be used: its client should destroy it. */
static void
reject_source(struct pw_data_source *source)
{
	if (source && !source->used) {
		source->used = true;
		wl_data_source_send_cancelled(source->resource);
	}
}

static void
data_device_start_drag(struct wl_client *client, struct wl_resource *resource,
	struct wl_resource *source_resource, struct wl_resource *origin_resource,
	struct wl_resource *icon_resource, uint32_t serial)
{
	struct pw_data_device_manager *manager = wl_resource_get_user_data(resource);
	struct pw_data_source *source =
		source_resource ? wl_resource_get_user_data(source_resource) : NULL;
	struct pw_data_drag_source drag = {source_resource, NULL, 0};

	if (source) {
		/* A used source is refused as it is: it was cancelled already, or is in use. */
		if (source->used) {
			return;
		}
		source->used = true;
		drag.mime_types = &source->mime_types;
		/* An older source, or one that never said, offers copy. */
		drag.actions = source->actions_set ? source->dnd_actions
						   : WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY;
	}
	if (!manager) {
		if (source && wl_resource_get_version(source_resource) >= 3) {
			wl_data_source_send_cancelled(source_resource);
		}
		return;
	}
	pw_data_drag_start(manager->seat, &manager->devices, resource, source ? &drag : NULL,
		origin_resource, icon_resource, serial);
}

static void
data_device_set_selection(struct wl_client *client, struct wl_resource *resource,
	struct wl_resource *source_resource, uint32_t serial)
{
	struct pw_data_device_manager *manager = wl_resource_get_user_data(resource);
	struct pw_data_source *source =
		source_resource ? wl_resource_get_user_data(source_resource) : NULL;

	if (source && source->actions_set) {
		wl_resource_post_error(source_resource, WL_DATA_SOURCE_ERROR_INVALID_SOURCE,
			"a source with dnd actions used for the selection");
		return;
	}
	if (!manager || (source && source->used)) {
		reject_source(source);
		return;
	}
	/*
	 * The serial must be one picowl sent that client with an input event, or the client must
	 * hold the focus (a client whose window just lost it may still cite its click: WLCS
	 * CopyCutPaste does); then a request older than the last one loses the race.
	 */
	if (!pw_seat_selection_serial_valid(manager->seat, client, serial) ||
		!pw_selection_claim(&manager->seat->clipboard, serial)) {
		reject_source(source);
		return;
	}
	set_selection(manager, source);
}

static const struct wl_data_device_interface data_device_impl = {
	.start_drag = data_device_start_drag,
	.set_selection = data_device_set_selection,
	.release = pw_request_destroy,
};

static void
handle_resource_unlink(struct wl_resource *resource)
{
	wl_list_remove(wl_resource_get_link(resource));
}

static void
data_device_manager_create_data_source(struct wl_client *client, struct wl_resource *resource,
	uint32_t id)
{
	struct pw_data_source *source = calloc(1, sizeof(*source));

	if (!source) {
		wl_client_post_no_memory(client);
		return;
	}
	source->resource = wl_resource_create(client, &wl_data_source_interface,
		wl_resource_get_version(resource), id);
	if (!source->resource) {
		free(source);
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(source->resource, &data_source_impl, source,
		handle_source_resource_destroy);
	wl_array_init(&source->mime_types);
	pw_selection_source_init(&source->base, &source_kind, &source->mime_types);
}

static void
data_device_manager_get_data_device(struct wl_client *client, struct wl_resource *resource,
	uint32_t id, struct wl_resource *seat_resource)
{
	struct pw_data_device_manager *manager = wl_resource_get_user_data(resource);
	struct wl_resource *device = wl_resource_create(client, &wl_data_device_interface,
		wl_resource_get_version(resource), id);

	if (!device) {
		wl_client_post_no_memory(client);
		return;
	}
	if (!manager || pw_seat_from_resource(seat_resource) != manager->seat) {
		wl_resource_set_implementation(device, &data_device_impl, NULL,
			handle_resource_unlink);
		wl_list_init(wl_resource_get_link(device));
		return;
	}
	wl_resource_set_implementation(device, &data_device_impl, manager, handle_resource_unlink);
	wl_list_insert(&manager->devices, wl_resource_get_link(device));
	if (focused_client(manager) == client) {
		send_selection(device, manager->seat->clipboard.source);
	}
}

static const struct wl_data_device_manager_interface data_device_manager_impl = {
	.create_data_source = data_device_manager_create_data_source,
	.get_data_device = data_device_manager_get_data_device,
};

static void
bind_manager(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct pw_data_device_manager *manager = data;
	struct wl_resource *resource =
		wl_resource_create(client, &wl_data_device_manager_interface, (int)version, id);

	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &data_device_manager_impl, manager,
		handle_resource_unlink);
	wl_list_insert(&manager->resources, wl_resource_get_link(resource));
}

struct pw_data_device_manager *
pw_data_device_manager_create(struct pw_seat *seat, struct wl_display *display)
{
	struct pw_data_device_manager *manager = calloc(1, sizeof(*manager));
	int version = wl_data_device_manager_interface.version < MANAGER_VERSION
		? wl_data_device_manager_interface.version
		: MANAGER_VERSION;

	if (!manager) {
		return NULL;
	}
	manager->seat = seat;
	wl_list_init(&manager->resources);
	wl_list_init(&manager->devices);
	manager->global = wl_global_create(display, &wl_data_device_manager_interface, version,
		manager, bind_manager);
	if (!manager->global) {
		free(manager);
		return NULL;
	}
	manager->clipboard_changed.notify = handle_clipboard_changed;
	wl_signal_add(&seat->clipboard.changed, &manager->clipboard_changed);
	return manager;
}

void
pw_data_device_manager_destroy(struct pw_data_device_manager *manager)
{
	if (!manager) {
		return;
	}
	wl_global_destroy(manager->global);
	wl_list_remove(&manager->clipboard_changed.link);
	pw_seat_resources_make_inert(&manager->devices);
	pw_seat_resources_make_inert(&manager->resources);
	free(manager);
}

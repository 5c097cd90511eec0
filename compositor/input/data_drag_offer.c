/* A drag's wl_data_offer: accept, the action negotiated with the source, receive, finish. */
#include <stdlib.h>
#include <unistd.h>
#include <wayland-server-protocol.h>

#include "data_drag.h"
#include "data_drag_offer.h"
#include "request.h"

#define COPY WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY
#define MOVE WL_DATA_DEVICE_MANAGER_DND_ACTION_MOVE
#define ASK WL_DATA_DEVICE_MANAGER_DND_ACTION_ASK

static bool
is_v3(struct wl_resource *resource)
{
	return wl_resource_get_version(resource) >= WL_DATA_OFFER_ACTION_SINCE_VERSION;
}

static void
unlink_source(struct pw_drag_offer *offer)
{
	wl_list_remove(&offer->source_destroy.link);
	wl_list_init(&offer->source_destroy.link);
	offer->source = NULL;
}

static void
handle_source_destroy(struct wl_listener *listener, void *data)
{
	struct pw_drag_offer *offer = wl_container_of(listener, offer, source_destroy);

	unlink_source(offer);
}

/* The offer's preferred action if the source has it, else the first both have. */
static uint32_t
choose_action(const struct pw_drag_offer *offer)
{
	static const uint32_t order[] = {COPY, MOVE, ASK};
	uint32_t both = offer->source_actions & offer->actions;

	if (offer->preferred & both) {
		return offer->preferred;
	}
	for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
		if (both & order[i]) {
			return order[i];
		}
	}
	return 0;
}

static void
update_action(struct pw_drag_offer *offer)
{
	uint32_t action = choose_action(offer);

	if (action == offer->action) {
		return;
	}
	offer->action = action;
	if (is_v3(offer->resource)) {
		wl_data_offer_send_action(offer->resource, action);
	}
	if (offer->source &&
		wl_resource_get_version(offer->source) >= WL_DATA_SOURCE_ACTION_SINCE_VERSION) {
		wl_data_source_send_action(offer->source, action);
	}
}

static void
drag_offer_accept(struct wl_client *client, struct wl_resource *resource, uint32_t serial,
	const char *mime_type)
{
	struct pw_drag_offer *offer = wl_resource_get_user_data(resource);

	/* An accept answering an older enter, or after the drop, changes nothing. */
	if (!offer->source || offer->dropped || serial != offer->serial) {
		return;
	}
	offer->accepted = mime_type != NULL;
	wl_data_source_send_target(offer->source, mime_type);
}

static void
drag_offer_receive(struct wl_client *client, struct wl_resource *resource, const char *mime_type,
	int32_t fd)
{
	struct pw_drag_offer *offer = wl_resource_get_user_data(resource);

	if (offer->source && !offer->finished) {
		wl_data_source_send_send(offer->source, mime_type, fd);
	}
	close(fd); /* the source client got its own copy */
}

static void
drag_offer_finish(struct wl_client *client, struct wl_resource *resource)
{
	struct pw_drag_offer *offer = wl_resource_get_user_data(resource);

	if (!offer->dropped || offer->finished || !offer->accepted || offer->action == 0 ||
		offer->action == ASK) {
		wl_resource_post_error(resource, WL_DATA_OFFER_ERROR_INVALID_FINISH,
			"finish before a drop with a mime type and an action");
		return;
	}
	offer->finished = true;
	if (offer->source &&
		wl_resource_get_version(offer->source) >=
			WL_DATA_SOURCE_DND_FINISHED_SINCE_VERSION) {
		wl_data_source_send_dnd_finished(offer->source);
	}
	unlink_source(offer);
}

static void
drag_offer_set_actions(struct wl_client *client, struct wl_resource *resource, uint32_t dnd_actions,
	uint32_t preferred_action)
{
	struct pw_drag_offer *offer = wl_resource_get_user_data(resource);

	if (dnd_actions & ~(uint32_t)(COPY | MOVE | ASK)) {
		wl_resource_post_error(resource, WL_DATA_OFFER_ERROR_INVALID_ACTION_MASK,
			"invalid dnd action mask 0x%x", dnd_actions);
		return;
	}
	if ((preferred_action & (preferred_action - 1)) ||
		(preferred_action && !(preferred_action & dnd_actions))) {
		wl_resource_post_error(resource, WL_DATA_OFFER_ERROR_INVALID_ACTION,
			"invalid preferred dnd action 0x%x", preferred_action);
		return;
	}
	/* After a drop only an "ask" may be settled, once. */
	if (offer->dropped && (offer->action != ASK || offer->finished)) {
		wl_resource_post_error(resource, WL_DATA_OFFER_ERROR_INVALID_OFFER,
			"set_actions after the drop");
		return;
	}
	if (!offer->source) {
		return; /* left: the drag moved on */
	}
	offer->actions = dnd_actions;
	offer->preferred = preferred_action;
	update_action(offer);
}

static const struct wl_data_offer_interface drag_offer_impl = {
	.accept = drag_offer_accept,
	.receive = drag_offer_receive,
	.destroy = pw_request_destroy,
	.finish = drag_offer_finish,
	.set_actions = drag_offer_set_actions,
};

static void
handle_resource_destroy(struct wl_resource *resource)
{
	struct pw_drag_offer *offer = wl_resource_get_user_data(resource);

	/* Dropped on and never finished: a version 2 target cannot finish, others gave up. */
	if (offer->dropped && offer->source &&
		wl_resource_get_version(offer->source) >=
			WL_DATA_SOURCE_DND_FINISHED_SINCE_VERSION) {
		if (is_v3(resource)) {
			wl_data_source_send_cancelled(offer->source);
		} else {
			wl_data_source_send_dnd_finished(offer->source);
		}
	}
	unlink_source(offer);
	wl_list_remove(&offer->link);
	free(offer);
}

struct pw_drag_offer *
pw_drag_offer_create(struct wl_resource *device, const struct pw_data_drag_source *source,
	uint32_t serial)
{
	struct wl_client *client = wl_resource_get_client(device);
	struct pw_drag_offer *offer = calloc(1, sizeof(*offer));
	char **mime_type;

	if (!offer) {
		wl_client_post_no_memory(client);
		return NULL;
	}
	offer->resource = wl_resource_create(client, &wl_data_offer_interface,
		wl_resource_get_version(device), 0);
	if (!offer->resource) {
		free(offer);
		wl_client_post_no_memory(client);
		return NULL;
	}
	wl_resource_set_implementation(offer->resource, &drag_offer_impl, offer,
		handle_resource_destroy);
	wl_list_init(&offer->link);
	offer->source = source->resource;
	offer->source_destroy.notify = handle_source_destroy;
	wl_resource_add_destroy_listener(source->resource, &offer->source_destroy);
	offer->serial = serial;
	offer->source_actions = source->actions;
	if (!is_v3(offer->resource)) {
		offer->actions = offer->preferred = COPY;
	}

	wl_data_device_send_data_offer(device, offer->resource);
	wl_array_for_each(mime_type, source->mime_types) {
		wl_data_offer_send_offer(offer->resource, *mime_type);
	}
	if (is_v3(offer->resource)) {
		wl_data_offer_send_source_actions(offer->resource, source->actions);
	}
	return offer;
}

void
pw_drag_offer_enter_done(struct pw_drag_offer *offer)
{
	uint32_t action = choose_action(offer);

	offer->action = action;
	if (is_v3(offer->resource)) {
		wl_data_offer_send_action(offer->resource, action);
	}
	if (action &&
		wl_resource_get_version(offer->source) >= WL_DATA_SOURCE_ACTION_SINCE_VERSION) {
		wl_data_source_send_action(offer->source, action);
	}
}

bool
pw_drag_offer_can_drop(const struct pw_drag_offer *offer)
{
	return offer->source && offer->accepted && offer->action != 0;
}

void
pw_drag_offer_drop(struct pw_drag_offer *offer)
{
	offer->dropped = true;
	wl_list_remove(&offer->link);
	wl_list_init(&offer->link);
}

void
pw_drag_offer_detach(struct pw_drag_offer *offer)
{
	unlink_source(offer);
	wl_list_remove(&offer->link);
	wl_list_init(&offer->link);
}

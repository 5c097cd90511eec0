/* zwp_pointer_gestures_v1 version 3: a touchpad's swipe, pinch and hold (4.104). */
#include <stdlib.h>
#include <wayland-server-core.h>

#include "input.h"
#include "pointer-gestures-unstable-v1-protocol.h"
#include "pointer_gestures.h"
#include "request.h"
#include "seat_internal.h"
#include "surface.h"
#include "wake.h"

#define GESTURES_VERSION 3
#define KINDS 3 /* enum pw_input_gesture */

/* The gesture of one kind going on: the client its begin went to, till its end (4.104). */
struct gesture_on {
	struct wl_client *client; /* NULL: none, or its begin found no focus */
	struct wl_listener client_destroy;
	double scale; /* the focus' output pixels per surface unit at the begin */
};

struct pw_pointer_gestures {
	struct pw_seat *seat;
	struct wl_global *global;
	struct wl_list managers; /* zwp_pointer_gestures_v1 */
	struct wl_list resources[KINDS]; /* the swipe, pinch and hold objects, by kind */
	struct gesture_on on[KINDS];
};

static const struct zwp_pointer_gesture_swipe_v1_interface swipe_impl = {
	.destroy = pw_request_destroy,
};

static const struct zwp_pointer_gesture_pinch_v1_interface pinch_impl = {
	.destroy = pw_request_destroy,
};

static const struct zwp_pointer_gesture_hold_v1_interface hold_impl = {
	.destroy = pw_request_destroy,
};

static const struct wl_interface *const interfaces[KINDS] = {
	&zwp_pointer_gesture_swipe_v1_interface,
	&zwp_pointer_gesture_pinch_v1_interface,
	&zwp_pointer_gesture_hold_v1_interface,
};

static const void *const impls[KINDS] = {&swipe_impl, &pinch_impl, &hold_impl};

static void
handle_gesture_destroy(struct wl_resource *resource)
{
	wl_list_remove(wl_resource_get_link(resource));
}

static void
create_gesture(struct wl_client *client, struct wl_resource *resource, uint32_t id,
	struct wl_resource *pointer, uint32_t kind)
{
	struct pw_pointer_gestures *gestures = wl_resource_get_user_data(resource);
	struct wl_resource *gesture =
		wl_resource_create(client, interfaces[kind], wl_resource_get_version(resource), id);

	if (!gesture) {
		wl_client_post_no_memory(client);
		return;
	}
	/* A wl_pointer of a seat that went, or the global gone: inert, as relative_pointer.c. */
	bool live = gestures && wl_resource_get_user_data(pointer);
	wl_resource_set_implementation(gesture, impls[kind], live ? gestures : NULL,
		handle_gesture_destroy);
	if (live) {
		wl_list_insert(&gestures->resources[kind], wl_resource_get_link(gesture));
	} else {
		wl_list_init(wl_resource_get_link(gesture));
	}
}

static void
gestures_get_swipe_gesture(struct wl_client *client, struct wl_resource *resource, uint32_t id,
	struct wl_resource *pointer)
{
	create_gesture(client, resource, id, pointer, PW_INPUT_GESTURE_SWIPE);
}

static void
gestures_get_pinch_gesture(struct wl_client *client, struct wl_resource *resource, uint32_t id,
	struct wl_resource *pointer)
{
	create_gesture(client, resource, id, pointer, PW_INPUT_GESTURE_PINCH);
}

static void
gestures_get_hold_gesture(struct wl_client *client, struct wl_resource *resource, uint32_t id,
	struct wl_resource *pointer)
{
	create_gesture(client, resource, id, pointer, PW_INPUT_GESTURE_HOLD);
}

static const struct zwp_pointer_gestures_v1_interface gestures_impl = {
	.get_swipe_gesture = gestures_get_swipe_gesture,
	.get_pinch_gesture = gestures_get_pinch_gesture,
	.release = pw_request_destroy,
	.get_hold_gesture = gestures_get_hold_gesture,
};

static void
handle_manager_destroy(struct wl_resource *resource)
{
	wl_list_remove(wl_resource_get_link(resource));
}

static void
bind_gestures(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct pw_pointer_gestures *gestures = data;
	struct wl_resource *resource =
		wl_resource_create(client, &zwp_pointer_gestures_v1_interface, (int)version, id);

	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &gestures_impl, gestures, handle_manager_destroy);
	wl_list_insert(&gestures->managers, wl_resource_get_link(resource));
}

static void
forget(struct gesture_on *on)
{
	on->client = NULL;
	wl_list_remove(&on->client_destroy.link);
	wl_list_init(&on->client_destroy.link);
}

static void
handle_client_destroy(struct wl_listener *listener, void *data)
{
	struct gesture_on *on = wl_container_of(listener, on, client_destroy);
	forget(on);
}

struct pw_pointer_gestures *
pw_pointer_gestures_create(struct pw_seat *seat)
{
	struct pw_pointer_gestures *gestures = calloc(1, sizeof(*gestures));

	if (!gestures) {
		return NULL;
	}
	gestures->seat = seat;
	wl_list_init(&gestures->managers);
	for (int i = 0; i < KINDS; i++) {
		wl_list_init(&gestures->resources[i]);
		gestures->on[i].client_destroy.notify = handle_client_destroy;
		wl_list_init(&gestures->on[i].client_destroy.link);
	}
	gestures->global = wl_global_create(seat->display, &zwp_pointer_gestures_v1_interface,
		GESTURES_VERSION, gestures, bind_gestures);
	if (!gestures->global) {
		free(gestures);
		return NULL;
	}
	return gestures;
}

void
pw_pointer_gestures_destroy(struct pw_pointer_gestures *gestures)
{
	if (!gestures) {
		return;
	}
	wl_global_destroy(gestures->global);
	pw_seat_resources_make_inert(&gestures->managers);
	for (int i = 0; i < KINDS; i++) {
		pw_seat_resources_make_inert(&gestures->resources[i]);
		forget(&gestures->on[i]);
	}
	free(gestures);
}

static void
send_end(struct pw_pointer_gestures *gestures, uint32_t kind, uint32_t time_msec, bool cancelled)
{
	struct gesture_on *on = &gestures->on[kind];
	struct wl_resource *resource;
	uint32_t serial = wl_display_next_serial(gestures->seat->display);

	wl_resource_for_each(resource, &gestures->resources[kind]) {
		if (wl_resource_get_client(resource) != on->client) {
			continue;
		}
		if (kind == PW_INPUT_GESTURE_SWIPE) {
			zwp_pointer_gesture_swipe_v1_send_end(resource, serial, time_msec,
				cancelled);
		} else if (kind == PW_INPUT_GESTURE_PINCH) {
			zwp_pointer_gesture_pinch_v1_send_end(resource, serial, time_msec,
				cancelled);
		} else {
			zwp_pointer_gesture_hold_v1_send_end(resource, serial, time_msec,
				cancelled);
		}
	}
	forget(on);
}

void
pw_pointer_gestures_begin(struct pw_seat *seat, uint32_t time_msec, uint32_t kind, uint32_t fingers)
{
	struct pw_pointer_gestures *gestures = seat->gestures;
	struct pw_seat_pointer *ptr = &seat->pointer;
	struct wl_resource *resource;

	pw_seat_wake_activity(seat);
	if (!gestures || kind >= KINDS) {
		return;
	}
	struct gesture_on *on = &gestures->on[kind];
	if (on->client) {
		/* a second device's, while the first one's is on: one at a time per seat */
		send_end(gestures, kind, time_msec, true);
	}
	/* The scene may have changed under a still pointer since its last motion. */
	pw_seat_pointer_rescan(seat, time_msec);
	if (!ptr->focus) {
		return;
	}
	on->client = wl_resource_get_client(ptr->focus->resource);
	on->scale = ptr->focus_scale;
	wl_client_add_destroy_listener(on->client, &on->client_destroy);
	uint32_t serial = wl_display_next_serial(seat->display);
	wl_resource_for_each(resource, &gestures->resources[kind]) {
		if (wl_resource_get_client(resource) != on->client) {
			continue;
		}
		if (kind == PW_INPUT_GESTURE_SWIPE) {
			zwp_pointer_gesture_swipe_v1_send_begin(resource, serial, time_msec,
				ptr->focus->resource, fingers);
		} else if (kind == PW_INPUT_GESTURE_PINCH) {
			zwp_pointer_gesture_pinch_v1_send_begin(resource, serial, time_msec,
				ptr->focus->resource, fingers);
		} else {
			zwp_pointer_gesture_hold_v1_send_begin(resource, serial, time_msec,
				ptr->focus->resource, fingers);
		}
	}
}

void
pw_pointer_gestures_update(struct pw_seat *seat, uint32_t time_msec, uint32_t kind, double dx,
	double dy, double scale, double rotation)
{
	struct pw_pointer_gestures *gestures = seat->gestures;
	struct wl_resource *resource;

	pw_seat_wake_activity(seat);
	if (!gestures || kind >= KINDS || !gestures->on[kind].client) {
		return;
	}
	struct gesture_on *on = &gestures->on[kind];
	wl_fixed_t sx = wl_fixed_from_double(dx / on->scale);
	wl_fixed_t sy = wl_fixed_from_double(dy / on->scale);
	wl_resource_for_each(resource, &gestures->resources[kind]) {
		if (wl_resource_get_client(resource) != on->client) {
			continue;
		}
		if (kind == PW_INPUT_GESTURE_SWIPE) {
			zwp_pointer_gesture_swipe_v1_send_update(resource, time_msec, sx, sy);
		} else if (kind == PW_INPUT_GESTURE_PINCH) {
			zwp_pointer_gesture_pinch_v1_send_update(resource, time_msec, sx, sy,
				wl_fixed_from_double(scale), wl_fixed_from_double(rotation));
		}
	}
}

void
pw_pointer_gestures_end(struct pw_seat *seat, uint32_t time_msec, uint32_t kind, bool cancelled)
{
	struct pw_pointer_gestures *gestures = seat->gestures;

	pw_seat_wake_activity(seat);
	if (gestures && kind < KINDS && gestures->on[kind].client) {
		send_end(gestures, kind, time_msec, cancelled);
	}
}

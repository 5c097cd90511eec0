/* The seat's devices for the picowl clients: see client_seat.h. */
#include <unistd.h>

#include "client.h"

/* The client's callback, if it has one. */
#define CALL(client, member, ...)                                             \
	do {                                                                  \
		if ((client)->input->member) {                                \
			(client)->input->member((client)->data, __VA_ARGS__); \
		}                                                             \
	} while (0)

static void
handle_keyboard_keymap(void *data, struct wl_keyboard *keyboard, uint32_t format, int32_t fd,
	uint32_t size)
{
	struct pw_client *c = data;

	if (c->input->keymap) {
		c->input->keymap(c->data, format, fd, size);
	} else {
		close(fd);
	}
}

static void
handle_keyboard_enter(void *data, struct wl_keyboard *keyboard, uint32_t serial,
	struct wl_surface *surface, struct wl_array *keys)
{
	CALL((struct pw_client *)data, key_enter, surface);
}

static void
handle_keyboard_leave(void *data, struct wl_keyboard *keyboard, uint32_t serial,
	struct wl_surface *surface)
{
	CALL((struct pw_client *)data, key_leave, surface);
}

static void
handle_keyboard_key(void *data, struct wl_keyboard *keyboard, uint32_t serial, uint32_t time,
	uint32_t key, uint32_t state)
{
	CALL((struct pw_client *)data, key, time, key, state == WL_KEYBOARD_KEY_STATE_PRESSED);
}

static void
handle_keyboard_modifiers(void *data, struct wl_keyboard *keyboard, uint32_t serial,
	uint32_t depressed, uint32_t latched, uint32_t locked, uint32_t group)
{
	CALL((struct pw_client *)data, modifiers, depressed, latched, locked, group);
}

static void
handle_keyboard_repeat_info(void *data, struct wl_keyboard *keyboard, int32_t rate, int32_t delay)
{
}

static const struct wl_keyboard_listener keyboard_listener = {
	.keymap = handle_keyboard_keymap,
	.enter = handle_keyboard_enter,
	.leave = handle_keyboard_leave,
	.key = handle_keyboard_key,
	.modifiers = handle_keyboard_modifiers,
	.repeat_info = handle_keyboard_repeat_info,
};

static void
handle_pointer_enter(void *data, struct wl_pointer *pointer, uint32_t serial,
	struct wl_surface *surface, wl_fixed_t x, wl_fixed_t y)
{
	((struct pw_client *)data)->input_surface = surface;
	CALL((struct pw_client *)data, pointer_enter, serial, wl_fixed_to_double(x),
		wl_fixed_to_double(y));
}

static void
handle_pointer_leave(void *data, struct wl_pointer *pointer, uint32_t serial,
	struct wl_surface *surface)
{
}

static void
handle_pointer_motion(void *data, struct wl_pointer *pointer, uint32_t time, wl_fixed_t x,
	wl_fixed_t y)
{
	CALL((struct pw_client *)data, pointer_motion, time, wl_fixed_to_double(x),
		wl_fixed_to_double(y));
}

static void
handle_pointer_button(void *data, struct wl_pointer *pointer, uint32_t serial, uint32_t time,
	uint32_t button, uint32_t state)
{
	CALL((struct pw_client *)data, pointer_button, time, button,
		state == WL_POINTER_BUTTON_STATE_PRESSED);
}

static void
handle_pointer_axis(void *data, struct wl_pointer *pointer, uint32_t time, uint32_t axis,
	wl_fixed_t value)
{
	CALL((struct pw_client *)data, pointer_axis, time, axis, wl_fixed_to_double(value));
}

static void
handle_pointer_frame(void *data, struct wl_pointer *pointer)
{
}

static void
handle_pointer_axis_source(void *data, struct wl_pointer *pointer, uint32_t source)
{
}

static void
handle_pointer_axis_stop(void *data, struct wl_pointer *pointer, uint32_t time, uint32_t axis)
{
}

static void
handle_pointer_axis_discrete(void *data, struct wl_pointer *pointer, uint32_t axis,
	int32_t discrete)
{
}

#ifdef WL_POINTER_AXIS_VALUE120_SINCE_VERSION
static void
handle_pointer_axis_value120(void *data, struct wl_pointer *pointer, uint32_t axis,
	int32_t value120)
{
}
#endif

#ifdef WL_POINTER_AXIS_RELATIVE_DIRECTION_SINCE_VERSION
static void
handle_pointer_axis_relative_direction(void *data, struct wl_pointer *pointer, uint32_t axis,
	uint32_t direction)
{
}
#endif

static const struct wl_pointer_listener pointer_listener = {
	.enter = handle_pointer_enter,
	.leave = handle_pointer_leave,
	.motion = handle_pointer_motion,
	.button = handle_pointer_button,
	.axis = handle_pointer_axis,
	.frame = handle_pointer_frame,
	.axis_source = handle_pointer_axis_source,
	.axis_stop = handle_pointer_axis_stop,
	.axis_discrete = handle_pointer_axis_discrete,
#ifdef WL_POINTER_AXIS_VALUE120_SINCE_VERSION
	.axis_value120 = handle_pointer_axis_value120,
#endif
#ifdef WL_POINTER_AXIS_RELATIVE_DIRECTION_SINCE_VERSION
	.axis_relative_direction = handle_pointer_axis_relative_direction,
#endif
};

static void
handle_touch_down(void *data, struct wl_touch *touch, uint32_t serial, uint32_t time,
	struct wl_surface *surface, int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	((struct pw_client *)data)->input_surface = surface;
	CALL((struct pw_client *)data, touch_down, time, id, wl_fixed_to_double(x),
		wl_fixed_to_double(y));
}

static void
handle_touch_up(void *data, struct wl_touch *touch, uint32_t serial, uint32_t time, int32_t id)
{
	CALL((struct pw_client *)data, touch_up, time, id);
}

static void
handle_touch_motion(void *data, struct wl_touch *touch, uint32_t time, int32_t id, wl_fixed_t x,
	wl_fixed_t y)
{
	CALL((struct pw_client *)data, touch_motion, time, id, wl_fixed_to_double(x),
		wl_fixed_to_double(y));
}

static void
handle_touch_frame(void *data, struct wl_touch *touch)
{
	struct pw_client *c = data;

	if (c->input->touch_frame) {
		c->input->touch_frame(c->data);
	}
}

static void
handle_touch_cancel(void *data, struct wl_touch *touch)
{
	struct pw_client *c = data;

	if (c->input->touch_cancel) {
		c->input->touch_cancel(c->data);
	}
}

static void
handle_touch_shape(void *data, struct wl_touch *touch, int32_t id, wl_fixed_t major,
	wl_fixed_t minor)
{
}

static void
handle_touch_orientation(void *data, struct wl_touch *touch, int32_t id, wl_fixed_t orientation)
{
}

static const struct wl_touch_listener touch_listener = {
	.down = handle_touch_down,
	.up = handle_touch_up,
	.motion = handle_touch_motion,
	.frame = handle_touch_frame,
	.cancel = handle_touch_cancel,
	.shape = handle_touch_shape,
	.orientation = handle_touch_orientation,
};

static bool
wants_keyboard(const struct pw_client_input_listener *l)
{
	return l->keymap || l->key_enter || l->key_leave || l->key || l->modifiers;
}

static bool
wants_pointer(const struct pw_client_input_listener *l)
{
	return l->pointer_enter || l->pointer_motion || l->pointer_button || l->pointer_axis;
}

static bool
wants_touch(const struct pw_client_input_listener *l)
{
	return l->touch_down || l->touch_up || l->touch_motion || l->touch_frame || l->touch_cancel;
}

/* Since version 3 a device is given back by its release request, which frees the resource. */
#define RELEASE(type, device)                                               \
	(wl_##type##_get_version(device) >= 3 ? wl_##type##_release(device) \
					      : wl_##type##_destroy(device))

static void
handle_seat_capabilities(void *data, struct wl_seat *seat, uint32_t caps)
{
	struct pw_client *c = data;
	const struct pw_client_input_listener *l = c->input;

	if ((caps & WL_SEAT_CAPABILITY_KEYBOARD) && wants_keyboard(l) && !c->keyboard) {
		c->keyboard = wl_seat_get_keyboard(seat);
		wl_keyboard_add_listener(c->keyboard, &keyboard_listener, c);
	} else if (!(caps & WL_SEAT_CAPABILITY_KEYBOARD) && c->keyboard) {
		RELEASE(keyboard, c->keyboard);
		c->keyboard = NULL;
		CALL(c, key_leave, NULL);
	}
	if ((caps & WL_SEAT_CAPABILITY_POINTER) && wants_pointer(l) && !c->pointer) {
		c->pointer = wl_seat_get_pointer(seat);
		wl_pointer_add_listener(c->pointer, &pointer_listener, c);
	} else if (!(caps & WL_SEAT_CAPABILITY_POINTER) && c->pointer) {
		RELEASE(pointer, c->pointer);
		c->pointer = NULL;
	}
	if ((caps & WL_SEAT_CAPABILITY_TOUCH) && wants_touch(l) && !c->touch) {
		c->touch = wl_seat_get_touch(seat);
		wl_touch_add_listener(c->touch, &touch_listener, c);
	} else if (!(caps & WL_SEAT_CAPABILITY_TOUCH) && c->touch) {
		RELEASE(touch, c->touch);
		c->touch = NULL;
	}
}

static void
handle_seat_name(void *data, struct wl_seat *seat, const char *name)
{
}

static const struct wl_seat_listener seat_listener = {
	.capabilities = handle_seat_capabilities,
	.name = handle_seat_name,
};

static void
seat_bound(struct pw_client *client)
{
	wl_seat_add_listener(client->seat, &seat_listener, client);
}

/* Sends nothing: the connection may have got a protocol error. */
static void
seat_finish(struct pw_client *client)
{
	struct wl_proxy *devices[] = {(struct wl_proxy *)client->keyboard,
		(struct wl_proxy *)client->pointer, (struct wl_proxy *)client->touch};

	for (size_t i = 0; i < sizeof(devices) / sizeof(devices[0]); i++) {
		if (devices[i]) {
			wl_proxy_destroy(devices[i]);
		}
	}
	client->keyboard = NULL;
	client->pointer = NULL;
	client->touch = NULL;
}

void
pw_client_input_init(struct pw_client *client, const struct pw_client_input_listener *listener)
{
	client->input = listener;
	client->seat_bound = seat_bound;
	client->seat_finish = seat_finish;
}

void
pw_client_pointer_listen(struct pw_client *client, const struct pw_client_input_listener *listener,
	struct wl_pointer *pointer)
{
	client->input = listener;
	wl_pointer_add_listener(pointer, &pointer_listener, client);
}

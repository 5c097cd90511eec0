/*
 * The seat's keyboard, pointer and touch for the picowl clients (see client.h): a client names
 * the callbacks it wants in a pw_client_input_listener and the library takes each device the
 * listener has a callback for when the seat gains it, and gives it back when the seat loses it.
 * Coordinates are surface-local; keys are evdev codes (client_keys.h turns them into keysyms).
 */
#ifndef PW_CLIENT_SEAT_H
#define PW_CLIENT_SEAT_H

#include <stdbool.h>
#include <stdint.h>

#include <wayland-client.h>

struct pw_client;

/* Every member may be NULL: that event is ignored. `data` is the client's. */
struct pw_client_input_listener {
	/* wl_keyboard.keymap; the fd is the callback's to close (NULL: the library closes it) */
	void (*keymap)(void *data, uint32_t format, int32_t fd, uint32_t size);
	void (*key_enter)(void *data, struct wl_surface *surface);
	/* the focus left, or the keyboard went (surface NULL) */
	void (*key_leave)(void *data, struct wl_surface *surface);
	void (*key)(void *data, uint32_t time, uint32_t key, bool pressed);
	void (*modifiers)(void *data, uint32_t depressed, uint32_t latched, uint32_t locked,
		uint32_t group);

	void (*pointer_enter)(void *data, uint32_t serial, double x, double y);
	void (*pointer_motion)(void *data, uint32_t time, double x, double y);
	void (*pointer_button)(void *data, uint32_t time, uint32_t button, bool pressed);
	void (*pointer_axis)(void *data, uint32_t time, uint32_t axis, double value);

	void (*touch_down)(void *data, uint32_t time, int32_t id, double x, double y);
	void (*touch_up)(void *data, uint32_t time, int32_t id);
	void (*touch_motion)(void *data, uint32_t time, int32_t id, double x, double y);
	void (*touch_frame)(void *data);
	void (*touch_cancel)(void *data);
};

/* Before pw_client_connect: the seat, once bound, takes the devices `listener` has callbacks
 * for, calling them with client->data; pw_client_disconnect destroys the devices. */
void pw_client_input_init(struct pw_client *client,
	const struct pw_client_input_listener *listener);
/* Listens on a pointer the caller got itself, through `listener` as the seat's would; the
 * caller destroys it. */
void pw_client_pointer_listen(struct pw_client *client,
	const struct pw_client_input_listener *listener, struct wl_pointer *pointer);

#endif

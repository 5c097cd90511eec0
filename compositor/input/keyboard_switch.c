/*
 * The keymap switch between the seat's keyboard and virtual keyboards, per wl_keyboard, and the
 * delivery of a virtual keyboard's keys and modifiers to the focused client.
 */
#include <stdlib.h>
#include <wayland-server-protocol.h>

#include "input_serials.h"
#include "keyboard_switch.h"
#include "seat_internal.h"
#include "surface.h"
#include "virtual_keyboard.h"

/*
 * A wl_keyboard whose last keymap was a virtual keyboard's carries this on its destroy signal
 * (found again by its notify function); one without it has the seat's keymap.
 */
struct sent_keymap {
	struct wl_listener destroy;
	uint32_t id;
};

static void
handle_sent_keymap_destroy(struct wl_listener *listener, void *data)
{
	struct sent_keymap *sent = wl_container_of(listener, sent, destroy);

	wl_list_remove(&sent->destroy.link);
	free(sent);
}

static struct sent_keymap *
sent_keymap(struct wl_resource *keyboard)
{
	struct wl_listener *l =
		wl_resource_get_destroy_listener(keyboard, handle_sent_keymap_destroy);
	struct sent_keymap *sent;

	return l ? wl_container_of(l, sent, destroy) : NULL;
}

static uint32_t
sent_id(struct wl_resource *keyboard)
{
	struct sent_keymap *sent = sent_keymap(keyboard);

	return sent ? sent->id : 0;
}

/* Records that `keyboard` has keymap `id` (0: the seat's); false when out of memory. */
static bool
set_sent_id(struct wl_resource *keyboard, uint32_t id)
{
	struct sent_keymap *sent = sent_keymap(keyboard);

	if (id == 0) {
		if (sent) {
			handle_sent_keymap_destroy(&sent->destroy, NULL);
		}
		return true;
	}
	if (!sent) {
		sent = calloc(1, sizeof(*sent));
		if (!sent) {
			return false;
		}
		sent->destroy.notify = handle_sent_keymap_destroy;
		wl_resource_add_destroy_listener(keyboard, &sent->destroy);
	}
	sent->id = id;
	return true;
}

/* Gives `keyboard` the keymap and modifiers of `vk` (NULL: the seat's) unless it has them. */
static bool
switch_keymap(struct pw_seat *seat, struct wl_resource *keyboard, struct pw_virtual_keyboard *vk)
{
	struct pw_seat_keyboard *kb = &seat->keyboard;
	uint32_t id = vk ? vk->keymap_id : 0;

	if (sent_id(keyboard) == id) {
		return true;
	}
	if (!set_sent_id(keyboard, id)) {
		wl_resource_post_no_memory(keyboard);
		return false;
	}
	uint32_t serial = wl_display_next_serial(seat->display);
	if (vk) {
		wl_keyboard_send_keymap(keyboard, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1, vk->keymap_fd,
			vk->keymap_size);
		wl_keyboard_send_modifiers(keyboard, serial, vk->depressed, vk->latched, vk->locked,
			vk->group);
	} else {
		wl_keyboard_send_keymap(keyboard, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1, kb->keymap_fd,
			kb->keymap_size);
		wl_keyboard_send_modifiers(keyboard, serial, kb->depressed, kb->latched, kb->locked,
			kb->group);
	}
	return true;
}

void
pw_keyboard_switch_to_seat(struct pw_seat *seat, struct wl_resource *keyboard)
{
	if (seat->virtual_keyboards) {
		seat->virtual_keyboards->active = NULL;
	}
	switch_keymap(seat, keyboard, NULL);
}

bool
pw_keyboard_switch_enter(struct pw_seat *seat, struct wl_resource *keyboard, uint32_t serial)
{
	struct pw_virtual_keyboard *vk =
		seat->virtual_keyboards ? seat->virtual_keyboards->active : NULL;

	if (!vk) {
		switch_keymap(seat, keyboard, NULL);
		return false;
	}
	if (switch_keymap(seat, keyboard, vk)) {
		wl_keyboard_send_enter(keyboard, serial, seat->keyboard.focus->resource,
			&vk->pressed);
		wl_keyboard_send_modifiers(keyboard, wl_display_next_serial(seat->display),
			vk->depressed, vk->latched, vk->locked, vk->group);
	}
	return true;
}

void
pw_keyboard_switch_seat_keymap_sent(struct pw_seat *seat, struct wl_resource *keyboard)
{
	set_sent_id(keyboard, 0);
}

static struct wl_client *
focus_client(struct pw_seat *seat)
{
	struct pw_surface *focus = seat->keyboard.focus;

	return focus ? wl_resource_get_client(focus->resource) : NULL;
}

static bool
held(const struct wl_array *keys, uint32_t key, uint32_t **at)
{
	uint32_t *k;

	wl_array_for_each(k, keys) {
		if (*k == key) {
			*at = k;
			return true;
		}
	}
	return false;
}

void
pw_keyboard_switch_deliver_key(struct pw_virtual_keyboard *vk, uint32_t time_msec, uint32_t key,
	uint32_t state)
{
	struct pw_seat *seat = vk->vks->seat;
	struct wl_client *client = focus_client(seat);
	struct wl_resource *resource;
	uint32_t *at;

	if (state == WL_KEYBOARD_KEY_STATE_PRESSED) {
		if (held(&vk->pressed, key, &at) ||
			vk->pressed.size >= PW_VIRTUAL_KEYBOARD_HELD * sizeof(key)) {
			return;
		}
		at = wl_array_add(&vk->pressed, sizeof(key));
		if (!at) {
			if (vk->resource) { /* NULL: a destroyed keyboard draining its queue */
				wl_resource_post_no_memory(vk->resource);
			}
			return;
		}
		*at = key;
	} else {
		if (!held(&vk->pressed, key, &at)) {
			return;
		}
		*at = ((uint32_t *)vk->pressed.data)[vk->pressed.size / sizeof(key) - 1];
		vk->pressed.size -= sizeof(key);
	}
	vk->vks->active = vk;
	if (!client) {
		return;
	}
	uint32_t serial = wl_display_next_serial(seat->display);
	pw_seat_input_serial_record(seat, client, serial);
	wl_resource_for_each(resource, &seat->keyboard.resources) {
		if (wl_resource_get_client(resource) == client &&
			switch_keymap(seat, resource, vk)) {
			wl_keyboard_send_key(resource, serial, time_msec, key, state);
		}
	}
}

void
pw_keyboard_switch_deliver_modifiers(struct pw_virtual_keyboard *vk, uint32_t depressed,
	uint32_t latched, uint32_t locked, uint32_t group)
{
	struct pw_seat *seat = vk->vks->seat;
	struct wl_client *client = focus_client(seat);
	struct wl_resource *resource;

	vk->depressed = depressed;
	vk->latched = latched;
	vk->locked = locked;
	vk->group = group;
	vk->vks->active = vk;
	if (!client) {
		return;
	}
	uint32_t serial = wl_display_next_serial(seat->display);
	wl_resource_for_each(resource, &seat->keyboard.resources) {
		if (wl_resource_get_client(resource) != client) {
			continue;
		}
		/* a switch sends the new modifiers with the keymap */
		if (sent_id(resource) == vk->keymap_id) {
			wl_keyboard_send_modifiers(resource, serial, depressed, latched, locked,
				group);
		} else {
			switch_keymap(seat, resource, vk);
		}
	}
}

void
pw_keyboard_switch_virtual_gone(struct pw_virtual_keyboard *vk)
{
	struct pw_seat *seat = vk->vks->seat;
	struct wl_resource *resource;

	if (vk->keymap_fd >= 0) {
		/* released as the client would have: in its keymap, to whoever has the focus now */
		while (vk->pressed.size > 0) {
			uint32_t key = ((uint32_t *)vk->pressed.data)[0];
			pw_keyboard_switch_deliver_key(vk, vk->time_msec, key,
				WL_KEYBOARD_KEY_STATE_RELEASED);
		}
	}
	if (vk->vks->active == vk) {
		vk->vks->active = NULL;
	}
	wl_resource_for_each(resource, &seat->keyboard.resources) {
		if (vk->keymap_fd >= 0 && sent_id(resource) == vk->keymap_id) {
			switch_keymap(seat, resource, NULL);
		}
	}
}

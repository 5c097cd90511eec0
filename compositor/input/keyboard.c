/* wl_keyboard: the xkb state, key bindings, keyboard focus (the keymap: keymap.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wayland-server-protocol.h>

#include "config.h"
#include "data_device.h"
#include "input_method.h"
#include "input_serials.h"
#include "keyboard.h"
#include "keyboard_switch.h"
#include "keymap.h"
#include "pointer_constraints.h"
#include "primary_selection.h"
#include "request.h"
#include "seat_internal.h"
#include "server.h"
#include "shortcuts_inhibit.h"
#include "surface.h"
#include "text_input.h"
#include "virtual_keyboard.h"
#include "wake.h"

#define REPEAT_RATE 25 /* keys per second */
#define REPEAT_DELAY 600 /* ms */

static const uint32_t mod_bits[PW_SEAT_MOD_COUNT] = {
	[PW_SEAT_MOD_SHIFT] = PW_BINDING_SHIFT,
	[PW_SEAT_MOD_CTRL] = PW_BINDING_CTRL,
	[PW_SEAT_MOD_ALT] = PW_BINDING_ALT,
	[PW_SEAT_MOD_LOGO] = PW_BINDING_LOGO,
};

static bool
keys_contain(const struct wl_array *keys, uint32_t key)
{
	const uint32_t *k;

	wl_array_for_each(k, keys) {
		if (*k == key) {
			return true;
		}
	}
	return false;
}

static bool
keys_add(struct wl_array *keys, uint32_t key)
{
	uint32_t *k = wl_array_add(keys, sizeof(*k));

	if (!k) {
		return false;
	}
	*k = key;
	return true;
}

static bool
keys_remove(struct wl_array *keys, uint32_t key)
{
	uint32_t *k;

	wl_array_for_each(k, keys) {
		if (*k == key) {
			*k = ((uint32_t *)keys->data)[keys->size / sizeof(*k) - 1];
			keys->size -= sizeof(*k);
			return true;
		}
	}
	return false;
}

static void
send_modifiers(struct pw_seat *seat, struct wl_client *client)
{
	struct pw_seat_keyboard *kb = &seat->keyboard;
	uint32_t serial = wl_display_next_serial(seat->display);
	struct wl_resource *resource;

	wl_resource_for_each(resource, &kb->resources) {
		if (wl_resource_get_client(resource) == client) {
			pw_keyboard_switch_to_seat(seat, resource);
			wl_keyboard_send_modifiers(resource, serial, kb->depressed, kb->latched,
				kb->locked, kb->group);
		}
	}
}

/* Serializes the xkb state and sends the modifiers to the focus if they changed. */
void
pw_keyboard_update_modifiers(struct pw_seat *seat)
{
	struct pw_seat_keyboard *kb = &seat->keyboard;
	uint32_t depressed = xkb_state_serialize_mods(kb->state, XKB_STATE_MODS_DEPRESSED);
	uint32_t latched = xkb_state_serialize_mods(kb->state, XKB_STATE_MODS_LATCHED);
	uint32_t locked = xkb_state_serialize_mods(kb->state, XKB_STATE_MODS_LOCKED);
	uint32_t group = xkb_state_serialize_layout(kb->state, XKB_STATE_LAYOUT_EFFECTIVE);

	if (depressed == kb->depressed && latched == kb->latched && locked == kb->locked &&
		group == kb->group) {
		return;
	}
	kb->depressed = depressed;
	kb->latched = latched;
	kb->locked = locked;
	kb->group = group;
	pw_input_method_grab_modifiers(seat);
	if (kb->focus) {
		send_modifiers(seat, wl_resource_get_client(kb->focus->resource));
	}
}

static void
send_enter(struct pw_seat *seat, struct wl_resource *resource, uint32_t serial)
{
	struct pw_seat_keyboard *kb = &seat->keyboard;

	if (pw_keyboard_switch_enter(seat, resource, serial)) {
		return; /* a virtual keyboard typed last: its keys, keymap and modifiers */
	}
	wl_keyboard_send_enter(resource, serial, kb->focus->resource, &kb->pressed);
	wl_keyboard_send_modifiers(resource, wl_display_next_serial(seat->display), kb->depressed,
		kb->latched, kb->locked, kb->group);
}

bool
pw_seat_set_repeat(struct pw_seat *seat, int32_t rate, int32_t delay)
{
	if (rate < 0 || delay < 0) {
		return false;
	}
	struct pw_seat_keyboard *kb = &seat->keyboard;
	if (kb->repeat_rate == rate && kb->repeat_delay == delay) {
		return true;
	}
	kb->repeat_rate = rate;
	kb->repeat_delay = delay;
	struct wl_resource *resource;
	wl_resource_for_each(resource, &kb->resources) {
		if (wl_resource_get_version(resource) >= WL_KEYBOARD_REPEAT_INFO_SINCE_VERSION) {
			wl_keyboard_send_repeat_info(resource, rate, delay);
		}
	}
	pw_input_method_grab_keymap(seat);
	return true;
}

bool
pw_keyboard_init(struct pw_seat *seat)
{
	struct pw_seat_keyboard *kb = &seat->keyboard;

	wl_list_init(&kb->resources);
	wl_list_init(&kb->focus_destroy.link);
	wl_array_init(&kb->pressed);
	wl_array_init(&kb->swallowed);
	kb->keymap_fd = -1;
	kb->repeat_rate = REPEAT_RATE;
	kb->repeat_delay = REPEAT_DELAY;
	/* The environment does not choose the layout: tests must see the same keymap anywhere. */
	kb->context = xkb_context_new(XKB_CONTEXT_NO_ENVIRONMENT_NAMES);
	if (!kb->context) {
		/* no xkb data at all: xkbcommon refuses a context without its include path */
		kb->context = xkb_context_new(
			XKB_CONTEXT_NO_ENVIRONMENT_NAMES | XKB_CONTEXT_NO_DEFAULT_INCLUDES);
	}
	/* The keymap itself waits for its first need (pw_keymap_ready): the first frame does not
	 * need it (decision 4.41). */
	return kb->context != NULL;
}

void
pw_keyboard_finish(struct pw_seat *seat)
{
	struct pw_seat_keyboard *kb = &seat->keyboard;

	pw_seat_resources_make_inert(&kb->resources);
	wl_list_remove(&kb->focus_destroy.link);
	kb->focus = NULL;
	wl_array_release(&kb->pressed);
	wl_array_release(&kb->swallowed);
	xkb_state_unref(kb->state);
	xkb_keymap_unref(kb->keymap);
	xkb_context_unref(kb->context);
	pw_keymap_drop_later(kb);
	if (kb->keymap_fd >= 0) {
		close(kb->keymap_fd);
	}
}

static const struct wl_keyboard_interface keyboard_impl = {
	.release = pw_request_destroy,
};

static void
handle_keyboard_resource_destroy(struct wl_resource *resource)
{
	wl_list_remove(wl_resource_get_link(resource));
}

void
pw_keyboard_create_resource(struct pw_seat *seat, struct wl_client *client, uint32_t version,
	uint32_t id)
{
	struct wl_resource *resource =
		wl_resource_create(client, &wl_keyboard_interface, (int)version, id);
	struct pw_seat_keyboard *kb;

	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &keyboard_impl, seat,
		handle_keyboard_resource_destroy);
	if (!seat) {
		wl_list_init(wl_resource_get_link(resource));
		return;
	}
	if (!pw_keymap_ready(seat)) {
		wl_list_init(wl_resource_get_link(resource));
		wl_client_post_no_memory(client);
		return;
	}
	kb = &seat->keyboard;
	wl_list_insert(&kb->resources, wl_resource_get_link(resource));
	wl_keyboard_send_keymap(resource, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1, kb->keymap_fd,
		kb->keymap_size);
	if (version >= WL_KEYBOARD_REPEAT_INFO_SINCE_VERSION) {
		wl_keyboard_send_repeat_info(resource, kb->repeat_rate, kb->repeat_delay);
	}
	if (kb->focus && wl_resource_get_client(kb->focus->resource) == client) {
		send_enter(seat, resource, wl_display_next_serial(seat->display));
	}
}

/* What follows the keyboard focus: the shortcuts inhibitor and the pointer constraints. */
static void
focus_changed(struct pw_seat *seat)
{
	if (seat->shortcuts_inhibit_used) {
		pw_shortcuts_inhibit_focus(seat->shortcuts_inhibit);
	}
	if (seat->constraints_used) {
		pw_pointer_constraints_check(seat->constraints);
	}
}

/* Drops the focus, with a leave when the surface is not being destroyed. */
static void
drop_focus(struct pw_seat *seat, bool leave)
{
	struct pw_seat_keyboard *kb = &seat->keyboard;
	struct wl_resource *surface_resource = kb->focus->resource;
	struct wl_client *client = wl_resource_get_client(surface_resource);
	struct wl_resource *resource;
	uint32_t serial;

	wl_list_remove(&kb->focus_destroy.link);
	wl_list_init(&kb->focus_destroy.link);
	kb->focus = NULL;
	focus_changed(seat);
	if (!leave) {
		return;
	}
	serial = wl_display_next_serial(seat->display);
	wl_resource_for_each(resource, &kb->resources) {
		if (wl_resource_get_client(resource) == client) {
			wl_keyboard_send_leave(resource, serial, surface_resource);
		}
	}
	if (seat->ime) {
		pw_text_input_focus(seat->ime, NULL);
	}
}

void
pw_keyboard_surface_gone(struct pw_seat *seat, struct pw_surface *surface)
{
	if (surface && seat->keyboard.focus == surface) {
		drop_focus(seat, true);
	}
}

static void
handle_focus_destroy(struct wl_listener *listener, void *data)
{
	struct pw_seat *seat = wl_container_of(listener, seat, keyboard.focus_destroy);

	drop_focus(seat, false);
}

void
pw_seat_keyboard_focus(struct pw_seat *seat, struct pw_surface *surface)
{
	struct pw_seat_keyboard *kb = &seat->keyboard;
	struct wl_resource *resource;
	struct wl_client *client;
	uint32_t serial;

	if (seat->policy->keyboard_focus) {
		surface = seat->policy->keyboard_focus(seat->server, surface);
	}
	if (kb->focus == surface) {
		return;
	}
	client = surface ? wl_resource_get_client(surface->resource) : NULL;
	if (kb->focus) {
		struct wl_client *left = wl_resource_get_client(kb->focus->resource);
		if (left != client) {
			pw_seat_input_serial_focus_left(seat, left);
		}
		drop_focus(seat, true);
	}
	if (!surface) {
		return;
	}
	/* The selection comes before the enter, as wl_data_device.selection asks. */
	pw_data_device_manager_focus(seat->data, client);
	pw_primary_selection_manager_focus(seat->primary_manager, client);
	kb->focus = surface;
	kb->focus_destroy.notify = handle_focus_destroy;
	wl_resource_add_destroy_listener(surface->resource, &kb->focus_destroy);
	serial = wl_display_next_serial(seat->display);
	wl_resource_for_each(resource, &kb->resources) {
		if (wl_resource_get_client(resource) == client) {
			send_enter(seat, resource, serial);
		}
	}
	if (seat->ime) {
		pw_text_input_focus(seat->ime, surface);
	}
	focus_changed(seat);
}

struct pw_surface *
pw_seat_keyboard_focused(struct pw_seat *seat)
{
	return seat->keyboard.focus;
}

/* The PW_BINDING_* bits of the modifiers in effect, locked ones included. */
static uint32_t
binding_modifiers(const struct pw_seat_keyboard *kb)
{
	uint32_t mods = 0;

	for (int i = 0; i < PW_SEAT_MOD_COUNT; i++) {
		if (kb->mods_index[i] != XKB_MOD_INVALID &&
			xkb_state_mod_index_is_active(kb->state, kb->mods_index[i],
				XKB_STATE_MODS_EFFECTIVE) > 0) {
			mods |= mod_bits[i];
		}
	}
	return mods;
}

static void
send_key(struct pw_seat *seat, uint32_t time_msec, uint32_t key, uint32_t state)
{
	struct pw_seat_keyboard *kb = &seat->keyboard;
	struct wl_resource *resource;
	struct wl_client *client;
	uint32_t serial;

	if (pw_input_method_grab_key(seat, time_msec, key, state) || !kb->focus) {
		return;
	}
	client = wl_resource_get_client(kb->focus->resource);
	serial = wl_display_next_serial(seat->display);
	pw_seat_input_serial_record(seat, client, serial);
	wl_resource_for_each(resource, &kb->resources) {
		if (wl_resource_get_client(resource) == client) {
			pw_keyboard_switch_to_seat(seat, resource);
			wl_keyboard_send_key(resource, serial, time_msec, key, state);
		}
	}
}

void
pw_seat_notify_key(struct pw_seat *seat, uint32_t time_msec, uint32_t key, bool pressed)
{
	pw_seat_notify_device_key(seat, time_msec, key, pressed, false);
}

void
pw_seat_notify_device_key(struct pw_seat *seat, uint32_t time_msec, uint32_t key, bool pressed,
	bool button)
{
	struct pw_seat_keyboard *kb = &seat->keyboard;
	xkb_keycode_t keycode = key + 8; /* evdev to xkb */
	xkb_keysym_t sym;
	uint32_t mods;
	bool woke = pw_seat_wake_key(seat, pressed);

	if (!pw_keymap_ready(seat)) {
		return; /* no memory for a keymap: the key is lost */
	}
	if (!pressed) {
		if (keys_remove(&kb->swallowed, key)) {
			xkb_state_update_key(kb->state, keycode, XKB_KEY_UP);
		} else if (keys_remove(&kb->pressed, key)) {
			xkb_state_update_key(kb->state, keycode, XKB_KEY_UP);
			send_key(seat, time_msec, key, WL_KEYBOARD_KEY_STATE_RELEASED);
		}
		pw_keyboard_update_modifiers(seat);
		return;
	}
	if (keys_contain(&kb->pressed, key) || keys_contain(&kb->swallowed, key)) {
		return;
	}
	/* The keysym as the held modifiers translate it (Shift+q gives Q), the key itself aside. */
	sym = xkb_state_key_get_one_sym(kb->state, keycode);
	mods = binding_modifiers(kb);
	if (woke || seat->policy->binding(seat->server, mods, sym, button)) {
		/* Not remembered (no memory), its release is unknown and dropped all the same. */
		if (keys_add(&kb->swallowed, key)) {
			xkb_state_update_key(kb->state, keycode, XKB_KEY_DOWN);
		}
	} else if (keys_add(&kb->pressed, key)) {
		/* A press the release could not balance is dropped. */
		xkb_state_update_key(kb->state, keycode, XKB_KEY_DOWN);
		send_key(seat, time_msec, key, WL_KEYBOARD_KEY_STATE_PRESSED);
	}
	pw_keyboard_update_modifiers(seat);
}

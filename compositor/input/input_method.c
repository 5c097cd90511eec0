/*
 * zwp_input_method_manager_v2 (private), the seat's one input method and its keyboard grab;
 * the relay between the active text input and the method (input_method.h).
 */
#include <stdlib.h>
#include <string.h>
#include <wayland-server-protocol.h>

#include "client_room.h"
#include "input-method-unstable-v2-protocol.h"
#include "input_method.h"
#include "input_popup.h"
#include "keymap.h"
#include "request.h"
#include "seat.h"
#include "seat_internal.h"
#include "server.h"
#include "surface.h"
#include "text_input.h"

#define INPUT_METHOD_MANAGER_VERSION 1

struct pw_input_method {
	struct wl_resource *resource;
	struct pw_seat_ime *ime; /* NULL: inert (unavailable, or the seat went) */
	struct pw_input_method_state pending;
	uint32_t dones; /* done events sent: the serial a commit must carry */
	bool active; /* activate sent, no deactivate since */
	struct wl_resource *grab; /* zwp_input_method_keyboard_grab_v2, or NULL */
	struct wl_array grabbed; /* uint32_t evdev codes the grab got the press of */
	/* The focused text input's state is held back while the method's socket is full, and
	 * its latest sent once it has room (4.74). */
	struct pw_client_room room;
	bool behind;
};

static void
method_state_reset(struct pw_input_method_state *state)
{
	free(state->commit);
	free(state->preedit);
	*state = (struct pw_input_method_state){0};
}

bool
pw_input_method_is_active(const struct pw_input_method *method)
{
	return method && method->ime && method->active;
}

static void
send_text_input_state(struct pw_input_method *m, const struct pw_text_input *ti)
{
	const struct pw_text_input_state *cur = &ti->current;

	if (cur->surrounding) {
		zwp_input_method_v2_send_surrounding_text(m->resource, cur->surrounding,
			cur->cursor, cur->anchor);
	}
	zwp_input_method_v2_send_text_change_cause(m->resource, cur->cause);
	if (cur->has_content_type) {
		zwp_input_method_v2_send_content_type(m->resource, cur->hint, cur->purpose);
	}
}

static void
send_done(struct pw_input_method *m)
{
	m->dones++;
	zwp_input_method_v2_send_done(m->resource);
}

static void
send_activate(struct pw_input_method *m, const struct pw_text_input *ti)
{
	m->active = true;
	method_state_reset(&m->pending);
	zwp_input_method_v2_send_activate(m->resource);
	send_text_input_state(m, ti);
	send_done(m);
}

/* The active text input's state and a done, now or once the method's socket has room. */
static void
send_state_when_room(struct pw_input_method *m)
{
	struct wl_client *client = wl_resource_get_client(m->resource);
	if (!pw_client_has_room(client)) {
		m->behind = true;
		pw_client_room_wait(&m->room, wl_display_get_event_loop(m->ime->seat->display),
			client);
		return;
	}
	m->behind = false;
	send_text_input_state(m, m->ime->active);
	send_done(m);
}

static void
handle_method_writable(struct pw_client_room *room)
{
	struct pw_input_method *m = wl_container_of(room, m, room);
	if (m->behind && m->ime && m->ime->active && m->active) {
		send_state_when_room(m);
	}
}

void
pw_input_method_text_input_changed(struct pw_seat_ime *ime, struct pw_text_input *ti,
	bool committed)
{
	struct pw_text_input *want = NULL, *t;
	struct pw_input_method *m = ime->method;

	wl_list_for_each(t, &ime->text_inputs, link) {
		if (t->focus && t->current.enabled) {
			want = t;
			break;
		}
	}
	if (want != ime->active) {
		/* ime->active may be `ti` being destroyed: compared, never read */
		if (ime->active && m) {
			m->behind = false;
			pw_client_room_cancel(&m->room);
			m->active = false;
			zwp_input_method_v2_send_deactivate(m->resource);
			send_done(m);
		}
		bool was = ime->active != NULL, is = want != NULL;
		ime->active = want;
		if (want && m) {
			send_activate(m, want);
		}
		pw_input_popups_update(ime);
		if (was != is) {
			wl_signal_emit(&ime->seat->server->events.text_input, &is);
		}
	} else if (want && committed && ti == want) {
		if (m) {
			send_state_when_room(m);
		}
		pw_input_popups_update(ime);
	}
}

static struct pw_input_method *
method_from(struct wl_resource *resource)
{
	return wl_resource_get_user_data(resource);
}

/* Strings are kept as the text input gets them; a method on no seat keeps nothing. */
static bool
set_string(struct wl_client *client, struct pw_input_method *m, char **field, const char *text)
{
	char *copy;

	if (!m->ime) {
		return false;
	}
	copy = strdup(text);
	if (!copy) {
		wl_client_post_no_memory(client);
		return false;
	}
	free(*field);
	*field = copy;
	return true;
}

static void
input_method_commit_string(struct wl_client *client, struct wl_resource *resource, const char *text)
{
	struct pw_input_method *m = method_from(resource);

	set_string(client, m, &m->pending.commit, text);
}

static void
input_method_set_preedit_string(struct wl_client *client, struct wl_resource *resource,
	const char *text, int32_t cursor_begin, int32_t cursor_end)
{
	struct pw_input_method *m = method_from(resource);

	if (set_string(client, m, &m->pending.preedit, text)) {
		m->pending.preedit_begin = cursor_begin;
		m->pending.preedit_end = cursor_end;
	}
}

static void
input_method_delete_surrounding_text(struct wl_client *client, struct wl_resource *resource,
	uint32_t before_length, uint32_t after_length)
{
	struct pw_input_method *m = method_from(resource);

	m->pending.has_delete = true;
	m->pending.delete_before = before_length;
	m->pending.delete_after = after_length;
}

static void
input_method_commit(struct wl_client *client, struct wl_resource *resource, uint32_t serial)
{
	struct pw_input_method *m = method_from(resource);

	/* A commit for a state the method has not seen yet changes nothing. */
	if (m->ime && m->active && serial == m->dones && m->ime->active) {
		pw_text_input_send_method_state(m->ime->active, &m->pending);
	}
	method_state_reset(&m->pending);
}

static void
input_method_get_input_popup_surface(struct wl_client *client, struct wl_resource *resource,
	uint32_t id, struct wl_resource *surface)
{
	struct pw_input_method *m = method_from(resource);

	pw_input_popup_create(m->ime, m->ime ? m : NULL, resource, id, surface);
}

static const struct zwp_input_method_keyboard_grab_v2_interface keyboard_grab_impl = {
	.release = pw_request_destroy,
};

static void
handle_grab_resource_destroy(struct wl_resource *resource)
{
	struct pw_input_method *m = wl_resource_get_user_data(resource);

	if (m && m->grab == resource) {
		m->grab = NULL;
		m->grabbed.size = 0;
	}
}

static void
send_grab_keymap(struct pw_seat *seat, struct wl_resource *grab)
{
	struct pw_seat_keyboard *kb = &seat->keyboard;

	zwp_input_method_keyboard_grab_v2_send_keymap(grab, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1,
		kb->keymap_fd, kb->keymap_size);
	zwp_input_method_keyboard_grab_v2_send_repeat_info(grab, kb->repeat_rate, kb->repeat_delay);
}

static void
send_grab_modifiers(struct pw_seat *seat, struct wl_resource *grab)
{
	struct pw_seat_keyboard *kb = &seat->keyboard;

	zwp_input_method_keyboard_grab_v2_send_modifiers(grab,
		wl_display_next_serial(seat->display), kb->depressed, kb->latched, kb->locked,
		kb->group);
}

static void
input_method_grab_keyboard(struct wl_client *client, struct wl_resource *resource, uint32_t id)
{
	struct pw_input_method *m = method_from(resource);
	struct wl_resource *grab =
		wl_resource_create(client, &zwp_input_method_keyboard_grab_v2_interface,
			wl_resource_get_version(resource), id);

	if (!grab) {
		wl_client_post_no_memory(client);
		return;
	}
	/* One grab per method: a second one, or one of an inert method, gets no keys. */
	if (!m->ime || m->grab || !pw_keymap_ready(m->ime->seat)) {
		wl_resource_set_implementation(grab, &keyboard_grab_impl, NULL, NULL);
		return;
	}
	wl_resource_set_implementation(grab, &keyboard_grab_impl, m, handle_grab_resource_destroy);
	m->grab = grab;
	send_grab_keymap(m->ime->seat, grab);
	send_grab_modifiers(m->ime->seat, grab);
}

static struct wl_resource *
seat_grab(struct pw_seat *seat)
{
	return seat->ime && seat->ime->method ? seat->ime->method->grab : NULL;
}

/* Whether `key` was in `keys`; it is not any more. */
static bool
keys_take(struct wl_array *keys, uint32_t key)
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

bool
pw_input_method_grab_key(struct pw_seat *seat, uint32_t time_msec, uint32_t key, uint32_t state)
{
	struct wl_resource *grab = seat_grab(seat);

	if (!grab) {
		return false;
	}
	struct wl_array *grabbed = &seat->ime->method->grabbed;
	if (state == WL_KEYBOARD_KEY_STATE_RELEASED) {
		/* A key held from before the grab is released where it was pressed. */
		if (!keys_take(grabbed, key)) {
			return false;
		}
	} else {
		uint32_t *k = wl_array_add(grabbed, sizeof(*k));
		if (k) {
			*k = key; /* without memory its release goes to the focus, which ignores it
				   */
		}
	}
	zwp_input_method_keyboard_grab_v2_send_key(grab, wl_display_next_serial(seat->display),
		time_msec, key, state);
	return true;
}

void
pw_input_method_grab_modifiers(struct pw_seat *seat)
{
	struct wl_resource *grab = seat_grab(seat);

	if (grab) {
		send_grab_modifiers(seat, grab);
	}
}

void
pw_input_method_grab_keymap(struct pw_seat *seat)
{
	struct wl_resource *grab = seat_grab(seat);

	if (grab) {
		send_grab_keymap(seat, grab);
	}
}

static const struct zwp_input_method_v2_interface input_method_impl = {
	.commit_string = input_method_commit_string,
	.set_preedit_string = input_method_set_preedit_string,
	.delete_surrounding_text = input_method_delete_surrounding_text,
	.commit = input_method_commit,
	.get_input_popup_surface = input_method_get_input_popup_surface,
	.grab_keyboard = input_method_grab_keyboard,
	.destroy = pw_request_destroy,
};

/* The method leaves its seat: its grab and popups become inert. */
static void
method_detach(struct pw_input_method *m)
{
	struct pw_seat_ime *ime = m->ime;

	if (!ime) {
		return;
	}
	if (m->grab) {
		wl_resource_set_user_data(m->grab, NULL);
		m->grab = NULL;
	}
	m->ime = NULL;
	m->active = false;
	m->grabbed.size = 0;
	ime->method = NULL;
	pw_input_popups_method_gone(ime, m);
}

static void
handle_method_resource_destroy(struct wl_resource *resource)
{
	struct pw_input_method *m = method_from(resource);

	method_detach(m);
	pw_client_room_cancel(&m->room);
	method_state_reset(&m->pending);
	wl_array_release(&m->grabbed);
	free(m);
}

static void
input_method_manager_get_input_method(struct wl_client *client, struct wl_resource *resource,
	struct wl_resource *seat_resource, uint32_t id)
{
	struct pw_seat_ime *ime = wl_resource_get_user_data(resource);
	struct pw_seat *seat = pw_seat_from_resource(seat_resource);
	struct pw_input_method *m = calloc(1, sizeof(*m));

	if (!m) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_array_init(&m->grabbed);
	m->room.writable = handle_method_writable;
	m->resource = wl_resource_create(client, &zwp_input_method_v2_interface,
		wl_resource_get_version(resource), id);
	if (!m->resource) {
		free(m);
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(m->resource, &input_method_impl, m,
		handle_method_resource_destroy);
	if (!ime || !seat || seat != ime->seat || ime->method) {
		zwp_input_method_v2_send_unavailable(m->resource);
		return;
	}
	m->ime = ime;
	ime->method = m;
	if (ime->active) {
		send_activate(m, ime->active);
		pw_input_popups_update(ime);
	}
}

static const struct zwp_input_method_manager_v2_interface input_method_manager_impl = {
	.get_input_method = input_method_manager_get_input_method,
	.destroy = pw_request_destroy,
};

static void
handle_manager_resource_destroy(struct wl_resource *resource)
{
	wl_list_remove(wl_resource_get_link(resource));
}

static void
bind_manager(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct pw_seat_ime *ime = data;
	struct wl_resource *resource = wl_resource_create(client,
		&zwp_input_method_manager_v2_interface, (int)version, id);

	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &input_method_manager_impl, ime,
		handle_manager_resource_destroy);
	wl_list_insert(&ime->manager_resources, wl_resource_get_link(resource));
}

struct pw_seat_ime *
pw_input_method_create(struct pw_seat *seat)
{
	struct pw_seat_ime *ime = calloc(1, sizeof(*ime));

	if (!ime) {
		return NULL;
	}
	ime->seat = seat;
	wl_list_init(&ime->popups);
	wl_list_init(&ime->manager_resources);
	if (!pw_text_input_manager_init(ime)) {
		goto err_text_input;
	}
	ime->input_method_manager =
		wl_global_create(seat->display, &zwp_input_method_manager_v2_interface,
			INPUT_METHOD_MANAGER_VERSION, ime, bind_manager);
	/* An input method reads what is typed into every client: same uid only. */
	if (!ime->input_method_manager ||
		!pw_server_add_private_global(seat->server, ime->input_method_manager)) {
		goto err_method;
	}
	return ime;

err_method:
	if (ime->input_method_manager) {
		wl_global_destroy(ime->input_method_manager);
	}
	pw_text_input_manager_finish(ime);
err_text_input:
	free(ime);
	return NULL;
}

void
pw_input_method_destroy(struct pw_seat_ime *ime)
{
	if (!ime) {
		return;
	}
	if (ime->method) {
		struct pw_input_method *m = ime->method;
		method_detach(m);
		zwp_input_method_v2_send_unavailable(m->resource);
	}
	wl_global_destroy(ime->input_method_manager);
	pw_text_input_manager_finish(ime);
	pw_seat_resources_make_inert(&ime->manager_resources);
	free(ime);
}

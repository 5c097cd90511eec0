/*
 * zwp_text_input_manager_v3 and its text inputs: double-buffered state up to commit, enter and
 * leave following the keyboard focus, the input method's commits delivered.
 */
#include <stdlib.h>
#include <string.h>
#include <wayland-server-protocol.h>

#include "budget.h"
#include "input_method.h"
#include "keyboard.h"
#include "request.h"
#include "seat.h"
#include "seat_internal.h"
#include "server.h"
#include "surface.h"
#include "text-input-unstable-v3-protocol.h"
#include "text_input.h"

#define TEXT_INPUT_MANAGER_VERSION 1

#define CONTENT_HINT_ALL 0x3ffu

static void
state_reset(struct pw_text_input_state *state)
{
	free(state->surrounding);
	*state = (struct pw_text_input_state){0};
}

static struct pw_text_input *
text_input_from(struct wl_resource *resource)
{
	return wl_resource_get_user_data(resource);
}

static void
send_leave(struct pw_text_input *ti)
{
	struct pw_surface *surface = ti->focus;

	wl_list_remove(&ti->focus_destroy.link);
	wl_list_init(&ti->focus_destroy.link);
	ti->focus = NULL;
	/* A left text input is disabled until the client enables it on the next enter. */
	ti->current.enabled = false;
	zwp_text_input_v3_send_leave(ti->resource, surface->resource);
}

static void
handle_focus_destroy(struct wl_listener *listener, void *data)
{
	struct pw_text_input *ti = wl_container_of(listener, ti, focus_destroy);

	wl_list_remove(&ti->focus_destroy.link);
	wl_list_init(&ti->focus_destroy.link);
	ti->focus = NULL;
	ti->current.enabled = false;
	if (ti->ime) {
		pw_input_method_text_input_changed(ti->ime, ti, false);
	}
}

static void
send_enter(struct pw_text_input *ti, struct pw_surface *surface)
{
	ti->focus = surface;
	ti->focus_destroy.notify = handle_focus_destroy;
	wl_resource_add_destroy_listener(surface->resource, &ti->focus_destroy);
	zwp_text_input_v3_send_enter(ti->resource, surface->resource);
}

void
pw_text_input_focus(struct pw_seat_ime *ime, struct pw_surface *surface)
{
	struct wl_client *client = surface ? wl_resource_get_client(surface->resource) : NULL;
	struct pw_text_input *ti;

	wl_list_for_each(ti, &ime->text_inputs, link) {
		if (ti->focus && ti->focus != surface) {
			send_leave(ti);
		}
		if (surface && !ti->focus && wl_resource_get_client(ti->resource) == client) {
			send_enter(ti, surface);
		}
	}
	pw_input_method_text_input_changed(ime, NULL, false);
}

void
pw_text_input_send_method_state(struct pw_text_input *ti, const struct pw_input_method_state *state)
{
	if (state->preedit) {
		zwp_text_input_v3_send_preedit_string(ti->resource, state->preedit,
			state->preedit_begin, state->preedit_end);
	}
	if (state->commit) {
		zwp_text_input_v3_send_commit_string(ti->resource, state->commit);
	}
	if (state->has_delete) {
		zwp_text_input_v3_send_delete_surrounding_text(ti->resource, state->delete_before,
			state->delete_after);
	}
	zwp_text_input_v3_send_done(ti->resource, ti->commits);
}

static void
text_input_enable(struct wl_client *client, struct wl_resource *resource)
{
	struct pw_text_input *ti = text_input_from(resource);

	/* enable resets every state set before it */
	state_reset(&ti->pending);
	ti->pending.enabled = true;
}

static void
text_input_disable(struct wl_client *client, struct wl_resource *resource)
{
	text_input_from(resource)->pending.enabled = false;
}

static void
text_input_set_surrounding_text(struct wl_client *client, struct wl_resource *resource,
	const char *text, int32_t cursor, int32_t anchor)
{
	struct pw_text_input *ti = text_input_from(resource);
	size_t len = strlen(text);
	char *copy;

	/* No error is defined: offsets outside the text are not passed on. */
	if (cursor < 0 || anchor < 0 || (size_t)cursor > len || (size_t)anchor > len) {
		return;
	}
	/* Charged to the client (issue 38): this copy, and the one a commit makes. */
	if (!pw_budget_resize(resource, PW_BUDGET_SLOT_A, len + 1)) {
		return;
	}
	copy = strdup(text);
	if (!copy) {
		wl_client_post_no_memory(client);
		return;
	}
	free(ti->pending.surrounding);
	ti->pending.surrounding = copy;
	ti->pending.cursor = (uint32_t)cursor;
	ti->pending.anchor = (uint32_t)anchor;
}

static void
text_input_set_text_change_cause(struct wl_client *client, struct wl_resource *resource,
	uint32_t cause)
{
	if (cause <= ZWP_TEXT_INPUT_V3_CHANGE_CAUSE_OTHER) {
		text_input_from(resource)->pending.cause = cause;
	}
}

static void
text_input_set_content_type(struct wl_client *client, struct wl_resource *resource, uint32_t hint,
	uint32_t purpose)
{
	struct pw_text_input *ti = text_input_from(resource);

	/* Unknown bits or purposes would reach the input method as nonsense: dropped. */
	if ((hint & ~CONTENT_HINT_ALL) || purpose > ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_TERMINAL) {
		return;
	}
	ti->pending.has_content_type = true;
	ti->pending.hint = hint;
	ti->pending.purpose = purpose;
}

static void
text_input_set_cursor_rectangle(struct wl_client *client, struct wl_resource *resource, int32_t x,
	int32_t y, int32_t width, int32_t height)
{
	struct pw_text_input *ti = text_input_from(resource);

	if (width < 0 || height < 0) {
		return;
	}
	ti->pending.has_rect = true;
	ti->pending.rect_x = pw_position_add(x, 0);
	ti->pending.rect_y = pw_position_add(y, 0);
	ti->pending.rect_width = pw_position_add(width, 0);
	ti->pending.rect_height = pw_position_add(height, 0);
}

static void
text_input_commit(struct wl_client *client, struct wl_resource *resource)
{
	struct pw_text_input *ti = text_input_from(resource);
	struct pw_text_input_state *cur = &ti->current, *pend = &ti->pending;
	char *surrounding = NULL;

	ti->commits++;
	if (!pend->surrounding) {
		pw_budget_resize(resource, PW_BUDGET_SLOT_B, 0);
	} else {
		if (!pw_budget_resize(resource, PW_BUDGET_SLOT_B, strlen(pend->surrounding) + 1)) {
			return;
		}
		surrounding = strdup(pend->surrounding);
		if (!surrounding) {
			wl_client_post_no_memory(client);
			return;
		}
	}
	free(cur->surrounding);
	*cur = *pend;
	cur->surrounding = surrounding;
	/* The change cause goes back to its initial value; the rest stays until enable. */
	pend->cause = ZWP_TEXT_INPUT_V3_CHANGE_CAUSE_INPUT_METHOD;
	if (!ti->focus) {
		cur->enabled = false;
	}
	if (ti->ime) {
		pw_input_method_text_input_changed(ti->ime, ti, true);
	}
}

static const struct zwp_text_input_v3_interface text_input_impl = {
	.destroy = pw_request_destroy,
	.enable = text_input_enable,
	.disable = text_input_disable,
	.set_surrounding_text = text_input_set_surrounding_text,
	.set_text_change_cause = text_input_set_text_change_cause,
	.set_content_type = text_input_set_content_type,
	.set_cursor_rectangle = text_input_set_cursor_rectangle,
	.commit = text_input_commit,
};

static void
handle_resource_destroy(struct wl_resource *resource)
{
	struct pw_text_input *ti = text_input_from(resource);

	wl_list_remove(&ti->link);
	wl_list_remove(&ti->focus_destroy.link);
	if (ti->ime) {
		pw_input_method_text_input_changed(ti->ime, ti, false);
	}
	state_reset(&ti->pending);
	state_reset(&ti->current);
	free(ti);
}

static void
text_input_manager_get_text_input(struct wl_client *client, struct wl_resource *resource,
	uint32_t id, struct wl_resource *seat_resource)
{
	struct pw_seat_ime *ime = wl_resource_get_user_data(resource);
	struct pw_seat *seat = pw_seat_from_resource(seat_resource);
	struct pw_text_input *ti = calloc(1, sizeof(*ti));

	if (!ti) {
		wl_client_post_no_memory(client);
		return;
	}
	ti->resource = wl_resource_create(client, &zwp_text_input_v3_interface,
		wl_resource_get_version(resource), id);
	if (!ti->resource) {
		free(ti);
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(ti->resource, &text_input_impl, ti, handle_resource_destroy);
	wl_list_init(&ti->focus_destroy.link);
	/* An inert wl_seat, or the seat gone: the text input is inert too. */
	if (!ime || !seat || seat != ime->seat) {
		wl_list_init(&ti->link);
		return;
	}
	ti->ime = ime;
	wl_list_insert(ime->text_inputs.prev, &ti->link);
	struct pw_surface *focus = pw_seat_keyboard_focused(seat);
	if (focus && wl_resource_get_client(focus->resource) == client) {
		send_enter(ti, focus);
	}
}

static const struct zwp_text_input_manager_v3_interface text_input_manager_impl = {
	.destroy = pw_request_destroy,
	.get_text_input = text_input_manager_get_text_input,
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
	struct wl_resource *resource =
		wl_resource_create(client, &zwp_text_input_manager_v3_interface, (int)version, id);

	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &text_input_manager_impl, data,
		handle_manager_resource_destroy);
	wl_list_insert(&ime->manager_resources, wl_resource_get_link(resource));
}

bool
pw_text_input_manager_init(struct pw_seat_ime *ime)
{
	wl_list_init(&ime->text_inputs);
	ime->text_input_manager =
		wl_global_create(ime->seat->display, &zwp_text_input_manager_v3_interface,
			TEXT_INPUT_MANAGER_VERSION, ime, bind_manager);
	return ime->text_input_manager != NULL;
}

void
pw_text_input_manager_finish(struct pw_seat_ime *ime)
{
	struct pw_text_input *ti, *tmp;

	wl_global_destroy(ime->text_input_manager);
	wl_list_for_each_safe(ti, tmp, &ime->text_inputs, link) {
		ti->ime = NULL;
		wl_list_remove(&ti->link);
		wl_list_init(&ti->link);
		wl_list_remove(&ti->focus_destroy.link);
		wl_list_init(&ti->focus_destroy.link);
		ti->focus = NULL;
	}
}

/*
 * xdg_activation_v1. A committed token is kept only when it may move the focus: its client had
 * the keyboard focus or cited one of its recent input events. Others get a token too (the
 * protocol wants a done event) that names nothing, so activate ignores it, as it does every
 * unknown, used or expired token.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "clock.h"
#include "desktop.h"
#include "input_serials.h"
#include "keyboard.h"
#include "request.h"
#include "seat.h"
#include "server.h"
#include "surface.h"
#include "tiling.h"
#include "view.h"
#include "xdg-activation-v1-protocol.h"
#include "xdg_activation.h"

#define ACTIVATION_VERSION 1
/* A client's token is for the window it opens now; a launch waits for a slow program. */
#define CLIENT_TOKEN_MSEC 10000
#define LAUNCH_TOKEN_MSEC 30000
/* More than any launcher has in flight; the oldest goes first. */
#define MAX_TOKENS 32

struct pw_activation_token {
	struct wl_list link; /* pw_activation.tokens, oldest first */
	char name[PW_ACTIVATION_TOKEN_SIZE];
	int64_t expires_msec;
};

struct pw_activation {
	struct pw_server *server;
	struct wl_global *global;
	struct wl_list tokens;
	int count;
	struct wl_listener server_destroy;
};

/* One xdg_activation_token_v1 before and after its commit. */
struct token_request {
	struct pw_server *server;
	bool committed;
	bool serial_set;
	uint32_t serial;
};

static struct pw_activation *
activation_of(struct pw_server *server)
{
	return server->desktop ? server->desktop->activation : NULL;
}

static void
drop_token(struct pw_activation *act, struct pw_activation_token *token)
{
	wl_list_remove(&token->link);
	act->count--;
	free(token);
}

static void
drop_expired(struct pw_activation *act, int64_t now)
{
	struct pw_activation_token *token, *tmp;
	wl_list_for_each_safe(token, tmp, &act->tokens, link) {
		if (token->expires_msec <= now) {
			drop_token(act, token);
		}
	}
}

/* 128 bits from the kernel's generator, in hex: no client can guess another's. */
static bool
random_name(char name[PW_ACTIVATION_TOKEN_SIZE])
{
	unsigned char bytes[(PW_ACTIVATION_TOKEN_SIZE - 1) / 2];
	if (getrandom(bytes, sizeof(bytes), GRND_NONBLOCK) != (ssize_t)sizeof(bytes)) {
		return false;
	}
	for (size_t i = 0; i < sizeof(bytes); i++) {
		snprintf(name + 2 * i, 3, "%02x", bytes[i]);
	}
	return true;
}

/* Keeps a new token valid for `msec`; false when there are no random bytes or memory. */
static bool
add_token(struct pw_activation *act, int msec, char name[PW_ACTIVATION_TOKEN_SIZE])
{
	int64_t now = pw_now_msec();
	drop_expired(act, now);
	struct pw_activation_token *token = calloc(1, sizeof(*token));
	if (!token) {
		return false;
	}
	if (!random_name(token->name)) {
		free(token);
		return false;
	}
	if (act->count >= MAX_TOKENS) {
		drop_token(act, wl_container_of(act->tokens.next, token, link));
	}
	token->expires_msec = now + msec;
	wl_list_insert(act->tokens.prev, &token->link);
	act->count++;
	memcpy(name, token->name, PW_ACTIVATION_TOKEN_SIZE);
	return true;
}

bool
pw_xdg_activation_launch_token(struct pw_server *server, char token[PW_ACTIVATION_TOKEN_SIZE])
{
	struct pw_activation *act = activation_of(server);
	return act && add_token(act, LAUNCH_TOKEN_MSEC, token);
}

static bool
has_keyboard_focus(struct pw_server *server, struct wl_client *client)
{
	struct pw_surface *focus = server->seat ? pw_seat_keyboard_focused(server->seat) : NULL;
	return focus && wl_resource_get_client(focus->resource) == client;
}

static bool
check_not_committed(struct wl_resource *resource, struct token_request *req)
{
	if (req->committed) {
		wl_resource_post_error(resource, XDG_ACTIVATION_TOKEN_V1_ERROR_ALREADY_USED,
			"xdg_activation_token_v1@%u was committed already",
			wl_resource_get_id(resource));
		return false;
	}
	return true;
}

static void
token_set_serial(struct wl_client *client, struct wl_resource *resource, uint32_t serial,
	struct wl_resource *seat)
{
	struct token_request *req = wl_resource_get_user_data(resource);
	if (!check_not_committed(resource, req)) {
		return;
	}
	/* An inert wl_seat's serial cites nothing. */
	req->serial_set = pw_seat_from_resource(seat) != NULL;
	req->serial = serial;
}

static void
token_set_app_id(struct wl_client *client, struct wl_resource *resource, const char *app_id)
{
	check_not_committed(resource, wl_resource_get_user_data(resource));
}

static void
token_set_surface(struct wl_client *client, struct wl_resource *resource,
	struct wl_resource *surface)
{
	/* The client's focus is what counts, not which of its surfaces has it. */
	check_not_committed(resource, wl_resource_get_user_data(resource));
}

static void
token_commit(struct wl_client *client, struct wl_resource *resource)
{
	struct token_request *req = wl_resource_get_user_data(resource);
	if (!check_not_committed(resource, req)) {
		return;
	}
	req->committed = true;
	struct pw_server *server = req->server;
	struct pw_activation *act = activation_of(server);
	bool allowed = has_keyboard_focus(server, client) ||
		(req->serial_set && pw_seat_input_serial_valid(server->seat, client, req->serial));
	char name[PW_ACTIVATION_TOKEN_SIZE];
	if (!act || !allowed || !add_token(act, CLIENT_TOKEN_MSEC, name)) {
		/* Names no token: random, or a constant when even random bytes failed. */
		if (!random_name(name)) {
			snprintf(name, sizeof(name), "invalid");
		}
	}
	xdg_activation_token_v1_send_done(resource, name);
}

static const struct xdg_activation_token_v1_interface token_impl = {
	.set_serial = token_set_serial,
	.set_app_id = token_set_app_id,
	.set_surface = token_set_surface,
	.commit = token_commit,
	.destroy = pw_request_destroy,
};

static void
handle_token_resource_destroy(struct wl_resource *resource)
{
	free(wl_resource_get_user_data(resource));
}

static void
activation_get_activation_token(struct wl_client *client, struct wl_resource *resource, uint32_t id)
{
	struct token_request *req = calloc(1, sizeof(*req));
	struct wl_resource *token = req
		? wl_resource_create(client, &xdg_activation_token_v1_interface,
			  wl_resource_get_version(resource), id)
		: NULL;
	if (!token) {
		free(req);
		wl_client_post_no_memory(client);
		return;
	}
	req->server = wl_resource_get_user_data(resource);
	wl_resource_set_implementation(token, &token_impl, req, handle_token_resource_destroy);
}

static void
activation_activate(struct wl_client *client, struct wl_resource *resource, const char *name,
	struct wl_resource *surface_resource)
{
	struct pw_server *server = wl_resource_get_user_data(resource);
	struct pw_activation *act = activation_of(server);
	if (!act) {
		return;
	}
	drop_expired(act, pw_now_msec());
	struct pw_activation_token *token, *found = NULL;
	wl_list_for_each(token, &act->tokens, link) {
		if (strcmp(token->name, name) == 0) {
			found = token;
			break;
		}
	}
	if (!found) {
		return; /* the protocol: an invalid token is ignored */
	}
	drop_token(act, found);
	/*
	 * A window not mapped yet gets the focus when it maps, as every new window does; a
	 * surface of no window (a layer surface, a cursor) takes nothing.
	 */
	struct pw_view *view = pw_view_from_surface(pw_surface_from_resource(surface_resource));
	if (view && view->mapped) {
		pw_tiling_focus(server, view);
	}
}

static const struct xdg_activation_v1_interface activation_impl = {
	.destroy = pw_request_destroy,
	.get_activation_token = activation_get_activation_token,
	.activate = activation_activate,
};

static void
bind_activation(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *resource =
		wl_resource_create(client, &xdg_activation_v1_interface, (int)version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &activation_impl, data, NULL);
}

static void
handle_server_destroy(struct wl_listener *listener, void *data)
{
	struct pw_activation *act = wl_container_of(listener, act, server_destroy);
	struct pw_activation_token *token, *tmp;
	wl_list_for_each_safe(token, tmp, &act->tokens, link) {
		drop_token(act, token);
	}
	wl_list_remove(&act->server_destroy.link);
	if (act->server->desktop) {
		act->server->desktop->activation = NULL;
	}
	free(act);
}

bool
pw_xdg_activation_create(struct pw_server *server)
{
	struct pw_activation *act = calloc(1, sizeof(*act));
	if (!act) {
		return false;
	}
	act->global = wl_global_create(server->display, &xdg_activation_v1_interface,
		ACTIVATION_VERSION, server, bind_activation);
	if (!act->global) {
		free(act);
		return false;
	}
	act->server = server;
	wl_list_init(&act->tokens);
	act->server_destroy.notify = handle_server_destroy;
	wl_signal_add(&server->destroy, &act->server_destroy);
	server->desktop->activation = act;
	return true;
}

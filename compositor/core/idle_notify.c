/*
 * ext_idle_notifier_v1 (staging, version 1 as in Debian 12's wayland-protocols): swayidle's
 * timeouts. Each notification is one watch of the idle tracker (idle.c), so notifications add
 * no timer of their own: once every watch has fired picowl sleeps, as with built-in blanking.
 * Activity is what the tracker hears: every input, the press that wakes a dark screen included
 * (resumed), motion over a dark screen not (it does not wake it either). A shown idle inhibitor
 * holds the tracker, so no notification fires meanwhile. Private: how long the user has been
 * away, and when a key was last pressed, is nothing for every client to read.
 */
#include <stdlib.h>
#include <wayland-server-protocol.h>

#include "ext-idle-notify-v1-protocol.h"
#include "idle.h"
#include "idle_notify.h"
#include "request.h"
#include "server.h"

struct idle_notifier {
	struct pw_server *server;
	struct wl_global *global;
	struct wl_list notifications; /* notification.link */
	struct wl_listener server_destroy;
};

struct notification {
	struct wl_resource *resource;
	struct idle_notifier *notifier; /* NULL: inert (never fires) */
	struct pw_idle_watch watch;
	struct wl_list link;
};

static void
handle_watch_idle(struct pw_idle_watch *watch)
{
	struct notification *n = wl_container_of(watch, n, watch);
	ext_idle_notification_v1_send_idled(n->resource);
}

static void
handle_watch_resumed(struct pw_idle_watch *watch)
{
	struct notification *n = wl_container_of(watch, n, watch);
	ext_idle_notification_v1_send_resumed(n->resource);
}

static void
stop(struct notification *n)
{
	if (n->notifier) {
		pw_idle_remove(n->notifier->server->idle, &n->watch);
		wl_list_remove(&n->link);
		wl_list_init(&n->link);
		n->notifier = NULL;
	}
}

static const struct ext_idle_notification_v1_interface notification_impl = {
	.destroy = pw_request_destroy,
};

static void
handle_notification_destroy(struct wl_resource *resource)
{
	struct notification *n = wl_resource_get_user_data(resource);
	stop(n);
	free(n);
}

static void
notifier_get_idle_notification(struct wl_client *client, struct wl_resource *resource, uint32_t id,
	uint32_t timeout, struct wl_resource *seat)
{
	struct idle_notifier *notifier = wl_resource_get_user_data(resource);
	struct notification *n = calloc(1, sizeof(*n));
	if (!n) {
		wl_client_post_no_memory(client);
		return;
	}
	n->resource = wl_resource_create(client, &ext_idle_notification_v1_interface,
		wl_resource_get_version(resource), id);
	if (!n->resource) {
		free(n);
		wl_client_post_no_memory(client);
		return;
	}
	wl_list_init(&n->link);
	wl_resource_set_implementation(n->resource, &notification_impl, n,
		handle_notification_destroy);
	/* A seat gone inert: a notification that never fires (the protocol has no error). */
	if (!wl_resource_get_user_data(seat)) {
		return;
	}
	/* Zero: "as soon as possible" after input, the timer's one millisecond. */
	n->watch.timeout_ms = timeout ? timeout : 1;
	n->watch.idle = handle_watch_idle;
	n->watch.resumed = handle_watch_resumed;
	if (!pw_idle_add(notifier->server->idle, &n->watch)) {
		wl_client_post_no_memory(client);
		return;
	}
	n->notifier = notifier;
	wl_list_insert(&notifier->notifications, &n->link);
}

static const struct ext_idle_notifier_v1_interface notifier_impl = {
	.destroy = pw_request_destroy,
	.get_idle_notification = notifier_get_idle_notification,
};

static void
bind_notifier(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *resource =
		wl_resource_create(client, &ext_idle_notifier_v1_interface, (int)version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	/* The notifications outlive the manager: it holds nothing of its own. */
	wl_resource_set_implementation(resource, &notifier_impl, data, NULL);
}

static void
handle_server_destroy(struct wl_listener *listener, void *data)
{
	struct idle_notifier *notifier = wl_container_of(listener, notifier, server_destroy);
	struct notification *n, *tmp;
	wl_list_for_each_safe(n, tmp, &notifier->notifications, link) {
		stop(n);
	}
	wl_list_remove(&notifier->server_destroy.link);
	/* Notifiers bound still name `notifier`: the global's clients are gone by now. */
	wl_global_destroy(notifier->global);
	free(notifier);
}

bool
pw_idle_notify_create(struct pw_server *server)
{
	struct idle_notifier *notifier = calloc(1, sizeof(*notifier));
	if (!notifier) {
		return false;
	}
	notifier->server = server;
	wl_list_init(&notifier->notifications);
	notifier->global = wl_global_create(server->display, &ext_idle_notifier_v1_interface, 1,
		notifier, bind_notifier);
	if (!notifier->global) {
		free(notifier);
		return false;
	}
	notifier->server_destroy.notify = handle_server_destroy;
	wl_signal_add(&server->destroy, &notifier->server_destroy);
	return pw_server_add_private_global(server, notifier->global);
}

/*
 * wp_security_context_manager_v1: a sandbox engine (flatpak, bubblewrap) hands picowl a
 * listening socket; the clients that connect through it are sandboxed (decision 4.95).
 */
#define _GNU_SOURCE
#include "security_context.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "listen.h"
#include "log.h"
#include "request.h"
#include "security-context-v1-protocol.h"
#include "server.h"

#define MANAGER_VERSION 1

struct manager {
	struct pw_server *server;
	struct wl_list listeners; /* struct listener.link */
	int n_listeners;
	struct wl_listener server_destroy;
};

/* What a sandboxed client and the context it came through carry. */
struct metadata {
	char *engine, *app_id, *instance_id;
};

/* A committed context: accepts on listen_fd until close_fd hangs up; outlives its resource. */
struct listener {
	struct manager *manager;
	struct wl_list link;
	int listen_fd, close_fd;
	struct wl_event_source *listen_source, *close_source;
	struct wl_event_source *pause; /* accepting again after a failure (listen.c's pause) */
	struct metadata meta;
};

/* An uncommitted context: the resource's user data until commit. */
struct pending {
	struct manager *manager;
	int listen_fd, close_fd;
	struct metadata meta;
	bool committed;
};

struct sandboxed {
	struct pw_server *server;
	struct wl_listener client_destroy;
	struct metadata meta;
};

static void
metadata_finish(struct metadata *meta)
{
	free(meta->engine);
	free(meta->app_id);
	free(meta->instance_id);
	*meta = (struct metadata){0};
}

static bool
metadata_copy(struct metadata *dst, const struct metadata *src)
{
	dst->engine = src->engine ? strdup(src->engine) : NULL;
	dst->app_id = src->app_id ? strdup(src->app_id) : NULL;
	dst->instance_id = src->instance_id ? strdup(src->instance_id) : NULL;
	if ((src->engine && !dst->engine) || (src->app_id && !dst->app_id) ||
		(src->instance_id && !dst->instance_id)) {
		metadata_finish(dst);
		return false;
	}
	return true;
}

static void
handle_sandboxed_client_destroy(struct wl_listener *listener, void *data)
{
	struct sandboxed *s = wl_container_of(listener, s, client_destroy);
	s->server->n_sandboxed--;
	wl_list_remove(&s->client_destroy.link);
	metadata_finish(&s->meta);
	free(s);
}

static struct sandboxed *
sandboxed_of(const struct wl_client *client)
{
	struct wl_listener *l = wl_client_get_destroy_listener((struct wl_client *)client,
		handle_sandboxed_client_destroy);
	return l ? wl_container_of(l, (struct sandboxed *)NULL, client_destroy) : NULL;
}

bool
pw_security_context_sandboxed(const struct wl_client *client)
{
	return sandboxed_of(client) != NULL;
}

static void
listener_destroy(struct listener *l)
{
	wl_event_source_remove(l->listen_source);
	wl_event_source_remove(l->close_source);
	wl_event_source_remove(l->pause);
	close(l->listen_fd);
	close(l->close_fd);
	metadata_finish(&l->meta);
	wl_list_remove(&l->link);
	l->manager->n_listeners--;
	free(l);
}

static int
handle_pause_done(void *data)
{
	struct listener *l = data;
	wl_event_source_fd_update(l->listen_source, WL_EVENT_READABLE);
	return 0;
}

/* Short of descriptors or memory: the connection waits in the backlog, picowl does not spin. */
static void
pause_accepting(struct listener *l, const char *what, int err)
{
	pw_log_limited(PW_LOG_WARNING,
		"security context: cannot %s: %s; not accepting for a moment", what, strerror(err));
	wl_event_source_fd_update(l->listen_source, 0);
	wl_event_source_timer_update(l->pause, PW_LISTEN_PAUSE_MS);
}

static int
handle_listen_readable(int fd, uint32_t mask, void *data)
{
	struct listener *l = data;
	if (mask & (WL_EVENT_HANGUP | WL_EVENT_ERROR)) {
		listener_destroy(l);
		return 0;
	}
	int client_fd = accept4(fd, NULL, NULL, SOCK_CLOEXEC);
	if (client_fd < 0) {
		if (errno != EAGAIN && errno != EINTR && errno != ECONNABORTED) {
			pause_accepting(l, "accept a connection", errno);
		}
		return 0;
	}
	struct sandboxed *s = calloc(1, sizeof(*s));
	if (!s || !metadata_copy(&s->meta, &l->meta)) {
		free(s);
		close(client_fd);
		pause_accepting(l, "keep a client", ENOMEM);
		return 0;
	}
	/* Marked before its first request: no global it must not see is ever announced. */
	struct wl_client *client = wl_client_create(l->manager->server->display, client_fd);
	if (!client) {
		int err = errno;
		metadata_finish(&s->meta);
		free(s);
		close(client_fd);
		pause_accepting(l, "create a client", err);
		return 0;
	}
	s->server = l->manager->server;
	s->server->n_sandboxed++;
	s->client_destroy.notify = handle_sandboxed_client_destroy;
	wl_client_add_destroy_listener(client, &s->client_destroy);
	pw_log_debug("security context: a client of %s (%s, instance %s)",
		s->meta.app_id ? s->meta.app_id : "no app id",
		s->meta.engine ? s->meta.engine : "no engine",
		s->meta.instance_id ? s->meta.instance_id : "none");
	return 0;
}

static int
handle_close_hangup(int fd, uint32_t mask, void *data)
{
	listener_destroy(data);
	return 0;
}

static struct pending *
pending_of(struct wl_resource *resource)
{
	struct pending *p = wl_resource_get_user_data(resource);
	if (p->committed) {
		wl_resource_post_error(resource, WP_SECURITY_CONTEXT_V1_ERROR_ALREADY_USED,
			"the security context was committed");
		return NULL;
	}
	return p;
}

static void
set_once(struct wl_resource *resource, char **slot, const char *value, const char *what)
{
	struct pending *p = pending_of(resource);
	if (!p) {
		return;
	}
	if (*slot) {
		wl_resource_post_error(resource, WP_SECURITY_CONTEXT_V1_ERROR_ALREADY_SET,
			"the %s is already set", what);
		return;
	}
	*slot = strdup(value);
	if (!*slot) {
		wl_resource_post_no_memory(resource);
	}
}

static void
context_set_sandbox_engine(struct wl_client *client, struct wl_resource *resource, const char *name)
{
	struct pending *p = wl_resource_get_user_data(resource);
	set_once(resource, &p->meta.engine, name, "sandbox engine");
}

static void
context_set_app_id(struct wl_client *client, struct wl_resource *resource, const char *app_id)
{
	struct pending *p = wl_resource_get_user_data(resource);
	set_once(resource, &p->meta.app_id, app_id, "app id");
}

static void
context_set_instance_id(struct wl_client *client, struct wl_resource *resource,
	const char *instance_id)
{
	struct pending *p = wl_resource_get_user_data(resource);
	set_once(resource, &p->meta.instance_id, instance_id, "instance id");
}

static void
context_commit(struct wl_client *client, struct wl_resource *resource)
{
	struct pending *p = pending_of(resource);
	if (!p) {
		return;
	}
	struct manager *m = p->manager;
	if (m->n_listeners >= PW_SECURITY_CONTEXT_MAX) {
		pw_log_limited(PW_LOG_WARNING, "security context: %d listeners already",
			m->n_listeners);
		wl_resource_post_no_memory(resource);
		return;
	}
	struct listener *l = calloc(1, sizeof(*l));
	if (!l) {
		wl_resource_post_no_memory(resource);
		return;
	}
	struct wl_event_loop *loop = m->server->loop;
	l->listen_source = wl_event_loop_add_fd(loop, p->listen_fd, WL_EVENT_READABLE,
		handle_listen_readable, l);
	l->close_source = wl_event_loop_add_fd(loop, p->close_fd, 0, handle_close_hangup, l);
	l->pause = wl_event_loop_add_timer(loop, handle_pause_done, l);
	if (!l->listen_source || !l->close_source || !l->pause) {
		struct wl_event_source *sources[] = {l->listen_source, l->close_source, l->pause};
		for (size_t i = 0; i < sizeof(sources) / sizeof(sources[0]); i++) {
			if (sources[i]) {
				wl_event_source_remove(sources[i]);
			}
		}
		free(l);
		wl_resource_post_no_memory(resource);
		return;
	}
	l->manager = m;
	l->listen_fd = p->listen_fd;
	l->close_fd = p->close_fd;
	l->meta = p->meta;
	p->meta = (struct metadata){0};
	p->listen_fd = p->close_fd = -1;
	p->committed = true;
	wl_list_insert(&m->listeners, &l->link);
	m->n_listeners++;
}

static const struct wp_security_context_v1_interface context_impl = {
	.destroy = pw_request_destroy,
	.set_sandbox_engine = context_set_sandbox_engine,
	.set_app_id = context_set_app_id,
	.set_instance_id = context_set_instance_id,
	.commit = context_commit,
};

/* Destroyed before commit, the context never listens. */
static void
handle_context_resource_destroy(struct wl_resource *resource)
{
	struct pending *p = wl_resource_get_user_data(resource);
	if (p->listen_fd >= 0) {
		close(p->listen_fd);
	}
	if (p->close_fd >= 0) {
		close(p->close_fd);
	}
	metadata_finish(&p->meta);
	free(p);
}

static bool
is_listening_socket(int fd)
{
	int listening = 0;
	socklen_t len = sizeof(listening);
	return getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &len) == 0 && listening;
}

static void
manager_create_listener(struct wl_client *client, struct wl_resource *resource, uint32_t id,
	int32_t listen_fd, int32_t close_fd)
{
	struct manager *m = wl_resource_get_user_data(resource);
	if (pw_security_context_sandboxed(client)) {
		wl_resource_post_error(resource, WP_SECURITY_CONTEXT_MANAGER_V1_ERROR_NESTED,
			"a sandboxed client cannot create a security context");
		goto close_fds;
	}
	if (!is_listening_socket(listen_fd)) {
		wl_resource_post_error(resource,
			WP_SECURITY_CONTEXT_MANAGER_V1_ERROR_INVALID_LISTEN_FD,
			"listen_fd is not a listening socket");
		goto close_fds;
	}
	struct pending *p = calloc(1, sizeof(*p));
	struct wl_resource *context = p
		? wl_resource_create(client, &wp_security_context_v1_interface,
			  wl_resource_get_version(resource), id)
		: NULL;
	if (!context) {
		free(p);
		wl_client_post_no_memory(client);
		goto close_fds;
	}
	p->manager = m;
	p->listen_fd = listen_fd;
	p->close_fd = close_fd;
	wl_resource_set_implementation(context, &context_impl, p, handle_context_resource_destroy);
	return;
close_fds:
	close(listen_fd);
	close(close_fd);
}

static const struct wp_security_context_manager_v1_interface manager_impl = {
	.destroy = pw_request_destroy,
	.create_listener = manager_create_listener,
};

static void
bind_manager(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *resource =
		wl_resource_create(client, &wp_security_context_manager_v1_interface, version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &manager_impl, data, NULL);
}

static void
handle_server_destroy(struct wl_listener *listener, void *data)
{
	struct manager *m = wl_container_of(listener, m, server_destroy);
	struct listener *l, *tmp;
	wl_list_for_each_safe(l, tmp, &m->listeners, link) {
		listener_destroy(l);
	}
	wl_list_remove(&m->server_destroy.link);
	free(m);
}

bool
pw_security_context_create(struct pw_server *server)
{
	struct manager *m = calloc(1, sizeof(*m));
	if (!m) {
		return false;
	}
	m->server = server;
	wl_list_init(&m->listeners);
	server->security_context_global = wl_global_create(server->display,
		&wp_security_context_manager_v1_interface, MANAGER_VERSION, m, bind_manager);
	if (!server->security_context_global) {
		pw_log_error("cannot create the wp_security_context_manager_v1 global");
		free(m);
		return false;
	}
	m->server_destroy.notify = handle_server_destroy;
	wl_signal_add(&server->destroy, &m->server_destroy);
	return true;
}

/*
 * Cases: wp_security_context_manager_v1 (decision 4.95). A context on a socket of the case's own;
 * a client connected through it is sandboxed: its registry lists no private global and not the
 * manager, and a bind of one by name is a protocol error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "cases.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* Offered only to picowl's uid, and never to a sandboxed client (the manager last). */
static const struct wl_interface *const hidden[] = {&picowl_control_v1_interface,
	&picowl_counters_v1_interface, &zwp_virtual_keyboard_manager_v1_interface,
	&zwp_input_method_manager_v2_interface, &zwlr_data_control_manager_v1_interface,
	&zwlr_output_manager_v1_interface, &zwlr_gamma_control_manager_v1_interface,
	&zwlr_output_power_manager_v1_interface, &ext_idle_notifier_v1_interface,
	&zwlr_screencopy_manager_v1_interface, &zwlr_foreign_toplevel_manager_v1_interface,
	&wp_security_context_manager_v1_interface};

/* What a sandboxed client must still see. */
static const char *const shown[] = {"wl_compositor", "wl_shm", "wl_seat", "xdg_wm_base",
	"xdg_system_bell_v1", "zxdg_importer_v2"};

struct sandbox {
	char path[108];
	int listen_fd, close_fd, close_peer; /* close_peer: ours, hung up to stop the context */
	struct wp_security_context_v1 *context;
};

/* A listening socket at a path of its own; false (after a message) on failure. */
static bool
sandbox_socket(struct sandbox *sb, bool listening)
{
	static int count;
	struct sockaddr_un addr = {.sun_family = AF_UNIX};
	const char *dir = getenv("XDG_RUNTIME_DIR");
	snprintf(sb->path, sizeof(sb->path), "%s/robust-sandbox-%d-%d", dir ? dir : "/tmp",
		(int)getpid(), count++);
	snprintf(addr.sun_path, sizeof(addr.sun_path), "%s", sb->path);
	unlink(sb->path);
	sb->listen_fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (sb->listen_fd < 0 || bind(sb->listen_fd, (struct sockaddr *)&addr, sizeof(addr)) < 0 ||
		(listening && listen(sb->listen_fd, 8) < 0)) {
		printf("  cannot make the socket %s: %s\n", sb->path, strerror(errno));
		return false;
	}
	int pair[2];
	if (pipe2(pair, O_CLOEXEC) < 0) {
		return false;
	}
	sb->close_fd = pair[0];
	sb->close_peer = pair[1];
	return true;
}

/* Sends the descriptors (picowl keeps its copies) and closes ours but close_peer. */
static void
sandbox_create(struct conn *c, struct sandbox *sb)
{
	sb->context = wp_security_context_manager_v1_create_listener(c->security_context_manager,
		sb->listen_fd, sb->close_fd);
	close(sb->listen_fd);
	close(sb->close_fd);
}

static bool
sandbox_committed(struct conn *c, struct sandbox *sb)
{
	if (!c->security_context_manager) {
		printf("  wp_security_context_manager_v1 is not offered\n");
		return false;
	}
	if (!sandbox_socket(sb, true)) {
		return false;
	}
	sandbox_create(c, sb);
	wp_security_context_v1_set_sandbox_engine(sb->context, "org.picowl.robust");
	wp_security_context_v1_set_app_id(sb->context, "robust.sandboxed");
	wp_security_context_v1_set_instance_id(sb->context, "1");
	wp_security_context_v1_commit(sb->context);
	return pw_client_roundtrip(&c->tc, 5000) == 1;
}

static void
sandbox_finish(struct sandbox *sb)
{
	if (sb->close_peer >= 0) {
		close(sb->close_peer);
	}
	unlink(sb->path);
}

struct listing {
	struct global globals[MAX_GLOBALS];
	int n;
};

static void
handle_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface,
	uint32_t version)
{
	struct listing *l = data;
	if (l->n < MAX_GLOBALS) {
		l->globals[l->n].name = name;
		snprintf(l->globals[l->n++].interface, sizeof(l->globals[0].interface), "%s",
			interface);
	}
}

static void
handle_global_remove(void *data, struct wl_registry *registry, uint32_t name)
{
}

static const struct wl_registry_listener listing_listener = {handle_global, handle_global_remove};

static bool
listed(const struct listing *l, const char *interface)
{
	for (int i = 0; i < l->n; i++) {
		if (strcmp(l->globals[i].interface, interface) == 0) {
			return true;
		}
	}
	return false;
}

static uint32_t
name_in(const struct conn *c, const char *interface)
{
	for (int i = 0; i < c->n_globals; i++) {
		if (strcmp(c->globals[i].interface, interface) == 0) {
			return c->globals[i].name;
		}
	}
	return 0;
}

/* The sandboxed client's registry: the public globals only. */
static bool
registry_public_only(struct conn *c)
{
	struct sandbox sb = {.close_peer = -1};
	bool ok = sandbox_committed(c, &sb);
	struct wl_display *d = ok ? wl_display_connect(sb.path) : NULL;
	if (!d) {
		printf("  cannot connect through the context's socket\n");
		sandbox_finish(&sb);
		return false;
	}
	struct listing l = {0};
	struct wl_registry *registry = wl_display_get_registry(d);
	wl_registry_add_listener(registry, &listing_listener, &l);
	ok = wl_display_roundtrip(d) >= 0;
	for (size_t i = 0; ok && i < N(hidden); i++) {
		if (!name_in(c, hidden[i]->name)) {
			printf("  %s is not offered to picowl's own uid\n", hidden[i]->name);
			ok = false;
		} else if (listed(&l, hidden[i]->name)) {
			printf("  the sandboxed client is offered %s\n", hidden[i]->name);
			ok = false;
		}
	}
	for (size_t i = 0; ok && i < N(shown); i++) {
		if (!listed(&l, shown[i])) {
			printf("  the sandboxed client is not offered %s\n", shown[i]);
			ok = false;
		}
	}
	printf("  the sandboxed client sees %d globals, picowl's uid %d\n", l.n, c->n_globals);
	wl_registry_destroy(registry);
	wl_display_disconnect(d);
	sandbox_finish(&sb);
	return ok;
}

/* Nested: a bind of a hidden global by its name is a protocol error, for each of them. */
static bool
bind_hidden(struct conn *c)
{
	struct sandbox sb = {.close_peer = -1};
	if (!sandbox_committed(c, &sb)) {
		sandbox_finish(&sb);
		return false;
	}
	bool ok = true;
	for (size_t i = 0; ok && i < N(hidden); i++) {
		struct wl_display *d = wl_display_connect(sb.path);
		if (!d) {
			ok = false;
			break;
		}
		struct wl_registry *registry = wl_display_get_registry(d);
		void *proxy = wl_registry_bind(registry, name_in(c, hidden[i]->name), hidden[i], 1);
		wl_display_roundtrip(d);
		int err = wl_display_get_error(d);
		printf("  sandboxed bind of %s: %s\n", hidden[i]->name,
			err == EPROTO ? "protocol error" : "no error");
		ok = err == EPROTO;
		wl_proxy_destroy(proxy);
		wl_registry_destroy(registry);
		wl_display_disconnect(d);
	}
	sandbox_finish(&sb);
	return ok;
}

/* close_fd hung up: picowl closes the socket, a connection is refused. */
static bool
stops_at_hangup(struct conn *c)
{
	struct sandbox sb = {.close_peer = -1};
	if (!sandbox_committed(c, &sb)) {
		sandbox_finish(&sb);
		return false;
	}
	close(sb.close_peer);
	sb.close_peer = -1;
	struct sockaddr_un addr = {.sun_family = AF_UNIX};
	snprintf(addr.sun_path, sizeof(addr.sun_path), "%s", sb.path);
	bool refused = false;
	/* The hangup and the round trip are read in one wait, in either order: a few turns. */
	for (int turn = 0; turn < 50 && !refused; turn++) {
		if (pw_client_roundtrip(&c->tc, 5000) != 1) {
			break;
		}
		int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
		refused = connect(fd, (struct sockaddr *)&addr, sizeof(addr)) < 0 &&
			errno == ECONNREFUSED;
		close(fd);
	}
	printf("  after the hangup: %s\n", refused ? "refused" : "still accepting");
	sandbox_finish(&sb);
	return refused;
}

/* The context's client goes; the socket keeps accepting (the protocol). */
static bool
outlives_creator(struct conn *c)
{
	struct sandbox sb = {.close_peer = -1};
	struct conn *creator = conn_open();
	bool ok = creator && sandbox_committed(creator, &sb);
	conn_close(creator);
	ok = ok && pw_client_roundtrip(&c->tc, 5000) == 1;
	struct wl_display *d = ok ? wl_display_connect(sb.path) : NULL;
	ok = d && wl_display_roundtrip(d) >= 0;
	if (d) {
		wl_display_disconnect(d);
	}
	printf("  after its creator went: %s\n", ok ? "accepting" : "not accepting");
	sandbox_finish(&sb);
	return ok;
}

static bool
pipe_as_listen_fd(struct conn *c)
{
	struct sandbox sb = {.close_peer = -1};
	int pair[2];
	if (!c->security_context_manager || pipe2(pair, O_CLOEXEC) < 0) {
		return false;
	}
	sb.listen_fd = pair[0];
	sb.close_fd = pair[1];
	sandbox_create(c, &sb);
	return true;
}

static bool
unlistened_socket(struct conn *c)
{
	struct sandbox sb = {.close_peer = -1};
	if (!c->security_context_manager || !sandbox_socket(&sb, false)) {
		return false;
	}
	sandbox_create(c, &sb);
	pw_client_roundtrip(&c->tc, 5000);
	sandbox_finish(&sb);
	return true;
}

static bool
commit_twice(struct conn *c)
{
	struct sandbox sb = {.close_peer = -1};
	bool ok = sandbox_committed(c, &sb);
	wp_security_context_v1_commit(sb.context);
	pw_client_roundtrip(&c->tc, 5000);
	sandbox_finish(&sb);
	return ok;
}

static bool
set_after_commit(struct conn *c)
{
	struct sandbox sb = {.close_peer = -1};
	bool ok = sandbox_committed(c, &sb);
	wp_security_context_v1_set_app_id(sb.context, "late");
	pw_client_roundtrip(&c->tc, 5000);
	sandbox_finish(&sb);
	return ok;
}

static bool
app_id_twice(struct conn *c)
{
	struct sandbox sb = {.close_peer = -1};
	if (!c->security_context_manager || !sandbox_socket(&sb, true)) {
		return false;
	}
	sandbox_create(c, &sb);
	wp_security_context_v1_set_app_id(sb.context, "one");
	wp_security_context_v1_set_app_id(sb.context, "two");
	pw_client_roundtrip(&c->tc, 5000);
	sandbox_finish(&sb);
	return true;
}

/* More contexts than picowl keeps: the one over goes with no_memory, picowl stays. */
static bool
too_many(struct conn *c)
{
	struct sandbox sb[17];
	for (size_t i = 0; i < N(sb); i++) {
		sb[i] = (struct sandbox){.close_peer = -1};
		if (!sandbox_socket(&sb[i], true)) {
			return false;
		}
		sandbox_create(c, &sb[i]);
		wp_security_context_v1_commit(sb[i].context);
	}
	pw_client_roundtrip(&c->tc, 5000);
	for (size_t i = 0; i < N(sb); i++) {
		sandbox_finish(&sb[i]);
	}
	return true;
}

static const struct rcase cases[] = {
	{"security-context-registry-public-only", registry_public_only, EXPECT_NONE},
	{"security-context-bind-hidden", bind_hidden, EXPECT_NONE},
	{"security-context-stops-at-hangup", stops_at_hangup, EXPECT_NONE},
	{"security-context-outlives-creator", outlives_creator, EXPECT_NONE},
	{"security-context-pipe-as-listen-fd", pipe_as_listen_fd, EXPECT_ERROR,
		"wp_security_context_manager_v1",
		WP_SECURITY_CONTEXT_MANAGER_V1_ERROR_INVALID_LISTEN_FD},
	{"security-context-unlistened-socket", unlistened_socket, EXPECT_ERROR,
		"wp_security_context_manager_v1",
		WP_SECURITY_CONTEXT_MANAGER_V1_ERROR_INVALID_LISTEN_FD},
	{"security-context-commit-twice", commit_twice, EXPECT_ERROR, "wp_security_context_v1",
		WP_SECURITY_CONTEXT_V1_ERROR_ALREADY_USED},
	{"security-context-set-after-commit", set_after_commit, EXPECT_ERROR,
		"wp_security_context_v1", WP_SECURITY_CONTEXT_V1_ERROR_ALREADY_USED},
	{"security-context-app-id-twice", app_id_twice, EXPECT_ERROR, "wp_security_context_v1",
		WP_SECURITY_CONTEXT_V1_ERROR_ALREADY_SET},
	{"security-context-too-many", too_many, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_NO_MEMORY},
};

const struct group security_context_group = {"security-context", cases, N(cases), NULL};

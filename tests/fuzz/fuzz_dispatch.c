/*
 * libFuzzer harness over picowl's request dispatch. One picowl server runs in-process for the
 * whole run; each input is a fresh client on a socketpair (wl_client_create) that the input
 * turns into a sequence of requests with well-formed headers: the target among the client's
 * live objects, the opcode in range or one past it, the arguments from the input (object ids
 * among the live ones mostly, new ids in order, a memfd of the harness for every fd). Then the
 * server dispatches, the client goes, and a second, well-behaved client must be served.
 *
 *   fuzz-dispatch [libFuzzer options] [corpus dirs or files]
 *
 * The input is read a byte at a time. Each operation starts with a byte: 0-11 a request to a
 * live object, 12 a wl_registry.bind, 13 a few raw words, 14 a dispatch (the server reads,
 * the client's events are dropped, the harness learns which objects died or were made by
 * picowl), 15 a request to a dead object; fuzz_requests.c reads the rest. picowl_control_v1's
 * spawn is never sent (it would fork the fuzzer). A crash, a sanitizer report, a well-behaved
 * client left unanswered or descriptors piling up abort the run.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#include <wayland-client.h>
#include <wayland-server-core.h>

#include "alpha-modifier-v1-protocol.h"
#include "content-type-v1-protocol.h"
#include "ext-idle-notify-v1-protocol.h"
#include "fd_count.h"
#include "fractional-scale-v1-protocol.h"
#include "fuzz.h"
#include "idle-inhibit-unstable-v1-protocol.h"
#include "input-method-unstable-v2-protocol.h"
#include "options.h"
#include "picowl-control-unstable-v1-protocol.h"
#include "picowl-counters-unstable-v1-protocol.h"
#include "presentation-time-protocol.h"
#include "server.h"
#include "shell.h"
#include "single-pixel-buffer-v1-protocol.h"
#include "tearing-control-v1-protocol.h"
#include "text-input-unstable-v3-protocol.h"
#include "viewporter-protocol.h"
#include "wlr-layer-shell-unstable-v1-protocol.h"
#include "wlr-screencopy-unstable-v1-protocol.h"
#include "xdg-activation-v1-protocol.h"
#include "xdg-decoration-unstable-v1-protocol.h"
#include "xdg-output-unstable-v1-protocol.h"
#include "xdg-shell-protocol.h"

#define MAX_OPS 200
#define MAX_IFACES 128
#define MEMFD_SIZE (1 << 20)
#define FD_SLACK 32

static struct pw_server *server;
static int memfd = -1;
static int fds_at_start;
struct fuzz_global fz_globals[MAX_GLOBALS];
int fz_n_globals;
/* Every interface reachable from the globals' requests and events, to name server objects. */
static const struct wl_interface *ifaces[MAX_IFACES];
static int n_ifaces;

struct object fz_objects[MAX_OBJECTS];
int fz_n_objects;
uint32_t fz_next_id;
static int client_fd = -1;
static struct wl_client *client;
static bool client_gone;

static void
pump_server(void)
{
	wl_display_flush_clients(server->display);
	wl_event_loop_dispatch(server->loop, 0);
	wl_display_flush_clients(server->display);
}

/* Reads and drops the events waiting for the fuzzed client, closing the fds they carry. */
static void
drain(int fd)
{
	char buf[4096];
	char control[CMSG_SPACE(sizeof(int) * 28)];

	for (;;) {
		struct iovec iov = {buf, sizeof(buf)};
		struct msghdr msg = {.msg_iov = &iov,
			.msg_iovlen = 1,
			.msg_control = control,
			.msg_controllen = sizeof(control)};
		ssize_t n = recvmsg(fd, &msg, MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
		if (n <= 0) {
			return;
		}
		for (struct cmsghdr *c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c)) {
			if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS) {
				int *fds = (int *)CMSG_DATA(c);
				size_t count = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
				for (size_t i = 0; i < count; i++) {
					close(fds[i]);
				}
			}
		}
	}
}

/* Sends one message, letting the server read while the socket is full. */
bool
fz_send(const uint32_t *words, size_t n, int n_fds)
{
	char control[CMSG_SPACE(sizeof(int) * 4)];
	struct iovec iov = {(void *)words, n * 4};
	struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1};

	if (n_fds > 0) {
		memset(control, 0, sizeof(control));
		msg.msg_control = control;
		msg.msg_controllen = CMSG_SPACE(sizeof(int) * (size_t)n_fds);
		struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
		c->cmsg_level = SOL_SOCKET;
		c->cmsg_type = SCM_RIGHTS;
		c->cmsg_len = CMSG_LEN(sizeof(int) * (size_t)n_fds);
		for (int i = 0; i < n_fds; i++) {
			memcpy(CMSG_DATA(c) + i * sizeof(int), &memfd, sizeof(int));
		}
	}
	for (int tries = 0; tries < 100 && !client_gone; tries++) {
		if (sendmsg(client_fd, &msg, MSG_DONTWAIT | MSG_NOSIGNAL) >= 0) {
			return true;
		}
		if (errno != EAGAIN) {
			return false;
		}
		pump_server();
		drain(client_fd);
	}
	return false;
}

void
fz_add_object(uint32_t id, const struct wl_interface *iface)
{
	if (fz_n_objects < MAX_OBJECTS && iface) {
		fz_objects[fz_n_objects++] = (struct object){id, iface, false};
	}
}

static const struct wl_interface *
iface_named(const char *name)
{
	for (int i = 0; i < n_ifaces; i++) {
		if (strcmp(ifaces[i]->name, name) == 0) {
			return ifaces[i];
		}
	}
	return NULL;
}

static enum wl_iterator_result
note_resource(struct wl_resource *resource, void *data)
{
	uint32_t id = wl_resource_get_id(resource);
	for (int i = 0; i < fz_n_objects; i++) {
		if (fz_objects[i].id == id) {
			return WL_ITERATOR_CONTINUE;
		}
	}
	/* objects picowl made (data offers): the client may send them requests too */
	fz_add_object(id, iface_named(wl_resource_get_class(resource)));
	return WL_ITERATOR_CONTINUE;
}

/* After a dispatch: which objects died, which the server created. */
static void
refresh_objects(void)
{
	if (client_gone) {
		return;
	}
	for (int i = 0; i < fz_n_objects; i++) {
		fz_objects[i].dead = wl_client_get_object(client, fz_objects[i].id) == NULL;
	}
	wl_client_for_each_resource(client, note_resource, NULL);
}

static void
handle_client_destroy(struct wl_listener *listener, void *data)
{
	client_gone = true;
}

static struct wl_listener client_destroy = {.notify = handle_client_destroy};

static void
run_ops(struct input *in)
{
	for (int op = 0; op < MAX_OPS && in->left > 0 && !client_gone; op++) {
		uint8_t kind = fz_u8(in) % 16;
		if (kind < 12) {
			struct object *o = fz_pick_object(in, true);
			if (o) {
				fz_request(in, o);
			}
		} else if (kind == 12) {
			fz_request_bind(in);
		} else if (kind == 13) {
			uint32_t w[4] = {fz_pick_int(in), fz_pick_int(in), fz_pick_int(in),
				fz_pick_int(in)};
			fz_send(w, 1 + fz_u8(in) % 4, 0);
		} else if (kind == 14) {
			pump_server();
			drain(client_fd);
			refresh_objects();
		} else {
			struct object *o = fz_pick_object(in, false);
			if (o) {
				fz_request(in, o);
			}
		}
	}
	for (int i = 0; i < 4 && !client_gone; i++) {
		pump_server();
		drain(client_fd);
	}
}

static void
handle_sync_done(void *data, struct wl_callback *callback, uint32_t time)
{
	*(bool *)data = true;
}

static const struct wl_callback_listener sync_listener = {.done = handle_sync_done};

static const struct wl_interface *const known[] = {
	&wl_compositor_interface,
	&wl_subcompositor_interface,
	&wl_shm_interface,
	&wl_seat_interface,
	&wl_output_interface,
	&wl_data_device_manager_interface,
	&xdg_wm_base_interface,
	&zwlr_layer_shell_v1_interface,
	&wp_presentation_interface,
	&zxdg_decoration_manager_v1_interface,
	&zxdg_output_manager_v1_interface,
	&wp_viewporter_interface,
	&zwlr_screencopy_manager_v1_interface,
	&picowl_control_v1_interface,
	&picowl_counters_v1_interface,
	&xdg_activation_v1_interface,
	&zwp_text_input_manager_v3_interface,
	&zwp_input_method_manager_v2_interface,
	&ext_idle_notifier_v1_interface,
	&zwp_idle_inhibit_manager_v1_interface,
	&wp_single_pixel_buffer_manager_v1_interface,
	&wp_alpha_modifier_v1_interface,
	&wp_fractional_scale_manager_v1_interface,
	&wp_content_type_manager_v1_interface,
	&wp_tearing_control_manager_v1_interface,
};

static void
handle_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface,
	uint32_t version)
{
	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++) {
		if (strcmp(known[i]->name, interface) == 0 && fz_n_globals < MAX_GLOBALS) {
			fz_globals[fz_n_globals].name = name;
			fz_globals[fz_n_globals].version = version;
			fz_globals[fz_n_globals].iface = known[i];
			fz_n_globals++;
			return;
		}
	}
	fprintf(stderr, "fuzz-dispatch: global %s is not fuzzed; add it to known[]\n", interface);
}

static void
handle_global_remove(void *data, struct wl_registry *registry, uint32_t name)
{
}

static const struct wl_registry_listener registry_listener = {
	.global = handle_global,
	.global_remove = handle_global_remove,
};

/*
 * A well-behaved client on a socketpair: the registry (noted with `listen`) and a round trip,
 * with the server and the client taking turns in this one thread. picowl must answer.
 */
static void
well_behaved_client(bool listen)
{
	int sv[2];
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0) {
		abort();
	}
	struct wl_client *good = wl_client_create(server->display, sv[0]);
	struct wl_display *display = wl_display_connect_to_fd(sv[1]);
	if (!good || !display) {
		fprintf(stderr, "fuzz-dispatch: picowl does not take a new client\n");
		abort();
	}
	struct wl_registry *registry = wl_display_get_registry(display);
	if (listen) {
		wl_registry_add_listener(registry, &registry_listener, NULL);
	}
	bool done = false;
	struct wl_callback *cb = wl_display_sync(display);
	wl_callback_add_listener(cb, &sync_listener, &done);
	for (int i = 0; i < 100 && !done; i++) {
		wl_display_flush(display);
		pump_server();
		if (wl_display_prepare_read(display) == 0) {
			struct pollfd pfd = {.fd = sv[1], .events = POLLIN};
			if (poll(&pfd, 1, 0) > 0) {
				wl_display_read_events(display);
			} else {
				wl_display_cancel_read(display);
			}
		}
		wl_display_dispatch_pending(display);
	}
	if (!done) {
		fprintf(stderr, "fuzz-dispatch: picowl did not answer a well-behaved client\n");
		abort();
	}
	wl_callback_destroy(cb);
	wl_registry_destroy(registry);
	wl_display_disconnect(display);
	wl_client_destroy(good);
}

static int
count_args(const char *signature)
{
	int n = 0;
	for (const char *s = signature; *s; s++) {
		n += !((*s >= '0' && *s <= '9') || *s == '?');
	}
	return n;
}

static void
collect_iface(const struct wl_interface *iface)
{
	if (!iface || n_ifaces >= MAX_IFACES || iface_named(iface->name)) {
		return;
	}
	ifaces[n_ifaces++] = iface;
	for (int m = 0; m < iface->method_count; m++) {
		for (int a = 0; a < count_args(iface->methods[m].signature); a++) {
			collect_iface(iface->methods[m].types[a]);
		}
	}
	for (int e = 0; e < iface->event_count; e++) {
		for (int a = 0; a < count_args(iface->events[e].signature); a++) {
			collect_iface(iface->events[e].types[a]);
		}
	}
}

static char runtime_dir[256];

/* At exit the server goes too: its teardown is checked, and the leak check sees the rest. */
static void
finish(void)
{
	char path[sizeof(runtime_dir) + 256];

	pw_server_destroy(server);
	server = NULL;
	DIR *dir = opendir(runtime_dir);
	struct dirent *e;
	while (dir && (e = readdir(dir))) {
		if (e->d_name[0] != '.') {
			snprintf(path, sizeof(path), "%s/%s", runtime_dir, e->d_name);
			unlink(path);
		}
	}
	if (dir) {
		closedir(dir);
	}
	rmdir(runtime_dir);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	/* under TMPDIR: run_fuzz.py keeps it with the failing input, or removes it */
	const char *tmp = getenv("TMPDIR");
	snprintf(runtime_dir, sizeof(runtime_dir), "%s/picowl-fuzz-XXXXXX", tmp ? tmp : "/tmp");
	char *dir = runtime_dir;
	if (!mkdtemp(dir)) {
		perror("fuzz-dispatch: mkdtemp");
		exit(1);
	}
	/* an empty config: picowl's defaults, whatever the machine has */
	setenv("XDG_RUNTIME_DIR", dir, 1);
	setenv("XDG_CONFIG_HOME", dir, 1);
	setenv("HOME", dir, 1);
	signal(SIGPIPE, SIG_IGN);
	struct pw_options opts;
	pw_options_defaults(&opts);
	opts.backend = "headless";
	/* input injection too: touch, keys and the default bindings (none of them spawns) */
	opts.test_hooks = true;
	server = pw_server_create(&opts);
	if (!server || !pw_shell_create(server) || !pw_server_listen(server)) {
		fprintf(stderr, "fuzz-dispatch: cannot create the server\n");
		exit(1);
	}
	memfd = memfd_create("fuzz-dispatch", MFD_CLOEXEC);
	if (memfd < 0) {
		perror("fuzz-dispatch: memfd");
		exit(1);
	}
	well_behaved_client(true);
	collect_iface(&wl_display_interface);
	for (int g = 0; g < fz_n_globals; g++) {
		collect_iface(fz_globals[g].iface);
	}
	if (fz_n_globals == 0) {
		fprintf(stderr, "fuzz-dispatch: no globals\n");
		exit(1);
	}
	/* tests/fuzz/make_seeds.py reads this line */
	fprintf(stderr, "fuzz-dispatch: globals:");
	for (int g = 0; g < fz_n_globals; g++) {
		fprintf(stderr, " %s/%u", fz_globals[g].iface->name, fz_globals[g].version);
	}
	fprintf(stderr, "\n");
	fds_at_start = fd_count();
	atexit(finish);
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static unsigned runs;
	struct input in = {data, size};
	int sv[2];

	/* a dump into the memfd last time may have grown it; no pool maps it any more */
	if (ftruncate(memfd, MEMFD_SIZE) < 0 || lseek(memfd, 0, SEEK_SET) < 0 ||
		socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0) {
		abort();
	}
	client = wl_client_create(server->display, sv[0]);
	if (!client) {
		abort();
	}
	client_fd = sv[1];
	client_gone = false;
	wl_client_add_destroy_listener(client, &client_destroy);
	fz_n_objects = 0;
	fz_add_object(1, &wl_display_interface);
	/* every client starts with its registry */
	uint32_t get_registry[3] = {1, 12u << 16 | 1, 2};
	fz_add_object(2, &wl_registry_interface);
	fz_next_id = 3;
	fz_send(get_registry, 3, 0);

	run_ops(&in);
	if (!client_gone) {
		wl_client_destroy(client);
	}
	drain(client_fd);
	close(client_fd);
	pump_server();

	well_behaved_client(false);
	if (++runs % 256 == 0 && fd_count() > fds_at_start + FD_SLACK) {
		fprintf(stderr, "fuzz-dispatch: picowl leaks descriptors: %d open, %d at start\n",
			fd_count(), fds_at_start);
		abort();
	}
	return 0;
}

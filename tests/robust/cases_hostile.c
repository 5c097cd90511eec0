/*
 * Hostile cases of issue 35 that each measure something: a shm file shrunk under every path
 * that reads pixels (kept pixels, a screencopy destination, a cursor), a client of another uid
 * asking for the private globals, slowloris connections, and an output-manager apply storm
 * beside a client that never reads. Each prints its figure against the bound it checks: another
 * client's round trip within GOOD_WAIT_MS, picowl's RSS within RSS_SLACK_KB of its RSS before.
 * picowl runs this group with --test-hooks: the cursor case moves the pointer.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/fsuid.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

/* setgroups: <grp.h> would clash with cases.h's struct group */
int setgroups(size_t size, const gid_t *list);

#include "cases.h"
#include "cases_output.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define BUFFER_ERR(e) "wl_buffer", WL_SHM_ERROR_##e
#define GOOD_WAIT_MS 100
/* picowl's RSS may grow by the client's default budget (2 MiB) and 1 MiB more */
#define RSS_SLACK_KB (3 * 1024)
#define NOBODY 65534

/* ---- measures ---- */

/* A round trip of `other`, its time in ms into *worst if longer; false if it failed. */
static bool
timed_roundtrip(struct conn *other, long *worst)
{
	int64_t t0 = pw_client_now_ms();
	bool ok = pw_client_roundtrip(&other->tc, 10000) == 1;
	long ms = (long)(pw_client_now_ms() - t0);

	if (ms > *worst) {
		*worst = ms;
	}
	return ok;
}

/* A raw connection to picowl's socket, or -1. */
static int
raw_connect(void)
{
	const char *name = getenv("WAYLAND_DISPLAY"), *dir = getenv("XDG_RUNTIME_DIR");
	struct sockaddr_un addr = {.sun_family = AF_UNIX};
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);

	if (!name) {
		name = "wayland-0";
	}
	if (name[0] == '/') {
		snprintf(addr.sun_path, sizeof(addr.sun_path), "%s", name);
	} else {
		snprintf(addr.sun_path, sizeof(addr.sun_path), "%s/%s", dir ? dir : "", name);
	}
	if (fd >= 0 && connect(fd, (struct sockaddr *)&addr, sizeof(addr)) < 0) {
		close(fd);
		fd = -1;
	}
	return fd;
}

/* ---- a shm file shrunk under picowl ---- */

/* A w x h ARGB buffer in a pool of its own; the pool's file in *fd, to shrink it later. */
static struct wl_buffer *
shrinkable_buffer(struct conn *c, int32_t w, int32_t h, int *fd)
{
	*fd = make_memfd((size_t)w * (size_t)h * 4);
	struct wl_shm_pool *pool = wl_shm_create_pool(c->tc.shm, *fd, w * h * 4);
	struct wl_buffer *buffer =
		wl_shm_pool_create_buffer(pool, 0, w, h, w * 4, WL_SHM_FORMAT_ARGB8888);
	wl_shm_pool_destroy(pool);
	return buffer;
}

/* Shrinks the file to 0 bytes: every page of the pool's mapping is gone. */
static bool
shrink(int fd)
{
	bool ok = ftruncate(fd, 0) == 0;

	close(fd);
	return ok;
}

/*
 * The shown buffer's file shrunk to 0, then the buffer destroyed: picowl copies the pixels it
 * keeps from it (surface_pixels.c) and must not die of SIGBUS. The error names the destroyed
 * buffer.
 */
static bool
shm_kept_pixels(struct conn *c)
{
	int fd;

	c->top.width = c->top.height = 64;
	pw_client_toplevel_init(&c->top, &c->tc, NULL, "robust-cases");
	if (!pw_client_toplevel_wait_configure(&c->top, 5000)) {
		return false;
	}
	struct wl_buffer *buffer = shrinkable_buffer(c, c->top.width, c->top.height, &fd);
	if (!pw_client_toplevel_show(&c->top, buffer, 5000) || !shrink(fd)) {
		return false;
	}
	wl_buffer_destroy(buffer);
	c->top.buffer = NULL;
	return true;
}

struct capture {
	uint32_t format;
	int32_t width, height, stride;
	bool buffer, ready, failed;
};

static void
handle_sc_buffer(void *data, struct zwlr_screencopy_frame_v1 *f, uint32_t format, uint32_t width,
	uint32_t height, uint32_t stride)
{
	struct capture *cap = data;

	*cap = (struct capture){format, (int32_t)width, (int32_t)height, (int32_t)stride, true};
}

static void
handle_sc_flags(void *data, struct zwlr_screencopy_frame_v1 *f, uint32_t flags)
{
}

static void
handle_sc_ready(void *data, struct zwlr_screencopy_frame_v1 *f, uint32_t hi, uint32_t lo,
	uint32_t ns)
{
	((struct capture *)data)->ready = true;
}

static void
handle_sc_failed(void *data, struct zwlr_screencopy_frame_v1 *f)
{
	((struct capture *)data)->failed = true;
}

static void
handle_sc_damage(void *data, struct zwlr_screencopy_frame_v1 *f, uint32_t x, uint32_t y, uint32_t w,
	uint32_t h)
{
}

static void
handle_sc_dmabuf(void *data, struct zwlr_screencopy_frame_v1 *f, uint32_t format, uint32_t w,
	uint32_t h)
{
}

static void
handle_sc_buffer_done(void *data, struct zwlr_screencopy_frame_v1 *f)
{
}

static const struct zwlr_screencopy_frame_v1_listener sc_listener = {
	.buffer = handle_sc_buffer,
	.flags = handle_sc_flags,
	.ready = handle_sc_ready,
	.failed = handle_sc_failed,
	.damage = handle_sc_damage,
	.linux_dmabuf = handle_sc_dmabuf,
	.buffer_done = handle_sc_buffer_done,
};

/* A capture copied into a buffer whose file was shrunk to 0: picowl writes into it. */
static bool
shm_screencopy_destination(struct conn *c)
{
	static struct capture cap;
	int fd;

	memset(&cap, 0, sizeof(cap));
	struct zwlr_screencopy_frame_v1 *frame =
		zwlr_screencopy_manager_v1_capture_output(c->screencopy, 0, c->tc.output);
	zwlr_screencopy_frame_v1_add_listener(frame, &sc_listener, &cap);
	if (pw_client_roundtrip(&c->tc, 5000) != 1 || !cap.buffer) {
		return false;
	}
	fd = make_memfd((size_t)cap.stride * (size_t)cap.height);
	struct wl_shm_pool *pool = wl_shm_create_pool(c->tc.shm, fd, cap.stride * cap.height);
	struct wl_buffer *buffer =
		wl_shm_pool_create_buffer(pool, 0, cap.width, cap.height, cap.stride, cap.format);
	wl_shm_pool_destroy(pool);
	if (!shrink(fd)) {
		return false;
	}
	zwlr_screencopy_frame_v1_copy(frame, buffer);
	return true;
}

/*
 * A cursor surface (picowl draws no cursor but keeps the pixels of a destroyed buffer) whose
 * file is shrunk, then its buffer destroyed.
 */
static bool
shm_cursor(struct conn *c)
{
	static struct pointer_watch watch;
	int fd;

	memset(&watch, 0, sizeof(watch));
	if (!c->control || !conn_map(c, true)) {
		return false;
	}
	struct wl_pointer *pointer = wl_seat_get_pointer(c->tc.seat);
	wl_pointer_add_listener(pointer, &pointer_watch_listener, &watch);
	for (int i = 0; i < 50 && !watch.enter_serial; i++) {
		picowl_control_v1_inject_pointer_motion(c->control, wl_fixed_from_int(10 + i % 2),
			wl_fixed_from_int(10));
		if (pw_client_roundtrip(&c->tc, 5000) != 1) {
			return false;
		}
	}
	if (!watch.enter_serial) {
		printf("  the pointer never entered the toplevel\n");
		return false;
	}
	struct wl_surface *cursor = wl_compositor_create_surface(c->tc.compositor);
	struct wl_buffer *buffer = shrinkable_buffer(c, 16, 16, &fd);
	wl_pointer_set_cursor(pointer, watch.enter_serial, cursor, 0, 0);
	wl_surface_attach(cursor, buffer, 0, 0);
	wl_surface_damage_buffer(cursor, 0, 0, 16, 16);
	wl_surface_commit(cursor);
	if (pw_client_roundtrip(&c->tc, 5000) != 1 || !shrink(fd)) {
		return false;
	}
	wl_buffer_destroy(buffer);
	return true;
}

/* ---- a client of another uid ---- */

/* Offered only to picowl's uid (server.c's filter; doc/robustness.md "Who may do what"). */
static const struct wl_interface *const private_globals[] = {&picowl_control_v1_interface,
	&picowl_counters_v1_interface, &zwp_virtual_keyboard_manager_v1_interface,
	&zwp_input_method_manager_v2_interface, &zwlr_data_control_manager_v1_interface,
	&zwlr_output_manager_v1_interface, &zwlr_gamma_control_manager_v1_interface,
	&zwlr_output_power_manager_v1_interface, &ext_idle_notifier_v1_interface,
	&zwlr_screencopy_manager_v1_interface, &zwlr_foreign_toplevel_manager_v1_interface,
	&ext_foreign_toplevel_list_v1_interface,
	&ext_output_image_capture_source_manager_v1_interface,
	&ext_foreign_toplevel_image_capture_source_manager_v1_interface,
	&ext_image_copy_capture_manager_v1_interface, &zwlr_virtual_pointer_manager_v1_interface,
	&ext_data_control_manager_v1_interface};

static const struct global *
find_global(const struct conn *c, const char *interface)
{
	for (int i = 0; i < c->n_globals; i++) {
		if (strcmp(c->globals[i].interface, interface) == 0) {
			return &c->globals[i];
		}
	}
	return NULL;
}

/* In the child, as `nobody`: the registry lists none, a bind by name is a protocol error. */
static int
other_uid_child(const struct conn *root)
{
	int failed = 0;
	struct conn *c = conn_open();

	if (!c) {
		printf("  as uid %d: cannot connect\n", NOBODY);
		return 1;
	}
	for (size_t i = 0; i < N(private_globals); i++) {
		if (find_global(c, private_globals[i]->name)) {
			printf("  as uid %d: %s is offered\n", NOBODY, private_globals[i]->name);
			failed++;
		}
	}
	conn_close(c);
	for (size_t i = 0; i < N(private_globals); i++) {
		const struct global *g = find_global(root, private_globals[i]->name);
		struct pw_client tc = {.name = "robust-cases-nobody"};
		if (!pw_client_connect(&tc, &(struct pw_client_versions){0}, 5000)) {
			return 1;
		}
		struct wl_registry *registry = wl_display_get_registry(tc.display);
		wl_registry_bind(registry, g->name, private_globals[i], 1);
		int r = pw_client_roundtrip(&tc, 5000);
		int err = wl_display_get_error(tc.display);
		printf("  as uid %d: bind of %s (name %u): %s\n", NOBODY, g->interface, g->name,
			err == EPROTO    ? "protocol error"
				: r == 1 ? "bound"
					 : strerror(err));
		failed += err != EPROTO;
		wl_registry_destroy(registry);
		pw_client_disconnect(&tc);
	}
	return failed ? 1 : 0;
}

/*
 * The process's effective uid and gid become nobody's, which the socket's peer credentials
 * carry; the file system uid stays root's, so the private runtime directory still opens.
 */
static bool
become_nobody(void)
{
	if (setgroups(0, NULL) < 0 || setegid(NOBODY) < 0 || seteuid(NOBODY) < 0) {
		perror("robust-cases: become nobody");
		return false;
	}
	setfsuid(0);
	setfsgid(0);
	return geteuid() == NOBODY;
}

static bool
other_uid(struct conn *c)
{
	if (geteuid() != 0) {
		printf("  not run as root: another uid cannot be tried; nothing checked\n");
		return true;
	}
	for (size_t i = 0; i < N(private_globals); i++) {
		if (!find_global(c, private_globals[i]->name)) {
			printf("  %s is not offered to picowl's own uid\n",
				private_globals[i]->name);
			return false;
		}
	}
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		_exit(become_nobody() ? other_uid_child(c) : 1);
	}
	int status = 0;
	return pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
		WEXITSTATUS(status) == 0;
}

/* ---- slowloris ---- */

#define LORIS 200
/* what the budget charges a connection (budget.c, 4.37): each one's bound */
#define CONNECTION_KB 20

/*
 * 200 connections each send a get_registry and a sync one byte at a time, every connection a
 * byte a round, then the start of a 4 KiB request never finished, and close. Another client's
 * round trips after each round stay within GOOD_WAIT_MS, picowl's RSS within a connection's
 * charge each and 1 MiB; the test counts picowl's fds after.
 */
static bool
slowloris(struct conn *c)
{
	const uint32_t msg[] = {1, 12u << 16 | 1, 2, 1, 12u << 16 | 0, 3, 1, 4096u << 16 | 0};
	static int fds[LORIS];
	struct conn *other = conn_open();
	pid_t pid = conn_picowl_pid(c);
	long before = picowl_status_kb(pid, "VmRSS"), peak = before, worst = 0;
	bool ok = other != NULL;
	int open = 0;

	for (; ok && open < LORIS; open++) {
		fds[open] = raw_connect();
		ok = fds[open] >= 0;
	}
	for (size_t b = 0; ok && b < sizeof(msg); b++) {
		for (int i = 0; i < open; i++) {
			if (send(fds[i], (const char *)msg + b, 1, MSG_NOSIGNAL) != 1) {
				printf("  connection %d hung up at byte %zu\n", i, b);
				ok = false;
				break;
			}
		}
		ok = ok && timed_roundtrip(other, &worst);
		long rss = picowl_status_kb(pid, "VmRSS");
		peak = rss > peak ? rss : peak;
		usleep(20 * 1000);
	}
	while (open > 0) {
		close(fds[--open]);
	}
	ok = ok && timed_roundtrip(other, &worst);
	long bound = before + LORIS * CONNECTION_KB + 1024;
	printf("  %d connections, %zu bytes each one at a time: another client's longest round "
	       "trip %ld ms (bound %d); picowl's RSS %ld kB before, %ld kB at most (bound %ld%s)\n",
		LORIS, sizeof(msg), worst, GOOD_WAIT_MS, before, peak, bound,
		picowl_sanitized(pid) ? ", not checked under ASan" : "");
	conn_close(other);
	return ok && worst <= GOOD_WAIT_MS && (picowl_sanitized(pid) || peak <= bound);
}

/* ---- an output-manager apply storm beside a client that never reads ---- */

#define STORM_APPLIES 6000

/* One request of raw words to fd; a string argument is written by the caller. */
static bool
raw_write(int fd, const uint32_t *words, size_t n)
{
	return send(fd, words, n * 4, MSG_NOSIGNAL) == (ssize_t)(n * 4);
}

/* wl_registry.bind(name, interface, version, id) on registry 2. */
static bool
raw_bind(int fd, const struct global *g, uint32_t version, uint32_t id)
{
	uint32_t w[32] = {2, 0, g->name};
	size_t len = strlen(g->interface) + 1, words = (len + 3) / 4;

	w[3] = (uint32_t)len;
	memset(w + 4, 0, words * 4);
	memcpy(w + 4, g->interface, len);
	w[4 + words] = version;
	w[5 + words] = id;
	w[1] = (uint32_t)((6 + words) * 4) << 16 | 0;
	return raw_write(fd, w, 6 + words);
}

/* One configuration of `transform` applied; its answer comes before the round trip's. */
static bool
apply_transform(struct conn *c, int32_t transform)
{
	int before = om.succeeded;
	struct zwlr_output_configuration_v1 *cfg = om_config_new(c, om.serial);

	zwlr_output_configuration_head_v1_set_transform(om_config_head(c, cfg), transform);
	zwlr_output_configuration_v1_apply(cfg);
	bool ok = pw_client_roundtrip(&c->tc, 5000) == 1 && om.succeeded == before + 1;
	if (!ok) {
		printf("  apply: error %d, %d succeeded, %d failed, %d cancelled\n",
			wl_display_get_error(c->tc.display), om.succeeded - before, om.failed,
			om.cancelled);
	}
	zwlr_output_configuration_v1_destroy(cfg);
	return ok;
}

/*
 * A client binds wl_output and its xdg_output and reads nothing; another applies 2,000
 * transforms. The reader may be dropped (a full socket), no other client is; another client's
 * round trips stay within GOOD_WAIT_MS and picowl's RSS within RSS_SLACK_KB of before.
 */
static bool
apply_storm(struct conn *c)
{
	const struct global *output = find_global(c, "wl_output");
	const struct global *xdg = find_global(c, "zxdg_output_manager_v1");
	struct conn *other = conn_open();
	pid_t pid = conn_picowl_pid(c);
	long before = picowl_status_kb(pid, "VmRSS"), peak = before, worst = 0;
	int deaf = raw_connect(), dropped_at = 0, applies = 0;

	if (!output || !xdg || !other || deaf < 0 || !om_need_manager(c)) {
		return false;
	}
	const uint32_t registry[] = {1, 12u << 16 | 1, 2};
	const uint32_t get_xdg[] = {4, 16u << 16 | 1, 5, 3};
	if (!raw_write(deaf, registry, N(registry)) || !raw_bind(deaf, output, 3, 3) ||
		!raw_bind(deaf, xdg, 2, 4) || !raw_write(deaf, get_xdg, N(get_xdg))) {
		return false;
	}
	bool ok = pw_client_roundtrip(&other->tc, 5000) == 1;
	for (; ok && applies < STORM_APPLIES; applies++) {
		ok = apply_transform(c, applies % 2 ? WL_OUTPUT_TRANSFORM_90 : 0);
		if (!dropped_at) {
			struct pollfd pfd = {.fd = deaf, .events = POLLRDHUP};
			if (poll(&pfd, 1, 0) == 1 && (pfd.revents & (POLLHUP | POLLRDHUP))) {
				dropped_at = applies + 1;
			}
		}
		if (applies % 10 == 9) {
			ok = ok && timed_roundtrip(other, &worst);
			conn_serve_good();
			long rss = picowl_status_kb(pid, "VmRSS");
			peak = rss > peak ? rss : peak;
		}
	}
	if (ok && om.transform != 0) {
		ok = apply_transform(c, 0);
	}
	int unread = 0;
	ioctl(deaf, FIONREAD, &unread);
	printf("  %d bytes unread\n", unread);
	close(deaf);
	bool rss_ok = picowl_sanitized(pid) || peak <= before + RSS_SLACK_KB;
	printf("  %d applies; the client that never reads %s; another client's longest round trip "
	       "%ld ms (bound %d); picowl's RSS %ld kB before, %ld kB at most (bound %ld%s)\n",
		applies, dropped_at ? "was dropped" : "stayed", worst, GOOD_WAIT_MS, before, peak,
		before + RSS_SLACK_KB, picowl_sanitized(pid) ? ", not checked under ASan" : "");
	if (dropped_at) {
		printf("  dropped after apply %d\n", dropped_at);
	}
	ok = ok && pw_client_roundtrip(&other->tc, 5000) == 1;
	conn_close(other);
	return ok && rss_ok && worst <= GOOD_WAIT_MS;
}

static const struct rcase hostile_cases[] = {
	{"hostile-shm-shrunk-kept-pixels", shm_kept_pixels, EXPECT_ERROR, "(destroyed)",
		WL_SHM_ERROR_INVALID_FD},
	{"hostile-shm-shrunk-screencopy-destination", shm_screencopy_destination, EXPECT_ERROR,
		BUFFER_ERR(INVALID_FD)},
	{"hostile-shm-shrunk-cursor", shm_cursor, EXPECT_ERROR, "(destroyed)",
		WL_SHM_ERROR_INVALID_FD},
	{"hostile-private-globals-other-uid", other_uid, EXPECT_NONE},
	{"hostile-slowloris-200", slowloris, EXPECT_NONE},
	{"hostile-output-apply-storm-beside-non-reader", apply_storm, EXPECT_NONE},
};

const struct group hostile_group = {"hostile", hostile_cases, N(hostile_cases)};

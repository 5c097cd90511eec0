/*
 * robust-cases GROUP...: runs each hostile case of the groups (cases.h) on its own connection
 * while a good client keeps a toplevel mapped; after every case the good client commits and
 * must get its frame callback. Prints one PASS or FAIL line per case; exits 0 if all passed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "cases.h"

#define GREEN 0xff00ff00u
#define BLUE 0xff0000ffu
#define ERROR_WAIT_MS 5000

static const struct group *const groups[] = {
	&data_device_group,
	&layer_shell_group,
	&decoration_group,
	&presentation_group,
	&xdg_output_group,
	&seat_group,
	&popup_group,
	&surface_group,
	&screencopy_group,
	&control_group,
	&counters_group,
	&wire_group,
};

static struct conn *good;
static bool good_frame;
/* libwayland-client reports a wl_display error only as EINVAL or ENOMEM; its log has the code */
static int display_error_code = -1;

static void
handle_log(const char *fmt, va_list args)
{
	char line[512];
	unsigned id, code;

	vsnprintf(line, sizeof(line), fmt, args);
	if (sscanf(line, "wl_display@%u: error %u:", &id, &code) == 2) {
		display_error_code = (int)code;
	}
	fputs(line, stdout);
}

static int64_t
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

#define BIND(field, iface)                                                                \
	if (strcmp(interface, (iface).name) == 0 && !c->field) {                          \
		c->field = wl_registry_bind(registry, name, &(iface),                     \
			version < (uint32_t)(iface).version ? version                     \
							    : (uint32_t)(iface).version); \
	}

static void
handle_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface,
	uint32_t version)
{
	struct conn *c = data;

	if (c->n_globals < MAX_GLOBALS) {
		struct global *g = &c->globals[c->n_globals++];
		g->name = name;
		g->version = version;
		snprintf(g->interface, sizeof(g->interface), "%s", interface);
	}
	BIND(compositor, wl_compositor_interface);
	BIND(subcompositor, wl_subcompositor_interface);
	BIND(shm, wl_shm_interface);
	BIND(seat, wl_seat_interface);
	BIND(output, wl_output_interface);
	BIND(ddm, wl_data_device_manager_interface);
	BIND(wm_base, xdg_wm_base_interface);
	BIND(layer_shell, zwlr_layer_shell_v1_interface);
	BIND(presentation, wp_presentation_interface);
	BIND(decoration, zxdg_decoration_manager_v1_interface);
	BIND(xdg_output, zxdg_output_manager_v1_interface);
	BIND(viewporter, wp_viewporter_interface);
	BIND(screencopy, zwlr_screencopy_manager_v1_interface);
	BIND(control, picowl_control_v1_interface);
	BIND(counters, picowl_counters_v1_interface);
}

static void
handle_global_remove(void *data, struct wl_registry *registry, uint32_t name)
{
}

static const struct wl_registry_listener registry_listener = {
	.global = handle_global,
	.global_remove = handle_global_remove,
};

static void
handle_ping(void *data, struct xdg_wm_base *wm_base, uint32_t serial)
{
	xdg_wm_base_pong(wm_base, serial);
}

static const struct xdg_wm_base_listener wm_base_listener = {
	.ping = handle_ping,
};

static void
handle_callback_done(void *data, struct wl_callback *callback, uint32_t time)
{
	*(bool *)data = true;
	wl_callback_destroy(callback);
}

static const struct wl_callback_listener callback_listener = {
	.done = handle_callback_done,
};

int
conn_dispatch_until(struct conn *c, const bool *flag, int timeout_ms)
{
	struct wl_display *display = c->display;
	int64_t deadline = now_ms() + timeout_ms;
	struct pollfd pfd = {.fd = wl_display_get_fd(display)};

	while (!flag || !*flag) {
		while (wl_display_prepare_read(display) != 0) {
			if (wl_display_dispatch_pending(display) < 0) {
				return -1;
			}
		}
		if (flag && *flag) {
			wl_display_cancel_read(display);
			break;
		}
		pfd.events = POLLIN;
		/* EPIPE: picowl hung up, but its error event may still wait to be read */
		if (wl_display_flush(display) < 0) {
			if (errno == EAGAIN) {
				pfd.events |= POLLOUT;
			} else if (errno != EPIPE) {
				wl_display_cancel_read(display);
				return -1;
			}
		}
		int64_t left = deadline - now_ms();
		if (left <= 0) {
			wl_display_cancel_read(display);
			return 0;
		}
		int n = poll(&pfd, 1, (int)left);
		if (n > 0 && (pfd.revents & (POLLIN | POLLHUP | POLLERR))) {
			if (wl_display_read_events(display) < 0) {
				return -1;
			}
		} else {
			wl_display_cancel_read(display);
		}
		if (wl_display_dispatch_pending(display) < 0) {
			return -1;
		}
	}
	return 1;
}

int
conn_roundtrip(struct conn *c, int timeout_ms)
{
	bool done = false;
	struct wl_callback *cb = wl_display_sync(c->display);

	wl_callback_add_listener(cb, &callback_listener, &done);
	return conn_dispatch_until(c, &done, timeout_ms);
}

bool
conn_wait_events(struct conn *c, int count, int timeout_ms)
{
	int64_t deadline = now_ms() + timeout_ms;

	while (c->events < count) {
		int left = (int)(deadline - now_ms());
		bool never = false;
		if (left <= 0 || conn_dispatch_until(c, &never, left < 50 ? left : 50) < 0) {
			return c->events >= count;
		}
	}
	return true;
}

struct conn *
conn_open(void)
{
	struct conn *c = calloc(1, sizeof(*c));

	if (!c) {
		return NULL;
	}
	c->display = wl_display_connect(NULL);
	if (!c->display) {
		fprintf(stderr, "robust-cases: cannot connect: %s\n", strerror(errno));
		free(c);
		return NULL;
	}
	c->registry = wl_display_get_registry(c->display);
	wl_registry_add_listener(c->registry, &registry_listener, c);
	if (conn_roundtrip(c, 5000) != 1 || !c->compositor || !c->shm || !c->wm_base) {
		fprintf(stderr, "robust-cases: no registry or core globals\n");
		conn_close(c);
		return NULL;
	}
	xdg_wm_base_add_listener(c->wm_base, &wm_base_listener, c);
	return c;
}

/* Proxies are not destroyed one by one: a client that got an error may not send requests. */
void
conn_close(struct conn *c)
{
	if (c) {
		wl_display_disconnect(c->display);
		free(c);
	}
}

int
make_memfd(size_t size)
{
	int fd = memfd_create("robust-cases", MFD_CLOEXEC);

	if (fd < 0 || ftruncate(fd, (off_t)size) < 0) {
		perror("robust-cases: memfd");
		exit(3);
	}
	return fd;
}

struct wl_buffer *
make_buffer(struct conn *c, int32_t w, int32_t h, uint32_t argb)
{
	size_t size = (size_t)w * (size_t)h * 4;
	int fd = make_memfd(size);
	uint32_t *pixels = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);

	if (pixels == MAP_FAILED) {
		perror("robust-cases: mmap");
		exit(3);
	}
	for (size_t i = 0; i < size / 4; i++) {
		pixels[i] = argb;
	}
	munmap(pixels, size);
	struct wl_shm_pool *pool = wl_shm_create_pool(c->shm, fd, (int32_t)size);
	struct wl_buffer *buffer =
		wl_shm_pool_create_buffer(pool, 0, w, h, w * 4, WL_SHM_FORMAT_XRGB8888);
	wl_shm_pool_destroy(pool);
	close(fd);
	return buffer;
}

static void
handle_xdg_surface_configure(void *data, struct xdg_surface *xdg_surface, uint32_t serial)
{
	struct conn *c = data;

	xdg_surface_ack_configure(xdg_surface, serial);
	c->configure_serial = serial;
	c->configured = true;
}

static const struct xdg_surface_listener xdg_surface_listener = {
	.configure = handle_xdg_surface_configure,
};

static void
handle_toplevel_configure(void *data, struct xdg_toplevel *toplevel, int32_t width, int32_t height,
	struct wl_array *states)
{
	struct conn *c = data;

	if (width > 0 && height > 0) {
		c->width = width;
		c->height = height;
	}
}

static void
handle_toplevel_close(void *data, struct xdg_toplevel *toplevel)
{
}

static const struct xdg_toplevel_listener toplevel_listener = {
	.configure = handle_toplevel_configure,
	.close = handle_toplevel_close,
};

static bool
commit_frame(struct conn *c, bool *done, int timeout_ms)
{
	*done = false;
	struct wl_callback *cb = wl_surface_frame(c->surface);
	wl_callback_add_listener(cb, &callback_listener, done);
	wl_surface_attach(c->surface, c->buffer, 0, 0);
	wl_surface_damage_buffer(c->surface, 0, 0, c->width, c->height);
	wl_surface_commit(c->surface);
	return conn_dispatch_until(c, done, timeout_ms) == 1;
}

bool
conn_map(struct conn *c, bool fullscreen)
{
	bool done;

	c->width = c->height = 64;
	c->surface = wl_compositor_create_surface(c->compositor);
	c->xdg_surface = xdg_wm_base_get_xdg_surface(c->wm_base, c->surface);
	xdg_surface_add_listener(c->xdg_surface, &xdg_surface_listener, c);
	c->toplevel = xdg_surface_get_toplevel(c->xdg_surface);
	xdg_toplevel_add_listener(c->toplevel, &toplevel_listener, c);
	xdg_toplevel_set_app_id(c->toplevel, "robust-cases");
	if (fullscreen) {
		xdg_toplevel_set_fullscreen(c->toplevel, NULL);
	}
	wl_surface_commit(c->surface);
	if (conn_dispatch_until(c, &c->configured, 5000) != 1) {
		fprintf(stderr, "robust-cases: no configure\n");
		return false;
	}
	c->buffer = make_buffer(c, c->width, c->height, fullscreen ? BLUE : GREEN);
	if (!commit_frame(c, &done, 5000)) {
		fprintf(stderr, "robust-cases: the first frame was not done\n");
		return false;
	}
	return true;
}

bool
raw_send(struct conn *c, uint32_t id, uint16_t opcode, const uint32_t *words, size_t n)
{
	uint32_t msg[1024];
	size_t size = (2 + n) * 4;

	if (n + 2 > sizeof(msg) / sizeof(msg[0]) || size > 0xffff) {
		return false;
	}
	msg[0] = id;
	msg[1] = (uint32_t)(size << 16) | opcode;
	memcpy(msg + 2, words, n * 4);
	if (wl_display_flush(c->display) < 0) {
		return false;
	}
	return send(wl_display_get_fd(c->display), msg, size, MSG_NOSIGNAL) == (ssize_t)size;
}

uint32_t
raw_new_id(struct conn *c, const struct wl_interface *interface)
{
	struct wl_proxy *proxy = wl_proxy_create((struct wl_proxy *)c->display, interface);

	return proxy ? wl_proxy_get_id(proxy) : 0;
}

/* The answer the case got, compared with its table entry. */
static bool
check_answer(const struct rcase *rc, struct conn *c, int r)
{
	int err = wl_display_get_error(c->display);
	const struct wl_interface *iface = NULL;
	uint32_t id = 0, code = 0;

	if (err == 0 && r >= 0) {
		if (rc->expect == EXPECT_NONE) {
			return true;
		}
		printf("  no error, still connected\n");
		return false;
	}
	if (err == EPROTO) {
		code = wl_display_get_protocol_error(c->display, &iface, &id);
	} else if (display_error_code >= 0) {
		printf("  protocol error: wl_display@1, code %d\n", display_error_code);
		return rc->expect == EXPECT_ERROR && strcmp(rc->iface, "wl_display") == 0 &&
			(uint32_t)display_error_code == rc->code;
	}
	if (err != EPROTO || !iface) {
		/* an error on an object the client already destroyed arrives with no interface */
		printf("  %s%s\n",
			err == EPROTO ? "protocol error on a destroyed object, code "
				      : "disconnected: ",
			err == EPROTO ? "" : strerror(err ? err : EPIPE));
		return rc->expect == EXPECT_DISCONNECT ||
			(rc->expect == EXPECT_ERROR && strcmp(rc->iface, "(destroyed)") == 0 &&
				code == rc->code);
	}
	printf("  protocol error: %s@%u, code %u\n", iface->name, id, code);
	return rc->expect == EXPECT_ERROR && strcmp(iface->name, rc->iface) == 0 &&
		code == rc->code;
}

static const char *
expected(const struct rcase *rc, char *buf, size_t size)
{
	if (rc->expect == EXPECT_NONE) {
		return "no error";
	}
	if (rc->expect == EXPECT_DISCONNECT) {
		return "a disconnect";
	}
	snprintf(buf, size, "error %s code %u", rc->iface, rc->code);
	return buf;
}

int
run_case(const struct rcase *rc)
{
	char buf[128];
	int64_t start = now_ms();
	struct conn *c = conn_open();
	bool ok = false;

	display_error_code = -1;
	if (!c) {
		printf("FAIL %s: cannot connect\n", rc->name);
		return 1;
	}
	if (rc->run(c)) {
		int r;
		if (rc->expect == EXPECT_NONE) {
			r = conn_roundtrip(c, ERROR_WAIT_MS);
		} else {
			r = conn_dispatch_until(c, NULL, ERROR_WAIT_MS);
		}
		ok = check_answer(rc, c, r);
	} else {
		printf("  the case's own check failed\n");
	}
	conn_close(c);
	/* the other client: still served, its frame callback comes */
	bool good_ok = commit_frame(good, &good_frame, 5000);
	if (!good_ok) {
		int err = wl_display_get_error(good->display);
		printf("  the good client got no frame callback after the case%s%s\n",
			err ? ": " : "", err ? strerror(err) : "");
	}
	printf("%s %s: expected %s (%lld ms)\n", ok && good_ok ? "PASS" : "FAIL", rc->name,
		expected(rc, buf, sizeof(buf)), (long long)(now_ms() - start));
	return ok && good_ok ? 0 : 1;
}

static int
run_group(const struct group *g)
{
	int failed = 0;

	if (g->run_all) {
		return g->run_all();
	}
	for (size_t i = 0; i < g->count; i++) {
		failed += run_case(&g->cases[i]);
	}
	return failed;
}

int
main(int argc, char *argv[])
{
	int failed = 0, ran = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	wl_log_set_handler_client(handle_log);
	good = conn_open();
	/* not a panel: the tile lists of the control cases are not its business */
	if (good && good->control) {
		picowl_control_v1_destroy(good->control);
		good->control = NULL;
	}
	if (!good || !conn_map(good, false)) {
		fprintf(stderr, "robust-cases: the good client could not map its toplevel\n");
		return 3;
	}
	for (int a = 1; a < argc; a++) {
		bool found = false;
		for (size_t g = 0; g < sizeof(groups) / sizeof(groups[0]); g++) {
			if (strcmp(argv[a], groups[g]->name) == 0 || strcmp(argv[a], "all") == 0) {
				failed += run_group(groups[g]);
				found = true;
				ran++;
			}
		}
		if (!found) {
			fprintf(stderr, "robust-cases: no group %s; groups:", argv[a]);
			for (size_t g = 0; g < sizeof(groups) / sizeof(groups[0]); g++) {
				fprintf(stderr, " %s", groups[g]->name);
			}
			fprintf(stderr, " all\n");
			return 2;
		}
	}
	printf("robust-cases: %d groups, %d failed cases\n", ran, failed);
	conn_close(good);
	return failed ? 1 : 0;
}

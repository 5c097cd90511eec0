/* The picowl clients' connection: globals, dispatching, round trips. See client.h. */
#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "client.h"

static const char *
prog(const struct pw_client *c)
{
	return c->name ? c->name : "picowl client";
}

void *
pw_client_bind(struct pw_client *c, uint32_t name, const struct wl_interface *interface,
	uint32_t version, uint32_t want)
{
	uint32_t v = version < want ? version : want;

	if (v > (uint32_t)interface->version) {
		v = (uint32_t)interface->version;
	}
	return wl_registry_bind(c->registry, name, interface, v);
}

static void *
bind_first(struct pw_client *c, void *bound, uint32_t want, uint32_t name,
	const struct wl_interface *interface, uint32_t version)
{
	if (bound || want == 0) {
		return bound;
	}
	return pw_client_bind(c, name, interface, version, want);
}

static void
handle_wm_base_ping(void *data, struct xdg_wm_base *wm_base, uint32_t serial)
{
	struct pw_client *c = data;

	if (!c->no_pong) {
		xdg_wm_base_pong(wm_base, serial);
	}
}

static const struct xdg_wm_base_listener wm_base_listener = {
	.ping = handle_wm_base_ping,
};

static void
handle_shm_format(void *data, struct wl_shm *shm, uint32_t format)
{
	struct pw_client *c = data;

	if (c->n_formats < PW_CLIENT_MAX_FORMATS && !pw_client_has_format(c, format)) {
		c->formats[c->n_formats++] = format;
	}
}

static const struct wl_shm_listener shm_listener = {
	.format = handle_shm_format,
};

bool
pw_client_has_format(const struct pw_client *c, uint32_t format)
{
	for (int i = 0; i < c->n_formats; i++) {
		if (c->formats[i] == format) {
			return true;
		}
	}
	return false;
}

static void
bind_listed(struct pw_client *c, uint32_t name, const char *interface, uint32_t version)
{
	for (const struct pw_client_global *g = c->globals; g && g->interface; g++) {
		if (strcmp(interface, g->interface->name) != 0 || *g->proxy) {
			continue;
		}
		*g->proxy = pw_client_bind(c, name, g->interface, version, g->version);
		if (g->listener) {
			wl_proxy_add_listener(*g->proxy, (void (**)(void))g->listener, g->data);
		}
	}
}

static void
handle_registry_global(void *data, struct wl_registry *registry, uint32_t name,
	const char *interface, uint32_t version)
{
	struct pw_client *c = data;
	const struct pw_client_versions *w = &c->versions;

	if (strcmp(interface, wl_compositor_interface.name) == 0) {
		c->compositor = bind_first(c, c->compositor, w->compositor, name,
			&wl_compositor_interface, version);
	} else if (strcmp(interface, wl_subcompositor_interface.name) == 0) {
		c->subcompositor = bind_first(c, c->subcompositor, w->subcompositor, name,
			&wl_subcompositor_interface, version);
	} else if (strcmp(interface, wl_shm_interface.name) == 0 && !c->shm) {
		c->shm = bind_first(c, NULL, w->shm, name, &wl_shm_interface, version);
		if (c->shm) {
			wl_shm_add_listener(c->shm, &shm_listener, c);
		}
	} else if (strcmp(interface, wl_seat_interface.name) == 0 && !c->seat) {
		c->seat = bind_first(c, NULL, w->seat, name, &wl_seat_interface, version);
		if (c->seat && c->seat_bound) {
			c->seat_bound(c);
		}
	} else if (strcmp(interface, wl_output_interface.name) == 0) {
		c->output =
			bind_first(c, c->output, w->output, name, &wl_output_interface, version);
	} else if (strcmp(interface, xdg_wm_base_interface.name) == 0 && !c->wm_base) {
		c->wm_base = bind_first(c, NULL, w->wm_base, name, &xdg_wm_base_interface, version);
		if (c->wm_base) {
			xdg_wm_base_add_listener(c->wm_base, &wm_base_listener, c);
		}
	}
	bind_listed(c, name, interface, version);
	if (c->global) {
		c->global(c, name, interface, version);
	}
}

static void
handle_registry_global_remove(void *data, struct wl_registry *registry, uint32_t name)
{
}

static const struct wl_registry_listener registry_listener = {
	.global = handle_registry_global,
	.global_remove = handle_registry_global_remove,
};

bool
pw_client_connect(struct pw_client *c, const struct pw_client_versions *want, int timeout_ms)
{
	c->versions = *want;
	c->display = wl_display_connect(NULL);
	if (!c->display) {
		const char *socket = getenv("WAYLAND_DISPLAY");
		fprintf(stderr, "%s: cannot connect to WAYLAND_DISPLAY=%s: %s\n", prog(c),
			socket ? socket : "(unset)", strerror(errno));
		return false;
	}
	c->registry = wl_display_get_registry(c->display);
	wl_registry_add_listener(c->registry, &registry_listener, c);
	if (pw_client_roundtrip(c, timeout_ms) != 1) {
		fprintf(stderr, "%s: no answer to the registry\n", prog(c));
		return false;
	}
	if ((want->compositor && !c->compositor) || (want->shm && !c->shm) ||
		(want->wm_base && !c->wm_base)) {
		fprintf(stderr, "%s: the compositor lacks %s\n", prog(c),
			want->compositor && !c->compositor ? "wl_compositor"
				: want->shm && !c->shm     ? "wl_shm"
							   : "xdg_wm_base");
		return false;
	}
	return true;
}

void
pw_client_disconnect(struct pw_client *c)
{
	void *proxies[] = {c->wm_base, c->output, c->seat, c->shm, c->subcompositor, c->compositor,
		c->registry};

	if (!c->display) {
		return;
	}
	if (c->seat_finish) {
		c->seat_finish(c);
	}
	for (const struct pw_client_global *g = c->globals; g && g->interface; g++) {
		if (*g->proxy) {
			wl_proxy_destroy(*g->proxy);
			*g->proxy = NULL;
		}
	}
	for (size_t i = 0; i < sizeof(proxies) / sizeof(proxies[0]); i++) {
		if (proxies[i]) {
			wl_proxy_destroy(proxies[i]);
		}
	}
	c->wm_base = NULL;
	c->output = NULL;
	c->seat = NULL;
	c->shm = NULL;
	c->subcompositor = NULL;
	c->compositor = NULL;
	c->registry = NULL;
	wl_display_disconnect(c->display);
	c->display = NULL;
}

int64_t
pw_client_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

enum pass_result {
	PASS_FAILED = -1,
	PASS_TIMEOUT,
	PASS_FLAG, /* the flag was set by what was queued */
	PASS_DONE,
};

/*
 * One pass: dispatch what is queued, flush, poll the connection and `fds` until `deadline`
 * (pw_client_now_ms; < 0: timeout_ms, that is no deadline check), read, dispatch. *ready: what
 * poll returned.
 */
static enum pass_result
pass(struct pw_client *c, const bool *flag, struct pollfd *fds, int n, int64_t deadline,
	int timeout_ms, int *ready)
{
	struct wl_display *display = c->display;
	struct pollfd all[1 + PW_CLIENT_MAX_FDS];

	assert(n >= 0 && n <= PW_CLIENT_MAX_FDS);
	*ready = 0;
	for (int i = 0; i < n; i++) {
		fds[i].revents = 0;
	}
	while (wl_display_prepare_read(display) != 0) {
		if (wl_display_dispatch_pending(display) < 0) {
			return PASS_FAILED;
		}
	}
	if (flag && *flag) {
		wl_display_cancel_read(display);
		return PASS_FLAG;
	}
	all[0] = (struct pollfd){.fd = wl_display_get_fd(display), .events = POLLIN};
	/* EPIPE: the compositor hung up, but its error event may still wait to be read */
	if (wl_display_flush(display) < 0) {
		if (errno == EAGAIN) {
			all[0].events |= POLLOUT;
		} else if (errno != EPIPE) {
			wl_display_cancel_read(display);
			return PASS_FAILED;
		}
	}
	if (deadline >= 0) {
		int64_t ms = deadline - pw_client_now_ms();
		if (ms <= 0) {
			wl_display_cancel_read(display);
			return PASS_TIMEOUT;
		}
		timeout_ms = (int)ms;
	}
	for (int i = 0; i < n; i++) {
		all[1 + i] = fds[i];
	}
	int r = poll(all, (nfds_t)(1 + n), timeout_ms);
	if (r < 0 && errno != EINTR) {
		wl_display_cancel_read(display);
		return PASS_FAILED;
	}
	if (r > 0 && (all[0].revents & (POLLIN | POLLHUP | POLLERR))) {
		if (wl_display_read_events(display) < 0) {
			return PASS_FAILED;
		}
	} else {
		wl_display_cancel_read(display);
	}
	for (int i = 0; i < n && r > 0; i++) {
		fds[i].revents = all[1 + i].revents;
	}
	if (wl_display_dispatch_pending(display) < 0) {
		return PASS_FAILED;
	}
	*ready = r > 0 ? r : 0;
	return PASS_DONE;
}

int
pw_client_dispatch_until(struct pw_client *c, const bool *flag, int timeout_ms)
{
	int64_t deadline = timeout_ms >= 0 ? pw_client_now_ms() + timeout_ms : -1;
	int ready;

	while (!flag || !*flag) {
		switch (pass(c, flag, NULL, 0, deadline, -1, &ready)) {
		case PASS_FAILED:
			return -1;
		case PASS_TIMEOUT:
			return 0;
		case PASS_FLAG:
			return 1;
		case PASS_DONE:
			break;
		}
	}
	return 1;
}

int
pw_client_dispatch_fds(struct pw_client *c, struct pollfd *fds, int n, int timeout_ms)
{
	int ready;

	return pass(c, NULL, fds, n, -1, timeout_ms, &ready) == PASS_FAILED ? -1 : ready;
}

static void
handle_sync_done(void *data, struct wl_callback *callback, uint32_t time)
{
	*(bool *)data = true;
	wl_callback_destroy(callback);
}

static const struct wl_callback_listener sync_listener = {
	.done = handle_sync_done,
};

int
pw_client_roundtrip(struct pw_client *c, int timeout_ms)
{
	bool done = false;
	struct wl_callback *cb = wl_display_sync(c->display);

	wl_callback_add_listener(cb, &sync_listener, &done);
	int r = pw_client_dispatch_until(c, &done, timeout_ms);
	if (!done) {
		/* its done event must not find `done` gone */
		wl_callback_destroy(cb);
	}
	return r;
}

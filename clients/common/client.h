/*
 * The Wayland client setup every picowl client shares: a connection with the globals it asks
 * for bound, dispatching with a deadline or next to other file descriptors, and (in the
 * headers included below) shm buffers, frame callbacks, an xdg toplevel that follows its
 * configures, and the seat's keyboard, pointer and touch.
 *
 * Only well-behaved requests go through here: a test that misbehaves on purpose sends its bad
 * requests itself, next to these proxies.
 *
 * Ownership: a pw_client owns the proxies it bound, the registry and the seat's devices. Its
 * teardown sends no request (wl_proxy_destroy only), so it is safe on a connection that got a
 * protocol error, and leaves nothing for LeakSanitizer. A caller that destroys one of these
 * proxies itself sets its field to NULL. Nothing here exits: failures return false, NULL or
 * -1, with a message on stderr where the function says so.
 */
#ifndef PW_CLIENT_H
#define PW_CLIENT_H

#include <poll.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <wayland-client.h>

#include "client_seat.h"
#include "client_shm.h"
#include "client_toplevel.h"

/* As a version: the highest both the compositor and this libwayland know. */
#define PW_CLIENT_LATEST UINT32_MAX

/* The highest version of each core global a client speaks; 0: not bound. */
struct pw_client_versions {
	uint32_t compositor, subcompositor, shm, seat, output, wm_base;
};

/* Another global to bind: the first of its kind, at the lower of `version` and what is
 * offered. Its listener, if any, is added with `data` as it is bound, so that its first
 * events are not missed. */
struct pw_client_global {
	const struct wl_interface *interface; /* NULL ends a list */
	uint32_t version; /* PW_CLIENT_LATEST: the highest both sides know */
	void **proxy; /* where the proxy goes (a field of the caller's, NULL until bound) */
	const void *listener;
	void *data;
};

#define PW_CLIENT_MAX_FORMATS 64
#define PW_CLIENT_MAX_FDS 7 /* for pw_client_dispatch_fds */

struct pw_client {
	/* set by the caller before pw_client_connect (zero the rest) */
	const char *name; /* of the program, in front of messages on stderr */
	const struct pw_client_global *globals; /* more globals to bind, or NULL */
	/* Called for every global after the library bound its own (a field below non-NULL once
	 * its global came): the place for globals a list cannot name. */
	void (*global)(struct pw_client *client, uint32_t name, const char *interface,
		uint32_t version);
	void *data;
	/* set by pw_client_input_init (client_seat.h), if at all: through function pointers,
	 * so that a client without input links no seat code */
	const struct pw_client_input_listener *input;
	void (*seat_bound)(struct pw_client *client);
	void (*seat_finish)(struct pw_client *client);
	bool no_pong; /* for a test of an unresponsive client: pings go unanswered */

	struct wl_display *display;
	struct wl_registry *registry;
	/* the first global of each kind, at the lower of its version and the one asked for */
	struct wl_compositor *compositor;
	struct wl_subcompositor *subcompositor;
	struct wl_shm *shm;
	struct wl_seat *seat;
	struct wl_output *output;
	struct xdg_wm_base *wm_base;
	struct pw_client_versions versions; /* what pw_client_connect was asked for */
	/* the seat's devices, while the seat has them (client_seat.h) */
	struct wl_keyboard *keyboard;
	struct wl_pointer *pointer;
	struct wl_touch *touch;
	/* the surface of the last pointer enter or touch down, for clients with several */
	struct wl_surface *input_surface;
	/* what wl_shm announced, up to PW_CLIENT_MAX_FORMATS of them */
	uint32_t formats[PW_CLIENT_MAX_FORMATS];
	int n_formats;
};

/*
 * Connects to $WAYLAND_DISPLAY and binds the globals `want` and client->globals name, within
 * one round trip of timeout_ms (negative: no limit). The first events of what was bound (shm
 * formats, seat capabilities, a private global's state) come with the next dispatch: a
 * pw_client_roundtrip where they are needed at once. False, with a message, if there is no
 * compositor, no answer, or one of wl_compositor, wl_shm and xdg_wm_base was asked for and not
 * offered; pw_client_disconnect then.
 */
bool pw_client_connect(struct pw_client *client, const struct pw_client_versions *want,
	int timeout_ms);
/* Destroys the proxies the library made and disconnects. Accepts a client never connected. */
void pw_client_disconnect(struct pw_client *client);

/*
 * Binds global `name`, offered at `version`, at the lower of that, `want` and what libwayland
 * knows (PW_CLIENT_LATEST: the higher two). For the `global` callback.
 */
void *pw_client_bind(struct pw_client *client, uint32_t name, const struct wl_interface *interface,
	uint32_t version, uint32_t want);

/* Whether wl_shm announced `format` (a WL_SHM_FORMAT_*). */
bool pw_client_has_format(const struct pw_client *client, uint32_t format);

/*
 * Dispatches until *flag is set (NULL: never), the connection fails or timeout_ms passes
 * (negative: no limit). 1: the flag was set, 0: timeout, -1: the connection failed. Flushes
 * what is queued, waiting for room in the socket as long as it reads; after a hang-up it
 * reads on, so that the compositor's error event is seen.
 */
int pw_client_dispatch_until(struct pw_client *client, const bool *flag, int timeout_ms);
/*
 * One pass of an event loop that has other file descriptors: dispatches what is queued,
 * flushes (as above), waits up to timeout_ms (0: not at all, negative: no limit) for the
 * connection or one of fds[0..n-1] (n <= PW_CLIENT_MAX_FDS), reads and dispatches. The revents of
 * `fds` are set (0 when nothing was ready). The number of descriptors ready (the connection's
 * included), or -1 if the connection failed (wl_display_get_error tells) or poll did.
 */
int pw_client_dispatch_fds(struct pw_client *client, struct pollfd *fds, int n, int timeout_ms);
/* A wl_display.sync answered: as pw_client_dispatch_until. */
int pw_client_roundtrip(struct pw_client *client, int timeout_ms);

/* CLOCK_MONOTONIC in milliseconds. */
int64_t pw_client_now_ms(void);

#endif

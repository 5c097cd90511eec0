/*
 * The Wayland client setup the test clients share: a connection with its core globals bound,
 * dispatching with a deadline, shm buffers, and an xdg toplevel that follows its configures.
 *
 * Only well-behaved requests go through here: a test that misbehaves on purpose sends its bad
 * requests itself, next to these proxies.
 *
 * Ownership: a tc_client owns the proxies it bound and the registry; a tc_toplevel its surface,
 * roles, buffer and pending frame callback. Their teardown sends no request (wl_proxy_destroy
 * only), so it is safe on a connection that got a protocol error, and leaves nothing for
 * LeakSanitizer. A caller that destroys one of these proxies itself sets its field to NULL.
 */
#ifndef PW_TEST_CLIENT_H
#define PW_TEST_CLIENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <wayland-client.h>

#include "xdg-shell-client-protocol.h"

/* As a version in tc_versions: the highest both the compositor and this libwayland know. */
#define TC_LATEST UINT32_MAX

/* The highest version of each core global a client speaks; 0: not bound. */
struct tc_versions {
	uint32_t compositor, subcompositor, shm, seat, output, wm_base;
};

struct tc_client {
	/* set by the caller before tc_connect (zero the rest) */
	const char *name; /* of the program, in front of messages on stderr */
	/* Called for every global after the library bound its own (a field below non-NULL once
	 * its global came): the place to bind others and add listeners before their events. */
	void (*global)(struct tc_client *tc, uint32_t name, const char *interface,
		uint32_t version);
	void *data;
	/* with `data`, on the seat as it is bound: its first events are not missed */
	const struct wl_seat_listener *seat_listener;
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
	struct tc_versions versions; /* what tc_connect was asked for */
};

/*
 * Connects to $WAYLAND_DISPLAY and binds the globals `want` names within one round trip.
 * False, with a message, if there is no compositor, no answer in timeout_ms, or one of
 * wl_compositor, wl_shm and xdg_wm_base was asked for and not offered; tc_disconnect then.
 */
bool tc_connect(struct tc_client *tc, const struct tc_versions *want, int timeout_ms);
/* Destroys the proxies the library made and disconnects. Accepts a client never connected. */
void tc_disconnect(struct tc_client *tc);

/*
 * Dispatches until *flag is set (NULL: never), the connection fails or timeout_ms passes
 * (negative: no limit). 1: the flag was set, 0: timeout, -1: the connection failed. Flushes
 * what is queued, waiting for room in the socket as long as it reads; after a hang-up it
 * reads on, so that the compositor's error event is seen.
 */
int tc_dispatch_until(struct tc_client *tc, const bool *flag, int timeout_ms);
/* A wl_display.sync answered: as tc_dispatch_until. */
int tc_roundtrip(struct tc_client *tc, int timeout_ms);

int64_t tc_now_ms(void);

/* An anonymous file (memfd) of `size` bytes; -1 with errno on failure. */
int tc_memfd(size_t size);

/* An XRGB8888 shm file being drawn: pixels[y * width + x]. */
struct tc_canvas {
	uint32_t *pixels;
	int32_t width, height;
	size_t size;
	int fd;
};

/* Makes and maps the file; false, with a message, on failure (nothing left to finish). */
bool tc_canvas_init(struct tc_canvas *cv, int32_t width, int32_t height);
/* Unmaps and closes the file; the buffer on it, from a pool of its own (destroyed already). */
struct wl_buffer *tc_canvas_finish(struct tc_canvas *cv, struct wl_shm *shm);
/* A width x height XRGB8888 buffer, every pixel `argb`; NULL on failure. */
struct wl_buffer *tc_buffer(struct tc_client *tc, int32_t width, int32_t height, uint32_t argb);

struct tc_toplevel {
	/* set by the caller before tc_toplevel_init, if at all */
	int32_t width, height; /* what a configure without a size leaves */
	bool no_ack; /* for a test of a client that never acks: configures go unanswered */
	/* Called after each configure (acked already): the toplevel's configure is in width,
	 * height and serial. */
	void (*configure)(struct tc_toplevel *tl);
	void *data;

	struct tc_client *client;
	struct wl_surface *surface;
	struct xdg_surface *xdg_surface;
	struct xdg_toplevel *toplevel;
	uint32_t serial; /* of the last configure */
	bool configured; /* a configure came */
	bool closed; /* xdg_toplevel.close came */
	struct wl_buffer *buffer; /* shown by tc_toplevel_show, destroyed by finish */
	struct wl_callback *frame; /* of tc_toplevel_commit, until done */
	bool frame_done;
};

/* Makes the surface and its toplevel, with a title and app_id unless NULL; commits nothing. */
void tc_toplevel_init(struct tc_toplevel *tl, struct tc_client *tc, const char *title,
	const char *app_id);
/* Attaches buffer (NULL: tl->buffer), damages all of it, asks for a frame callback that sets
 * tl->frame_done, and commits. */
void tc_toplevel_commit(struct tc_toplevel *tl, struct wl_buffer *buffer);
/* The same with damage to the box (buffer coordinates) alone. */
void tc_toplevel_commit_box(struct tc_toplevel *tl, struct wl_buffer *buffer, int32_t x, int32_t y,
	int32_t width, int32_t height);
/* Commits without a buffer and waits for the first configure; false, with a message, if none
 * came within timeout_ms. */
bool tc_toplevel_wait_configure(struct tc_toplevel *tl, int timeout_ms);
/* Makes buffer tl->buffer (destroying the one before once it is replaced), commits it and waits for
 * its frame callback; false, with a message, if buffer is NULL or no callback came within
 * timeout_ms. */
bool tc_toplevel_show(struct tc_toplevel *tl, struct wl_buffer *buffer, int timeout_ms);
/* The same with damage to the box (buffer coordinates) alone. */
bool tc_toplevel_show_box(struct tc_toplevel *tl, struct wl_buffer *buffer, int32_t x, int32_t y,
	int32_t width, int32_t height, int timeout_ms);
/* Both, with a buffer of the configured size filled with `argb`. */
bool tc_toplevel_map(struct tc_toplevel *tl, uint32_t argb, int timeout_ms);
/* Destroys its proxies, tl->buffer and a pending frame callback. Accepts one never made. */
void tc_toplevel_finish(struct tc_toplevel *tl);

#endif

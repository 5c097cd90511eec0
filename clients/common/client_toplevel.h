/*
 * Frame callbacks, and an xdg toplevel that acks and follows its configures (see client.h).
 *
 * Ownership: a pw_client_frame owns its pending callback; a pw_client_toplevel its surface,
 * roles, buffer and frame. Their teardown sends no request (wl_proxy_destroy only).
 */
#ifndef PW_CLIENT_TOPLEVEL_H
#define PW_CLIENT_TOPLEVEL_H

#include <stdbool.h>
#include <stdint.h>

#include <wayland-client.h>

#include "xdg-shell-client-protocol.h"

struct pw_client;

/* One outstanding frame callback of a surface. */
struct pw_client_frame {
	/* set by the caller, if at all: called when the callback is done (it is destroyed,
	 * `callback` NULL and `done` true already) */
	void (*handler)(struct pw_client_frame *frame, uint32_t time);
	void *data;

	struct wl_callback *callback; /* pending, or NULL */
	bool done; /* the last one asked for came */
};

/* Asks for the next frame callback of `surface`, replacing a pending one (never called
 * then); it comes after the next commit. */
void pw_client_frame_request(struct pw_client_frame *frame, struct wl_surface *surface);
/* Destroys a pending callback. */
void pw_client_frame_finish(struct pw_client_frame *frame);

struct pw_client_toplevel {
	/* set by the caller before pw_client_toplevel_init, if at all */
	int32_t width, height; /* what a configure without a size leaves */
	bool no_ack; /* for a test of a client that never acks: configures go unanswered */
	/* Called after each configure (acked already): the toplevel's configure is in the
	 * fields below. */
	void (*configure)(struct pw_client_toplevel *toplevel);
	/* Called at xdg_toplevel.close, `closed` set already. */
	void (*close)(struct pw_client_toplevel *toplevel);
	void *data;

	struct pw_client *client;
	struct wl_surface *surface;
	struct xdg_surface *xdg_surface;
	struct xdg_toplevel *toplevel;
	uint32_t serial; /* of the last configure */
	int32_t configured_width, configured_height; /* as sent: 0 leaves it to the client */
	bool fullscreen; /* the last configure's states hold fullscreen */
	uint32_t states; /* 1 << state for each state of the last configure */
	int32_t bounds_width, bounds_height; /* the last configure_bounds (v4) */
	int capabilities_events; /* wm_capabilities events (v5) */
	uint32_t capabilities; /* 1 << capability for each in the last one */
	bool configured; /* a configure came */
	bool closed; /* xdg_toplevel.close came */
	struct wl_buffer *buffer; /* shown by pw_client_toplevel_show, destroyed by finish */
	struct pw_client_frame frame; /* of pw_client_toplevel_commit */
};

/* Makes the surface and its toplevel, with a title and app_id unless NULL; commits nothing. */
void pw_client_toplevel_init(struct pw_client_toplevel *tl, struct pw_client *client,
	const char *title, const char *app_id);
/* Attaches buffer (NULL: tl->buffer), damages all of it, asks for a frame callback that sets
 * tl->frame.done, and commits. */
void pw_client_toplevel_commit(struct pw_client_toplevel *tl, struct wl_buffer *buffer);
/* The same with damage to the box (buffer coordinates) alone. */
void pw_client_toplevel_commit_box(struct pw_client_toplevel *tl, struct wl_buffer *buffer,
	int32_t x, int32_t y, int32_t width, int32_t height);
/* Commits without a buffer and waits for the first configure; false, with a message, if none
 * came within timeout_ms. */
bool pw_client_toplevel_wait_configure(struct pw_client_toplevel *tl, int timeout_ms);
/* Makes buffer tl->buffer (destroying the one before once it is replaced), commits it and waits
 * for its frame callback; false, with a message, if buffer is NULL or no callback came within
 * timeout_ms. */
bool pw_client_toplevel_show(struct pw_client_toplevel *tl, struct wl_buffer *buffer,
	int timeout_ms);
/* The same with damage to the box (buffer coordinates) alone. */
bool pw_client_toplevel_show_box(struct pw_client_toplevel *tl, struct wl_buffer *buffer, int32_t x,
	int32_t y, int32_t width, int32_t height, int timeout_ms);
/* Both, with a buffer of the configured size filled with `argb`. */
bool pw_client_toplevel_map(struct pw_client_toplevel *tl, uint32_t argb, int timeout_ms);
/* Destroys its proxies, tl->buffer and a pending frame callback. Accepts one never made. */
void pw_client_toplevel_finish(struct pw_client_toplevel *tl);

#endif

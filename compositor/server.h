/* The hub: one compositor instance. No globals; many may be created in one process. */
#ifndef PW_SERVER_H
#define PW_SERVER_H

#include <stdbool.h>
#include <stdio.h>
#include <wayland-server-core.h>

#include "layout.h"
#include "options.h"

struct pw_backend;
struct pw_backend_events;
struct pw_config;
struct pw_desktop;
struct pw_input;
struct pw_output;
struct pw_seat;
struct pw_view;
struct pw_surface;

struct pw_server {
	struct wl_display *display;
	struct wl_event_loop *loop;
	struct pw_options opts;
	const char *socket;

	struct pw_backend *backend;
	struct pw_output *output;
	struct pw_seat *seat;
	struct pw_input *input; /* libinput devices of a real display's session, or NULL */
	double cursor_x, cursor_y; /* output coordinates, moved by relative pointer motion */
	/* The output's backend events, wrapped to add `resumed`; see server.c. */
	const struct pw_backend_events *output_events;
	void *output_events_data;
	struct pw_layout_params layout;
	struct pw_counters *counters; /* per-commit timing; see counters.h */
	struct wl_global *counters_global; /* private: same-uid clients only */
	uint32_t next_surface_id;

	struct wl_list views; /* pw_view.link, tiling order; the first is the master */
	struct wl_list popups; /* pw_popup.link, bottom to top */
	struct pw_view *focus; /* the view with keyboard focus, or NULL */
	struct {
		uint32_t background, border, border_focused; /* 0xRRGGBB */
	} colors;
	int border_width;

	/* Config, bindings, launching, layer shell, panel, control: see desktop.h. */
	struct pw_config *config; /* the settings in effect; NULL only while creating */
	struct pw_desktop *desktop;
	/* Switches to virtual terminal `vt` (a binding); NULL: unsupported (no session). */
	bool (*switch_vt)(void *data, int vt);
	void *switch_vt_data;

	bool quit; /* pw_server_run returns */
	bool running; /* inside pw_server_run */
	struct wl_signal destroy;
};

/*
 * Creates the server with its globals and the backend `opts` names, and adds the listening
 * socket. Returns NULL (after a message on stderr) on failure.
 */
struct pw_server *pw_server_create(const struct pw_options *opts);
/* Destroys every client, global and the backend. Accepts NULL. */
void pw_server_destroy(struct pw_server *server);

/* The picowl_counters_v1 global (counters_protocol.c). */
bool pw_counters_protocol_create(struct pw_server *server);

/*
 * Writes the counters report to `out`, or when `out` is NULL to the file --counters names
 * (appended) or stderr. `json` selects JSON over text.
 */
void pw_server_dump_counters(struct pw_server *server, bool json, FILE *out);

/*
 * Runs the event loop until pw_server_terminate. While a frame is in flight and its done
 * event is armed, sleeps on that event and on input only: requests clients send meanwhile
 * wait for the refresh, so a client that keeps up costs one wakeup per frame, not two.
 */
void pw_server_run(struct pw_server *server);
void pw_server_terminate(struct pw_server *server);

/* Re-computes every tile and sends configures where a size changed. */
void pw_server_arrange(struct pw_server *server);

/* Gives keyboard focus to `view` (NULL: nobody), marks it activated, redraws the borders. */
void pw_server_focus(struct pw_server *server, struct pw_view *view);
/* Moves keyboard focus to the next (+1) or previous (-1) view in tiling order. */
void pw_server_focus_cycle(struct pw_server *server, int direction);

/* The tile a view mapped now would get (the whole output when `fullscreen`). */
struct pw_box pw_server_next_tile(struct pw_server *server, bool fullscreen);

/* The topmost view whose tile contains output point x,y, or NULL. */
struct pw_view *pw_server_view_at(struct pw_server *server, double x, double y);

/*
 * The topmost surface (popups, then views, each with its subsurfaces) whose input region
 * holds output point x,y; its surface-local coordinates in *sx,*sy. NULL if none.
 */
struct pw_surface *pw_server_surface_at(struct pw_server *server, double x, double y, double *sx,
	double *sy);

/*
 * Maps an input position given as 0..1 across the unrotated display into output coordinates,
 * following the output's rotation.
 */
void pw_server_map_input(struct pw_server *server, double x01, double y01, double *ox, double *oy);

struct pw_input_config;
/*
 * Opens the input devices again with `config` (device paths, touch calibration), through the
 * display's session; nothing for headless and nested. False when libinput could not be set up
 * (picowl goes on without input devices).
 */
bool pw_server_configure_input(struct pw_server *server, const struct pw_input_config *config);

enum pw_modifier {
	PW_MOD_SHIFT = 1 << 0,
	PW_MOD_CTRL = 1 << 1,
	PW_MOD_ALT = 1 << 2,
	PW_MOD_LOGO = 1 << 3,
};

/*
 * Runs the key binding for `keysym` (an xkb keysym) with exactly `modifiers` held.
 * Returns true when a binding matched: the key is not passed to the client.
 */
bool pw_server_handle_binding(struct pw_server *server, uint32_t modifiers, uint32_t keysym);

#endif

/*
 * The core's hub: one compositor instance. No globals; many may be created in one process.
 * The layers above (input, shell) hang their state on it and register through it.
 */
#ifndef PW_SERVER_H
#define PW_SERVER_H

#include <pixman.h>
#include <stdbool.h>
#include <stdio.h>
#include <wayland-server-core.h>

#include "options.h"

struct pw_backend;
struct pw_budget;
struct pw_client_fds;
struct pw_backend_events;
struct pw_desktop;
struct pw_idle;
struct pw_input;
struct pw_listen;
struct pw_output;
struct pw_power;
struct pw_surface_holds;
struct pw_seat;
struct pw_server;
struct pw_surface;
struct wl_list;

/*
 * The scene, as the shell draws it: the core paints, answers frame callbacks and picks the
 * direct present through these, and knows nothing of views, tiles or popups. Registered by the
 * shell (pw_server_set_shell); without one the output is black.
 */
struct pw_server_shell {
	/* Paints `damage` (output coordinates) of the scene into `target`. */
	void (*render)(struct pw_server *server, pixman_image_t *target,
		const pixman_region32_t *damage);
	/*
	 * Moves the current frame callbacks and presentation feedbacks of every surface shown to
	 * `callbacks` and `feedbacks` (wl_resource links), to be answered for this frame.
	 */
	void (*take_frame_callbacks)(struct pw_server *server, struct wl_list *callbacks,
		struct wl_list *feedbacks);
	/*
	 * The surface whose buffer can go to the display without composition (a fullscreen
	 * client covering the output with nothing over it), or NULL.
	 */
	struct pw_surface *(*direct_surface)(struct pw_server *server);
};

#define PW_SERVER_PRIVATE_GLOBALS 32

struct pw_server {
	struct wl_display *display;
	struct wl_event_loop *loop;
	/* The loop's epoll set is tracked (pure/epoll.h) and its clients aliased. */
	bool epoll_tracked;
	struct wl_listener client_created;
	struct pw_options opts;
	const char *socket;

	struct pw_backend *backend;
	struct pw_output *output;
	struct pw_surface_holds *holds; /* surface_hold.c's, made with the first hold */
	/*
	 * The input devices of a real display's session (libinput), or NULL; opened and closed
	 * by the seat (pw_seat_configure_input), slept on by run.c.
	 */
	struct pw_input *input;
	/* The output's backend events, wrapped to add `resumed`; see server.c. */
	const struct pw_backend_events *output_events;
	void *output_events_data;
	struct pw_counters *counters; /* per-commit timing; see counters.h */
	/* Time since the last input (idle.h) and the display's power by it (power.h). */
	struct pw_idle *idle;
	struct pw_power *power;
	struct pw_budget *budget; /* per-client memory (budget.h) */
	struct pw_client_fds *client_fds; /* per-client descriptor shares (client_fds.h) */
	struct pw_listen *listen; /* the listening socket (listen.h), from pw_server_listen */
	struct wl_global *counters_global; /* private: same-uid clients only */
	/*
	 * Globals offered only to clients of picowl's own uid (pw_server_add_private_global):
	 * they start programs, inject input or read what other clients type and copy.
	 */
	struct wl_global *private_globals[PW_SERVER_PRIVATE_GLOBALS];
	int n_private_globals;
	/* Hidden, with the private ones, from sandboxed clients (security_context.h). */
	struct wl_global *security_context_global;
	/* The sandboxed clients connected: filter_global asks each client only while there are
	 * any, so an unused security context costs no page of its code (4.103). */
	int n_sandboxed;
	uint32_t next_surface_id;

	const struct pw_server_shell *shell; /* render.h's empty scene until one registers */
	/* The layers above keep their state here; the core never reads it. */
	struct pw_seat *seat; /* compositor/input */
	struct pw_desktop *desktop; /* compositor/shell */
	/* Switches to virtual terminal `vt` (a binding); NULL: unsupported (no session). */
	bool (*switch_vt)(void *data, int vt);
	void *switch_vt_data;

	bool quit; /* pw_run_loop returns */
	bool running; /* inside pw_run_loop */
	struct {
		/*
		 * A surface committed (or, as a subsurface, moved) and its damage is about to go
		 * to the output; data: the surface. The shell re-places what depends on it.
		 */
		struct wl_signal surface_commit;
		/*
		 * A surface moved, resized, mapped or unmapped: what is under a point may have
		 * changed (the seat rescans its pointer); data: the surface.
		 */
		struct wl_signal surface_moved;
		/* A surface is being destroyed: drop every reference to it; data: the surface. */
		struct wl_signal surface_destroy;
		/* A focused, enabled text input came or went; data: a bool, whether one is. */
		struct wl_signal text_input;
	} events;
	struct wl_signal destroy; /* before the backend and the output go; data: the server */
};

/*
 * Creates the server: the display, the backend `opts` names, its output and the counters. The
 * globals are the shell's to create (pw_shell_create), in the order clients see them. Returns
 * NULL (after a message on stderr) on failure.
 */
struct pw_server *pw_server_create(const struct pw_options *opts);
/*
 * Adds the listening socket (opts.socket, or the first free wayland-N), once everything a client
 * may meet is in place: the file appearing is what scripts wait for. False after a message.
 */
bool pw_server_listen(struct pw_server *server);
/* Destroys every client, global and the backend. Accepts NULL. */
void pw_server_destroy(struct pw_server *server);
/* Registers the scene; `shell` must outlive the server. */
void pw_server_set_shell(struct pw_server *server, const struct pw_server_shell *shell);

/*
 * Offers `global` (NULL: nothing) only to clients whose uid is picowl's, from now on; false when
 * `global` is NULL or PW_SERVER_PRIVATE_GLOBALS are already private.
 */
bool pw_server_add_private_global(struct pw_server *server, struct wl_global *global);

/*
 * Writes the counters report to `out`, or when `out` is NULL to the file --counters names
 * (appended) or stderr. `json` selects JSON over text.
 */
void pw_server_dump_counters(struct pw_server *server, bool json, FILE *out);

/*
 * Maps an input position given as 0..1 across the unrotated display into output coordinates,
 * following the output's rotation.
 */
void pw_server_map_input(struct pw_server *server, double x01, double y01, double *ox, double *oy);

#endif

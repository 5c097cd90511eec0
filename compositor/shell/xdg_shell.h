/*
 * xdg_wm_base and xdg_surface (xdg_shell.c); the roles are xdg_toplevel.h's and xdg_popup.h's,
 * the positioner xdg_positioner.h's.
 */
#ifndef PW_XDG_SHELL_H
#define PW_XDG_SHELL_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-server-core.h>

#include "layout.h"

struct pw_server;
struct pw_surface;
struct pw_xdg_toplevel;
struct pw_xdg_popup;
struct pw_view;

enum pw_xdg_role {
	PW_XDG_ROLE_NONE,
	PW_XDG_ROLE_TOPLEVEL,
	PW_XDG_ROLE_POPUP,
};

struct pw_xdg_surface {
	struct wl_resource *resource;
	struct pw_server *server;
	struct pw_surface *surface; /* NULL once the wl_surface died */
	struct pw_xdg_wm_base *wm_base;
	enum pw_xdg_role role;
	struct pw_xdg_toplevel *toplevel;
	struct pw_xdg_popup *popup;

	bool configure_sent; /* a configure went out since the role was made or unmapped */
	bool mapped;
	uint32_t configure_serial; /* the last configure sent */
	uint32_t acked_serial; /* the last ack_configure */
	uint32_t answered_serial; /* the last acked at a commit: the state the client shows */
	struct wl_event_source *configure_idle;

	bool has_geometry, pending_geometry_set;
	struct pw_box geometry, pending_geometry;
	struct wl_listener surface_destroy;
	struct wl_list link; /* pw_xdg_wm_base.surfaces */
};

struct pw_xdg_wm_base {
	struct wl_resource *resource;
	struct pw_server *server;
	struct wl_list surfaces; /* pw_xdg_surface.link */
	uint32_t ping_serial; /* 0: no ping outstanding */
};

bool pw_xdg_shell_create(struct pw_server *server);
/*
 * The view an xdg_surface belongs to: a toplevel's own, a popup's toplevel's; NULL for any
 * other surface, an xdg_surface without a role or one whose toplevel went.
 */
struct pw_view *pw_xdg_surface_view(struct pw_surface *surface);
/* The toplevel whose xdg_surface `surface` is (not a popup's), or NULL (NULL accepted). */
struct pw_xdg_toplevel *pw_xdg_surface_toplevel(struct pw_surface *surface);
/* Pings the client unless a ping is outstanding; its pong clears it. */
void pw_xdg_wm_base_ping(struct pw_xdg_wm_base *wm);

/*
 * Sends the role's first configure at once, when the role object is made: clients that attach
 * a buffer in the same batch of requests as their initial commit (the WLCS 1.5 runner) then
 * attach after a configure was sent, which role_precommit accepts.
 */
void pw_xdg_surface_configure_now(struct pw_xdg_surface *xdg);
/* Queues a configure of the xdg_surface's role (coalesced in an idle callback). */
void pw_xdg_surface_schedule_configure(struct pw_xdg_surface *xdg);
/* The window geometry's origin in the coordinates of the xdg_surface's wl_surface. */
void pw_xdg_surface_geometry_origin(struct pw_xdg_surface *xdg, int *x, int *y);
/* The output position of the xdg_surface's window geometry origin; false if not shown. */
bool pw_xdg_surface_window_origin(struct pw_xdg_surface *xdg, int *x, int *y);

#endif

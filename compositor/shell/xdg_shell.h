/* xdg_wm_base, xdg_positioner, xdg_surface and the toplevel and popup roles. */
#ifndef PW_XDG_SHELL_H
#define PW_XDG_SHELL_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-server-core.h>

#include "layout.h"
#include "positioner.h"
#include "view.h"

struct pw_layer_surface;
struct pw_server;
struct pw_surface;
struct pw_xdg_toplevel;
struct pw_popup;

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
	struct pw_popup *popup;

	bool configure_sent; /* a configure went out since the role was made or unmapped */
	bool mapped;
	uint32_t configure_serial; /* the last configure sent */
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

struct pw_xdg_toplevel {
	struct wl_resource *resource;
	struct pw_xdg_surface *xdg;
	struct pw_view view;
	bool want_fullscreen;
};

struct pw_popup {
	struct wl_resource *resource;
	struct pw_xdg_surface *xdg;
	struct pw_surface *surface;
	struct pw_xdg_surface *parent; /* NULL once the parent went */
	struct pw_layer_surface *layer_parent; /* or this, given by its get_popup */
	struct wl_listener parent_destroy;
	struct pw_positioner_rules rules;
	struct pw_box geometry; /* relative to the parent's window geometry */
	uint32_t reposition_token;
	bool send_repositioned;
	bool grab; /* xdg_popup.grab: takes the keyboard while mapped */
	bool refused; /* its grab cited no input event: popup_done sent, never mapped */
	struct wl_list link; /* pw_desktop.popups while mapped */
};

bool pw_xdg_shell_create(struct pw_server *server);
/*
 * The view an xdg_surface belongs to: a toplevel's own, a popup's toplevel's; NULL for any
 * other surface, an xdg_surface without a role or one whose toplevel went.
 */
struct pw_view *pw_xdg_surface_view(struct pw_surface *surface);
bool pw_xdg_decoration_create(struct pw_server *server);
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

/* Role internals, shared between xdg_shell.c, xdg_toplevel.c and xdg_popup.c. */
void pw_xdg_toplevel_create(struct pw_xdg_surface *xdg, uint32_t id);
void pw_xdg_toplevel_send_configure(struct pw_xdg_toplevel *toplevel);
void pw_xdg_toplevel_commit(struct pw_xdg_toplevel *toplevel);
void pw_xdg_toplevel_destroy_role(struct pw_xdg_toplevel *toplevel);
struct pw_xdg_toplevel *pw_xdg_toplevel_from_resource(struct wl_resource *resource);

void pw_popup_create(struct pw_xdg_surface *xdg, uint32_t id, struct pw_xdg_surface *parent,
	const struct pw_positioner_rules *rules);
void pw_popup_send_configure(struct pw_popup *popup);
void pw_popup_commit(struct pw_popup *popup);
void pw_popup_destroy_role(struct pw_popup *popup);
/* Sends popup_done to every grabbed popup, the topmost first (the focus moved elsewhere). */
void pw_popup_dismiss_grabs(struct pw_server *server);
/*
 * zwlr_layer_surface_v1.get_popup: `popup`, made without a parent, gets layer surface `ls`
 * (whose resource is `ls_resource`) as its parent, and a configure placed against it.
 */
void pw_popup_set_layer_parent(struct pw_popup *popup, struct pw_layer_surface *ls,
	struct wl_resource *ls_resource);
/* Where the popup's surface is on the output and the box it is clipped to. */
bool pw_popup_place(struct pw_popup *popup, int *x, int *y, struct pw_box *clip);
/* xdg_wm_base.create_positioner (xdg_positioner.c). */
void pw_xdg_positioner_create(struct wl_client *client, int version, uint32_t id);
/* Reads a positioner resource's rules; false (and an error posted) if incomplete. */
bool pw_positioner_rules(struct wl_resource *positioner, struct wl_resource *error_resource,
	uint32_t error_code, struct pw_positioner_rules *out);

#endif

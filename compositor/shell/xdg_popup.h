/* The xdg_popup role: placed by its positioner, above its parent, with grabs (xdg_popup.c). */
#ifndef PW_XDG_POPUP_H
#define PW_XDG_POPUP_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-server-core.h>

#include "layout.h"
#include "positioner.h"
#include "xdg_shell.h"

struct pw_layer_surface;
struct pw_server;
struct pw_surface;

struct pw_xdg_popup {
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

/* xdg_surface.get_popup: gives `xdg` the popup role, placed by `rules` against `parent`. */
void pw_xdg_popup_create(struct pw_xdg_surface *xdg, uint32_t id, struct pw_xdg_surface *parent,
	const struct pw_positioner_rules *rules);
void pw_xdg_popup_send_configure(struct pw_xdg_popup *popup);
/* The xdg_surface committed (xdg_shell.c's role_commit): map or unmap. */
void pw_xdg_popup_commit(struct pw_xdg_popup *popup);
/* The role goes (its resource or its xdg_surface died): unmaps, makes the resource inert. */
void pw_xdg_popup_destroy_role(struct pw_xdg_popup *popup);
/* Sends popup_done to every grabbed popup, the topmost first (the focus moved elsewhere). */
void pw_xdg_popup_dismiss_grabs(struct pw_server *server);
/*
 * zwlr_layer_surface_v1.get_popup: `popup`, made without a parent, gets layer surface `ls`
 * (whose resource is `ls_resource`) as its parent, and a configure placed against it.
 */
void pw_xdg_popup_set_layer_parent(struct pw_xdg_popup *popup, struct pw_layer_surface *ls,
	struct wl_resource *ls_resource);
/* Where the popup's surface is on the output and the box it is clipped to. */
bool pw_xdg_popup_place(struct pw_xdg_popup *popup, int *x, int *y, struct pw_box *clip);

#endif

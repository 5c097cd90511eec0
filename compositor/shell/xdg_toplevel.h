/* The xdg_toplevel role: a view in a tile, or a dialog over its parent (xdg_toplevel.c). */
#ifndef PW_XDG_TOPLEVEL_H
#define PW_XDG_TOPLEVEL_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-server-core.h>

#include "view.h"
#include "xdg_shell.h"

struct pw_xdg_toplevel {
	struct wl_resource *resource;
	struct pw_xdg_surface *xdg;
	struct pw_view view;
	bool want_fullscreen;
	struct wl_resource *dialog; /* its xdg_dialog_v1 (xdg_dialog.c), or NULL */
	int sent_width, sent_height; /* the size of the last configure */
	bool size_changed; /* that configure's size differs from the one before */
	uint32_t size_serial; /* the last configure that changed the size (4.50) */
	struct {
		bool set; /* set_icon since the last commit (toplevel_icon.h) */
		char *name;
		uint32_t *pixels;
	} icon_pending;
};

/* xdg_surface.get_toplevel: gives `xdg` the toplevel role, resource `id`. */
void pw_xdg_toplevel_create(struct pw_xdg_surface *xdg, uint32_t id);
void pw_xdg_toplevel_send_configure(struct pw_xdg_toplevel *toplevel);
/* The xdg_surface committed (xdg_shell.c's role_commit): map, unmap, fullscreen. */
void pw_xdg_toplevel_commit(struct pw_xdg_toplevel *toplevel);
/* The role goes (its resource or its xdg_surface died): unmaps, makes the resource inert. */
void pw_xdg_toplevel_destroy_role(struct pw_xdg_toplevel *toplevel);
/*
 * xdg_toplevel.set_parent's effect, also xdg-foreign's set_parent_of (xdg_foreign.h): false,
 * and nothing done, when `parent` is the toplevel or one of its descendants.
 */
bool pw_xdg_toplevel_set_parent_view(struct pw_xdg_toplevel *toplevel, struct pw_view *parent);
/* An xdg_toplevel resource's toplevel; NULL once its role went. */
struct pw_xdg_toplevel *pw_xdg_toplevel_from_resource(struct wl_resource *resource);

#endif

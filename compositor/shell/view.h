/* A toplevel on the output: its tile, its place in the tiling order, its focus state. */
#ifndef PW_VIEW_H
#define PW_VIEW_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-server-core.h>

#include "layout.h"

struct pw_server;
struct pw_surface;
struct pw_view;

/* The side of a window's icon as the panel's rows show it (toplevel_icon.h, decision 4.96). */
#define PW_VIEW_ICON_SIZE 24

enum pw_view_state {
	PW_VIEW_ACTIVATED = 1 << 0,
	PW_VIEW_FULLSCREEN = 1 << 1,
	PW_VIEW_TILED = 1 << 2,
	PW_VIEW_SUSPENDED = 1 << 3, /* hidden under a fullscreen view or another in monocle */
};

struct pw_view_impl {
	/* Ask the client for this content size (0: its choice) and these states. */
	void (*configure)(struct pw_view *view, int width, int height, uint32_t states);
	/* Ask the client to close. */
	void (*close)(struct pw_view *view);
	/* Optional: whether the client set its window geometry (else it is its tree's box). */
	bool (*has_geometry)(struct pw_view *view);
	/* The size the client made its window (its geometry, else its tree's box): a dialog's. */
	void (*window_size)(struct pw_view *view, int *width, int *height);
	/* Optional: the scale its tree fits its content box at (pw_view_scale), else 1. */
	int32_t (*fit)(struct pw_view *view);
};

struct pw_view {
	struct pw_server *server;
	const struct pw_view_impl *impl;
	struct pw_surface *surface;
	struct wl_list link; /* pw_desktop.views */
	bool mapped;
	bool fullscreen;
	struct pw_box tile; /* the tile including its border, output coordinates */
	struct pw_box content; /* where the surface is drawn, clipped to it */
	uint32_t states; /* last states configured */
	char *title, *app_id;
	uint32_t text_serial; /* one more at each change of either (pw_view_text_changed) */
	uint32_t id; /* picowl_control_v1's window id: unique while picowl runs */
	uint32_t focused_at; /* pw_desktop.focus_count when it last got the focus (4.107) */
	/* xdg-toplevel-tag (toplevel_tag.h): the untranslated tag and the description, or NULL. */
	char *tag, *description;
	/*
	 * xdg-toplevel-icon (toplevel_icon.h): the icon's name (NULL: none) and its pixels,
	 * PW_VIEW_ICON_SIZE square, premultiplied ARGB (NULL: none); icon_serial counts changes.
	 */
	char *icon_name;
	uint32_t *icon;
	uint32_t icon_serial;
	int min_width, min_height, max_width, max_height;
	int32_t scale; /* scale.h: the tree's, kept at commits and tile changes (4.50) */
	struct {
		bool shown;
		int x, y;
		struct pw_box clip;
	} drawn; /* pw_view_place's answer for the frame being drawn (scene.c's render) */
	bool pinned; /* placed by pw_view_set_test_position, not by the layout */
	int pin_x, pin_y;

	/*
	 * Dialogs (dialog.h, decision 4.51): the parent, always a mapped view, or NULL; the
	 * children, mapped or not, bottom of the stack first; the root of the tree (the view
	 * itself without a parent). A mapped view with a parent floats over it and takes no tile.
	 */
	struct pw_view *parent, *root;
	struct wl_list children; /* pw_view.child_link */
	struct wl_list child_link;
	bool modal; /* xdg_dialog_v1.set_modal: keeps the focus from its parent */
	int ask_width, ask_height; /* a dialog's configured size; 0: the client's choice */
};

/* `view` is caller memory (embedded in a role object); `impl` is required. */
void pw_view_init(struct pw_view *view, struct pw_server *server, const struct pw_view_impl *impl,
	struct pw_surface *surface);
/* Unmaps if needed; must be called before the memory goes. */
void pw_view_finish(struct pw_view *view);

/* Adds the view to the tiling order (at the end, or as master if configured) and re-tiles. */
void pw_view_map(struct pw_view *view);
/* Takes the view off the output, damages its tile and re-tiles. */
void pw_view_unmap(struct pw_view *view);
void pw_view_set_fullscreen(struct pw_view *view, bool fullscreen);
/* After its title or app_id changed: the control clients hear of it (4.81). */
void pw_view_text_changed(struct pw_view *view);
/* Sets view->fullscreen alone, keeping the desktop's count of fullscreen views. */
void pw_view_note_fullscreen(struct pw_view *view, bool fullscreen);
/* Stores the tile and sends a configure when the content size or states changed. */
void pw_view_set_tile(struct pw_view *view, struct pw_box tile, int border);
void pw_view_set_activated(struct pw_view *view, bool activated);
/* Sends a configure when the view becomes hidden (suspended) or shown again. */
void pw_view_set_suspended(struct pw_view *view, bool suspended);
/* Damages the view's whole tile on the output. */
void pw_view_damage_whole(struct pw_view *view);

/*
 * For the conformance suite only (WLCS's position_window_absolute): shows the view without a
 * border, its tile the box of its whole surface tree placed so that the root surface's origin is
 * at output x,y (the window geometry's origin, if the client set one), wherever the layout would
 * put it. Re-tiling keeps it there; a size change of its surface sends no configure.
 */
void pw_view_set_test_position(struct pw_view *view, int x, int y);

/* A surface of a view's tree committed: a test-positioned view follows its tree's box. */
void pw_view_surface_committed(struct pw_surface *surface);

/* The bounding box of `root`'s mapped surface tree, relative to `root`'s origin (holds 0,0). */
struct pw_box pw_view_tree_box(struct pw_surface *root);

/*
 * Where the view's root surface is drawn (its window geometry's origin at the content origin)
 * and the box it is clipped to; false when it is not shown.
 */
bool pw_view_place(struct pw_view *view, int *x, int *y, struct pw_box *clip);
/*
 * The scale the view's tree is drawn at when its window (w x h: the window geometry's size, or
 * its tree's) is larger than its content box: the largest that fits keeping the aspect, never
 * above 1; 1 for a test-positioned view (decision 4.50). Only the box and the size count, so a
 * tiled, fullscreen or floating view is scaled the same way.
 */
int32_t pw_view_scale(const struct pw_view *view, int w, int h);
/* The view that shows `surface` (or its subsurface root), or NULL. */
struct pw_view *pw_view_from_surface(struct pw_surface *surface);

#endif

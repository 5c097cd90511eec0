/* The tiling: views in their tiles, the next tile, the keyboard focus among the views. */
#include "tiling.h"

#include <stdlib.h>

#include "clock.h"
#include "control.h"
#include "desktop.h"
#include "dialog.h"
#include "idle_inhibit.h"
#include "keyboard.h"
#include "layer_arrange.h"
#include "layout.h"
#include "output.h"
#include "panel.h"
#include "pointer.h"
#include "scene.h"
#include "seat.h"
#include "server.h"
#include "view.h"
#include "xdg_popup.h"
#include "xdg_shell.h"

static int
count_tiled(struct pw_server *server)
{
	int n = 0;
	struct pw_view *view;
	wl_list_for_each(view, &server->desktop->views, link) {
		n += !view->fullscreen;
	}
	return n;
}

static struct pw_box
output_box(struct pw_server *server)
{
	return (struct pw_box){0, 0, server->output->width, server->output->height};
}

/* Where a fullscreen client goes: the output less a shown keyboard (decision 4.55). */
static struct pw_box
fullscreen_area(struct pw_server *server)
{
	if (pw_box_empty(server->desktop->fullscreen_area)) {
		return output_box(server);
	}
	return server->desktop->fullscreen_area;
}

/* Where the tiles go: the output less the layer surfaces' exclusive zones. */
static struct pw_box
tile_area(struct pw_server *server)
{
	/* Empty until the first arrange: nothing is reserved yet. */
	if (pw_box_empty(server->desktop->usable)) {
		return output_box(server);
	}
	return server->desktop->usable;
}

/* The layout, oriented by the output's shape, not by the area the layer surfaces leave. */
static struct pw_layout_params
layout_params(struct pw_server *server)
{
	struct pw_layout_params params = server->desktop->layout;
	params.orientation = server->output->height > server->output->width
		? PW_LAYOUT_ORIENT_PORTRAIT
		: PW_LAYOUT_ORIENT_LANDSCAPE;
	return params;
}

/* Views hidden by a fullscreen one or by monocle are suspended (xdg_toplevel v6), others not. */
static void
update_suspended(struct pw_server *server)
{
	struct pw_view *alone = pw_scene_alone_view(server), *view;
	wl_list_for_each(view, &server->desktop->views, link) {
		/* A tile's dialogs show and hide with it. */
		for (struct pw_view *d = view; d; d = pw_dialog_next(d, view)) {
			if (d->mapped) {
				pw_view_set_suspended(d, alone && view != alone);
			}
		}
	}
}

void
pw_tiling_arrange(struct pw_server *server)
{
	if (!server->output) {
		return;
	}
	if (server->desktop->arrange_held) {
		return; /* a client's teardown: arranged once after it (4.51) */
	}
	int n = count_tiled(server);
	struct pw_box *boxes = n ? calloc((size_t)n, sizeof(*boxes)) : NULL;
	if (n && !boxes) {
		return;
	}
	pw_layer_arrange(server);
	struct pw_layout_params params = layout_params(server);
	pw_layout_arrange(&params, tile_area(server), n, boxes);
	int i = 0;
	struct pw_view *view;
	wl_list_for_each(view, &server->desktop->views, link) {
		if (view->fullscreen) {
			pw_view_set_tile(view, fullscreen_area(server), 0);
		} else {
			pw_view_set_tile(view, boxes[i++], server->desktop->border_width);
		}
	}
	free(boxes);
	pw_dialog_arrange(server);
	update_suspended(server);
	pw_panel_update(server);
	pw_control_tiles_changed(server);
	pw_idle_inhibit_changed(server);
	if (server->seat) {
		/* Tiles moved under a still pointer: it now points at something else. */
		pw_seat_pointer_rescan(server->seat, pw_now_msec());
	}
}

struct pw_box
pw_tiling_next_tile(struct pw_server *server, bool fullscreen)
{
	if (!server->output) {
		return (struct pw_box){0};
	}
	if (fullscreen) {
		return fullscreen_area(server);
	}
	int n = count_tiled(server) + 1;
	struct pw_box *boxes = calloc((size_t)n, sizeof(*boxes));
	if (!boxes) {
		return (struct pw_box){0};
	}
	struct pw_layout_params params = layout_params(server);
	pw_layout_arrange(&params, tile_area(server), n, boxes);
	int b = server->desktop->border_width;
	struct pw_box box = boxes[n - 1];
	free(boxes);
	return (struct pw_box){box.x + b, box.y + b, box.width - 2 * b, box.height - 2 * b};
}

void
pw_tiling_focus(struct pw_server *server, struct pw_view *view)
{
	struct pw_view *old = server->desktop->focus;
	if (view) {
		view = pw_dialog_focus_target(view); /* a modal dialog keeps it (4.51) */
		pw_dialog_raise(view);
	}
	if (old == view) {
		return;
	}
	/* A popup grab ends when another window gets the focus. */
	pw_xdg_popup_dismiss_grabs(server);
	server->desktop->focus = view;
	if (view) {
		view->focused_at = ++server->desktop->focus_count;
	}
	if (old && old->mapped) {
		pw_view_set_activated(old, false);
	}
	if (view) {
		pw_view_set_activated(view, true);
	}
	if (server->desktop->layout.kind == PW_LAYOUT_MONOCLE && server->output) {
		/* another window takes the whole area, whether or not its client draws anew */
		pw_output_damage_whole(server->output);
	}
	update_suspended(server);
	if (server->seat) {
		/* A layer surface with exclusive keyboard interactivity keeps the keys. */
		if (!server->desktop->exclusive_focus) {
			pw_seat_keyboard_focus(server->seat, view ? view->surface : NULL);
		}
	}
	pw_control_tiles_changed(server);
	pw_idle_inhibit_changed(server); /* in monocle the focus is what is shown */
}

void
pw_tiling_focus_cycle(struct pw_server *server, int direction)
{
	struct pw_view *next = pw_dialog_cycle(server, server->desktop->focus, direction);
	if (next) {
		pw_tiling_focus(server, next);
	}
}

struct pw_view *
pw_tiling_view_at(struct pw_server *server, double x, double y)
{
	struct pw_view *view;
	wl_list_for_each(view, &server->desktop->views, link) {
		if (view->fullscreen) {
			return view;
		}
	}
	/* In monocle every tile is the whole area, and the focused view is the one shown. */
	struct pw_view *focus = server->desktop->focus ? server->desktop->focus->root : NULL;
	if (server->desktop->layout.kind == PW_LAYOUT_MONOCLE && focus && focus->mapped &&
		pw_box_contains(focus->tile, (int)x, (int)y)) {
		return focus;
	}
	/* Tiles do not overlap, but test-positioned views may: the last drawn is on top. */
	wl_list_for_each_reverse(view, &server->desktop->views, link) {
		if (pw_box_contains(view->tile, (int)x, (int)y)) {
			return view;
		}
	}
	return NULL;
}

struct pw_view *
pw_tiling_view_in_tile(struct pw_server *server, int tile)
{
	int i = 1;
	struct pw_view *view;
	wl_list_for_each(view, &server->desktop->views, link) {
		if (i++ == tile) {
			return view;
		}
	}
	return NULL;
}

void
pw_tiling_move_to_tile(struct pw_server *server, struct pw_view *view, int tile)
{
	view = view->root; /* a dialog goes with its tile */
	wl_list_remove(&view->link);
	struct wl_list *after = &server->desktop->views;
	for (int i = 1; i < tile && after->next != &server->desktop->views; i++) {
		after = after->next;
	}
	wl_list_insert(after, &view->link);
	pw_tiling_arrange(server);
	pw_control_tiles_changed(server);
}

#include "view.h"

#include <stdlib.h>

#include "clock.h"
#include "control.h"
#include "counters.h"
#include "desktop.h"
#include "dialog.h"
#include "image_copy_capture.h"
#include "launch.h"
#include "output.h"
#include "region.h"
#include "scale.h"
#include "seat.h"
#include "server.h"
#include "subsurface.h"
#include "surface.h"
#include "surface_tree.h"
#include "tiling.h"
#include "view_role.h"
#include "xdg_shell.h"

void
pw_view_init(struct pw_view *view, struct pw_server *server, const struct pw_view_impl *impl,
	struct pw_surface *surface)
{
	static uint32_t last_id;
	*view = (struct pw_view){
		.id = ++last_id,
		.server = server,
		.impl = impl,
		.surface = surface,
		.scale = PW_SCALE_ONE,
	};
	wl_list_init(&view->link);
	pw_dialog_init(view);
}

void
pw_view_finish(struct pw_view *view)
{
	if (view->mapped) {
		pw_view_unmap(view);
	}
	pw_view_note_fullscreen(view, false);
	pw_dialog_finish(view);
	free(view->title);
	free(view->app_id);
	free(view->tag);
	free(view->description);
	free(view->icon_name);
	free(view->icon);
	view->title = view->app_id = view->tag = view->description = view->icon_name = NULL;
	view->icon = NULL;
}

void
pw_view_damage_whole(struct pw_view *view)
{
	struct pw_output *output = view->server->output;
	if (output) {
		pw_output_damage_box(output, view->tile.x, view->tile.y, view->tile.width,
			view->tile.height);
	}
}

void
pw_view_map(struct pw_view *view)
{
	struct pw_server *server = view->server;
	if (view->mapped) {
		return;
	}
	view->mapped = true;
	if (view->parent) {
		/* A dialog floats over its parent (decision 4.51); the tiles stay as they are. */
		pw_view_note_fullscreen(view, false);
		view->states &= ~PW_VIEW_FULLSCREEN;
		pw_dialog_watch_client(view);
	} else {
		wl_list_insert(server->desktop->views.prev, &view->link);
		pw_launch_view_mapping(server, view); /* a client launched into a tile goes there */
	}
	if (server->counters) {
		pw_counters_name_surface(server->counters, view->surface->id,
			view->app_id ? view->app_id : view->title);
	}
	pw_tiling_arrange(server);
	pw_tiling_focus(server, view);
}

void
pw_view_unmap(struct pw_view *view)
{
	struct pw_server *server = view->server;
	if (!view->mapped) {
		return;
	}
	pw_view_damage_whole(view);
	if (server->seat) {
		pw_seat_surface_gone(server->seat, view->surface);
	}
	view->mapped = false;
	pw_dialog_unmapping(view);
	wl_list_remove(&view->link);
	wl_list_init(&view->link);
	view->ask_width = view->ask_height = 0;
	if (server->desktop->focus == view) {
		server->desktop->focus = NULL;
		/* A dialog gives the focus back to its parent, any other window to the one focused
		 * last before it, else the first (4.107). */
		struct pw_view *next = view->parent, *other;
		if (!next) {
			wl_list_for_each(other, &server->desktop->views, link) {
				if (!next || other->focused_at > next->focused_at) {
					next = other;
				}
			}
		}
		pw_tiling_focus(server, next);
	}
	pw_tiling_arrange(server);
}

/*
 * The scale its tree is drawn at, kept here (the frame path reads it, 4.50): a new one redraws
 * the whole tile, as the old drawing may reach further.
 */
static void
refresh_scale(struct pw_view *view)
{
	int32_t scale = view->impl->fit && !view->pinned ? view->impl->fit(view) : PW_SCALE_ONE;
	if (scale != view->scale) {
		view->scale = scale;
		if (view->mapped) {
			pw_view_damage_whole(view);
		}
	}
}

static void
configure(struct pw_view *view)
{
	view->impl->configure(view, view->content.width, view->content.height, view->states);
}

static void
grow_box(struct pw_surface *surface, int x, int y, void *data)
{
	int *b = data; /* x1, y1, x2, y2 */
	if (pw_surface_has_buffer(surface)) {
		b[0] = x < b[0] ? x : b[0];
		b[1] = y < b[1] ? y : b[1];
		int x2 = pw_region_end(x, surface->width), y2 = pw_region_end(y, surface->height);
		b[2] = x2 > b[2] ? x2 : b[2];
		b[3] = y2 > b[3] ? y2 : b[3];
	}
}

struct pw_box
pw_view_tree_box(struct pw_surface *root)
{
	int b[4] = {0, 0, 0, 0};
	pw_surface_for_each(root, 0, 0, grow_box, b);
	return (struct pw_box){b[0], b[1], b[2] - b[0], b[3] - b[1]};
}

/*
 * A test-positioned view's tile: the box of its whole tree with the root surface at the pin, or,
 * with a window geometry set, from the geometry's origin at the pin to the tree's far edges.
 */
static struct pw_box
pinned_tile(struct pw_view *view, struct pw_box fallback)
{
	struct pw_box box = pw_view_tree_box(view->surface);
	if (view->impl->has_geometry && view->impl->has_geometry(view)) {
		box.width += box.x;
		box.height += box.y;
		box.x = box.y = 0;
	}
	return (struct pw_box){view->pin_x + box.x, view->pin_y + box.y,
		box.width > 0 ? box.width : fallback.width,
		box.height > 0 ? box.height : fallback.height};
}

void
pw_view_set_tile(struct pw_view *view, struct pw_box tile, int border)
{
	if (view->pinned) {
		tile = pinned_tile(view, tile);
		border = 0;
	}
	struct pw_box content = {
		tile.x + border,
		tile.y + border,
		tile.width - 2 * border,
		tile.height - 2 * border,
	};
	if (content.width < 1) {
		content.width = 1;
	}
	if (content.height < 1) {
		content.height = 1;
	}
	bool resized =
		content.width != view->content.width || content.height != view->content.height;
	if (tile.x != view->tile.x || tile.y != view->tile.y || tile.width != view->tile.width ||
		tile.height != view->tile.height) {
		pw_view_damage_whole(view);
		view->tile = tile;
		pw_view_damage_whole(view);
	}
	view->content = content;
	refresh_scale(view);
	uint32_t states = (view->states & ~PW_VIEW_TILED) | (view->fullscreen ? 0 : PW_VIEW_TILED);
	if ((resized && !view->pinned) || states != view->states) {
		view->states = states;
		configure(view);
	}
}

void
pw_view_set_test_position(struct pw_view *view, int x, int y)
{
	view->pinned = true;
	view->pin_x = x;
	view->pin_y = y;
	pw_view_set_tile(view, view->tile, 0);
}

void
pw_view_set_activated(struct pw_view *view, bool activated)
{
	uint32_t states =
		activated ? view->states | PW_VIEW_ACTIVATED : view->states & ~PW_VIEW_ACTIVATED;
	if (states != view->states) {
		view->states = states;
		pw_view_damage_whole(view); /* the border colour */
		configure(view);
	}
}

void
pw_view_set_suspended(struct pw_view *view, bool suspended)
{
	uint32_t states =
		suspended ? view->states | PW_VIEW_SUSPENDED : view->states & ~PW_VIEW_SUSPENDED;
	if (states != view->states) {
		view->states = states;
		configure(view);
	}
}

void
pw_view_note_fullscreen(struct pw_view *view, bool fullscreen)
{
	struct pw_desktop *desktop = view->server->desktop;
	if (desktop && view->fullscreen != fullscreen) {
		desktop->fullscreens += fullscreen ? 1 : -1;
	}
	view->fullscreen = fullscreen;
}

void
pw_view_set_fullscreen(struct pw_view *view, bool fullscreen)
{
	if (view->fullscreen == fullscreen || (fullscreen && pw_dialog_floats(view))) {
		return; /* a dialog stays over its parent */
	}
	pw_view_note_fullscreen(view, fullscreen);
	if (fullscreen) {
		view->states |= PW_VIEW_FULLSCREEN;
	} else {
		view->states &= ~PW_VIEW_FULLSCREEN;
	}
	if (view->mapped) {
		pw_tiling_arrange(view->server);
		if (view->server->output) {
			pw_output_damage_whole(view->server->output);
		}
	}
	configure(view);
}

bool
pw_view_place(struct pw_view *view, int *x, int *y, struct pw_box *clip)
{
	struct pw_surface *root = view->surface;
	return root->role && root->role->place && root->role_data &&
		root->role->place(root, x, y, clip);
}

struct pw_view *
pw_view_from_surface(struct pw_surface *surface)
{
	struct pw_surface *root = pw_surface_root(surface);
	struct pw_view *view = pw_xdg_surface_view(root);
	return view ? view : pw_view_role_view(root);
}

void
pw_view_surface_committed(struct pw_surface *surface)
{
	struct pw_surface *root = pw_surface_root(surface);
	struct pw_view *view = pw_view_from_surface(root);
	if (!view || view->surface != root) {
		return;
	}
	if (view->server->desktop->window_captures) {
		pw_image_copy_capture_view_committed(view);
	}
	if (pw_dialog_floats(view)) {
		pw_dialog_committed(view);
		refresh_scale(view); /* a dialog larger than the area it is kept in (4.50, 4.51) */
		return;
	}
	/* The common frame: a root alone that fits, drawn 1:1, stays so without asking its role. */
	if (view->scale != PW_SCALE_ONE || root->stack.next->next != &root->stack ||
		root->width > view->content.width || root->height > view->content.height) {
		refresh_scale(view);
	}
	if (view->pinned && view->mapped) {
		struct pw_box tile = pinned_tile(view, view->tile);
		if (tile.x != view->tile.x || tile.y != view->tile.y ||
			tile.width != view->tile.width || tile.height != view->tile.height) {
			pw_view_set_tile(view, view->tile, 0);
		}
	}
}

int32_t
pw_view_scale(const struct pw_view *view, int w, int h)
{
	if (view->pinned) {
		return PW_SCALE_ONE;
	}
	return pw_scale_fit(view->content.width, view->content.height, w, h);
}

void
pw_view_text_changed(struct pw_view *view)
{
	view->text_serial++;
	pw_control_tiles_changed(view->server); /* the panel shows titles */
}

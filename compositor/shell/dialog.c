/* Dialogs: the parent tree of the toplevels, their place over their parent, their focus. */
#include "dialog.h"

#include <stdlib.h>

#include "desktop.h"
#include "output.h"
#include "server.h"
#include "surface.h"
#include "tiling.h"

static struct pw_view *
first_child(struct pw_view *view)
{
	struct pw_view *child;
	return wl_list_empty(&view->children)
		? NULL
		: wl_container_of(view->children.next, child, child_link);
}

static struct pw_view *
last_child(struct pw_view *view)
{
	struct pw_view *child;
	return wl_list_empty(&view->children)
		? NULL
		: wl_container_of(view->children.prev, child, child_link);
}

static struct pw_view *
next_sibling(struct pw_view *view)
{
	struct pw_view *next;
	if (!view->parent || view->child_link.next == &view->parent->children) {
		return NULL;
	}
	return wl_container_of(view->child_link.next, next, child_link);
}

static struct pw_view *
prev_sibling(struct pw_view *view)
{
	struct pw_view *prev;
	if (!view->parent || view->child_link.prev == &view->parent->children) {
		return NULL;
	}
	return wl_container_of(view->child_link.prev, prev, child_link);
}

struct pw_view *
pw_dialog_next(struct pw_view *view, struct pw_view *root)
{
	struct pw_view *child = first_child(view);
	if (child) {
		return child;
	}
	while (view != root && view->parent) {
		struct pw_view *sibling = next_sibling(view);
		if (sibling) {
			return sibling;
		}
		view = view->parent;
	}
	return NULL;
}

struct pw_view *
pw_dialog_last(struct pw_view *root)
{
	struct pw_view *child;
	while ((child = last_child(root))) {
		root = child;
	}
	return root;
}

struct pw_view *
pw_dialog_prev(struct pw_view *view, struct pw_view *root)
{
	if (view == root || !view->parent) {
		return NULL;
	}
	struct pw_view *sibling = prev_sibling(view);
	return sibling ? pw_dialog_last(sibling) : view->parent;
}

bool
pw_dialog_has_mapped(struct pw_view *root)
{
	for (struct pw_view *d = pw_dialog_next(root, root); d; d = pw_dialog_next(d, root)) {
		if (d->mapped) {
			return true;
		}
	}
	return false;
}

/* Sets view->parent, keeping the desktop's count of views with one. */
static void
set_parent(struct pw_view *view, struct pw_view *parent)
{
	struct pw_desktop *desktop = view->server->desktop;
	if (desktop) {
		desktop->dialogs += (parent != NULL) - (view->parent != NULL);
	}
	view->parent = parent;
}

/* Every view of `view`'s tree gets `root` as its root. */
static void
set_root(struct pw_view *view, struct pw_view *root)
{
	for (struct pw_view *v = view; v; v = pw_dialog_next(v, view)) {
		v->root = root;
	}
}

void
pw_dialog_init(struct pw_view *view)
{
	view->parent = NULL;
	view->root = view;
	wl_list_init(&view->children);
	wl_list_init(&view->child_link);
}

/* Moves each child of `view` to `parent` (NULL: none; mapped ones become tiles after `after`). */
static void
adopt_children(struct pw_view *view, struct pw_view *parent, struct wl_list *after)
{
	struct pw_view *child;
	while ((child = first_child(view))) {
		wl_list_remove(&child->child_link);
		set_parent(child, parent);
		if (parent) {
			wl_list_insert(parent->children.prev, &child->child_link);
			set_root(child, parent->root);
			continue;
		}
		wl_list_init(&child->child_link);
		set_root(child, child);
		if (child->mapped && after) {
			wl_list_insert(after, &child->link);
			after = &child->link;
		}
	}
}

void
pw_dialog_finish(struct pw_view *view)
{
	adopt_children(view, view->parent, NULL);
	wl_list_remove(&view->child_link);
	wl_list_init(&view->child_link);
	set_parent(view, NULL);
	view->root = view;
}

void
pw_dialog_unmapping(struct pw_view *view)
{
	/* A tile's link is still in the views list: its dialogs take its place there. */
	adopt_children(view, view->parent, view->parent ? NULL : &view->link);
}

bool
pw_dialog_is_ancestor(const struct pw_view *view, const struct pw_view *of)
{
	for (const struct pw_view *v = of; v; v = v->parent) {
		if (v == view) {
			return true;
		}
	}
	return false;
}

void
pw_dialog_set_parent(struct pw_view *view, struct pw_view *parent)
{
	struct pw_server *server = view->server;
	if (parent && !parent->mapped) {
		parent = NULL; /* the xdg_toplevel spec: as if no parent was given */
	}
	if (parent == view->parent) {
		return;
	}
	bool was_tile = view->mapped && !view->parent;
	wl_list_remove(&view->child_link);
	set_parent(view, parent);
	if (parent) {
		wl_list_insert(parent->children.prev, &view->child_link);
		set_root(view, parent->root);
	} else {
		wl_list_init(&view->child_link);
		set_root(view, view);
	}
	if (!view->mapped) {
		return;
	}
	pw_view_damage_whole(view);
	if (was_tile && parent) {
		wl_list_remove(&view->link);
		wl_list_init(&view->link);
		pw_view_note_fullscreen(view, false);
		view->states &= ~PW_VIEW_FULLSCREEN;
		pw_dialog_watch_client(view);
	} else if (!was_tile && !parent) {
		wl_list_insert(server->desktop->views.prev, &view->link);
		view->ask_width = view->ask_height = 0;
	}
	pw_tiling_arrange(server);
	if (server->output) {
		pw_output_damage_whole(server->output);
	}
	if (server->desktop->focus) {
		pw_tiling_focus(server, server->desktop->focus); /* a modal child takes it */
	}
}

struct pw_view *
pw_dialog_focus_target(struct pw_view *view)
{
	for (;;) {
		struct pw_view *child, *modal = NULL;
		wl_list_for_each_reverse(child, &view->children, child_link) {
			if (child->mapped && child->modal) {
				modal = child;
				break;
			}
		}
		if (!modal) {
			return view;
		}
		view = modal;
	}
}

void
pw_dialog_raise(struct pw_view *view)
{
	bool moved = false;
	for (struct pw_view *v = view; v->parent; v = v->parent) {
		if (v->child_link.next != &v->parent->children) {
			wl_list_remove(&v->child_link);
			wl_list_insert(v->parent->children.prev, &v->child_link);
			moved = true;
		}
	}
	if (moved && view->server->output) {
		pw_output_damage_whole(view->server->output); /* rare: a focus change */
	}
}

static struct pw_view *
tile_after(struct pw_server *server, struct pw_view *tile, int direction)
{
	struct wl_list *views = &server->desktop->views;
	struct wl_list *link = tile ? &tile->link : views;
	link = direction > 0 ? link->next : link->prev;
	if (link == views) {
		link = direction > 0 ? link->next : link->prev;
	}
	struct pw_view *next;
	return link == views ? NULL : wl_container_of(link, next, link);
}

static struct pw_view *
step(struct pw_server *server, struct pw_view *view, int direction)
{
	if (!view) {
		struct pw_view *tile = tile_after(server, NULL, direction);
		return tile && direction < 0 ? pw_dialog_last(tile) : tile;
	}
	struct pw_view *root = view->root;
	struct pw_view *next =
		direction > 0 ? pw_dialog_next(view, root) : pw_dialog_prev(view, root);
	if (next) {
		return next;
	}
	struct pw_view *tile = tile_after(server, root, direction);
	return tile && direction < 0 ? pw_dialog_last(tile) : tile;
}

struct pw_view *
pw_dialog_cycle(struct pw_server *server, struct pw_view *from, int direction)
{
	/* The steps go round every view of every tree and come back to the first. */
	struct pw_view *first = step(server, from, direction);
	for (struct pw_view *view = first; view;) {
		if (view->mapped && pw_dialog_focus_target(view) == view) {
			return view;
		}
		view = step(server, view, direction);
		if (view == first) {
			break;
		}
	}
	return NULL;
}

/* Where a dialog may go: the output under a fullscreen tree, else where the tiles go. */
static struct pw_box
dialog_area(struct pw_server *server, struct pw_view *view)
{
	struct pw_box output = {0, 0, server->output->width, server->output->height};
	if (view->root->fullscreen || pw_box_empty(server->desktop->usable)) {
		return output;
	}
	return server->desktop->usable;
}

static int
clamp(int v, int lo, int hi)
{
	return v > hi ? hi : v < lo ? lo : v;
}

static void
window_size(struct pw_view *view, int *width, int *height)
{
	*width = *height = 0;
	if (view->impl->window_size) {
		view->impl->window_size(view, width, height);
	}
}

/* The content size of `view` in `area`: the client's, never larger than the area allows. */
static void
content_size(struct pw_view *view, struct pw_box area, int border, int *width, int *height)
{
	int max_w = area.width - 2 * border, max_h = area.height - 2 * border;
	max_w = max_w < 1 ? 1 : max_w;
	max_h = max_h < 1 ? 1 : max_h;
	window_size(view, width, height);
	*width = clamp(*width, 1, max_w);
	*height = clamp(*height, 1, max_h);
}

static void
place(struct pw_view *view)
{
	struct pw_server *server = view->server;
	int border = server->desktop->border_width;
	struct pw_box area = dialog_area(server, view), parent = view->parent->tile;
	int cw, ch, w, h;
	window_size(view, &w, &h);
	content_size(view, area, border, &cw, &ch);
	struct pw_box tile = {0, 0, cw + 2 * border, ch + 2 * border};
	tile.x = clamp(parent.x + (parent.width - tile.width) / 2, area.x,
		area.x + area.width - tile.width);
	tile.y = clamp(parent.y + (parent.height - tile.height) / 2, area.y,
		area.y + area.height - tile.height);
	/* Larger than the area: ask for what fits; what the client cannot, scaling shows. */
	int ask_w = w > cw ? cw : 0, ask_h = h > ch ? ch : 0;
	uint32_t states = view->states & ~(PW_VIEW_TILED | PW_VIEW_FULLSCREEN);
	if (tile.x != view->tile.x || tile.y != view->tile.y || tile.width != view->tile.width ||
		tile.height != view->tile.height) {
		pw_view_damage_whole(view);
		view->tile = tile;
		pw_view_damage_whole(view);
	}
	view->content = (struct pw_box){tile.x + border, tile.y + border, cw, ch};
	if (ask_w != view->ask_width || ask_h != view->ask_height || states != view->states) {
		view->ask_width = ask_w;
		view->ask_height = ask_h;
		view->states = states;
		view->impl->configure(view, ask_w, ask_h, states);
	}
}

static void
place_tree(struct pw_view *root)
{
	for (struct pw_view *d = pw_dialog_next(root, root); d; d = pw_dialog_next(d, root)) {
		if (d->mapped) {
			place(d);
		}
	}
}

void
pw_dialog_arrange(struct pw_server *server)
{
	if (!server->output) {
		return;
	}
	struct pw_view *tile;
	wl_list_for_each(tile, &server->desktop->views, link) {
		place_tree(tile);
	}
}

void
pw_dialog_committed(struct pw_view *view)
{
	struct pw_server *server = view->server;
	if (!pw_dialog_floats(view) || !server->output) {
		return;
	}
	int cw, ch;
	content_size(view, dialog_area(server, view), server->desktop->border_width, &cw, &ch);
	if (cw != view->content.width || ch != view->content.height) {
		place(view);
		place_tree(view);
	}
}

void
pw_dialog_offer(struct pw_view *view, int *width, int *height, int *bounds_width,
	int *bounds_height)
{
	struct pw_server *server = view->server;
	int border = server->desktop->border_width;
	*width = *height = 0;
	*bounds_width = *bounds_height = 0;
	if (server->output) {
		struct pw_box area = dialog_area(server, view);
		*bounds_width = area.width - 2 * border;
		*bounds_height = area.height - 2 * border;
	}
}

struct client_hold {
	struct wl_listener destroy;
	struct pw_server *server;
};

static void
handle_arrange_idle(void *data)
{
	struct pw_server *server = data;
	server->desktop->arrange_idle = NULL;
	server->desktop->arrange_held = false;
	pw_tiling_arrange(server);
}

/*
 * libwayland says a client goes before it destroys its objects, the roots of its trees first
 * (by id): each root's child would become a tile and re-arrange all the rest, a pass per
 * toplevel instead of one (decision 4.51).
 */
static void
handle_client_destroy(struct wl_listener *listener, void *data)
{
	struct client_hold *hold = wl_container_of(listener, hold, destroy);
	struct pw_desktop *desktop = hold->server->desktop;
	wl_list_remove(&hold->destroy.link);
	if (desktop && !desktop->arrange_idle) {
		desktop->arrange_idle = wl_event_loop_add_idle(hold->server->loop,
			handle_arrange_idle, hold->server);
		desktop->arrange_held = desktop->arrange_idle != NULL;
	}
	free(hold);
}

void
pw_dialog_watch_client(struct pw_view *view)
{
	if (!view->surface || !view->surface->resource) {
		return;
	}
	struct wl_client *client = wl_resource_get_client(view->surface->resource);
	if (wl_client_get_destroy_listener(client, handle_client_destroy)) {
		return;
	}
	struct client_hold *hold = calloc(1, sizeof(*hold));
	if (!hold) {
		return; /* only the teardown is slower */
	}
	hold->server = view->server;
	hold->destroy.notify = handle_client_destroy;
	wl_client_add_destroy_listener(client, &hold->destroy);
}

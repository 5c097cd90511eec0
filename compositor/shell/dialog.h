/*
 * Dialogs (decision 4.51): the tree of toplevels xdg_toplevel.set_parent makes, kept in
 * struct pw_view's parent, root, children and child_link. A mapped view with a parent floats
 * centred over it, clamped into the area the tiles use, above every tile; it takes no tile. Each
 * tree's root is a tile. The dialogs of a tile are drawn in the tree's pre-order (a parent under
 * its children, the children bottom first), and every walk here is a loop, never a recursion.
 */
#ifndef PW_DIALOG_H
#define PW_DIALOG_H

#include <stdbool.h>

#include "view.h"

struct pw_server;

/* For pw_view_init: no parent, no children, its own root. */
void pw_dialog_init(struct pw_view *view);
/* For pw_view_finish: out of its parent's children; children left go to its parent. */
void pw_dialog_finish(struct pw_view *view);

/* Whether `view` is `of` or one of its ancestors (a parent that would make a loop). */
bool pw_dialog_is_ancestor(const struct pw_view *view, const struct pw_view *of);
/*
 * Gives `view` the parent `parent` (NULL, or not mapped: none). A mapped tile becomes a dialog,
 * a mapped dialog without a parent a tile; the output is re-arranged. The caller checked that
 * `parent` is neither `view` nor one of its children (pw_dialog_is_ancestor).
 */
void pw_dialog_set_parent(struct pw_view *view, struct pw_view *parent);
/*
 * `view` was unmapped (view->mapped false, a tile still in the views list): its children go to
 * its parent, or, without one, become tiles where it was (the xdg_toplevel spec's rule).
 */
void pw_dialog_unmapping(struct pw_view *view);

/*
 * The view that takes the focus asked for `view`: its topmost mapped modal child, and that
 * one's, down the tree; else `view`.
 */
struct pw_view *pw_dialog_focus_target(struct pw_view *view);
/* Puts `view` and each of its ancestors on top of their siblings; damages what moved. */
void pw_dialog_raise(struct pw_view *view);
/* The next (+1) or previous (-1) view `focus next` goes to after `from` (NULL: from the start):
 * tiles in tiling order, each followed by its dialogs in drawing order, skipping views whose
 * focus a modal dialog keeps; NULL when there is none. */
struct pw_view *pw_dialog_cycle(struct pw_server *server, struct pw_view *from, int direction);

/*
 * A dialog of `view`'s client maps: when that client goes, the tiles are arranged once after
 * its teardown, not once for each toplevel of a tree whose root going makes its child a tile.
 */
void pw_dialog_watch_client(struct pw_view *view);
/* Places every mapped dialog over its parent (the tiles are placed): after tiling. */
void pw_dialog_arrange(struct pw_server *server);
/* A dialog's surface committed: re-placed (with its own dialogs) when its size changed. */
void pw_dialog_committed(struct pw_view *view);
/* A view not mapped yet with a parent: the size and bounds its configure offers. */
void pw_dialog_offer(struct pw_view *view, int *width, int *height, int *bounds_width,
	int *bounds_height);

/* The tree in drawing order: the view after `view` in `root`'s tree (NULL: none left). */
struct pw_view *pw_dialog_next(struct pw_view *view, struct pw_view *root);
/* The view before `view` in `root`'s tree (NULL at `root`). */
struct pw_view *pw_dialog_prev(struct pw_view *view, struct pw_view *root);
/* The last view of `root`'s tree in drawing order (the topmost; `root` if it has none). */
struct pw_view *pw_dialog_last(struct pw_view *root);
/* Whether `root` has a mapped dialog. */
bool pw_dialog_has_mapped(struct pw_view *root);

/* Whether `view` is a mapped view that floats (has a parent). */
static inline bool
pw_dialog_floats(const struct pw_view *view)
{
	return view->mapped && view->parent;
}

#endif

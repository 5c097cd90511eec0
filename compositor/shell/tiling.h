/* The tiling: views in their tiles, the tiling order, the keyboard focus among the views. */
#ifndef PW_TILING_H
#define PW_TILING_H

#include <stdbool.h>

#include "layout.h"

struct pw_server;
struct pw_view;

/* Re-computes every tile and sends configures where a size changed. */
void pw_tiling_arrange(struct pw_server *server);
/* The tile a view mapped now would get (the whole output when `fullscreen`). */
struct pw_box pw_tiling_next_tile(struct pw_server *server, bool fullscreen);
/* Gives keyboard focus to `view` (NULL: nobody), marks it activated, redraws the borders. */
void pw_tiling_focus(struct pw_server *server, struct pw_view *view);
/* Moves keyboard focus to the next (+1) or previous (-1) view in tiling order. */
void pw_tiling_focus_cycle(struct pw_server *server, int direction);
/* The topmost view whose tile contains output point x,y, or NULL. */
struct pw_view *pw_tiling_view_at(struct pw_server *server, double x, double y);
/* Moves `view` to 1-based tile `tile` in the tiling order (past the end: the last). */
void pw_tiling_move_to_tile(struct pw_server *server, struct pw_view *view, int tile);
/* The view in 1-based tile `tile`, or NULL. */
struct pw_view *pw_tiling_view_in_tile(struct pw_server *server, int tile);

#endif

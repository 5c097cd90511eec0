/* Tiling layouts: a pure function of the area and the count. No Wayland. */
#ifndef PW_LAYOUT_H
#define PW_LAYOUT_H

#include <stdbool.h>

struct pw_box {
	int x, y, width, height;
};

enum pw_layout_kind {
	PW_LAYOUT_TILE, /* master and stack */
	PW_LAYOUT_MONOCLE, /* every tile covers the whole area */
};

enum pw_layout_orientation {
	PW_LAYOUT_ORIENT_AREA, /* the area's own shape decides */
	PW_LAYOUT_ORIENT_LANDSCAPE, /* side by side, whatever the area's shape */
	PW_LAYOUT_ORIENT_PORTRAIT, /* top to bottom, whatever the area's shape */
};

struct pw_layout_params {
	enum pw_layout_kind kind;
	int master_permille; /* share of the area the master column/row takes, 100..900 */
	int master_count; /* tiles in the master area, >= 0 */
	int gap; /* pixels between tiles and around the area, >= 0 */
	/* The output's shape: an area left by a panel and a keyboard may be wider than tall. */
	enum pw_layout_orientation orientation;
};

void pw_layout_defaults(struct pw_layout_params *params);

/*
 * Fills `out[0..count)` with the boxes of `count` tiles in `area`; tile 0 is the first master.
 * Landscape (the orientation, or with PW_LAYOUT_ORIENT_AREA an area with width >= height): the
 * masters stacked in a column on the left, the stack in a column on the right. Portrait (height >
 * width): the same layout transposed, masters in a row on top, the stack in a row below, so that
 * with two tiles they stack vertically. With count <= master_count or master_count == 0 the tiles
 * share the whole area. Boxes never overlap, lie inside `area`, and together with the gaps
 * cover it exactly; widths and heights are at least 1 when the area allows.
 */
void pw_layout_arrange(const struct pw_layout_params *params, struct pw_box area, int count,
	struct pw_box *out);

bool pw_box_contains(struct pw_box box, int x, int y);
bool pw_box_empty(struct pw_box box);

#endif

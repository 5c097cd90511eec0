/* xdg_positioner placement rules. Pure: no Wayland. */
#ifndef PW_POSITIONER_H
#define PW_POSITIONER_H

#include <stdbool.h>
#include <stdint.h>

#include "layout.h"

/* Values of xdg_positioner's anchor/gravity and constraint_adjustment enums. */
enum pw_positioner_edge {
	PW_POS_NONE,
	PW_POS_TOP,
	PW_POS_BOTTOM,
	PW_POS_LEFT,
	PW_POS_RIGHT,
	PW_POS_TOP_LEFT,
	PW_POS_BOTTOM_LEFT,
	PW_POS_TOP_RIGHT,
	PW_POS_BOTTOM_RIGHT,
};

enum pw_positioner_adjust {
	PW_ADJUST_SLIDE_X = 1,
	PW_ADJUST_SLIDE_Y = 2,
	PW_ADJUST_FLIP_X = 4,
	PW_ADJUST_FLIP_Y = 8,
	PW_ADJUST_RESIZE_X = 16,
	PW_ADJUST_RESIZE_Y = 32,
};

struct pw_positioner_rules {
	int width, height;
	struct pw_box anchor_rect;
	uint32_t anchor, gravity, constraint_adjustment;
	int offset_x, offset_y;
	bool has_size, has_anchor_rect;
};

/*
 * The popup's box relative to the parent's window geometry. `bounds` is the area the popup
 * must stay in, in the same coordinates; the constraint adjustments are tried in the order
 * flip, slide, resize, axis by axis, and whatever still sticks out is slid in regardless,
 * so the popup never leaves `bounds` when it fits.
 */
struct pw_box pw_positioner_place(const struct pw_positioner_rules *rules, struct pw_box bounds);

#endif

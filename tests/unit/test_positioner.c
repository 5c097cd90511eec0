/*
 * xdg_positioner placement (positioner.c): anchor and gravity on both axes, offsets, the
 * flips, sliding, resizing, and the promise that a popup that fits never leaves `bounds`.
 */
#include <limits.h>
#include <stdio.h>

#include "positioner.h"

#include "check.h"

static const struct pw_box big = {-1000, -1000, 5000, 5000};
static const struct pw_box screen = {0, 0, 100, 100};

static bool
box_eq(struct pw_box a, int x, int y, int w, int h)
{
	if (a.x == x && a.y == y && a.width == w && a.height == h) {
		return true;
	}
	fprintf(stderr, "got %d,%d %dx%d, want %d,%d %dx%d\n", a.x, a.y, a.width, a.height, x, y, w,
		h);
	return false;
}

static bool
inside(struct pw_box b, struct pw_box bounds)
{
	return b.x >= bounds.x && b.y >= bounds.y && b.x + b.width <= bounds.x + bounds.width &&
		b.y + b.height <= bounds.y + bounds.height;
}

static struct pw_box
place(struct pw_box rect, int w, int h, uint32_t anchor, uint32_t gravity, uint32_t adjust, int dx,
	int dy, struct pw_box bounds)
{
	struct pw_positioner_rules r = {
		.width = w,
		.height = h,
		.anchor_rect = rect,
		.anchor = anchor,
		.gravity = gravity,
		.constraint_adjustment = adjust,
		.offset_x = dx,
		.offset_y = dy,
		.has_size = true,
		.has_anchor_rect = true,
	};
	return pw_positioner_place(&r, bounds);
}

/* Unconstrained: the anchor point on the rect, the popup laid from it by the gravity. */
static void
test_anchor_gravity(void)
{
	struct pw_box rect = {10, 20, 30, 40};

	/* Centre of the rect, popup centred on it. */
	CHECK(box_eq(place(rect, 50, 60, PW_POS_NONE, PW_POS_NONE, 0, 0, 0, big), 0, 10, 50, 60));
	CHECK(box_eq(place(rect, 50, 60, PW_POS_BOTTOM_RIGHT, PW_POS_BOTTOM_RIGHT, 0, 0, 0, big),
		40, 60, 50, 60));
	CHECK(box_eq(place(rect, 50, 60, PW_POS_TOP_LEFT, PW_POS_TOP_LEFT, 0, 0, 0, big), -40, -40,
		50, 60));
	CHECK(box_eq(place(rect, 50, 60, PW_POS_TOP_RIGHT, PW_POS_BOTTOM_LEFT, 0, 0, 0, big), -10,
		20, 50, 60));
	CHECK(box_eq(place(rect, 50, 60, PW_POS_BOTTOM_LEFT, PW_POS_TOP_RIGHT, 0, 0, 0, big), 10, 0,
		50, 60));
	/* An edge anchors one axis and leaves the other centred. */
	CHECK(box_eq(place(rect, 50, 60, PW_POS_TOP, PW_POS_BOTTOM, 0, 0, 0, big), 0, 20, 50, 60));
	CHECK(box_eq(place(rect, 50, 60, PW_POS_BOTTOM, PW_POS_TOP, 0, 0, 0, big), 0, 0, 50, 60));
	CHECK(box_eq(place(rect, 50, 60, PW_POS_LEFT, PW_POS_RIGHT, 0, 0, 0, big), 10, 10, 50, 60));
	CHECK(box_eq(place(rect, 50, 60, PW_POS_RIGHT, PW_POS_LEFT, 0, 0, 0, big), -10, 10, 50,
		60));
	/* The offset moves the result. */
	CHECK(box_eq(place(rect, 50, 60, PW_POS_BOTTOM_RIGHT, PW_POS_BOTTOM_RIGHT, 0, 5, -3, big),
		45, 57, 50, 60));
	/* Values outside the enums are treated as none. */
	CHECK(box_eq(place(rect, 50, 60, 99, 1234, 0, 0, 0, big), 0, 10, 50, 60));
}

static void
test_flip(void)
{
	/* A menu opening right off the right edge flips to open left of its anchor. */
	struct pw_box rect = {80, 10, 10, 10};
	CHECK(box_eq(place(rect, 30, 10, PW_POS_RIGHT, PW_POS_RIGHT, PW_ADJUST_FLIP_X, 0, 0,
			     screen),
		50, 10, 30, 10));
	/* The flip mirrors the offset too. */
	CHECK(box_eq(place(rect, 30, 10, PW_POS_RIGHT, PW_POS_RIGHT, PW_ADJUST_FLIP_X, 4, 0,
			     screen),
		46, 10, 30, 10));
	/* Not asked to flip: it slides instead (picowl always slides). */
	CHECK(box_eq(place(rect, 30, 10, PW_POS_RIGHT, PW_POS_RIGHT, 0, 0, 0, screen), 70, 10, 30,
		10));
	/* FLIP_Y does not flip x. */
	CHECK(box_eq(place(rect, 30, 10, PW_POS_RIGHT, PW_POS_RIGHT, PW_ADJUST_FLIP_Y, 0, 0,
			     screen),
		70, 10, 30, 10));

	/* The same downwards. */
	rect = (struct pw_box){0, 80, 10, 10};
	CHECK(box_eq(place(rect, 10, 30, PW_POS_BOTTOM, PW_POS_BOTTOM, PW_ADJUST_FLIP_Y, 0, 0,
			     screen),
		0, 50, 10, 30));

	/* A corner flips on each axis that needs it, and only those. */
	rect = (struct pw_box){80, 80, 10, 10};
	CHECK(box_eq(place(rect, 30, 30, PW_POS_BOTTOM_RIGHT, PW_POS_BOTTOM_RIGHT,
			     PW_ADJUST_FLIP_X | PW_ADJUST_FLIP_Y, 0, 0, screen),
		50, 50, 30, 30));
	CHECK(box_eq(place(rect, 30, 30, PW_POS_BOTTOM_RIGHT, PW_POS_BOTTOM_RIGHT, PW_ADJUST_FLIP_X,
			     0, 0, screen),
		50, 70, 30, 30));
	rect = (struct pw_box){80, 10, 10, 10};
	CHECK(box_eq(place(rect, 30, 30, PW_POS_BOTTOM_RIGHT, PW_POS_BOTTOM_RIGHT,
			     PW_ADJUST_FLIP_X | PW_ADJUST_FLIP_Y, 0, 0, screen),
		50, 20, 30, 30));

	/* Every corner and edge flips to its mirror image. */
	const uint32_t both = PW_ADJUST_FLIP_X | PW_ADJUST_FLIP_Y;
	CHECK(box_eq(place((struct pw_box){5, 80, 10, 10}, 30, 30, PW_POS_BOTTOM_LEFT,
			     PW_POS_BOTTOM_LEFT, both, 0, 0, screen),
		15, 50, 30, 30));
	CHECK(box_eq(place((struct pw_box){5, 5, 10, 10}, 30, 30, PW_POS_TOP_LEFT, PW_POS_TOP_LEFT,
			     both, 0, 0, screen),
		15, 15, 30, 30));
	CHECK(box_eq(place((struct pw_box){85, 5, 10, 10}, 30, 30, PW_POS_TOP_RIGHT,
			     PW_POS_TOP_RIGHT, both, 0, 0, screen),
		55, 15, 30, 30));
	CHECK(box_eq(place((struct pw_box){40, 5, 10, 10}, 10, 30, PW_POS_TOP, PW_POS_TOP, both, 0,
			     0, screen),
		40, 15, 10, 30));
	CHECK(box_eq(place((struct pw_box){5, 40, 10, 10}, 30, 10, PW_POS_LEFT, PW_POS_LEFT, both,
			     0, 0, screen),
		15, 40, 30, 10));

	/* A flip that would not fit either is not taken; the slide then keeps it on screen. */
	rect = (struct pw_box){40, 0, 20, 10};
	CHECK(box_eq(place(rect, 90, 10, PW_POS_RIGHT, PW_POS_RIGHT, PW_ADJUST_FLIP_X, 0, 0,
			     screen),
		10, 0, 90, 10));
}

static void
test_slide_resize(void)
{
	struct pw_box all = {0, 0, 100, 100};

	/* Off the left and the top: slid back to the edges. */
	CHECK(box_eq(place((struct pw_box){5, 5, 1, 1}, 20, 20, PW_POS_TOP_LEFT, PW_POS_TOP_LEFT,
			     PW_ADJUST_SLIDE_X | PW_ADJUST_SLIDE_Y, 0, 0, screen),
		0, 0, 20, 20));
	/* Bounds not at the origin. */
	struct pw_box off = {-50, 200, 100, 50};
	CHECK(box_eq(place((struct pw_box){-60, 190, 1, 1}, 20, 20, PW_POS_TOP_LEFT,
			     PW_POS_TOP_LEFT, 0, 0, 0, off),
		-50, 200, 20, 20));
	CHECK(box_eq(place((struct pw_box){100, 300, 1, 1}, 20, 20, PW_POS_BOTTOM_RIGHT,
			     PW_POS_BOTTOM_RIGHT, 0, 0, 0, off),
		30, 230, 20, 20));
	/* Larger than the bounds: cut to them, with or without RESIZE. */
	CHECK(box_eq(place(all, 150, 10, PW_POS_NONE, PW_POS_NONE, PW_ADJUST_RESIZE_X, 0, 0,
			     screen),
		0, 45, 100, 10));
	CHECK(box_eq(place(all, 150, 300, PW_POS_NONE, PW_POS_NONE, 0, 0, 0, screen), 0, 0, 100,
		100));
	/* Never smaller than 1x1, even from a zero size or zero bounds. */
	CHECK(box_eq(place(all, 0, 0, PW_POS_NONE, PW_POS_NONE, 0, 0, 0, screen), 50, 50, 1, 1));
	struct pw_box b =
		place(all, 10, 10, PW_POS_NONE, PW_POS_NONE, 0, 0, 0, (struct pw_box){5, 5, 0, 0});
	CHECK(b.width == 1 && b.height == 1 && b.x == 5 && b.y == 5);
}

/* Every anchor, gravity and adjustment: a popup that fits the bounds stays inside them. */
static void
test_never_leaves(void)
{
	struct pw_box rects[] = {{0, 0, 10, 10}, {95, 95, 5, 5}, {-20, 50, 10, 10},
		{40, 40, 20, 20}, {90, -30, 40, 10}};
	int sizes[][2] = {{1, 1}, {30, 10}, {99, 99}, {100, 100}};
	int offsets[] = {-200, -7, 0, 13, 500};
	int bad = 0, tried = 0;

	for (uint32_t anchor = PW_POS_NONE; anchor <= PW_POS_BOTTOM_RIGHT; anchor++) {
		for (uint32_t gravity = PW_POS_NONE; gravity <= PW_POS_BOTTOM_RIGHT; gravity++) {
			for (uint32_t adjust = 0; adjust < 64; adjust += 5) {
				for (size_t r = 0; r < sizeof(rects) / sizeof(rects[0]); r++) {
					for (size_t s = 0; s < 4; s++) {
						for (size_t o = 0; o < 5; o++) {
							struct pw_box box = place(rects[r],
								sizes[s][0], sizes[s][1], anchor,
								gravity, adjust, offsets[o],
								offsets[4 - o], screen);
							tried++;
							bad += !inside(box, screen) ||
								box.width != sizes[s][0] ||
								box.height != sizes[s][1];
						}
					}
				}
			}
		}
	}
	CHECK(tried > 10000);
	CHECK(bad == 0);
}

/* Values a client may send that would overflow an int if added as they are. */
static void
test_extremes(void)
{
	struct pw_box huge = {INT_MAX, INT_MIN, INT_MAX, INT_MAX};
	struct pw_box b = place(huge, INT_MAX, INT_MAX, PW_POS_BOTTOM_RIGHT, PW_POS_BOTTOM_RIGHT,
		63, INT_MAX, INT_MIN, screen);
	CHECK(inside(b, screen) && b.width == 100 && b.height == 100);
	b = place(huge, 10, 10, PW_POS_TOP_LEFT, PW_POS_TOP_LEFT, 0, INT_MIN, INT_MAX, screen);
	CHECK(inside(b, screen) && b.width == 10 && b.height == 10);
	b = place(screen, -5, -5, PW_POS_NONE, PW_POS_NONE, 0, 0, 0, screen);
	CHECK(b.width >= 1 && b.height >= 1 && inside(b, screen));
}

int
main(void)
{
	test_anchor_gravity();
	test_flip();
	test_slide_resize();
	test_never_leaves();
	test_extremes();
	return check_summary();
}

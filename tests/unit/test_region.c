/*
 * region.c against pixman's own operations: random regions of zero, one and several
 * rectangles, random boxes (empty ones too); every result must equal pixman's, rectangle by
 * rectangle (pixman_region32_equal compares the y-x banded form).
 */
#include <pixman.h>
#include <stdbool.h>
#include <stdlib.h>

#include "region.h"

#include "check.h"

static int
coord(void)
{
	return rand() % 64 - 8;
}

static void
random_box(int *x1, int *y1, int *x2, int *y2)
{
	*x1 = coord();
	*y1 = coord();
	/* one in eight boxes is empty or inverted */
	*x2 = rand() % 8 == 0 ? *x1 - rand() % 3 : *x1 + 1 + rand() % 40;
	*y2 = rand() % 8 == 0 ? *y1 - rand() % 3 : *y1 + 1 + rand() % 40;
}

static void
random_region(pixman_region32_t *r)
{
	pixman_region32_init(r);
	int n = rand() % 4; /* 0: empty, 1: one box, more: usually several rectangles */
	for (int i = 0; i < n; i++) {
		int x1, y1, x2, y2;
		random_box(&x1, &y1, &x2, &y2);
		if (x2 > x1 && y2 > y1) {
			pixman_region32_union_rect(r, r, x1, y1, (unsigned)(x2 - x1),
				(unsigned)(y2 - y1));
		}
	}
}

static void
box_region(pixman_region32_t *r, int x1, int y1, int x2, int y2)
{
	pixman_region32_init(r);
	if (x2 > x1 && y2 > y1) {
		pixman_region32_union_rect(r, r, x1, y1, (unsigned)(x2 - x1), (unsigned)(y2 - y1));
	}
}

static bool
same(pixman_region32_t *a, pixman_region32_t *b)
{
	/* pixman leaves the extents of an empty result wherever its algorithm stopped */
	if (!pixman_region32_not_empty(a) || !pixman_region32_not_empty(b)) {
		return pixman_region32_not_empty(a) == pixman_region32_not_empty(b);
	}
	return pixman_region32_equal(a, b);
}

/* Damage: exact up to the cap, then the extents, which hold every box added. */
static void
test_damage_cap(void)
{
	pixman_region32_t d;
	pixman_region32_init(&d);
	for (int i = 0; i < PW_REGION_DAMAGE_BOXES; i++) {
		pw_region_add_damage_box(&d, 2 * i, 0, 2 * i + 1, 1);
	}
	CHECK(pixman_region32_n_rects(&d) == PW_REGION_DAMAGE_BOXES);
	pw_region_add_damage_box(&d, 0, 10, 1, 11);
	CHECK(pixman_region32_n_rects(&d) == 1);
	pixman_box32_t e = *pixman_region32_extents(&d);
	CHECK(e.x1 == 0 && e.y1 == 0 && e.x2 == 2 * PW_REGION_DAMAGE_BOXES - 1 && e.y2 == 11);
	for (int i = 0; i < 10000; i++) {
		pw_region_add_damage_box(&d, 2 * i, 20 + i, 2 * i + 1, 21 + i);
	}
	CHECK(pixman_region32_n_rects(&d) <= PW_REGION_DAMAGE_BOXES);
	CHECK(pixman_region32_contains_point(&d, 2 * 9999, 20 + 9999, NULL));
	pixman_region32_fini(&d);
}

int
main(void)
{
	test_damage_cap();
	srand(7);
	int failures[6] = {0}, contained = 0;
	for (int i = 0; i < 20000; i++) {
		pixman_region32_t a, b, want, got, box;
		int x1, y1, x2, y2;
		random_region(&a);
		random_box(&x1, &y1, &x2, &y2);
		box_region(&box, x1, y1, x2, y2);
		pixman_region32_init(&want);

		/* clip */
		pixman_region32_init(&got);
		pixman_region32_copy(&got, &a);
		pw_region_clip(&got, x1, y1, x2, y2);
		pixman_region32_intersect(&want, &a, &box);
		failures[0] += !same(&got, &want);

		/* clip_to */
		pw_region_clip_to(&got, &a, x1, y1, x2, y2);
		failures[1] += !same(&got, &want);

		/* add_box */
		pixman_region32_copy(&got, &a);
		pw_region_add_box(&got, x1, y1, x2, y2);
		pixman_region32_union(&want, &a, &box);
		failures[2] += !same(&got, &want);

		/* add and take */
		random_region(&b);
		pixman_region32_union(&want, &a, &b);
		pixman_region32_copy(&got, &a);
		pw_region_add(&got, &b);
		failures[3] += !same(&got, &want);
		pixman_region32_t moved;
		pixman_region32_init(&moved);
		pixman_region32_copy(&moved, &b);
		pixman_region32_copy(&got, &a);
		pw_region_take(&got, &moved);
		failures[4] += !same(&got, &want) || pixman_region32_not_empty(&moved);

		/* contains: a non-empty box against pixman's answer */
		if (x2 > x1 && y2 > y1) {
			pixman_box32_t bx = {x1, y1, x2, y2};
			bool in = pixman_region32_contains_rectangle(&a, &bx) == PIXMAN_REGION_IN;
			failures[5] += pw_region_contains(&a, &bx) != in;
			contained += in;
		}

		pixman_region32_fini(&moved);
		pixman_region32_fini(&b);
		pixman_region32_fini(&got);
		pixman_region32_fini(&want);
		pixman_region32_fini(&box);
		pixman_region32_fini(&a);
	}
	CHECK(failures[0] == 0); /* clip */
	CHECK(failures[1] == 0); /* clip_to */
	CHECK(failures[2] == 0); /* add_box */
	CHECK(failures[3] == 0); /* add */
	CHECK(failures[4] == 0); /* take */
	CHECK(failures[5] == 0); /* contains */
	CHECK(contained > 100); /* the random boxes fall inside often enough to tell */
	if (failures[0] + failures[1] + failures[2] + failures[3] + failures[4] + failures[5]) {
		fprintf(stderr,
			"failures: clip %d clip_to %d add_box %d add %d take %d contains %d\n",
			failures[0], failures[1], failures[2], failures[3], failures[4],
			failures[5]);
	}
	return check_summary();
}

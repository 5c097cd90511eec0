#include "region.h"

#include <stdbool.h>
#include <stddef.h>

/*
 * pixman.h makes the region's fields public: without `data` the region is its extents, one
 * rectangle; with data and no rectangles it is empty. Read here without a call each.
 */
static bool
empty(const pixman_region32_t *region)
{
	return region->data && region->data->numRects == 0;
}

static bool
box_of(const pixman_region32_t *region, pixman_box32_t *box)
{
	if (region->data) {
		return false;
	}
	*box = region->extents;
	return true;
}

static void
set_box(pixman_region32_t *region, int x1, int y1, int x2, int y2)
{
	if (x2 > x1 && y2 > y1) {
		pixman_box32_t box = {x1, y1, x2, y2};
		if (!region->data || region->data->size == 0) {
			/* One box, or pixman's shared empty data: nothing of its own to free. */
			region->extents = box;
			region->data = NULL;
		} else {
			pixman_region32_reset(region, &box);
		}
	} else {
		pixman_region32_clear(region);
	}
}

static int
max(int a, int b)
{
	return a > b ? a : b;
}

static int
min(int a, int b)
{
	return a < b ? a : b;
}

void
pw_region_clip(pixman_region32_t *region, int x1, int y1, int x2, int y2)
{
	pixman_box32_t b;
	if (empty(region)) {
		return;
	}
	if (box_of(region, &b)) {
		if (b.x1 < x1 || b.y1 < y1 || b.x2 > x2 || b.y2 > y2) {
			set_box(region, max(b.x1, x1), max(b.y1, y1), min(b.x2, x2), min(b.y2, y2));
		}
		return;
	}
	if (x2 <= x1 || y2 <= y1) {
		pixman_region32_clear(region);
		return;
	}
	pixman_region32_intersect_rect(region, region, x1, y1, (unsigned)(x2 - x1),
		(unsigned)(y2 - y1));
}

void
pw_region_clip_to(pixman_region32_t *out, const pixman_region32_t *region, int x1, int y1, int x2,
	int y2)
{
	pixman_box32_t b;
	if (box_of(region, &b)) {
		set_box(out, max(b.x1, x1), max(b.y1, y1), min(b.x2, x2), min(b.y2, y2));
		return;
	}
	if (x2 <= x1 || y2 <= y1 || empty(region)) {
		pixman_region32_clear(out);
		return;
	}
	pixman_region32_intersect_rect(out, (pixman_region32_t *)region, x1, y1,
		(unsigned)(x2 - x1), (unsigned)(y2 - y1));
}

void
pw_region_add_box(pixman_region32_t *dst, int x1, int y1, int x2, int y2)
{
	if (x2 <= x1 || y2 <= y1) {
		return;
	}
	pixman_box32_t b;
	if (empty(dst) ||
		(box_of(dst, &b) && x1 <= b.x1 && y1 <= b.y1 && x2 >= b.x2 && y2 >= b.y2)) {
		set_box(dst, x1, y1, x2, y2);
		return;
	}
	if (box_of(dst, &b) && x1 >= b.x1 && y1 >= b.y1 && x2 <= b.x2 && y2 <= b.y2) {
		return;
	}
	pixman_region32_union_rect(dst, dst, x1, y1, (unsigned)(x2 - x1), (unsigned)(y2 - y1));
}

void
pw_region_add_damage_box(pixman_region32_t *dst, int x1, int y1, int x2, int y2)
{
	pw_region_add_box(dst, x1, y1, x2, y2);
	if (pixman_region32_n_rects(dst) > PW_REGION_DAMAGE_BOXES) {
		pixman_box32_t e = *pixman_region32_extents(dst);
		set_box(dst, e.x1, e.y1, e.x2, e.y2);
	}
}

void
pw_region_add(pixman_region32_t *dst, const pixman_region32_t *src)
{
	pixman_box32_t b;
	if (empty(src)) {
		return;
	}
	if (box_of(src, &b)) {
		pw_region_add_box(dst, b.x1, b.y1, b.x2, b.y2);
		return;
	}
	pixman_region32_union(dst, dst, (pixman_region32_t *)src);
}

void
pw_region_take(pixman_region32_t *dst, pixman_region32_t *src)
{
	if (empty(src)) {
		return;
	}
	if (empty(dst)) {
		pixman_region32_t empty = *dst;
		*dst = *src;
		*src = empty;
		return;
	}
	pw_region_add(dst, src);
	pixman_region32_clear(src);
}

bool
pw_region_contains(const pixman_region32_t *region, const pixman_box32_t *box)
{
	pixman_box32_t b;
	if (box->x2 <= box->x1 || box->y2 <= box->y1) {
		return true;
	}
	if (box_of(region, &b)) {
		return box->x1 >= b.x1 && box->y1 >= b.y1 && box->x2 <= b.x2 && box->y2 <= b.y2;
	}
	return pixman_region32_contains_rectangle((pixman_region32_t *)region,
		       (pixman_box32_t *)box) == PIXMAN_REGION_IN;
}

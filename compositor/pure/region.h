/*
 * Region operations with a short way for the common case of a frame's damage, one rectangle
 * (or none): box arithmetic instead of pixman's general band algorithms. The results are the
 * same as pixman's. Pure: no Wayland.
 */
#ifndef PW_REGION_H
#define PW_REGION_H

#include <pixman.h>
#include <stdbool.h>
#include <stdint.h>

/* start + length, saturated to the int range: a client's sizes may reach INT32_MAX. */
static inline int
pw_region_end(int start, int length)
{
	long long end = (long long)start + length;
	return end > INT32_MAX ? INT32_MAX : end < INT32_MIN ? INT32_MIN : (int)end;
}

/* region = region ∩ the box (x1, y1)-(x2, y2). */
void pw_region_clip(pixman_region32_t *region, int x1, int y1, int x2, int y2);

/* dst = dst ∪ the box (x1, y1)-(x2, y2); an empty box adds nothing. */
void pw_region_add_box(pixman_region32_t *dst, int x1, int y1, int x2, int y2);

/* Most rectangles pw_region_add_damage_box keeps. */
#define PW_REGION_DAMAGE_BOXES 256

/*
 * pw_region_add_box for damage, where more is always right: past PW_REGION_DAMAGE_BOXES
 * rectangles dst becomes its extents, so that a client's damage requests cannot grow picowl.
 */
void pw_region_add_damage_box(pixman_region32_t *dst, int x1, int y1, int x2, int y2);

/* dst = dst ∪ src. */
void pw_region_add(pixman_region32_t *dst, const pixman_region32_t *src);

/* dst = dst ∪ src, and src becomes empty: src's storage moves over when dst was empty. */
void pw_region_take(pixman_region32_t *dst, pixman_region32_t *src);

/* out = region ∩ the box (x1, y1)-(x2, y2); `out` initialised, distinct from `region`. */
void pw_region_clip_to(pixman_region32_t *out, const pixman_region32_t *region, int x1, int y1,
	int x2, int y2);

/* Whether `box` lies wholly inside `region` (an empty box does). */
bool pw_region_contains(const pixman_region32_t *region, const pixman_box32_t *box);

#endif

/*
 * Scale to fit (decision 4.50): a surface tree larger than the box it is shown in is drawn
 * smaller, keeping its aspect, never larger. The scale is 16.16 fixed point (PW_SCALE_ONE is 1):
 * the frame path of a CPU without an FPU does integer arithmetic only. Pure: no Wayland.
 */
#ifndef PW_SCALE_H
#define PW_SCALE_H

#include <pixman.h>
#include <stdbool.h>
#include <stdint.h>

#include "pixels.h"

#define PW_SCALE_ONE 65536
/* The smallest scale: its inverse still fits pixman's 16.16 fixed point. */
#define PW_SCALE_MIN 16

/*
 * The largest scale at which w x h fits in box_w x box_h keeping its aspect: PW_SCALE_ONE when it
 * fits (or a size is not positive), never above it, never below PW_SCALE_MIN.
 */
int32_t pw_scale_fit(int box_w, int box_h, int w, int h);

/* v at scale s, rounded down (towards minus infinity). */
static inline int
pw_scale_floor(int v, int32_t s)
{
	return (int)(((int64_t)v * s) >> 16);
}

/* v at scale s, rounded up. */
static inline int
pw_scale_ceil(int v, int32_t s)
{
	return (int)-((-(int64_t)v * s) >> 16);
}

/* An output distance from a tree's origin back to the tree's own coordinates (input only). */
static inline double
pw_scale_unmap(double v, int32_t s)
{
	return s == PW_SCALE_ONE ? v : v * PW_SCALE_ONE / s;
}

/* What one unit of the tree measures on the output, for the input path. */
static inline double
pw_scale_factor(int32_t s)
{
	return (double)s / PW_SCALE_ONE;
}

/*
 * The region (tree coordinates, about the tree's origin) at scale s, each box rounded outwards:
 * every output pixel whose nearest sample (at its centre, the inverse scale rounded down) falls
 * in a box is inside it (tests/unit/test_scale.c checks it against pixman). Unchanged at
 * PW_SCALE_ONE.
 */
void pw_scale_region(pixman_region32_t *region, int32_t s);

/*
 * The hot case of a scaled opaque buffer: `src` drawn at scale s with its top-left pixel at
 * x, y of `dst`, into `box` of dst only (inside dst and inside the scaled buffer), each pixel
 * the source pixel pixman's nearest filter takes (the inverse scale rounded down, sampled at
 * the pixel's centre): the same pixels as render.c's pixman path, at a fraction of its cost
 * (4.50). RGB565, XRGB8888 or ARGB8888 (as opaque) into RGB565 or XRGB8888; false for others.
 */
bool pw_scale_blit(const struct pw_pixmap *dst, const struct pw_pixmap *src, int x, int y,
	int32_t s, const pixman_box32_t *box);

#endif

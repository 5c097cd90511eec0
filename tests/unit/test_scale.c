/*
 * scale.c: the fit (aspect kept, never up, never below the minimum), the rounding, and the
 * damage: every destination pixel that pixman's nearest filter takes from a changed source pixel
 * must lie in pw_scale_region of that pixel (render.c draws a scaled tree that way, 4.50).
 */
#include <pixman.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "scale.h"

#include "check.h"

static void
test_fit(void)
{
	CHECK(pw_scale_fit(240, 320, 240, 320) == PW_SCALE_ONE);
	CHECK(pw_scale_fit(240, 320, 100, 100) == PW_SCALE_ONE); /* never up */
	CHECK(pw_scale_fit(240, 320, 480, 640) == PW_SCALE_ONE / 2);
	CHECK(pw_scale_fit(236, 316, 266, 100) == (int32_t)(236LL * PW_SCALE_ONE / 266));
	/* The aspect kept: the smaller of the two ratios. */
	CHECK(pw_scale_fit(236, 316, 480, 640) == (int32_t)(236LL * PW_SCALE_ONE / 480));
	CHECK(pw_scale_fit(236, 100, 480, 640) == (int32_t)(100LL * PW_SCALE_ONE / 640));
	CHECK(pw_scale_fit(1, 1, INT32_MAX, INT32_MAX) == PW_SCALE_MIN);
	CHECK(pw_scale_fit(0, 0, 10, 10) == PW_SCALE_MIN);
	CHECK(pw_scale_fit(10, 10, 0, 10) == PW_SCALE_ONE);
	CHECK(pw_scale_fit(10, 10, -5, 10) == PW_SCALE_ONE);
	/* What fits, fits: the scaled size is within the box. */
	for (int i = 0; i < 1000; i++) {
		int bw = 1 + rand() % 400, bh = 1 + rand() % 400;
		int w = 1 + rand() % 2000, h = 1 + rand() % 2000;
		int32_t s = pw_scale_fit(bw, bh, w, h);
		CHECK(s <= PW_SCALE_ONE);
		if (s > PW_SCALE_MIN) {
			CHECK(pw_scale_floor(w, s) <= bw && pw_scale_floor(h, s) <= bh);
		}
	}
}

static void
test_round(void)
{
	CHECK(pw_scale_floor(5, PW_SCALE_ONE / 2) == 2);
	CHECK(pw_scale_ceil(5, PW_SCALE_ONE / 2) == 3);
	CHECK(pw_scale_floor(-5, PW_SCALE_ONE / 2) == -3);
	CHECK(pw_scale_ceil(-5, PW_SCALE_ONE / 2) == -2);
	CHECK(pw_scale_floor(INT32_MAX, PW_SCALE_ONE - 1) < INT32_MAX);
	CHECK(pw_scale_floor(INT32_MIN, PW_SCALE_ONE - 1) > INT32_MIN);
	CHECK(pw_scale_unmap(10, PW_SCALE_ONE / 2) == 20);
	CHECK(pw_scale_unmap(7.5, PW_SCALE_ONE) == 7.5);
}

/* Draws src (w x h, a8r8g8b8) scaled by s into dst as render.c does. */
static void
draw(pixman_image_t *src, pixman_image_t *dst, int32_t s, int dw, int dh)
{
	pixman_transform_t t;
	pixman_fixed_t inv = (pixman_fixed_t)(((int64_t)1 << 32) / s);
	pixman_transform_init_scale(&t, inv, inv);
	pixman_image_set_transform(src, &t);
	pixman_image_set_filter(src, PIXMAN_FILTER_NEAREST, NULL, 0);
	pixman_image_composite32(PIXMAN_OP_SRC, src, NULL, dst, 0, 0, 0, 0, 0, 0, dw, dh);
}

static void
test_damage(void)
{
	for (int round = 0; round < 3000; round++) {
		int w = 1 + rand() % 90, h = 1 + rand() % 90;
		int32_t s = PW_SCALE_MIN * 64 + rand() % (PW_SCALE_ONE - PW_SCALE_MIN * 64);
		int dw = pw_scale_floor(w, s), dh = pw_scale_floor(h, s);
		if (dw < 1 || dh < 1) {
			continue;
		}
		uint32_t *sp = calloc((size_t)w * h, 4);
		uint32_t *a = calloc((size_t)dw * dh, 4), *b = calloc((size_t)dw * dh, 4);
		pixman_image_t *src = pixman_image_create_bits(PIXMAN_a8r8g8b8, w, h, sp, w * 4);
		pixman_image_t *da = pixman_image_create_bits(PIXMAN_a8r8g8b8, dw, dh, a, dw * 4);
		pixman_image_t *db = pixman_image_create_bits(PIXMAN_a8r8g8b8, dw, dh, b, dw * 4);
		int px = rand() % w, py = rand() % h;
		draw(src, da, s, dw, dh);
		sp[py * w + px] = 0xffffffff;
		draw(src, db, s, dw, dh);
		pixman_region32_t r;
		pixman_region32_init_rect(&r, px, py, 1, 1);
		pw_scale_region(&r, s);
		bool inside = true, any = false;
		for (int y = 0; y < dh; y++) {
			for (int x = 0; x < dw; x++) {
				if (a[y * dw + x] != b[y * dw + x]) {
					any = true;
					inside &=
						pixman_region32_contains_point(&r, x, y, NULL) != 0;
				}
			}
		}
		CHECK(inside);
		(void)any; /* a pixel skipped by the sampling changes nothing */
		pixman_region32_fini(&r);
		pixman_image_unref(src);
		pixman_image_unref(da);
		pixman_image_unref(db);
		free(sp);
		free(a);
		free(b);
	}
	/* Several boxes stay several; PW_SCALE_ONE leaves the region as it is. */
	pixman_region32_t r;
	pixman_region32_init_rect(&r, 0, 0, 10, 10);
	pixman_region32_union_rect(&r, &r, 100, 100, 10, 10);
	pw_scale_region(&r, PW_SCALE_ONE);
	CHECK(pixman_region32_n_rects(&r) == 2);
	pw_scale_region(&r, PW_SCALE_ONE / 2);
	CHECK(pixman_region32_n_rects(&r) == 2);
	CHECK(pixman_region32_contains_point(&r, 52, 52, NULL));
	CHECK(!pixman_region32_contains_point(&r, 30, 30, NULL));
	pixman_region32_fini(&r);
	pixman_region32_init(&r);
	pw_scale_region(&r, PW_SCALE_ONE / 2);
	CHECK(!pixman_region32_not_empty(&r));
	pixman_region32_fini(&r);
}

int
main(void)
{
	srand(450);
	test_fit();
	test_round();
	test_damage();
	return check_summary();
}

/*
 * scale.c: the fit (aspect kept, never up, never below the minimum), the rounding, and the
 * damage: every destination pixel that pixman's nearest filter takes from a changed source pixel
 * must lie in pw_scale_region of that pixel (render.c draws a scaled tree that way, 4.50).
 */
#include <pixman.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static pixman_format_code_t
code(enum pw_format f)
{
	return f == PW_FORMAT_RGB565 ? PIXMAN_r5g6b5 : PIXMAN_x8r8g8b8;
}

/* pw_scale_blit against pixman's nearest, pixel for pixel, in every pair of formats. */
static void
test_blit(void)
{
	const enum pw_format formats[2] = {PW_FORMAT_RGB565, PW_FORMAT_XRGB8888};
	for (int round = 0; round < 400; round++) {
		enum pw_format sf = formats[rand() % 2], df = formats[rand() % 2];
		int w = 1 + rand() % 120, h = 1 + rand() % 120;
		int32_t s = 2048 + rand() % (PW_SCALE_ONE - 2048);
		int dw = pw_scale_floor(w, s), dh = pw_scale_floor(h, s);
		if (dw < 1 || dh < 1) {
			continue;
		}
		int ox = rand() % 5, oy = rand() % 5, tw = dw + 8, th = dh + 8;
		int sb = sf == PW_FORMAT_RGB565 ? 2 : 4, db = df == PW_FORMAT_RGB565 ? 2 : 4;
		int ss = (w * sb + 3) & ~3, ds = (tw * db + 3) & ~3; /* pixman's strides */
		uint8_t *sp = malloc((size_t)ss * h);
		for (int i = 0; i < ss * h; i++) {
			sp[i] = (uint8_t)rand();
		}
		uint8_t *a = calloc((size_t)ds, th), *b = calloc((size_t)ds, th);
		pixman_image_t *src = pixman_image_create_bits(code(sf), w, h, (uint32_t *)sp, ss);
		pixman_image_t *da = pixman_image_create_bits(code(df), tw, th, (uint32_t *)a, ds);
		pixman_fixed_t inv = (pixman_fixed_t)(((int64_t)1 << 32) / s);
		pixman_transform_t t;
		pixman_transform_init_scale(&t, inv, inv);
		pixman_image_set_transform(src, &t);
		pixman_image_set_filter(src, PIXMAN_FILTER_NEAREST, NULL, 0);
		pixman_box32_t box = {ox + rand() % dw, oy + rand() % dh, 0, 0};
		box.x2 = box.x1 + 1 + rand() % (ox + dw - box.x1);
		box.y2 = box.y1 + 1 + rand() % (oy + dh - box.y1);
		pixman_region32_t clip;
		pixman_region32_init_rects(&clip, &box, 1);
		pixman_image_set_clip_region32(da, &clip);
		pixman_image_composite32(PIXMAN_OP_SRC, src, NULL, da, 0, 0, 0, 0, ox, oy, dw, dh);
		struct pw_pixmap sm = {sp, w, h, ss, sf}, dm = {b, tw, th, ds, df};
		CHECK(pw_scale_blit(&dm, &sm, ox, oy, s, &box));
		bool same = memcmp(a, b, (size_t)ds * th) == 0;
		CHECK(same);
		if (!same) {
			fprintf(stderr, "blit %dx%d %d->%d scale %d box %d,%d-%d,%d differs\n", w,
				h, sf, df, s, box.x1, box.y1, box.x2, box.y2);
		}
		pixman_region32_fini(&clip);
		pixman_image_unref(src);
		pixman_image_unref(da);
		free(sp);
		free(a);
		free(b);
	}
	struct pw_pixmap any = {NULL, 1, 1, 4, PW_FORMAT_XRGB8888};
	struct pw_pixmap argb = {NULL, 1, 1, 4, PW_FORMAT_ARGB8888};
	pixman_box32_t none = {0, 0, 0, 0};
	CHECK(!pw_scale_blit(&argb, &any, 0, 0, PW_SCALE_ONE / 2, &none));
}

int
main(void)
{
	srand(450);
	test_fit();
	test_round();
	test_damage();
	test_blit();
	return check_summary();
}

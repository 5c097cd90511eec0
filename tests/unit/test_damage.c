#include <pixman.h>
#include <stdint.h>
#include <stdio.h>

#include "damage.h"

#include "check.h"

static bool
region_is(const pixman_region32_t *r, int n, const pixman_box32_t *boxes)
{
	int count;
	const pixman_box32_t *rects = pixman_region32_rectangles(r, &count);

	if (count != n) {
		return false;
	}
	for (int i = 0; i < n; i++) {
		if (rects[i].x1 != boxes[i].x1 || rects[i].y1 != boxes[i].y1 ||
			rects[i].x2 != boxes[i].x2 || rects[i].y2 != boxes[i].y2) {
			return false;
		}
	}
	return true;
}

static bool
region_is_box(const pixman_region32_t *r, int x1, int y1, int x2, int y2)
{
	return region_is(r, 1, &(pixman_box32_t){x1, y1, x2, y2});
}

static void
test_modes(void)
{
	enum pw_damage_mode mode = PW_DAMAGE_FULL;

	CHECK(pw_damage_mode_parse("rows", &mode) && mode == PW_DAMAGE_ROWS);
	CHECK(pw_damage_mode_parse("rects", &mode) && mode == PW_DAMAGE_RECTS);
	CHECK(pw_damage_mode_parse("full", &mode) && mode == PW_DAMAGE_FULL);
	CHECK(pw_damage_mode_parse("auto", &mode) && mode == PW_DAMAGE_AUTO);
	mode = PW_DAMAGE_FULL;
	CHECK(!pw_damage_mode_parse("row", &mode) && mode == PW_DAMAGE_FULL);
	CHECK(!pw_damage_mode_parse("", &mode));
	for (int m = PW_DAMAGE_ROWS; m <= PW_DAMAGE_AUTO; m++) {
		CHECK(pw_damage_mode_parse(pw_damage_mode_name(m), &mode) && (int)mode == m);
	}
}

static void
test_rows(void)
{
	pixman_region32_t d, out;
	pixman_box32_t two[] = {{0, 0, 1, 1}, {0, 3, 1, 4}};
	pixman_box32_t merged[] = {{10, 5, 20, 8}, {50, 6, 60, 12}};

	pixman_region32_init(&out);
	pixman_region32_init_rect(&d, 10, 5, 10, 3);
	pw_damage_expand(PW_DAMAGE_ROWS, &d, 240, 320, &out);
	CHECK(region_is_box(&out, 0, 5, 240, 8));
	CHECK(pw_damage_rows(&out) == 3);
	CHECK(pw_damage_rows(&d) == 3);
	pixman_region32_fini(&d);

	/* Overlapping row ranges become one band. */
	pixman_region32_init_rects(&d, merged, 2);
	CHECK(pw_damage_rows(&d) == 7);
	pw_damage_expand(PW_DAMAGE_ROWS, &d, 240, 320, &out);
	CHECK(region_is_box(&out, 0, 5, 240, 12));
	pixman_region32_fini(&d);

	/* Adjacent rows merge; separate ones stay apart. */
	pixman_region32_init_rects(&d, (pixman_box32_t[]){{0, 0, 1, 1}, {5, 1, 6, 2}}, 2);
	pw_damage_expand(PW_DAMAGE_ROWS, &d, 240, 320, &out);
	CHECK(region_is_box(&out, 0, 0, 240, 2));
	pixman_region32_fini(&d);
	pixman_region32_init_rects(&d, two, 2);
	pw_damage_expand(PW_DAMAGE_ROWS, &d, 240, 320, &out);
	CHECK(region_is(&out, 2, (pixman_box32_t[]){{0, 0, 240, 1}, {0, 3, 240, 4}}));
	CHECK(pw_damage_rows(&out) == 2);

	/* In place. */
	pw_damage_expand(PW_DAMAGE_ROWS, &d, 100, 320, &d);
	CHECK(region_is(&d, 2, (pixman_box32_t[]){{0, 0, 100, 1}, {0, 3, 100, 4}}));
	pixman_region32_fini(&d);

	/* Clipping: rows of damage outside the output, left or right of it, do not count. */
	pixman_region32_init_rect(&d, -10, -10, 15, 15);
	pixman_region32_union_rect(&d, &d, 300, 100, 10, 10);
	pixman_region32_union_rect(&d, &d, 0, 315, 10, 85);
	pw_damage_expand(PW_DAMAGE_ROWS, &d, 240, 320, &out);
	CHECK(region_is(&out, 2, (pixman_box32_t[]){{0, 0, 240, 5}, {0, 315, 240, 320}}));
	CHECK(pw_damage_rows(&out) == 10);
	pixman_region32_fini(&d);

	/* Empty damage, and an empty output. */
	pixman_region32_init(&d);
	pixman_region32_union_rect(&out, &out, 0, 0, 5, 5);
	pw_damage_expand(PW_DAMAGE_ROWS, &d, 240, 320, &out);
	CHECK(!pixman_region32_not_empty(&out));
	CHECK(pw_damage_rows(&out) == 0);
	pixman_region32_union_rect(&d, &d, 0, 0, 5, 5);
	pw_damage_expand(PW_DAMAGE_ROWS, &d, 0, 320, &out);
	CHECK(!pixman_region32_not_empty(&out));
	pixman_region32_fini(&d);

	/* More rectangles than the stack buffer holds. */
	pixman_region32_init(&d);
	for (int i = 0; i < 100; i++) {
		pixman_region32_union_rect(&d, &d, i * 2, i * 3, 1, 1);
	}
	pw_damage_expand(PW_DAMAGE_ROWS, &d, 240, 320, &d);
	CHECK(pixman_region32_n_rects(&d) == 100);
	CHECK(pw_damage_rows(&d) == 100);
	CHECK(pixman_region32_contains_point(&d, 239, 297, NULL));
	pixman_region32_fini(&d);
	pixman_region32_fini(&out);
}

static int
rnd(uint32_t *seed, int n)
{
	*seed = *seed * 1103515245u + 12345u;
	return (int)((*seed >> 16) % (uint32_t)n);
}

/* Compares ROWS and pw_damage_rows with a pixel count on pseudo-random damage. */
static void
test_rows_brute_force(void)
{
	enum { W = 40, H = 30 };
	uint32_t seed = 12345;
	int bad = 0;

	for (int round = 0; round < 200; round++) {
		pixman_region32_t d, out;
		int rows = 0;

		pixman_region32_init(&d);
		pixman_region32_init(&out);
		for (int k = 0; k < 1 + round % 7; k++) {
			int x = rnd(&seed, W + 20) - 10, y = rnd(&seed, H + 20) - 10;

			pixman_region32_union_rect(&d, &d, x, y, (unsigned)rnd(&seed, 12) + 1,
				(unsigned)rnd(&seed, 6) + 1);
		}
		pw_damage_expand(PW_DAMAGE_ROWS, &d, W, H, &out);
		for (int y = -2; y < H + 2; y++) {
			bool damaged = false;
			for (int x = 0; x < W && y >= 0 && y < H; x++) {
				damaged |= pixman_region32_contains_point(&d, x, y, NULL);
			}
			rows += damaged;
			for (int x = -2; x < W + 2; x++) {
				bool inside = x >= 0 && x < W && damaged;
				bad += pixman_region32_contains_point(&out, x, y, NULL) != inside;
			}
		}
		bad += pw_damage_rows(&out) != rows;
		pixman_region32_fini(&d);
		pixman_region32_fini(&out);
	}
	CHECK(bad == 0);
}

static void
test_rects_full(void)
{
	pixman_region32_t d, out;

	pixman_region32_init(&out);
	pixman_region32_init_rect(&d, -5, 10, 20, 5);
	pixman_region32_union_rect(&d, &d, 230, 300, 20, 30);
	pw_damage_expand(PW_DAMAGE_RECTS, &d, 240, 320, &out);
	CHECK(region_is(&out, 2, (pixman_box32_t[]){{0, 10, 15, 15}, {230, 300, 240, 320}}));
	pw_damage_expand(PW_DAMAGE_FULL, &d, 240, 320, &out);
	CHECK(region_is_box(&out, 0, 0, 240, 320));
	pw_damage_expand(PW_DAMAGE_RECTS, &d, 240, 320, &d);
	CHECK(region_is(&d, 2, (pixman_box32_t[]){{0, 10, 15, 15}, {230, 300, 240, 320}}));
	pw_damage_expand(PW_DAMAGE_FULL, &d, 240, 320, &d);
	CHECK(region_is_box(&d, 0, 0, 240, 320));
	pixman_region32_fini(&d);

	/* Damage entirely outside the output is no damage. */
	pixman_region32_init_rect(&d, 240, 0, 10, 10);
	pw_damage_expand(PW_DAMAGE_FULL, &d, 240, 320, &out);
	CHECK(!pixman_region32_not_empty(&out));
	pw_damage_expand(PW_DAMAGE_RECTS, &d, 240, 320, &out);
	CHECK(!pixman_region32_not_empty(&out));
	pixman_region32_clear(&d);
	pw_damage_expand(PW_DAMAGE_FULL, &d, 240, 320, &out);
	CHECK(!pixman_region32_not_empty(&out));
	pixman_region32_fini(&d);
	pixman_region32_fini(&out);
}

/* The pixels a region holds. */
static int64_t
area(const pixman_region32_t *r)
{
	int n;
	int64_t a = 0;
	const pixman_box32_t *b = pixman_region32_rectangles(r, &n);
	for (int i = 0; i < n; i++) {
		a += (int64_t)(b[i].x2 - b[i].x1) * (b[i].y2 - b[i].y1);
	}
	return a;
}

/*
 * auto is rows or rects, whichever moves fewer pixels: row bands stay bands, a box and the
 * columns a rotated client's rows become are rectangles, and never more than either mode.
 */
static void
test_auto(void)
{
	pixman_region32_t d, out, rows, rects;
	pixman_region32_init(&out);
	pixman_region32_init(&rows);
	pixman_region32_init(&rects);

	/* Full-width rows: the bands (one span each). */
	pixman_region32_init_rect(&d, 0, 100, 240, 16);
	pw_damage_expand(PW_DAMAGE_AUTO, &d, 240, 320, &out);
	CHECK(region_is_box(&out, 0, 100, 240, 116));
	pixman_region32_fini(&d);

	/* A 32x32 box: the box, not 32 whole rows. */
	pixman_region32_init_rect(&d, 104, 144, 32, 32);
	pw_damage_expand(PW_DAMAGE_AUTO, &d, 240, 320, &out);
	CHECK(region_is_box(&out, 104, 144, 136, 176));
	pixman_region32_fini(&d);

	/* A rotated client's row bands: display columns over the whole height. */
	pixman_region32_init_rects(&d,
		(pixman_box32_t[]){{20, 0, 60, 320}, {70, 0, 100, 320}, {120, 0, 200, 320}}, 3);
	pw_damage_expand(PW_DAMAGE_AUTO, &d, 240, 320, &out);
	CHECK(area(&out) == 150 * 320 && pixman_region32_n_rects(&out) == 3);
	pixman_region32_fini(&d);

	/* Nearly full rows with a gap: bands, since a rectangle a row costs more. */
	pixman_region32_init_rects(&d, (pixman_box32_t[]){{0, 10, 119, 20}, {120, 10, 240, 20}}, 2);
	pw_damage_expand(PW_DAMAGE_AUTO, &d, 240, 320, &out);
	CHECK(region_is_box(&out, 0, 10, 240, 20));
	pixman_region32_fini(&d);

	/* Outside the output: clipped, and nothing at all is empty. */
	pixman_region32_init_rect(&d, 230, -10, 40, 20);
	pw_damage_expand(PW_DAMAGE_AUTO, &d, 240, 320, &out);
	CHECK(region_is_box(&out, 230, 0, 240, 10));
	pixman_region32_fini(&d);
	pixman_region32_init_rect(&d, 300, 400, 10, 10);
	pw_damage_expand(PW_DAMAGE_AUTO, &d, 240, 320, &out);
	CHECK(!pixman_region32_not_empty(&out));
	pixman_region32_fini(&d);

	/* Random regions: never more pixels than the better of rows and rects, and in place. */
	uint32_t seed = 12345;
	for (int t = 0; t < 2000; t++) {
		pixman_region32_init(&d);
		int n = 1 + (int)(seed % 6);
		for (int i = 0; i < n; i++) {
			seed = seed * 1103515245u + 12345u;
			int x = (int)(seed >> 8) % 260 - 10, y = (int)(seed >> 16) % 340 - 10;
			seed = seed * 1103515245u + 12345u;
			int w = 1 + (int)(seed >> 8) % 240, h = 1 + (int)(seed >> 16) % 100;
			pixman_region32_union_rect(&d, &d, x, y, (unsigned)w, (unsigned)h);
		}
		pw_damage_expand(PW_DAMAGE_ROWS, &d, 240, 320, &rows);
		pw_damage_expand(PW_DAMAGE_RECTS, &d, 240, 320, &rects);
		pw_damage_expand(PW_DAMAGE_AUTO, &d, 240, 320, &d);
		int64_t a = area(&d),
			best = area(&rows) < area(&rects) ? area(&rows) : area(&rects);
		bool same = pixman_region32_equal(&d, &rows) || pixman_region32_equal(&d, &rects);
		/* Within the spans' allowance of the fewer pixels. */
		CHECK(same && a <= best + PW_DAMAGE_SEGMENT_PX * 320);
		pixman_region32_fini(&d);
	}
	pixman_region32_fini(&rects);
	pixman_region32_fini(&rows);
	pixman_region32_fini(&out);
}

static void
test_rotate_boxes(void)
{
	pixman_region32_t r, out, back;

	pixman_region32_init(&out);
	pixman_region32_init(&back);
	pixman_region32_init_rect(&r, 1, 2, 3, 1); /* (1,2)-(4,3) in 10x6 */
	pw_damage_rotate(&r, 0, 10, 6, &out);
	CHECK(region_is_box(&out, 1, 2, 4, 3));
	pw_damage_rotate(&r, 90, 10, 6, &out);
	CHECK(region_is_box(&out, 3, 1, 4, 4));
	pw_damage_rotate(&r, 180, 10, 6, &out);
	CHECK(region_is_box(&out, 6, 3, 9, 4));
	pw_damage_rotate(&r, 270, 10, 6, &out);
	CHECK(region_is_box(&out, 2, 6, 3, 9));
	pw_damage_rotate(&r, -90, 10, 6, &out);
	CHECK(region_is_box(&out, 2, 6, 3, 9));

	/* 90 then 270 (in the rotated 6x10 frame) is the identity; so are four 90s in place. */
	pixman_region32_union_rect(&r, &r, 7, 0, 3, 6);
	pw_damage_rotate(&r, 90, 10, 6, &out);
	pw_damage_rotate(&out, 270, 6, 10, &back);
	CHECK(pixman_region32_equal(&r, &back));
	pixman_region32_copy(&back, &r);
	for (int i = 0; i < 4; i++) {
		pw_damage_rotate(&back, 90, i % 2 ? 6 : 10, i % 2 ? 10 : 6, &back);
	}
	CHECK(pixman_region32_equal(&r, &back));

	pixman_region32_clear(&r);
	pw_damage_rotate(&r, 90, 10, 6, &out);
	CHECK(!pixman_region32_not_empty(&out));
	pixman_region32_fini(&r);
	pixman_region32_fini(&out);
	pixman_region32_fini(&back);
}

/*
 * Renders `region` as white pixels in a w x h image, rotates it with pixman the way an
 * output transform would, and checks the lit pixels are exactly pw_damage_rotate's region.
 */
static bool
rotation_matches_pixman(const pixman_region32_t *region, int rotation, int w, int h)
{
	/* sin > 0 turns +x towards +y: clockwise on a y-down screen. */
	static const struct {
		int deg, cos, sin, tx_h, tx_w, ty_h, ty_w;
	} rots[] = {
		{0, 1, 0, 0, 0, 0, 0},
		{90, 0, 1, 1, 0, 0, 0},
		{180, -1, 0, 0, 1, 1, 0},
		{270, 0, -1, 0, 0, 0, 1},
	};
	struct pixman_transform forward, reverse;
	int rw = rotation % 180 ? h : w, rh = rotation % 180 ? w : h;
	pixman_image_t *src = pixman_image_create_bits(PIXMAN_a8r8g8b8, w, h, NULL, 0);
	pixman_image_t *dst = pixman_image_create_bits(PIXMAN_a8r8g8b8, rw, rh, NULL, 0);
	pixman_region32_t rotated;
	int n, bad = 0;
	const pixman_box32_t *rects = pixman_region32_rectangles(region, &n);

	for (int i = 0; i < n; i++) {
		pixman_image_fill_boxes(PIXMAN_OP_SRC, src,
			&(pixman_color_t){0xffff, 0xffff, 0xffff, 0xffff}, 1, &rects[i]);
	}
	pixman_transform_init_identity(&forward);
	pixman_transform_init_identity(&reverse);
	for (size_t i = 0; i < 4; i++) {
		if (rots[i].deg != rotation) {
			continue;
		}
		pixman_transform_rotate(&forward, &reverse, pixman_int_to_fixed(rots[i].cos),
			pixman_int_to_fixed(rots[i].sin));
		/* Rotated about the origin the image leaves the frame; move it back in. */
		pixman_transform_translate(&forward, &reverse,
			pixman_int_to_fixed(rots[i].tx_h * h + rots[i].tx_w * w),
			pixman_int_to_fixed(rots[i].ty_h * h + rots[i].ty_w * w));
	}
	/* pixman maps destination pixels to source pixels, so the image takes the reverse. */
	pixman_image_set_transform(src, &reverse);
	pixman_image_set_filter(src, PIXMAN_FILTER_NEAREST, NULL, 0);
	pixman_image_composite32(PIXMAN_OP_SRC, src, NULL, dst, 0, 0, 0, 0, 0, 0, rw, rh);

	pixman_region32_init(&rotated);
	pw_damage_rotate(region, rotation, w, h, &rotated);
	uint32_t *px = pixman_image_get_data(dst);
	int stride = pixman_image_get_stride(dst) / 4;
	for (int y = 0; y < rh; y++) {
		for (int x = 0; x < rw; x++) {
			bool lit = px[y * stride + x] != 0;
			bad += lit != (bool)pixman_region32_contains_point(&rotated, x, y, NULL);
		}
	}
	pixman_region32_fini(&rotated);
	pixman_image_unref(src);
	pixman_image_unref(dst);
	return bad == 0;
}

static void
test_rotate_pixman(void)
{
	enum { W = 5, H = 3 };
	pixman_region32_t r;

	for (int rot = 0; rot < 360; rot += 90) {
		int bad = 0;

		for (int y = 0; y < H; y++) {
			for (int x = 0; x < W; x++) {
				pixman_region32_init_rect(&r, x, y, 1, 1);
				bad += !rotation_matches_pixman(&r, rot, W, H);
				pixman_region32_fini(&r);
			}
		}
		CHECK(bad == 0);
		pixman_region32_init_rects(&r, (pixman_box32_t[]){{0, 0, 2, 1}, {3, 1, 5, 3}}, 2);
		CHECK(rotation_matches_pixman(&r, rot, W, H));
		pixman_region32_fini(&r);
	}
}

int
main(void)
{
	test_modes();
	test_rows();
	test_rows_brute_force();
	test_rects_full();
	test_auto();
	test_rotate_boxes();
	test_rotate_pixman();
	return check_summary();
}

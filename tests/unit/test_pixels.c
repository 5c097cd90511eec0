/* The span routines, bit for bit against pixman's SRC composite with the same rotation. */
#include <pixman.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pixels.h"

#include "check.h"

static uint32_t rng = 12345;

static uint32_t
next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 17;
	rng ^= rng << 5;
	return rng;
}

static pixman_image_t *
random_image(enum pw_format format, int w, int h)
{
	pixman_image_t *img = pixman_image_create_bits(pw_format_pixman(format), w, h, NULL, 0);
	uint8_t *data = (uint8_t *)pixman_image_get_data(img);
	int stride = pixman_image_get_stride(img);
	for (int y = 0; y < h; y++) {
		for (int x = 0; x < stride; x++) {
			data[y * stride + x] = (uint8_t)next();
		}
	}
	return img;
}

static void
fill(pixman_image_t *img, uint8_t value)
{
	memset(pixman_image_get_data(img), value,
		(size_t)pixman_image_get_stride(img) * (size_t)pixman_image_get_height(img));
}

static uint32_t
pixel_at(const struct pw_pixmap *pm, int x, int y)
{
	const uint8_t *p =
		(const uint8_t *)pm->data + y * pm->stride + x * pw_format_bpp(pm->format);
	if (pm->format == PW_FORMAT_RGB565) {
		uint16_t v;
		memcpy(&v, p, sizeof(v));
		return v;
	}
	uint32_t v;
	memcpy(&v, p, sizeof(v));
	return v & 0xffffff; /* the x channel carries nothing */
}

static struct pw_pixmap
pixmap(pixman_image_t *img, enum pw_format format)
{
	return (struct pw_pixmap){pixman_image_get_data(img), pixman_image_get_width(img),
		pixman_image_get_height(img), pixman_image_get_stride(img), format};
}

static uint32_t
pixel(pixman_image_t *img, enum pw_format format, int x, int y)
{
	struct pw_pixmap pm = pixmap(img, format);
	return pixel_at(&pm, x, y);
}

/*
 * The layouts pixman cannot hold: RGB565 rows whose stride is not a multiple of four, starting
 * two bytes past a word (odd-width wl_shm buffers, a box at an odd x). `img`'s pixels are
 * copied into such a buffer (heap memory the caller frees, in *mem).
 */
static struct pw_pixmap
odd_pixmap(pixman_image_t *img, enum pw_format format, void **mem)
{
	struct pw_pixmap pm = pixmap(img, format);
	int bpp = pw_format_bpp(format);
	int stride = pm.width * bpp;
	int skew = 0;
	if (format == PW_FORMAT_RGB565) {
		stride += stride % 4 == 0 ? 2 : 0;
		skew = 2;
	} else {
		stride += 4; /* a row gap that no pixman image of that width has */
	}
	uint8_t *buf = malloc((size_t)stride * (size_t)pm.height + 4);
	CHECK(buf != NULL);
	*mem = buf;
	for (int y = 0; y < pm.height; y++) {
		memcpy(buf + skew + y * stride, (uint8_t *)pm.data + y * pm.stride,
			(size_t)(pm.width * bpp));
	}
	pm.data = buf + skew;
	pm.stride = stride;
	return pm;
}

/* Where frame pixel (fx, fy) of a fw x fh frame lands after rotating it clockwise. */
static void
rotate_point(int rotation, int fw, int fh, int fx, int fy, int *dx, int *dy)
{
	switch (rotation) {
	case 90:
		*dx = fh - 1 - fy;
		*dy = fx;
		break;
	case 180:
		*dx = fw - 1 - fx;
		*dy = fh - 1 - fy;
		break;
	case 270:
		*dx = fy;
		*dy = fw - 1 - fx;
		break;
	default:
		*dx = fx;
		*dy = fy;
	}
}

/* pixman's answer: the whole source, placed at (ox, oy) of the frame, rotated into dst. */
static void
reference(pixman_image_t *dst, pixman_image_t *src, int ox, int oy, int fw, int fh, int rotation)
{
	/* The transform maps dst pixel centres back to src pixel centres. */
	pixman_transform_t t;
	pixman_fixed_t one = pixman_fixed_1;
	pixman_fixed_t W = pixman_int_to_fixed(fw), H = pixman_int_to_fixed(fh);
	pixman_fixed_t OX = pixman_int_to_fixed(ox), OY = pixman_int_to_fixed(oy);
	memset(&t, 0, sizeof(t));
	t.matrix[2][2] = one;
	switch (rotation) {
	case 0: /* src = d - o */
		t.matrix[0][0] = one;
		t.matrix[1][1] = one;
		t.matrix[0][2] = -OX;
		t.matrix[1][2] = -OY;
		break;
	case 90: /* d = (H - fy, fx): fx = dy, fy = H - dx */
		t.matrix[0][1] = one;
		t.matrix[0][2] = -OX;
		t.matrix[1][0] = -one;
		t.matrix[1][2] = H - OY;
		break;
	case 180:
		t.matrix[0][0] = -one;
		t.matrix[0][2] = W - OX;
		t.matrix[1][1] = -one;
		t.matrix[1][2] = H - OY;
		break;
	case 270: /* d = (fy, W - fx): fx = W - dy, fy = dx */
		t.matrix[0][1] = -one;
		t.matrix[0][2] = W - OX;
		t.matrix[1][0] = one;
		t.matrix[1][2] = -OY;
		break;
	}
	pixman_image_set_transform(src, &t);
	pixman_image_set_filter(src, PIXMAN_FILTER_NEAREST, NULL, 0);
	pixman_image_composite32(PIXMAN_OP_SRC, src, NULL, dst, 0, 0, 0, 0, 0, 0,
		pixman_image_get_width(dst), pixman_image_get_height(dst));
	pixman_image_set_transform(src, NULL);
}

/* One blit of a box of a random source (full: the whole source; box: this one, x y w h). */
static void
check_blit(enum pw_format sf, enum pw_format df, int rotation, int sw, int sh, int ox, int oy,
	int fw, int fh, bool full, bool odd, const int *box)
{
	pixman_image_t *src = random_image(sf, sw, sh);
	int dw = rotation % 180 ? fh : fw, dh = rotation % 180 ? fw : fh;
	pixman_image_t *ref = pixman_image_create_bits(pw_format_pixman(df), dw, dh, NULL, 0);
	pixman_image_t *out = pixman_image_create_bits(pw_format_pixman(df), dw, dh, NULL, 0);
	reference(ref, src, ox, oy, fw, fh, rotation);
	fill(out, 0xa5);
	int bx = (int)(next() % (unsigned)sw), by = (int)(next() % (unsigned)sh);
	int bw = 1 + (int)(next() % (unsigned)(sw - bx)),
	    bh = 1 + (int)(next() % (unsigned)(sh - by));
	if (full) {
		bx = by = 0;
		bw = sw;
		bh = sh;
	}
	if (box) {
		bx = box[0], by = box[1], bw = box[2], bh = box[3];
	}
	struct pw_pixmap d = pixmap(out, df), s = pixmap(src, sf);
	void *src_mem = NULL, *dst_mem = NULL;
	if (odd) {
		s = odd_pixmap(src, sf, &src_mem);
		d = odd_pixmap(out, df, &dst_mem);
	}
	CHECK(pw_pixels_blit_at(&d, &s, bx, by, bw, bh, ox, oy, fw, fh, rotation));
	int wrong = 0, touched_outside = 0;
	uint32_t sentinel = df == PW_FORMAT_RGB565 ? 0xa5a5 : 0xa5a5a5;
	for (int y = 0; y < sh; y++) {
		for (int x = 0; x < sw; x++) {
			int dx, dy;
			rotate_point(rotation, fw, fh, ox + x, oy + y, &dx, &dy);
			bool inside = x >= bx && x < bx + bw && y >= by && y < by + bh;
			uint32_t got = pixel_at(&d, dx, dy);
			if (inside && got != pixel(ref, df, dx, dy)) {
				wrong++;
			} else if (!inside && got != sentinel) {
				touched_outside++;
			}
		}
	}
	if (wrong || touched_outside) {
		fprintf(stderr,
			"%s->%s rot %d src %dx%d at %d,%d frame %dx%d box %d,%d %dx%d%s: "
			"%d wrong, %d outside\n",
			pw_format_name(sf), pw_format_name(df), rotation, sw, sh, ox, oy, fw, fh,
			bx, by, bw, bh, odd ? " (odd strides)" : "", wrong, touched_outside);
	}
	free(src_mem);
	free(dst_mem);
	CHECK(wrong == 0);
	CHECK(touched_outside == 0);
	pixman_image_unref(src);
	pixman_image_unref(ref);
	pixman_image_unref(out);
}

static void
check_case_box(enum pw_format sf, enum pw_format df, int rotation, int sw, int sh, int ox, int oy,
	int fw, int fh, bool full, bool odd)
{
	check_blit(sf, df, rotation, sw, sh, ox, oy, fw, fh, full, odd, NULL);
}

static void
check_case(enum pw_format sf, enum pw_format df, int rotation, int sw, int sh, int ox, int oy,
	int fw, int fh)
{
	check_case_box(sf, df, rotation, sw, sh, ox, oy, fw, fh, false, false);
	check_case_box(sf, df, rotation, sw, sh, ox, oy, fw, fh, false, true);
}

/* pw_pixels_fill against pixman's SRC fill of the same opaque colour, every byte. */
static void
check_fill(enum pw_format format, int w, int h)
{
	pixman_image_t *ref = random_image(format, w, h);
	pixman_image_t *out = pixman_image_create_bits(pw_format_pixman(format), w, h, NULL, 0);
	memcpy(pixman_image_get_data(out), pixman_image_get_data(ref),
		(size_t)pixman_image_get_stride(ref) * (size_t)h);
	uint32_t rgb = next() & 0xffffff;
	int x = (int)(next() % (unsigned)w), y = (int)(next() % (unsigned)h);
	int bw = 1 + (int)(next() % (unsigned)(w - x)), bh = 1 + (int)(next() % (unsigned)(h - y));
	pixman_color_t c = {(uint16_t)(((rgb >> 16) & 0xff) * 0x101),
		(uint16_t)(((rgb >> 8) & 0xff) * 0x101), (uint16_t)((rgb & 0xff) * 0x101), 0xffff};
	pixman_box32_t box = {x, y, x + bw, y + bh};
	pixman_image_fill_boxes(PIXMAN_OP_SRC, ref, &c, 1, &box);
	struct pw_pixmap pm = {pixman_image_get_data(out), w, h, pixman_image_get_stride(out),
		format};
	CHECK(pw_pixels_fill(&pm, x, y, bw, bh, rgb));
	CHECK(memcmp(pixman_image_get_data(out), pixman_image_get_data(ref),
		      (size_t)pixman_image_get_stride(ref) * (size_t)h) == 0);
	pixman_image_unref(ref);
	pixman_image_unref(out);
}

int
main(void)
{
	for (int round = 0; round < 50; round++) {
		check_fill(PW_FORMAT_RGB565, 1 + (int)(next() % 90), 1 + (int)(next() % 60));
		check_fill(PW_FORMAT_XRGB8888, 1 + (int)(next() % 90), 1 + (int)(next() % 60));
	}
	struct pw_pixmap argb = {NULL, 1, 1, 4, PW_FORMAT_ARGB8888};
	CHECK(!pw_pixels_fill(&argb, 0, 0, 1, 1, 0));
	const enum pw_format srcs[] = {PW_FORMAT_RGB565, PW_FORMAT_XRGB8888, PW_FORMAT_ARGB8888};
	const enum pw_format dsts[] = {PW_FORMAT_RGB565, PW_FORMAT_XRGB8888};
	for (size_t i = 0; i < 3; i++) {
		for (size_t j = 0; j < 2; j++) {
			if (!pw_pixels_supported(srcs[i], dsts[j])) {
				continue;
			}
			for (int rot = 0; rot < 360; rot += 90) {
				for (int round = 0; round < 6; round++) {
					int sw = 1 + (int)(next() % 100),
					    sh = 1 + (int)(next() % 90);
					/* A source as large as the frame, and one placed inside a
					 * larger one. */
					check_case(srcs[i], dsts[j], rot, sw, sh, 0, 0, sw, sh);
					int ox = (int)(next() % 20), oy = (int)(next() % 20);
					check_case(srcs[i], dsts[j], rot, sw, sh, ox, oy,
						sw + ox + 3, sh + oy + 5);
				}
			}
		}
	}
	/* Whole frames: rows that are contiguous on both sides go as one long row. */
	for (int rot = 0; rot < 360; rot += 90) {
		check_case_box(PW_FORMAT_XRGB8888, PW_FORMAT_RGB565, rot, 240, 320, 0, 0, 240, 320,
			true, false);
		check_case_box(PW_FORMAT_ARGB8888, PW_FORMAT_RGB565, rot, 38, 7, 0, 0, 38, 7, true,
			false);
		check_case_box(PW_FORMAT_XRGB8888, PW_FORMAT_XRGB8888, rot, 33, 9, 0, 0, 33, 9,
			true, false);
		/* Full frames of the benchmark's sizes, whose blocks and tiles fit exactly. */
		check_case_box(PW_FORMAT_RGB565, PW_FORMAT_RGB565, rot, 240, 320, 0, 0, 240, 320,
			true, false);
		check_case_box(PW_FORMAT_RGB565, PW_FORMAT_RGB565, rot, 640, 480, 0, 0, 640, 480,
			true, false);
		check_case_box(PW_FORMAT_XRGB8888, PW_FORMAT_RGB565, rot, 640, 480, 0, 0, 640, 480,
			true, false);
		check_case_box(PW_FORMAT_RGB565, PW_FORMAT_RGB565, rot, 77, 53, 0, 0, 77, 53, true,
			true);
	}
	/*
	 * Unrotated boxes of every start and length modulo 32 bytes, up to three blocks of eight
	 * words: the ARM row copy's head, blocks and tail (and the odd strides' memcpy).
	 */
	for (int x = 0; x < 4; x++) {
		for (int w = 1; w <= 56; w++) {
			const int box[4] = {x, 1, w, 2};
			check_blit(PW_FORMAT_RGB565, PW_FORMAT_RGB565, 0, 64, 4, 0, 0, 64, 4, false,
				(w & 7) == 0, box);
		}
	}
	/* A 240x320 frame, the handheld's, both ways. */
	for (int rot = 0; rot < 360; rot += 90) {
		check_case(PW_FORMAT_XRGB8888, PW_FORMAT_RGB565, rot, 240, 320, 0, 0, 240, 320);
		check_case(PW_FORMAT_RGB565, PW_FORMAT_RGB565, rot, 240, 320, 0, 0, 240, 320);
	}
	CHECK(!pw_pixels_supported(PW_FORMAT_RGB565, PW_FORMAT_XRGB8888));
	struct pw_pixmap a = {0}, b = {0};
	a.format = PW_FORMAT_XRGB8888;
	b.format = PW_FORMAT_RGB565;
	CHECK(!pw_pixels_blit(&a, &b, 0, 0, 1, 1, 0));
	return check_summary();
}

#include "scale.h"

#include <stdlib.h>

int32_t
pw_scale_fit(int box_w, int box_h, int w, int h)
{
	if (w <= 0 || h <= 0 || (w <= box_w && h <= box_h)) {
		return PW_SCALE_ONE;
	}
	int64_t bw = box_w > 0 ? box_w : 0, bh = box_h > 0 ? box_h : 0;
	int64_t sx = bw * PW_SCALE_ONE / w, sy = bh * PW_SCALE_ONE / h;
	int64_t s = sx < sy ? sx : sy;
	if (s > PW_SCALE_ONE) {
		s = PW_SCALE_ONE;
	}
	return s < PW_SCALE_MIN ? PW_SCALE_MIN : (int32_t)s;
}

void
pw_scale_region(pixman_region32_t *region, int32_t s)
{
	if (s == PW_SCALE_ONE || !pixman_region32_not_empty(region)) {
		return;
	}
	int n;
	const pixman_box32_t *in = pixman_region32_rectangles(region, &n);
	pixman_box32_t one, *out = n == 1 ? &one : malloc(sizeof(*out) * (size_t)n);
	if (!out) {
		/* Out of memory: the extents, which are more. */
		one = *pixman_region32_extents(region);
		in = &one;
		n = 1;
		out = &one;
	}
	for (int i = 0; i < n; i++) {
		out[i] = (pixman_box32_t){pw_scale_floor(in[i].x1, s), pw_scale_floor(in[i].y1, s),
			pw_scale_ceil(in[i].x2, s), pw_scale_ceil(in[i].y2, s)};
	}
	pixman_region32_t scaled;
	pixman_region32_init_rects(&scaled, out, n);
	if (out != &one) {
		free(out);
	}
	pixman_region32_fini(region);
	*region = scaled;
}

/*
 * pixman's nearest sample of destination pixel d at inverse scale inv: the transform of d + 1/2
 * rounded to 16.16, less its smallest step, floored. d * inv is exact, so it steps by inv.
 */
static inline int64_t
sample_start(int d, pixman_fixed_t inv)
{
	return (int64_t)d * inv + ((32768 * (int64_t)inv + 0x8000) >> 16) - 1;
}

/*
 * The rows: v is the 16.16 sample of the first pixel (below 2^32: a buffer is narrower than
 * 65536 pixels), four pixels a turn to spend fewer instructions on the loop than on the pixels.
 */
#define SCALE_ROW(name, dtype, stype, convert)                                             \
	static void name(dtype *d, const stype *s, int n, uint32_t v, uint32_t inv)        \
	{                                                                                  \
		int i = 0;                                                                 \
		for (; i + 4 <= n; i += 4) {                                               \
			uint32_t p0 = s[v >> 16], p1 = s[(v + inv) >> 16];                 \
			uint32_t p2 = s[(v + 2 * inv) >> 16], p3 = s[(v + 3 * inv) >> 16]; \
			d[i] = convert(p0);                                                \
			d[i + 1] = convert(p1);                                            \
			d[i + 2] = convert(p2);                                            \
			d[i + 3] = convert(p3);                                            \
			v += 4 * inv;                                                      \
		}                                                                          \
		for (; i < n; i++, v += inv) {                                             \
			d[i] = convert(s[v >> 16]);                                        \
		}                                                                          \
	}

#define SAME(p) (p)

static inline uint32_t
to_8888(uint32_t p)
{
	uint32_t r = (p >> 11) & 0x1f, g = (p >> 5) & 0x3f, b = p & 0x1f;
	return 0xff000000u | ((r << 3 | r >> 2) << 16) | ((g << 2 | g >> 4) << 8) |
		(b << 3 | b >> 2);
}

SCALE_ROW(row_8888_8888, uint32_t, uint32_t, SAME)
SCALE_ROW(row_565_565, uint16_t, uint16_t, SAME)
SCALE_ROW(row_565_8888, uint32_t, uint16_t, to_8888)

/*
 * 8888 to 565: the samples gathered into a row of 8888 first, then converted by picowl's row
 * conversion (pixels.c: AVX2 on x86, LDM/STM on ARM), which beats a conversion per sample.
 */
static void
to_565_row(const struct pw_pixmap *dst, int row, int x, const uint32_t *s, int n, uint32_t v,
	uint32_t inv)
{
	uint32_t tmp[256];
	struct pw_pixmap line = {tmp, 0, 1, (int)sizeof(tmp), PW_FORMAT_XRGB8888};
	for (int done = 0; done < n;) {
		int k = n - done < 256 ? n - done : 256;
		row_8888_8888(tmp, s, k, v, inv);
		line.width = k;
		pw_pixels_blit_at(dst, &line, 0, 0, k, 1, x + done, row, dst->width, dst->height,
			0);
		v += (uint32_t)k * inv;
		done += k;
	}
}

bool
pw_scale_blit(const struct pw_pixmap *dst, const struct pw_pixmap *src, int x, int y, int32_t s,
	const pixman_box32_t *box)
{
	bool src565 = src->format == PW_FORMAT_RGB565, dst565 = dst->format == PW_FORMAT_RGB565;
	if (dst->format == PW_FORMAT_ARGB8888 || s <= 0 || s > PW_SCALE_ONE) {
		return false;
	}
	pixman_fixed_t inv = (pixman_fixed_t)(((int64_t)1 << 32) / s);
	int64_t v0 = sample_start(box->x1 - x, inv);
	int n = box->x2 - box->x1;
	for (int row = box->y1; row < box->y2; row++) {
		int64_t sy = sample_start(row - y, inv) >> 16;
		if (sy < 0 || sy >= src->height || v0 < 0 ||
			((v0 + (int64_t)(n - 1) * inv) >> 16) >= src->width ||
			src->width >= 65536) {
			continue; /* outside the buffer: the caller's bounds keep it from happening
				   */
		}
		const uint8_t *sr = (const uint8_t *)src->data + sy * src->stride;
		uint8_t *dr = (uint8_t *)dst->data + (int64_t)row * dst->stride;
		uint32_t v = (uint32_t)v0, step = (uint32_t)inv;
		if (src565 && dst565) {
			row_565_565((uint16_t *)dr + box->x1, (const uint16_t *)sr, n, v, step);
		} else if (src565) {
			row_565_8888((uint32_t *)dr + box->x1, (const uint16_t *)sr, n, v, step);
		} else if (dst565) {
			to_565_row(dst, row, box->x1, (const uint32_t *)sr, n, v, step);
		} else {
			row_8888_8888((uint32_t *)dr + box->x1, (const uint32_t *)sr, n, v, step);
		}
	}
	return true;
}

#include "pixels_rotate.h"
#include "pixels_rotate_arm.h"

#include <stdbool.h>
#include <stddef.h>

/* PW_PIXELS_PORTABLE: the C path alone, as on the handheld (tests/bench and the unit test). */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(PW_PIXELS_PORTABLE)
#include <immintrin.h>
#define HAVE_AVX2_PATH 1
#endif

/*
 * 32 destination rows by 128 columns a tile: for 90 and 270 a tile reads 128 source rows, two
 * XScale cache lines (32 bytes) of RGB565 or four of XRGB8888 from each, 8 or 16 KB of the
 * 32 KB data cache, and writes 32 rows of 256 bytes. The long side keeps the loop over a band
 * of rows long: its set-up is dear on ARM. On ARM, 320 columns: a line is used again by the
 * next band of rows while it is still cached (XScale allocates on reads only, so the
 * destination does not evict them), and the set-up of a band comes once for a 320-pixel side
 * instead of three times (decision 4.3 has the counts).
 */
#define TILE 32
#ifdef PW_PIXELS_ARM
#define TILE_COLS 320
#else
#define TILE_COLS 128
#endif

/*
 * Pixels read and written as 16- and 32-bit values of byte buffers. Every 32-bit access is
 * aligned by construction: ARMv5 has no unaligned word access, and a pair of RGB565 pixels
 * in one word (little-endian: the left pixel in the low half) is what makes it fast there.
 */
typedef uint32_t __attribute__((may_alias)) word_t;
typedef uint16_t __attribute__((may_alias)) half_t;

/* The rotated box in destination order: dst pixel (i, j) comes from s00 + i * si + j * sj. */
struct rot {
	uint8_t *dst;
	long ds; /* destination row stride, bytes */
	const uint8_t *s00;
	long si, sj; /* source bytes per destination row and per destination column */
	int rows, cols;
	enum pw_format sf, df;
};

static inline const uint8_t *
src_at(const struct rot *r, int i, int j)
{
	return r->s00 + (long)i * r->si + (long)j * r->sj;
}

static inline bool
aligned4(const void *p)
{
	return ((uintptr_t)p & 3) == 0;
}

/* Any pair, pixel by pixel: the edges, odd strides, XRGB8888 output. */
static void
rect_scalar(const struct rot *r, int i0, int i1, int j0, int j1)
{
	for (int i = i0; i < i1; i++) {
		const uint8_t *s = src_at(r, i, j0);
		uint8_t *d = r->dst + (long)i * r->ds;
		for (int j = j0; j < j1; j++, s += r->sj) {
			if (r->sf == PW_FORMAT_RGB565) {
				((half_t *)d)[j] = *(const half_t *)s;
			} else if (r->df == PW_FORMAT_RGB565) {
				((half_t *)d)[j] = pw_pixels_to565(*(const word_t *)s);
			} else {
				((word_t *)d)[j] = *(const word_t *)s;
			}
		}
	}
}

/*
 * RGB565 by 90 or 270 degrees, four destination rows by n column pairs: one source word holds
 * the pixels of two destination rows (one column), the words a and b of neighbouring source
 * rows make one word of each of those rows, [b low : a low] and [b high : a high]. The
 * destination rows come in the order of the source halves: low and high half of the first
 * word (lo0, hi0), of the second (lo1, hi1). The halves are swapped by three exclusive ors
 * with shifted operands, no masks (ARM shifts an operand for free): eight pixels are four
 * loads, six operations and four stores in C (pixels_rotate_arm.c does sixteen in 24).
 */
__attribute__((noinline)) static void
band_565_turn(word_t *lo0, word_t *hi0, word_t *lo1, word_t *hi1, const uint8_t *s, long sj, int n)
{
#ifdef PW_PIXELS_ARM
	int done = pw_rot_565_turn_arm(lo0, hi0, s, sj, n);
	pw_rot_565_turn_arm(lo1, hi1, s + 4, sj, n);
	lo0 += done;
	hi0 += done;
	lo1 += done;
	hi1 += done;
	s += 2 * sj * done;
	n -= done;
#endif
	for (; n > 0; n--, s += 2 * sj) {
		const word_t *p = (const word_t *)s, *q = (const word_t *)(s + sj);
		uint32_t a0 = p[0], a1 = p[1], b0 = q[0], b1 = q[1];
		/* y = [b high : b low ^ a high]; a ^ (y << 16) = [b low : a low]; then the rest */
		uint32_t y0 = b0 ^ (a0 >> 16), y1 = b1 ^ (a1 >> 16);
		uint32_t l0 = a0 ^ (y0 << 16), l1 = a1 ^ (y1 << 16);
		*lo0++ = l0;
		*hi0++ = y0 ^ (l0 >> 16);
		*lo1++ = l1;
		*hi1++ = y1 ^ (l1 >> 16);
	}
}

/*
 * RGB565 by 90 or 270 degrees where both strides are whole words: bands of four destination
 * rows once the source words are aligned, a column alone where the destination word is not.
 */
__attribute__((noinline)) static void
rect_565_turn(const struct rot *r, int i0, int i1, int j0, int j1)
{
	/* The word of dst rows i and i + 1 starts at src_at(i) for 90, at src_at(i + 1) for 270. */
	const bool fwd = r->si > 0;
	const long ds = r->ds;
	int i = i0;
	if (i < i1 && !aligned4(src_at(r, fwd ? i : i + 1, j0))) {
		rect_scalar(r, i, i + 1, j0, j1);
		i++;
	}
	for (; i + 3 < i1; i += 4) {
		uint8_t *d = r->dst + (long)i * ds;
		int j = j0;
		if (j < j1 && !aligned4(d + (long)j * 2)) {
			rect_scalar(r, i, i + 4, j, j + 1);
			j++;
		}
		int n = (j1 - j) / 2;
		d += (long)j * 2;
		/* for 270 the lower source word holds rows i + 3 (low half) and i + 2 */
		uint8_t *row[4] = {d, d + ds, d + 2 * ds, d + 3 * ds};
		if (fwd) {
			band_565_turn((word_t *)row[0], (word_t *)row[1], (word_t *)row[2],
				(word_t *)row[3], src_at(r, i, j), r->sj, n);
		} else {
			band_565_turn((word_t *)row[3], (word_t *)row[2], (word_t *)row[1],
				(word_t *)row[0], src_at(r, i + 3, j), r->sj, n);
		}
		j += 2 * n;
		if (j < j1) {
			rect_scalar(r, i, i + 4, j, j1);
		}
	}
	if (i < i1) {
		rect_scalar(r, i, i1, j0, j1);
	}
}

/* XRGB8888 to RGB565 by 90 or 270 degrees: two converted pixels, one 32-bit store. */
__attribute__((noinline)) static void
rect_8888_565_turn(const struct rot *r, int i0, int i1, int j0, int j1)
{
	const long sj = r->sj;
	uint32_t m = 0x00f800f8, k = 0x2100;
	PW_PIXELS_KEEP(m);
	PW_PIXELS_KEEP(k);
	for (int i = i0; i < i1; i++) {
		half_t *d = (half_t *)(r->dst + (long)i * r->ds);
		const uint8_t *s = src_at(r, i, j0);
		int j = j0;
		if (j < j1 && !aligned4(d + j)) {
			d[j++] = pw_pixels_to565(*(const word_t *)s);
			s += sj;
		}
		word_t *o = (word_t *)(d + j);
#ifdef PW_PIXELS_ARM
		int done = pw_rot_8888_565_turn_arm(o, s, sj, j1 - j);
		j += done;
		s += sj * done;
		o += done / 2;
#endif
		for (; j + 1 < j1; j += 2) {
			*o++ = pw_pixels_pair_to565_mul(*(const word_t *)s,
				*(const word_t *)(s + sj), m, k);
			s += 2 * sj;
		}
		if (j < j1) {
			d[j] = pw_pixels_to565(*(const word_t *)s);
		}
	}
}

/* By 180 degrees, one row: d[j] comes from s - 2 j; two pixels a word where both sides allow. */
__attribute__((noinline)) static void
row_565_180(half_t *d, const uint8_t *s, int n)
{
	int j = 0;
	if (n > 0 && !aligned4(d)) {
		d[j++] = *(const half_t *)s;
	}
	/* pixels j and j + 1 are the high and low halves of the word at s - 2 (j + 1) */
	if (aligned4(s - 2 * (j + 1))) {
		const word_t *w = (const word_t *)(s - 2 * (j + 1));
		word_t *o = (word_t *)(d + j);
#ifdef PW_PIXELS_ARM
		int done = pw_rot_565_180_arm(o, w, n - j);
		j += done;
		w -= done / 2;
		o += done / 2;
#endif
		for (; j + 15 < n; j += 16, w -= 8, o += 8) {
			/* in ascending addresses, so that ARM can load them as multiples */
			uint32_t a = w[-7], b = w[-6], c = w[-5], e = w[-4];
			uint32_t f = w[-3], g = w[-2], h = w[-1], k = w[0];
			o[0] = k >> 16 | k << 16;
			o[1] = h >> 16 | h << 16;
			o[2] = g >> 16 | g << 16;
			o[3] = f >> 16 | f << 16;
			o[4] = e >> 16 | e << 16;
			o[5] = c >> 16 | c << 16;
			o[6] = b >> 16 | b << 16;
			o[7] = a >> 16 | a << 16;
		}
		for (; j + 1 < n; j += 2) {
			uint32_t a = *w--;
			*o++ = a >> 16 | a << 16;
		}
	}
	for (; j < n; j++) {
		d[j] = *(const half_t *)(s - 2 * j);
	}
}

__attribute__((noinline)) static void
row_8888_565_180(half_t *d, const uint8_t *s, int n)
{
	const word_t *w = (const word_t *)s;
	uint32_t m = 0x00f800f8, k = 0x2100;
	PW_PIXELS_KEEP(m);
	PW_PIXELS_KEEP(k);
	int j = 0;
	if (n > 0 && !aligned4(d)) {
		d[j++] = pw_pixels_to565(*w--);
	}
	word_t *o = (word_t *)(d + j);
#ifdef PW_PIXELS_ARM
	int done = pw_rot_8888_565_180_arm(o, w, n - j);
	j += done;
	w -= done;
	o += done / 2;
#endif
	for (; j + 1 < n; j += 2, w -= 2) {
		*o++ = pw_pixels_pair_to565_mul(w[0], w[-1], m, k);
	}
	if (j < n) {
		d[j] = pw_pixels_to565(*w);
	}
}

#ifdef HAVE_AVX2_PATH
/*
 * Eight XRGB8888 pixels to RGB565 times 8 in each 32-bit lane: the masked bytes b + g * 64 and
 * r by one maddubs, then (b + g * 64) + r * 2048 by one madd.
 */
__attribute__((target("avx2"))) static inline __m256i
to565x8_shl3(const uint8_t *s)
{
	__m256i p = _mm256_and_si256(_mm256_loadu_si256((const __m256i *)s),
		_mm256_set1_epi32(0x00f8fcf8));
	__m256i t = _mm256_maddubs_epi16(p, _mm256_set1_epi32(0x00014001));
	return _mm256_madd_epi16(t, _mm256_set1_epi32(0x08000001));
}

/*
 * The last two of the three unpack stages of a transpose of 8 x 8 16-bit values in each
 * 128-bit lane: l[p] and h[p] hold rows 2p and 2p + 1 interleaved (their elements 0..3 and
 * 4..7); out[k] becomes column k.
 */
__attribute__((target("avx2"))) static inline void
transpose_tail(const __m256i l[4], const __m256i h[4], __m256i out[8])
{
	__m256i s[8];
#pragma GCC unroll 2
	for (int q = 0; q < 2; q++) {
		s[4 * q + 0] = _mm256_unpacklo_epi32(l[2 * q], l[2 * q + 1]);
		s[4 * q + 1] = _mm256_unpackhi_epi32(l[2 * q], l[2 * q + 1]);
		s[4 * q + 2] = _mm256_unpacklo_epi32(h[2 * q], h[2 * q + 1]);
		s[4 * q + 3] = _mm256_unpackhi_epi32(h[2 * q], h[2 * q + 1]);
	}
#pragma GCC unroll 4
	for (int q = 0; q < 4; q++) {
		out[2 * q] = _mm256_unpacklo_epi64(s[q], s[4 + q]);
		out[2 * q + 1] = _mm256_unpackhi_epi64(s[q], s[4 + q]);
	}
}

__attribute__((target("avx2"))) static inline void
turn_565_avx2(const uint8_t *s, const uint8_t *s8, long sj, long sj3, __m256i l[4], __m256i h[4])
{
	/* Sources s + m * sj for m = 0..7 and s8 + m * sj for 8..15, in x86 address forms. */
	const uint8_t *s3 = s + sj3, *s11 = s8 + sj3;
	const uint8_t *lo[8] = {s, s + sj, s + 2 * sj, s3, s + 4 * sj, s3 + 2 * sj, s + 2 * sj3,
		s3 + 4 * sj};
	const uint8_t *hi[8] = {s8, s8 + sj, s8 + 2 * sj, s11, s8 + 4 * sj, s11 + 2 * sj,
		s8 + 2 * sj3, s11 + 4 * sj};
	__m256i v[8];
#pragma GCC unroll 8
	for (int m = 0; m < 8; m++) {
		v[m] = _mm256_inserti128_si256(_mm256_castsi128_si256(
						       _mm_loadu_si128((const __m128i *)lo[m])),
			_mm_loadu_si128((const __m128i *)hi[m]), 1);
	}
#pragma GCC unroll 4
	for (int p = 0; p < 4; p++) {
		l[p] = _mm256_unpacklo_epi16(v[2 * p], v[2 * p + 1]);
		h[p] = _mm256_unpackhi_epi16(v[2 * p], v[2 * p + 1]);
	}
}

__attribute__((target("avx2"))) static inline void
turn_8888_avx2(const uint8_t *s, const uint8_t *s8, long sj, long sj3, __m256i l[4], __m256i h[4])
{
	const uint8_t *s3 = s + sj3, *s11 = s8 + sj3;
	const uint8_t *src[16] = {s, s + sj, s + 2 * sj, s3, s + 4 * sj, s3 + 2 * sj, s + 2 * sj3,
		s3 + 4 * sj, s8, s8 + sj, s8 + 2 * sj, s11, s8 + 4 * sj, s11 + 2 * sj, s8 + 2 * sj3,
		s11 + 4 * sj};
	/* Rows m and m + 1 converted and interleaved by one blend: the first stage. */
	__m256i y[8];
#pragma GCC unroll 8
	for (int m = 0; m < 16; m += 2) {
		__m256i a = _mm256_srli_epi32(to565x8_shl3(src[m]), 3);
		__m256i b = _mm256_slli_epi32(to565x8_shl3(src[m + 1]), 13);
		y[m / 2] = _mm256_blend_epi16(a, b, 0xaa);
	}
#pragma GCC unroll 4
	for (int p = 0; p < 4; p++) {
		l[p] = _mm256_permute2x128_si256(y[p], y[p + 4], 0x20);
		h[p] = _mm256_permute2x128_si256(y[p], y[p + 4], 0x31);
	}
}

__attribute__((target("avx2"))) static inline void
store8(uint8_t *d, uint8_t *d4, long dk, long dk3, const __m256i out[8])
{
	uint8_t *d3 = d + dk3, *d7 = d4 + dk3;
	uint8_t *dst[8] = {d, d + dk, d + 2 * dk, d3, d4, d4 + dk, d4 + 2 * dk, d7};
#pragma GCC unroll 8
	for (int k = 0; k < 8; k++) {
		_mm256_storeu_si256((__m256i *)dst[k], out[k]);
	}
}

/*
 * Destination columns j..j+15 of rows i0 up to rows (whole steps of 8), by 90 or 270 degrees,
 * into RGB565, eight rows a step: the sixteen source rows' eight pixels, row m in the low lane
 * and row m + 8 in the high lane of one register, so that one lane-wise transpose gives whole
 * destination rows.
 */
__attribute__((target("avx2"))) static void
strip_turn_avx2(const struct rot *r, int j, int i0, int rows)
{
	/* For 270 the source runs against the destination rows: read from the far end. */
	const bool rev = r->si < 0;
	const long sj = r->sj, sj3 = 3 * r->sj, step = 8 * r->si, ds = r->ds;
	const long dk = rev ? -ds : ds, dk3 = 3 * dk;
	const uint8_t *s = src_at(r, i0 + (rev ? 7 : 0), j), *s8 = s + 8 * sj;
	uint8_t *d = r->dst + (long)(i0 + (rev ? 7 : 0)) * ds + (long)j * 2, *d4 = d + 4 * dk;
	__m256i l[4], h[4], out[8];
	if (r->sf == PW_FORMAT_RGB565) {
		for (int i = i0; i + 8 <= rows;
			i += 8, s += step, s8 += step, d += 8 * ds, d4 += 8 * ds) {
			turn_565_avx2(s, s8, sj, sj3, l, h);
			transpose_tail(l, h, out);
			store8(d, d4, dk, dk3, out);
		}
		return;
	}
	for (int i = i0; i + 8 <= rows; i += 8, s += step, s8 += step, d += 8 * ds, d4 += 8 * ds) {
		turn_8888_avx2(s, s8, sj, sj3, l, h);
		transpose_tail(l, h, out);
		store8(d, d4, dk, dk3, out);
	}
}

/* One row by 180 degrees into RGB565, 32 or 16 pixels a step; returns how many it wrote. */
__attribute__((target("avx2"))) static int
row_180_avx2(half_t *d, const uint8_t *s, int n, enum pw_format sf)
{
	const __m256i rev = _mm256_setr_epi8(14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1,
		14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1);
	int j = 0;
	if (sf == PW_FORMAT_RGB565) {
		for (s -= 62; j + 32 <= n; j += 32, s -= 64) {
			__m256i a = _mm256_loadu_si256((const __m256i *)(s + 32));
			__m256i b = _mm256_loadu_si256((const __m256i *)s);
			a = _mm256_permute4x64_epi64(_mm256_shuffle_epi8(a, rev), 0x4e);
			b = _mm256_permute4x64_epi64(_mm256_shuffle_epi8(b, rev), 0x4e);
			_mm256_storeu_si256((__m256i *)(d + j), a);
			_mm256_storeu_si256((__m256i *)(d + j + 16), b);
		}
		return j;
	}
	for (s -= 60; j + 16 <= n; j += 16, s -= 64) {
		__m256i a = _mm256_srli_epi32(to565x8_shl3(s), 3);
		__m256i b = _mm256_srli_epi32(to565x8_shl3(s + 32), 3);
		/* packus gives the quarters a0-3 b0-3 a4-7 b4-7; reversed in the lanes, then in
		 * the order b4-7 b0-3 a4-7 a0-3 */
		__m256i v = _mm256_shuffle_epi8(_mm256_packus_epi32(a, b), rev);
		_mm256_storeu_si256((__m256i *)(d + j), _mm256_permute4x64_epi64(v, 0x72));
	}
	return j;
}

static bool
have_avx2(void)
{
	return __builtin_cpu_supports("avx2");
}
#endif

typedef void rect_fn(const struct rot *r, int i0, int i1, int j0, int j1);

/* The box (i0..i1, j0..j1) of the rotated box, tile by tile. */
static void
tiles(const struct rot *r, rect_fn *rect, int i0, int i1, int j0, int j1)
{
	for (int ti = i0; ti < i1; ti += TILE) {
		int ti1 = i1 - ti < TILE ? i1 : ti + TILE;
		for (int tj = j0; tj < j1; tj += TILE_COLS) {
			rect(r, ti, ti1, tj, j1 - tj < TILE_COLS ? j1 : tj + TILE_COLS);
		}
	}
}

/* By 90 or 270 degrees; with blocks, 8 x 16 blocks where the box holds one and the CPU has them. */
static void
turn(const struct rot *r, rect_fn *rect, bool blocks)
{
	int rows = r->rows, cols = r->cols;
#ifdef HAVE_AVX2_PATH
	if (blocks && rows >= 8 && cols >= 16) {
		/* The last strip and the last block of a strip overlap the ones before where the
		 * box is not a multiple of them: the pixels written twice get the same value. */
		for (int j = 0; j < cols; j += 16) {
			int sj = cols - j < 16 ? cols - 16 : j;
			strip_turn_avx2(r, sj, 0, rows);
			if (rows % 8) {
				strip_turn_avx2(r, sj, rows - 8, rows);
			}
		}
		return;
	}
#else
	(void)blocks;
#endif
	tiles(r, rect, 0, rows, 0, cols);
}

void
pw_pixels_rotate(uint8_t *dst, int dst_stride, const uint8_t *src, int src_stride, int width,
	int height, enum pw_format src_format, enum pw_format dst_format, int rotation)
{
	long ss = src_stride, bpp = pw_format_bpp(src_format);
	struct rot r = {.dst = dst, .ds = dst_stride, .sf = src_format, .df = dst_format};
	bool to565 = dst_format == PW_FORMAT_RGB565;
	bool simd = false;
#ifdef HAVE_AVX2_PATH
	simd = to565 && have_avx2();
#endif
	if (rotation == 180) {
		if (ss == width * bpp && dst_stride == width * pw_format_bpp(dst_format)) {
			/* Whole rows on both sides: the frame is one row, reversed. */
			width *= height;
			height = 1;
		}
		for (int i = 0; i < height; i++) {
			const uint8_t *s =
				src + (long)(height - 1 - i) * ss + (long)(width - 1) * bpp;
			half_t *d = (half_t *)(dst + (long)i * dst_stride);
			int j = 0;
#ifdef HAVE_AVX2_PATH
			j = simd ? row_180_avx2(d, s, width, src_format) : 0;
#endif
			if (!to565) {
				r.s00 = s;
				r.si = 0;
				r.sj = -bpp;
				r.dst = (uint8_t *)d;
				rect_scalar(&r, 0, 1, 0, width);
			} else if (src_format == PW_FORMAT_RGB565) {
				row_565_180(d + j, s - j * bpp, width - j);
			} else {
				row_8888_565_180(d + j, s - j * bpp, width - j);
			}
		}
		return;
	}
	r.rows = width;
	r.cols = height;
	if (rotation == 90) {
		r.s00 = src + (long)(height - 1) * ss;
		r.si = bpp;
		r.sj = -ss;
	} else {
		r.s00 = src + (long)(width - 1) * bpp;
		r.si = -bpp;
		r.sj = ss;
	}
	if (!to565) {
		turn(&r, rect_scalar, false);
	} else if (src_format != PW_FORMAT_RGB565) {
		turn(&r, rect_8888_565_turn, simd);
	} else if (ss % 4 == 0 && dst_stride % 4 == 0) {
		turn(&r, rect_565_turn, simd);
	} else {
		turn(&r, rect_scalar, simd);
	}
}

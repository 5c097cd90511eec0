#include "pixels.h"
#include "pixels_rotate.h"

#include <string.h>

/* PW_PIXELS_PORTABLE: the C path alone, as on the handheld (as in pixels_rotate.c). */
#if defined(__SSE2__) && !defined(PW_PIXELS_PORTABLE)
#include <emmintrin.h>
#define HAVE_SSE2_PATH 1
#endif
#if defined(__x86_64__) && defined(__GNUC__) && !defined(PW_PIXELS_PORTABLE)
#include <immintrin.h>
#define HAVE_AVX2_PATH 1
#endif
#if defined(__arm__) && !defined(__thumb__) && defined(__GNUC__)
#define HAVE_ARM_PATH 1
#endif

static bool
is8888(enum pw_format f)
{
	return f == PW_FORMAT_XRGB8888 || f == PW_FORMAT_ARGB8888;
}

bool
pw_pixels_supported(enum pw_format src, enum pw_format dst)
{
	if (dst == PW_FORMAT_RGB565) {
		return src == PW_FORMAT_RGB565 || is8888(src);
	}
	return dst == PW_FORMAT_XRGB8888 && is8888(src);
}

#ifdef HAVE_AVX2_PATH
__attribute__((target("avx2"))) static inline __m256i
pack8(__m256i p)
{
	/* r, g and b moved into place with one shift: (p >> 3) has b at 0, g at 5, r at 13. */
	__m256i t = _mm256_srli_epi32(p, 3);
	__m256i b = _mm256_and_si256(t, _mm256_set1_epi32(0x001f));
	__m256i g = _mm256_and_si256(_mm256_srli_epi32(t, 2), _mm256_set1_epi32(0x07e0));
	__m256i r = _mm256_and_si256(_mm256_srli_epi32(t, 5), _mm256_set1_epi32(0xf800));
	return _mm256_or_si256(_mm256_or_si256(r, g), b);
}

/* Thirty-two pixels a step; returns how many pixels it converted. */
__attribute__((target("avx2"))) static int
row_8888_to_565_avx2(uint16_t *d, const uint32_t *s, int width)
{
	int x = 0;
	for (; x + 32 <= width; x += 32) {
		__m256i a = pack8(_mm256_loadu_si256((const __m256i *)(s + x)));
		__m256i b = pack8(_mm256_loadu_si256((const __m256i *)(s + x + 8)));
		__m256i c = pack8(_mm256_loadu_si256((const __m256i *)(s + x + 16)));
		__m256i e = pack8(_mm256_loadu_si256((const __m256i *)(s + x + 24)));
		/* packus works within 128-bit lanes: put the quarters back in order. */
		_mm256_storeu_si256((__m256i *)(d + x),
			_mm256_permute4x64_epi64(_mm256_packus_epi32(a, b), 0xd8));
		_mm256_storeu_si256((__m256i *)(d + x + 16),
			_mm256_permute4x64_epi64(_mm256_packus_epi32(c, e), 0xd8));
	}
	return x;
}
#endif

/* A word of a destination that is also written as uint16_t. */
typedef uint32_t __attribute__((may_alias)) word_alias;

#ifdef HAVE_ARM_PATH
/*
 * Four pixels a step on ARM, loaded with one LDM and stored with one STM: GCC's XScale tuning
 * splits them into four LDR and two STR. `d` and `s` are word-aligned. Returns how many pixels
 * it converted.
 */
static int
row_8888_to_565_arm(uint16_t *d, const uint32_t *s, int width)
{
	uint32_t m = 0x00f800f8, k = 0x2100;
	PW_PIXELS_KEEP(m);
	PW_PIXELS_KEEP(k);
	int n = width >> 2;
	for (int i = n; i > 0; i--) {
		register uint32_t p0 __asm__("r4"), p1 __asm__("r5"), p2 __asm__("r6"),
			p3 __asm__("r7");
		__asm__("ldmia %[s]!, {%[p0], %[p1], %[p2], %[p3]}"
			: [s] "+r"(s), [p0] "=r"(p0), [p1] "=r"(p1), [p2] "=r"(p2), [p3] "=r"(p3)
			: "m"(*(const uint32_t(*)[4])s));
		register uint32_t o0 __asm__("r8") = pw_pixels_pair_to565_mul(p0, p1, m, k);
		register uint32_t o1 __asm__("r9") = pw_pixels_pair_to565_mul(p2, p3, m, k);
		__asm__("stmia %[d]!, {%[o0], %[o1]}"
			: [d] "+r"(d), "=m"(*(word_alias(*)[2])(void *)d)
			: [o0] "r"(o0), [o1] "r"(o1));
	}
	return n << 2;
}
#endif

/*
 * One row of 8888 to 565: on x86 sixteen (AVX2) or eight (SSE2) pixels a step, the benchmark
 * machine's way; on the handheld's ARMv5 four pixels a step (row_8888_to_565_arm), elsewhere
 * four pixels a step in plain C, two 32-bit stores.
 */
static void
row_8888_to_565(uint16_t *d, const uint32_t *s, int width)
{
	int x = 0;
#ifdef HAVE_AVX2_PATH
	if (__builtin_cpu_supports("avx2")) {
		x = row_8888_to_565_avx2(d, s, width);
	}
#endif
#ifdef HAVE_SSE2_PATH
	const __m128i mr = _mm_set1_epi32(0xf800), mg = _mm_set1_epi32(0x07e0),
		      mb = _mm_set1_epi32(0x001f);
	for (; x + 8 <= width; x += 8) {
		__m128i p0 = _mm_loadu_si128((const __m128i *)(s + x));
		__m128i p1 = _mm_loadu_si128((const __m128i *)(s + x + 4));
		__m128i v0 = _mm_or_si128(_mm_or_si128(_mm_and_si128(_mm_srli_epi32(p0, 8), mr),
						  _mm_and_si128(_mm_srli_epi32(p0, 5), mg)),
			_mm_and_si128(_mm_srli_epi32(p0, 3), mb));
		__m128i v1 = _mm_or_si128(_mm_or_si128(_mm_and_si128(_mm_srli_epi32(p1, 8), mr),
						  _mm_and_si128(_mm_srli_epi32(p1, 5), mg)),
			_mm_and_si128(_mm_srli_epi32(p1, 3), mb));
		/* packs saturates signed values: sign-extend the 16-bit results first. */
		v0 = _mm_srai_epi32(_mm_slli_epi32(v0, 16), 16);
		v1 = _mm_srai_epi32(_mm_slli_epi32(v1, 16), 16);
		_mm_storeu_si128((__m128i *)(d + x), _mm_packs_epi32(v0, v1));
	}
#endif
	/* Four pixels a step, two to a 32-bit store, once the destination is aligned for it. */
	if (x < width && ((uintptr_t)(d + x) & 3) != 0) {
		d[x] = pw_pixels_to565(s[x]);
		x++;
	}
#ifdef HAVE_ARM_PATH
	x += row_8888_to_565_arm(d + x, s + x, width - x);
#endif
	uint32_t m = 0x00f800f8, k = 0x2100;
	PW_PIXELS_KEEP(m);
	PW_PIXELS_KEEP(k);
	word_alias *w = (word_alias *)(void *)(d + x);
	for (; x + 4 <= width; x += 4, w += 2) {
		w[0] = pw_pixels_pair_to565_mul(s[x], s[x + 1], m, k);
		w[1] = pw_pixels_pair_to565_mul(s[x + 2], s[x + 3], m, k);
	}
	if (x + 2 <= width) {
		w[0] = pw_pixels_pair_to565_mul(s[x], s[x + 1], m, k);
		x += 2;
	}
	if (x < width) {
		d[x] = pw_pixels_to565(s[x]);
	}
}

#ifdef HAVE_ARM_PATH
/*
 * Rows copied on ARM: the armel C library's memcpy has a cost a call beyond its loads and
 * stores (decision 4.44), which a box of short rows (a rectangle's, a turned buffer's columns) pays
 * every row. Here a row costs a few: eight words a step with one LDM and one STM, then four,
 * then words, then a halfword. The rows must start at the same alignment in both images and
 * keep it (even strides of words): false, copying nothing, when they do not.
 */
static bool
copy_rows_arm(uint8_t *dst, int dst_stride, const uint8_t *src, int src_stride, size_t len,
	int height)
{
	if ((((uintptr_t)dst ^ (uintptr_t)src) & 3) != 0 || ((dst_stride | src_stride) & 3) != 0 ||
		(len & 1) != 0) {
		return false;
	}
	for (; height > 0; height--, dst += dst_stride, src += src_stride) {
		uint8_t *d = dst;
		const uint8_t *s = src;
		size_t n = len;
		if (((uintptr_t)d & 2) != 0) {
			*(uint16_t *)(void *)d = *(const uint16_t *)(const void *)s;
			d += 2, s += 2, n -= 2;
		}
		for (size_t i = n >> 5; i > 0; i--) {
			register uint32_t a __asm__("r3"), b __asm__("r4"), c __asm__("r5"),
				e __asm__("r6"), f __asm__("r7"), g __asm__("r8"), h __asm__("r9"),
				k __asm__("r10");
			__asm__("ldmia %[s]!, {%[a], %[b], %[c], %[e], %[f], %[g], %[h], %[k]}"
				: [s] "+r"(s), [a] "=r"(a), [b] "=r"(b), [c] "=r"(c), [e] "=r"(e),
				[f] "=r"(f), [g] "=r"(g), [h] "=r"(h), [k] "=r"(k)
				: "m"(*(const uint32_t(*)[8])(const void *)s));
			__asm__("stmia %[d]!, {%[a], %[b], %[c], %[e], %[f], %[g], %[h], %[k]}"
				: [d] "+r"(d), "=m"(*(word_alias(*)[8])(void *)d)
				: [a] "r"(a), [b] "r"(b), [c] "r"(c), [e] "r"(e), [f] "r"(f),
				[g] "r"(g), [h] "r"(h), [k] "r"(k));
		}
		if ((n & 16) != 0) {
			register uint32_t a __asm__("r3"), b __asm__("r4"), c __asm__("r5"),
				e __asm__("r6");
			__asm__("ldmia %[s]!, {%[a], %[b], %[c], %[e]}"
				: [s] "+r"(s), [a] "=r"(a), [b] "=r"(b), [c] "=r"(c), [e] "=r"(e)
				: "m"(*(const uint32_t(*)[4])(const void *)s));
			__asm__("stmia %[d]!, {%[a], %[b], %[c], %[e]}"
				: [d] "+r"(d), "=m"(*(word_alias(*)[4])(void *)d)
				: [a] "r"(a), [b] "r"(b), [c] "r"(c), [e] "r"(e));
		}
		for (size_t i = (n & 15) >> 2; i > 0; i--, d += 4, s += 4) {
			*(word_alias *)(void *)d = *(const word_alias *)(const void *)s;
		}
		if ((n & 2) != 0) {
			*(uint16_t *)(void *)d = *(const uint16_t *)(const void *)s;
		}
	}
	return true;
}
#endif

/* Rotation 0: whole rows, the common case, as memcpy or one tight conversion loop. */
static void
rows_unrotated(uint8_t *dst, int dst_stride, const uint8_t *src, int src_stride, int width,
	int height, enum pw_format sf, enum pw_format df)
{
	if (df == PW_FORMAT_RGB565 && is8888(sf)) {
		if (src_stride == width * 4 && dst_stride == width * 2) {
			/* Whole-width rows on both sides: one long row, no per-row overhead. */
			row_8888_to_565((uint16_t *)dst, (const uint32_t *)src, width * height);
			return;
		}
		for (int y = 0; y < height; y++) {
			row_8888_to_565((uint16_t *)(dst + (long)y * dst_stride),
				(const uint32_t *)(src + (long)y * src_stride), width);
		}
		return;
	}
	size_t len = (size_t)width * (size_t)pw_format_bpp(df);
	if (len == (size_t)src_stride && src_stride == dst_stride) {
		memcpy(dst, src, len * (size_t)height);
		return;
	}
#ifdef HAVE_ARM_PATH
	if (copy_rows_arm(dst, dst_stride, src, src_stride, len, height)) {
		return;
	}
#endif
	for (; height > 0; height--, dst += dst_stride, src += src_stride) {
		memcpy(dst, src, len);
	}
}

bool
pw_pixels_blit_at(const struct pw_pixmap *dst, const struct pw_pixmap *src, int x, int y, int width,
	int height, int dst_x, int dst_y, int frame_width, int frame_height, int rotation)
{
	if (!pw_pixels_supported(src->format, dst->format) || width <= 0 || height <= 0) {
		return false;
	}
	int sbpp = pw_format_bpp(src->format), dbpp = pw_format_bpp(dst->format);
	const uint8_t *s = (const uint8_t *)src->data + (long)y * src->stride + (long)x * sbpp;
	/* The frame position of the box's first pixel, and where it lands in dst. */
	int fx = dst_x + x, fy = dst_y + y;
	int rot = (unsigned)rotation < 360 ? rotation : ((rotation % 360) + 360) % 360;
	int ox, oy; /* the rotated box's top-left pixel in dst */
	switch (rot) {
	case 0:
		ox = fx;
		oy = fy;
		break;
	case 90:
		ox = frame_height - fy - height;
		oy = fx;
		break;
	case 180:
		ox = frame_width - fx - width;
		oy = frame_height - fy - height;
		break;
	case 270:
		ox = fy;
		oy = frame_width - fx - width;
		break;
	default:
		return false;
	}
	uint8_t *d = (uint8_t *)dst->data + (long)oy * dst->stride + (long)ox * dbpp;
	if (rot == 0) {
		rows_unrotated(d, dst->stride, s, src->stride, width, height, src->format,
			dst->format);
	} else {
		pw_pixels_rotate(d, dst->stride, s, src->stride, width, height, src->format,
			dst->format, rot);
	}
	return true;
}

bool
pw_pixels_blit(const struct pw_pixmap *dst, const struct pw_pixmap *src, int x, int y, int width,
	int height, int rotation)
{
	return pw_pixels_blit_at(dst, src, x, y, width, height, 0, 0, src->width, src->height,
		rotation);
}

/*
 * One value into a box. Borders and gaps are columns a pixel or two wide: a store per row
 * there, with no loop set up per row.
 */
#define FILL_BOX(type, value)                                                                    \
	do {                                                                                     \
		const type v_ = (value);                                                         \
		const long stride_ = dst->stride;                                                \
		uint8_t *row_ =                                                                  \
			(uint8_t *)dst->data + (long)y * stride_ + (long)x * (long)sizeof(type); \
		uint8_t *end_ = row_ + (long)height * stride_;                                   \
		if (width == 1) {                                                                \
			for (; row_ != end_; row_ += stride_) {                                  \
				*(type *)row_ = v_;                                              \
			}                                                                        \
			break;                                                                   \
		}                                                                                \
		for (; row_ != end_; row_ += stride_) {                                          \
			type *d_ = (type *)row_;                                                 \
			for (int i_ = 0; i_ < width; i_++) {                                     \
				d_[i_] = v_;                                                     \
			}                                                                        \
		}                                                                                \
	} while (0)

bool
pw_pixels_fill(const struct pw_pixmap *dst, int x, int y, int width, int height, uint32_t rgb)
{
	if (width <= 0 || height <= 0) {
		return dst->format == PW_FORMAT_RGB565 || dst->format == PW_FORMAT_XRGB8888;
	}
	if (dst->format == PW_FORMAT_RGB565) {
		FILL_BOX(uint16_t, pw_pixels_to565(rgb));
		return true;
	}
	if (dst->format == PW_FORMAT_XRGB8888) {
		FILL_BOX(uint32_t, 0xff000000u | rgb);
		return true;
	}
	return false;
}

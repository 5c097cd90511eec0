/* A gamma ramp as lookup tables in the display's format; see gamma.h. */
#include "gamma.h"

#include <string.h>

#ifdef PW_GAMMA_RG
#include <immintrin.h>
#define HAVE_AVX2_PATH 1
#endif

/*
 * The table of a channel of `bits` bits at bit `shift`: level i takes the ramp's entry nearest
 * to i / (levels - 1) along it, scaled from 16 bits to the channel's, rounded.
 */
static void
channel(uint32_t *table, const uint16_t *ramp, size_t size, int bits, int shift)
{
	uint32_t top = (1u << bits) - 1;
	for (uint32_t i = 0; i <= top; i++) {
		uint64_t pos = ((uint64_t)i * (size - 1) * 2 + top) / (2 * (uint64_t)top);
		uint32_t v = ((uint32_t)ramp[pos] * top + 32767) / 65535;
		table[i] = v << shift;
	}
}

bool
pw_gamma_build(struct pw_gamma *gamma, enum pw_format format, const uint16_t *ramp, size_t size)
{
	if (size < 2) {
		return false;
	}
	memset(gamma, 0, sizeof(*gamma));
	gamma->format = format;
	switch (format) {
	case PW_FORMAT_RGB565:
		channel(gamma->r, ramp, size, 5, 11);
		channel(gamma->g, ramp + size, size, 6, 5);
		channel(gamma->b, ramp + 2 * size, size, 5, 0);
		for (int i = 0; i < 64; i++) {
			gamma->level_r[i] = (uint8_t)(gamma->r[i & 31] >> 11);
			gamma->level_g[i] = (uint8_t)(gamma->g[i] >> 5);
			gamma->level_b[i] = (uint8_t)gamma->b[i & 31];
		}
#ifdef PW_GAMMA_RG
		for (int i = 0; i < 2048; i++) {
			gamma->rg[i] = gamma->r[i >> 6] | gamma->g[i & 63];
		}
#endif
		return true;
	case PW_FORMAT_XRGB8888:
		channel(gamma->r, ramp, size, 8, 16);
		channel(gamma->g, ramp + size, size, 8, 8);
		channel(gamma->b, ramp + 2 * size, size, 8, 0);
		return true;
	default:
		return false;
	}
}

/* One pixel: three lookups, two ORs. */
static inline uint32_t
tint_565(const uint32_t *r, const uint32_t *g, const uint32_t *b, uint32_t p)
{
	return r[p >> 11] | g[(p >> 5) & 63] | b[p & 31];
}

#if defined(__arm__) && !defined(__thumb__) && defined(__GNUC__)
/*
 * ARM (ARMv5TE) in assembly, four words (eight pixels) a step between LDMIA and STMIA: each
 * channel's level is an LDRB from the byte tables with the index shifted out of the word in the
 * load itself or one MOV before it, and ORed into place with the shift the OR gives for free
 * (GCC masks and shifts apart: 13 instructions a pixel to these 8.5; 4.86). Returns the words
 * done.
 */
static int
words_565_arm(const struct pw_gamma *gamma, uint32_t *d, const uint32_t *s, int words)
{
	int steps = words >> 2;
	if (steps == 0) {
		return 0;
	}
	const uint8_t *r = gamma->level_r, *g = gamma->level_g, *b = gamma->level_b;
	__asm__ volatile("1:\n\t"
			 "ldmia %[s]!, {r4, r5, r6, r7}\n\t"
			 "and r8, r4, #31\n\t"
			 "ldrb r8, [%[b], r8]\n\t"
			 "mov r9, r4, lsl #21\n\t"
			 "ldrb r9, [%[g], r9, lsr #26]\n\t"
			 "orr r8, r8, r9, lsl #5\n\t"
			 "mov r9, r4, lsl #16\n\t"
			 "ldrb r9, [%[r], r9, lsr #27]\n\t"
			 "orr r8, r8, r9, lsl #11\n\t"
			 "ldrb r9, [%[r], r4, lsr #27]\n\t"
			 "orr r8, r8, r9, lsl #27\n\t"
			 "mov r9, r4, lsl #5\n\t"
			 "ldrb r9, [%[g], r9, lsr #26]\n\t"
			 "orr r8, r8, r9, lsl #21\n\t"
			 "mov r9, r4, lsl #11\n\t"
			 "ldrb r4, [%[b], r9, lsr #27]\n\t"
			 "orr r4, r8, r4, lsl #16\n\t"
			 "and r8, r5, #31\n\t"
			 "ldrb r8, [%[b], r8]\n\t"
			 "mov r9, r5, lsl #21\n\t"
			 "ldrb r9, [%[g], r9, lsr #26]\n\t"
			 "orr r8, r8, r9, lsl #5\n\t"
			 "mov r9, r5, lsl #16\n\t"
			 "ldrb r9, [%[r], r9, lsr #27]\n\t"
			 "orr r8, r8, r9, lsl #11\n\t"
			 "ldrb r9, [%[r], r5, lsr #27]\n\t"
			 "orr r8, r8, r9, lsl #27\n\t"
			 "mov r9, r5, lsl #5\n\t"
			 "ldrb r9, [%[g], r9, lsr #26]\n\t"
			 "orr r8, r8, r9, lsl #21\n\t"
			 "mov r9, r5, lsl #11\n\t"
			 "ldrb r5, [%[b], r9, lsr #27]\n\t"
			 "orr r5, r8, r5, lsl #16\n\t"
			 "and r8, r6, #31\n\t"
			 "ldrb r8, [%[b], r8]\n\t"
			 "mov r9, r6, lsl #21\n\t"
			 "ldrb r9, [%[g], r9, lsr #26]\n\t"
			 "orr r8, r8, r9, lsl #5\n\t"
			 "mov r9, r6, lsl #16\n\t"
			 "ldrb r9, [%[r], r9, lsr #27]\n\t"
			 "orr r8, r8, r9, lsl #11\n\t"
			 "ldrb r9, [%[r], r6, lsr #27]\n\t"
			 "orr r8, r8, r9, lsl #27\n\t"
			 "mov r9, r6, lsl #5\n\t"
			 "ldrb r9, [%[g], r9, lsr #26]\n\t"
			 "orr r8, r8, r9, lsl #21\n\t"
			 "mov r9, r6, lsl #11\n\t"
			 "ldrb r6, [%[b], r9, lsr #27]\n\t"
			 "orr r6, r8, r6, lsl #16\n\t"
			 "and r8, r7, #31\n\t"
			 "ldrb r8, [%[b], r8]\n\t"
			 "mov r9, r7, lsl #21\n\t"
			 "ldrb r9, [%[g], r9, lsr #26]\n\t"
			 "orr r8, r8, r9, lsl #5\n\t"
			 "mov r9, r7, lsl #16\n\t"
			 "ldrb r9, [%[r], r9, lsr #27]\n\t"
			 "orr r8, r8, r9, lsl #11\n\t"
			 "ldrb r9, [%[r], r7, lsr #27]\n\t"
			 "orr r8, r8, r9, lsl #27\n\t"
			 "mov r9, r7, lsl #5\n\t"
			 "ldrb r9, [%[g], r9, lsr #26]\n\t"
			 "orr r8, r8, r9, lsl #21\n\t"
			 "mov r9, r7, lsl #11\n\t"
			 "ldrb r7, [%[b], r9, lsr #27]\n\t"
			 "orr r7, r8, r7, lsl #16\n\t"
			 "stmia %[d]!, {r4, r5, r6, r7}\n\t"
			 "subs %[n], %[n], #1\n\t"
			 "bne 1b"
			 : [s] "+r"(s), [d] "+r"(d), [n] "+r"(steps)
			 : [r] "r"(r), [g] "r"(g), [b] "r"(b)
			 : "r4", "r5", "r6", "r7", "r8", "r9", "cc", "memory");
	return (words >> 2) << 2;
}
#endif

#ifdef HAVE_AVX2_PATH
/* A table looked up at eight indices: one gather. */
__attribute__((target("avx2"))) static inline __m256i
lookup8(const uint32_t *table, __m256i index)
{
	return _mm256_i32gather_epi32((const int *)table, index, 4);
}

/*
 * x86 with AVX2, sixteen pixels a step as eight words of two: each lookup a gather of eight,
 * the high pixels' ORed in shifted (4.86). Returns the pixels done.
 */
__attribute__((target("avx2"))) static int
span_565_avx2(const struct pw_gamma *gamma, uint16_t *dst, const uint16_t *src, int n)
{
	const __m256i m5 = _mm256_set1_epi32(31), m11 = _mm256_set1_epi32(2047);
	int i = 0;
	for (; i + 16 <= n; i += 16) {
		__m256i w = _mm256_loadu_si256((const __m256i *)(const void *)(src + i));
		__m256i lo =
			_mm256_or_si256(lookup8(gamma->rg,
						_mm256_and_si256(_mm256_srli_epi32(w, 5), m11)),
				lookup8(gamma->b, _mm256_and_si256(w, m5)));
		__m256i hi = _mm256_or_si256(lookup8(gamma->rg, _mm256_srli_epi32(w, 21)),
			lookup8(gamma->b, _mm256_and_si256(_mm256_srli_epi32(w, 16), m5)));
		_mm256_storeu_si256((__m256i *)(void *)(dst + i),
			_mm256_or_si256(lo, _mm256_slli_epi32(hi, 16)));
	}
	return i;
}

__attribute__((target("avx2"))) static int
span_8888_avx2(const struct pw_gamma *gamma, uint32_t *dst, const uint32_t *src, int n)
{
	const __m256i m = _mm256_set1_epi32(255);
	int i = 0;
	for (; i + 8 <= n; i += 8) {
		__m256i p = _mm256_loadu_si256((const __m256i *)(const void *)(src + i));
		__m256i ri = _mm256_and_si256(_mm256_srli_epi32(p, 16), m);
		__m256i gi = _mm256_and_si256(_mm256_srli_epi32(p, 8), m);
		__m256i bi = _mm256_and_si256(p, m);
		__m256i r = _mm256_i32gather_epi32((const int *)gamma->r, ri, 4);
		__m256i g = _mm256_i32gather_epi32((const int *)gamma->g, gi, 4);
		__m256i b = _mm256_i32gather_epi32((const int *)gamma->b, bi, 4);
		_mm256_storeu_si256((__m256i *)(void *)(dst + i),
			_mm256_or_si256(_mm256_or_si256(r, g), b));
	}
	return i;
}
#endif

/* Two pixels a word where the rows allow: one load and one store for two. */
static void
span_565(const struct pw_gamma *gamma, uint16_t *dst, const uint16_t *src, int n)
{
	const uint32_t *r = gamma->r, *g = gamma->g, *b = gamma->b;
	int i = 0;
#ifdef HAVE_AVX2_PATH
	if (__builtin_cpu_supports("avx2")) {
		i = span_565_avx2(gamma, dst, src, n);
		if (i == n) {
			return;
		}
	}
#endif
	if ((((uintptr_t)(dst + i) | (uintptr_t)(src + i)) & 3) == 2) {
		dst[i] = (uint16_t)tint_565(r, g, b, src[i]);
		i++;
	}
	if ((((uintptr_t)(dst + i) | (uintptr_t)(src + i)) & 3) == 0) {
		const uint32_t *s = (const uint32_t *)(const void *)(src + i);
		uint32_t *d = (uint32_t *)(void *)(dst + i);
		int pairs = (n - i) / 2, k = 0;
#if defined(__arm__) && !defined(__thumb__) && defined(__GNUC__)
		k = words_565_arm(gamma, d, s, pairs);
#endif
		for (; k < pairs; k++) {
			uint32_t w = s[k];
			uint32_t lo = r[(w >> 11) & 31] | g[(w >> 5) & 63] | b[w & 31];
			uint32_t hi = r[w >> 27] | g[(w >> 21) & 63] | b[(w >> 16) & 31];
			d[k] = lo | hi << 16;
		}
		i += pairs * 2;
	}
	for (; i < n; i++) {
		dst[i] = (uint16_t)tint_565(r, g, b, src[i]);
	}
}

static void
span_8888(const struct pw_gamma *gamma, uint32_t *dst, const uint32_t *src, int n)
{
	const uint32_t *r = gamma->r, *g = gamma->g, *b = gamma->b;
	int i = 0;
#ifdef HAVE_AVX2_PATH
	if (__builtin_cpu_supports("avx2")) {
		i = span_8888_avx2(gamma, dst, src, n);
	}
#endif
	for (; i < n; i++) {
		uint32_t p = src[i];
		dst[i] = r[(p >> 16) & 255] | g[(p >> 8) & 255] | b[p & 255];
	}
}

void
pw_gamma_span(const struct pw_gamma *gamma, void *dst, const void *src, int n)
{
	if (gamma->format == PW_FORMAT_RGB565) {
		span_565(gamma, dst, src, n);
	} else {
		span_8888(gamma, dst, src, n);
	}
}

void
pw_gamma_apply(const struct pw_gamma *gamma, struct pw_pixmap image,
	const pixman_region32_t *region)
{
	if (image.format != gamma->format) {
		return;
	}
	int n, bpp = pw_format_bpp(image.format);
	const pixman_box32_t *boxes = pixman_region32_rectangles(region, &n);
	for (int i = 0; i < n; i++) {
		int x1 = boxes[i].x1 > 0 ? boxes[i].x1 : 0;
		int y1 = boxes[i].y1 > 0 ? boxes[i].y1 : 0;
		int x2 = boxes[i].x2 < image.width ? boxes[i].x2 : image.width;
		int y2 = boxes[i].y2 < image.height ? boxes[i].y2 : image.height;
		for (int y = y1; y < y2 && x1 < x2; y++) {
			uint8_t *row = (uint8_t *)image.data + (size_t)y * (size_t)image.stride +
				(size_t)x1 * (size_t)bpp;
			pw_gamma_span(gamma, row, row, x2 - x1);
		}
	}
}

uint16_t
pw_gamma_resample(const uint16_t *ramp, size_t size, size_t i, size_t n)
{
	if (n == size) {
		return ramp[i];
	}
	uint64_t pos = (uint64_t)i * (size - 1) * 65536 / (n - 1);
	size_t k = (size_t)(pos >> 16);
	uint32_t frac = (uint32_t)(pos & 0xffff);
	if (k + 1 >= size) {
		return ramp[size - 1];
	}
	return (uint16_t)((ramp[k] * (uint64_t)(65536 - frac) + ramp[k + 1] * (uint64_t)frac) >>
		16);
}

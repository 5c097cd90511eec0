/*
 * pixels_rotate.c's loops for ARM in ARM state (ARMv5TE, XScale): inline assembly for the
 * loads and stores only, where GCC's XScale tuning splits multiples into single words; the
 * rest is C. doc/DESIGN.md 4.3 has their counts.
 */
#include "pixels_rotate_arm.h"

#ifdef PW_PIXELS_ARM
#include "pixels_rotate.h"

/* The destination is also written as uint16_t by the C loops around these. */
typedef uint32_t __attribute__((may_alias)) word_t;

/*
 * One half of a band on ARM, two destination rows by eight words a step: eight source words
 * down the column (LDR with the stride added after), four pairs swapped in their registers by
 * the three exclusive ors, two STMIA of four words; fewer instructions than the C loop (GCC
 * keeps four row pointers and stores single words; decision 4.3). Returns the words done.
 */
int
pw_rot_565_turn_arm(uint32_t *lo, uint32_t *hi, const uint8_t *s, long sj, int n)
{
	int steps = n >> 2;
	for (int i = steps; i > 0; i--) {
		__asm__ volatile("ldr r4, [%[s]], %[sj]\n\t"
				 "ldr r8, [%[s]], %[sj]\n\t"
				 "ldr r5, [%[s]], %[sj]\n\t"
				 "ldr r9, [%[s]], %[sj]\n\t"
				 "ldr r6, [%[s]], %[sj]\n\t"
				 "ldr r10, [%[s]], %[sj]\n\t"
				 "ldr r7, [%[s]], %[sj]\n\t"
				 "ldr r12, [%[s]], %[sj]\n\t"
				 "eor r8, r8, r4, lsr #16\n\t"
				 "eor r9, r9, r5, lsr #16\n\t"
				 "eor r10, r10, r6, lsr #16\n\t"
				 "eor r12, r12, r7, lsr #16\n\t"
				 "eor r4, r4, r8, lsl #16\n\t"
				 "eor r5, r5, r9, lsl #16\n\t"
				 "eor r6, r6, r10, lsl #16\n\t"
				 "eor r7, r7, r12, lsl #16\n\t"
				 "eor r8, r8, r4, lsr #16\n\t"
				 "eor r9, r9, r5, lsr #16\n\t"
				 "eor r10, r10, r6, lsr #16\n\t"
				 "eor r12, r12, r7, lsr #16\n\t"
				 "stmia %[lo]!, {r4, r5, r6, r7}\n\t"
				 "stmia %[hi]!, {r8, r9, r10, r12}"
				 : [s] "+r"(s), [lo] "+r"(lo), [hi] "+r"(hi)
				 : [sj] "r"(sj)
				 : "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r12", "memory");
	}
	return steps << 2;
}

/*
 * XRGB8888 to RGB565 by 90 or 270 degrees on ARM, one destination row, four pixels a step:
 * four LDR down the source column with the stride added after, one STMIA of two words; GCC
 * alone adds the stride and stores each word apart. `o` is word-aligned. Returns the pixels.
 */
int
pw_rot_8888_565_turn_arm(uint32_t *o, const uint8_t *s, long sj, int n)
{
	uint32_t m = 0x00f800f8, k = 0x2100;
	PW_PIXELS_KEEP(m);
	PW_PIXELS_KEEP(k);
	int steps = n >> 2;
	/* fixed, or GCC moves the pointer in and out of r4 at every step */
	register uint32_t *d __asm__("r0") = o;
	for (int i = steps; i > 0; i--) {
		register uint32_t a0 __asm__("r4"), a1 __asm__("r5"), a2 __asm__("r6"),
			a3 __asm__("r7");
		__asm__("ldr %[x0], [%[s]], %[sj]\n\t"
			"ldr %[x1], [%[s]], %[sj]\n\t"
			"ldr %[x2], [%[s]], %[sj]\n\t"
			"ldr %[x3], [%[s]], %[sj]"
			:
			[s] "+r"(s), [x0] "=&r"(a0), [x1] "=&r"(a1), [x2] "=&r"(a2), [x3] "=&r"(a3)
			: [sj] "r"(sj)
			: "memory");
		register uint32_t o0 __asm__("r8") = pw_pixels_pair_to565_mul(a0, a1, m, k);
		register uint32_t o1 __asm__("r9") = pw_pixels_pair_to565_mul(a2, a3, m, k);
		__asm__ volatile("stmia %[d]!, {%[y0], %[y1]}"
				 : [d] "+r"(d)
				 : [y0] "r"(o0), [y1] "r"(o1)
				 : "memory");
	}
	return steps << 2;
}

/* Four source words down from w[0] (w[-3] .. w[0], one LDMDA), w then four words lower. */
#define LOAD4_DOWN(w, a0, a1, a2, a3)                                                     \
	__asm__("ldmda %[p]!, {%[x0], %[x1], %[x2], %[x3]}"                               \
		: [p] "+r"(w), [x0] "=r"(a0), [x1] "=r"(a1), [x2] "=r"(a2), [x3] "=r"(a3) \
		: "m"(*(const uint32_t(*)[4])(const void *)((w)-3)))

/*
 * RGB565 by 180 degrees on ARM, sixteen pixels a step: two LDMDA of four words, each word's
 * halves swapped by one rotate, two STMIA, fewer instructions a pixel than the C loop (GCC's
 * XScale tuning splits multiples into single loads and stores; decision 4.3). `w` is the word of
 * the first two output pixels, `o` word-aligned. Returns how many pixels it wrote.
 */
int
pw_rot_565_180_arm(uint32_t *o, const uint32_t *w, int n)
{
	int steps = n >> 4;
	for (int i = steps; i > 0; i--) {
		for (int half = 0; half < 2; half++) {
			register uint32_t a0 __asm__("r4"), a1 __asm__("r5"), a2 __asm__("r6"),
				a3 __asm__("r7");
			LOAD4_DOWN(w, a0, a1, a2, a3);
			register uint32_t o0 __asm__("r8") = a3 >> 16 | a3 << 16;
			register uint32_t o1 __asm__("r9") = a2 >> 16 | a2 << 16;
			register uint32_t o2 __asm__("r10") = a1 >> 16 | a1 << 16;
			register uint32_t o3 __asm__("r12") = a0 >> 16 | a0 << 16;
			__asm__ volatile("stmia %[d]!, {%[y0], %[y1], %[y2], %[y3]}"
					 : [d] "+r"(o), "=m"(*(word_t(*)[4])(void *)o)
					 : [y0] "r"(o0), [y1] "r"(o1), [y2] "r"(o2), [y3] "r"(o3));
		}
	}
	return steps << 4;
}

/* XRGB8888 to RGB565 by 180 degrees on ARM, four pixels a step (one LDMDA, one STMIA). */
int
pw_rot_8888_565_180_arm(uint32_t *o, const uint32_t *w, int n)
{
	uint32_t m = 0x00f800f8, k = 0x2100;
	PW_PIXELS_KEEP(m);
	PW_PIXELS_KEEP(k);
	int steps = n >> 2;
	for (int i = steps; i > 0; i--) {
		register uint32_t a0 __asm__("r4"), a1 __asm__("r5"), a2 __asm__("r6"),
			a3 __asm__("r7");
		LOAD4_DOWN(w, a0, a1, a2, a3);
		register uint32_t o0 __asm__("r8") = pw_pixels_pair_to565_mul(a3, a2, m, k);
		register uint32_t o1 __asm__("r9") = pw_pixels_pair_to565_mul(a1, a0, m, k);
		__asm__ volatile("stmia %[d]!, {%[y0], %[y1]}"
				 : [d] "+r"(o), "=m"(*(word_t(*)[2])(void *)o)
				 : [y0] "r"(o0), [y1] "r"(o1));
	}
	return steps << 2;
}
#endif

/*
 * The ARM loops of pixels_rotate.c (pixels_rotate_arm.c), built where PW_PIXELS_ARM is defined:
 * GCC for ARM in ARM state. Each takes as many whole steps of `n` as it can and returns how
 * many it did; the caller does the rest in C. Destination pointers are word-aligned, and
 * sources are words, as pixels_rotate.c's word loops need them.
 */
#ifndef PW_PIXELS_ROTATE_ARM_H
#define PW_PIXELS_ROTATE_ARM_H

#include <stdint.h>

#if defined(__arm__) && !defined(__thumb__) && defined(__GNUC__)
#define PW_PIXELS_ARM 1

/*
 * RGB565 by 90 or 270 degrees, two destination rows `lo` and `hi` (the low and high halves of
 * each source word) by `n` words: the source words s, s + sj, s + 2 sj, ...; steps of four words.
 * Returns the words written to each row.
 */
int pw_rot_565_turn_arm(uint32_t *lo, uint32_t *hi, const uint8_t *s, long sj, int n);
/* XRGB8888 to RGB565 by 90 or 270 degrees, one row of `n` pixels from s, s + sj, ...; steps of
 * four. Returns the pixels. */
int pw_rot_8888_565_turn_arm(uint32_t *o, const uint8_t *s, long sj, int n);
/* RGB565 by 180 degrees, `n` pixels from the word `w` (the first two output pixels) down;
 * steps of sixteen. Returns the pixels. */
int pw_rot_565_180_arm(uint32_t *o, const uint32_t *w, int n);
/* XRGB8888 to RGB565 by 180 degrees, `n` pixels from `w` down; steps of four. Returns the
 * pixels. */
int pw_rot_8888_565_180_arm(uint32_t *o, const uint32_t *w, int n);
#endif

#endif

/*
 * The rotations of pw_pixels_blit_at (pixels.h) and the pixel conversions they share with
 * pixels.c's rows; private to pixels.c and pixels_rotate.c. Pure: no Wayland.
 */
#ifndef PW_PIXELS_ROTATE_H
#define PW_PIXELS_ROTATE_H

#include <stdint.h>

#include "format.h"

/* XRGB8888 to RGB565, each channel truncated (pixman's SRC). */
static inline uint16_t
pw_pixels_to565(uint32_t p)
{
	return (uint16_t)(((p >> 8) & 0xf800) | ((p >> 5) & 0x07e0) | ((p >> 3) & 0x001f));
}

/* Keeps a masked value as it is, so that the compiler shifts it inside the OR that uses it. */
#define PW_PIXELS_KEEP(v) __asm__("" : "+r"(v))

/*
 * Two pixels into one word of RGB565, the first in the low half (the lower address), with two
 * multiplies: (a & 0xf800f8) * 0x2100 has a's red at bit 27 and its blue at 16 (and again at
 * 11), so that one shift puts both in place for the low half and a BIC for the high half:
 * fewer ARM instructions a pair than an AND and an OR a channel (decision 4.3). `m` and `k` are
 * 0x00f800f8 and 0x2100, kept in registers by the caller (PW_PIXELS_KEEP): GCC would turn a
 * constant multiply into two shifted adds.
 */
static inline uint32_t
pw_pixels_pair_to565_mul(uint32_t a, uint32_t b, uint32_t m, uint32_t k)
{
	uint32_t ag = a & 0xfc00, bg = b & 0xfc00;
	PW_PIXELS_KEEP(ag);
	PW_PIXELS_KEEP(bg);
	uint32_t lo = (a & m) * k;
	uint32_t hi = ((b & m) * k) & ~0xf800u;
	PW_PIXELS_KEEP(hi);
	uint32_t o = lo >> 16;
	o |= ag >> 5;
	o |= hi;
	o |= bg << 11;
	return o;
}

/*
 * Rotates the box of width x height pixels at `src` (rows src_stride bytes apart) clockwise
 * by 90, 180 or 270 degrees into `dst`, which points at the top-left pixel of the rotated
 * box (rows dst_stride bytes apart; the box is height x width for 90 and 270). The pair of
 * formats is one pw_pixels_supported accepts; the buffers do not overlap.
 */
void pw_pixels_rotate(uint8_t *dst, int dst_stride, const uint8_t *src, int src_stride, int width,
	int height, enum pw_format src_format, enum pw_format dst_format, int rotation);

#endif

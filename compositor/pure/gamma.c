/* A gamma ramp as lookup tables in the display's format; see gamma.h. */
#include "gamma.h"

#include <string.h>

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

static void
span_565(const struct pw_gamma *gamma, uint16_t *dst, const uint16_t *src, int n)
{
	const uint32_t *r = gamma->r, *g = gamma->g, *b = gamma->b;
	for (int i = 0; i < n; i++) {
		uint32_t p = src[i];
		dst[i] = (uint16_t)(r[p >> 11] | g[(p >> 5) & 63] | b[p & 31]);
	}
}

static void
span_8888(const struct pw_gamma *gamma, uint32_t *dst, const uint32_t *src, int n)
{
	const uint32_t *r = gamma->r, *g = gamma->g, *b = gamma->b;
	for (int i = 0; i < n; i++) {
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
pw_gamma_apply(const struct pw_gamma *gamma, const struct pw_pixmap *image,
	const pixman_region32_t *region)
{
	if (image->format != gamma->format) {
		return;
	}
	int n, bpp = pw_format_bpp(image->format);
	const pixman_box32_t *boxes = pixman_region32_rectangles(region, &n);
	for (int i = 0; i < n; i++) {
		int x1 = boxes[i].x1 > 0 ? boxes[i].x1 : 0;
		int y1 = boxes[i].y1 > 0 ? boxes[i].y1 : 0;
		int x2 = boxes[i].x2 < image->width ? boxes[i].x2 : image->width;
		int y2 = boxes[i].y2 < image->height ? boxes[i].y2 : image->height;
		for (int y = y1; y < y2 && x1 < x2; y++) {
			uint8_t *row = (uint8_t *)image->data + (size_t)y * (size_t)image->stride +
				(size_t)x1 * (size_t)bpp;
			pw_gamma_span(gamma, row, row, x2 - x1);
		}
	}
}

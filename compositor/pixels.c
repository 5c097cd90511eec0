#include "pixels.h"

#include <string.h>

/* Pixels per side of a tile for the rotations: 32 RGB565 pixels are two XScale cache lines. */
#define TILE 32

static inline uint16_t
to565(uint32_t p)
{
	return (uint16_t)(((p >> 8) & 0xf800) | ((p >> 5) & 0x07e0) | ((p >> 3) & 0x001f));
}

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

/*
 * One routine per (source, destination) pair: walk the box in tiles; within a tile the source
 * is read row by row and the destination written with a fixed step (dx, dy) per source pixel
 * and per source row. For rotation 0 that is plain row order; for 90 and 270 a tile keeps
 * the strided writes inside TILE destination rows.
 */
#define DEFINE_BLIT(name, src_t, dst_t, convert)                                           \
	static void name(uint8_t *dst, int dst_stride, const uint8_t *src, int src_stride,    \
		int width, int height, int step_x, int step_y)                                \
	{                                                                                      \
		/* step_x, step_y: byte offsets in dst for one source pixel / one source row. */ \
		for (int ty = 0; ty < height; ty += TILE) {                                    \
			int th = height - ty < TILE ? height - ty : TILE;                      \
			for (int tx = 0; tx < width; tx += TILE) {                             \
				int tw = width - tx < TILE ? width - tx : TILE;                \
				for (int y = ty; y < ty + th; y++) {                           \
					const src_t *s =                                       \
						(const src_t *)(src + (long)y * src_stride) + tx; \
					uint8_t *d = dst + (long)y * step_y + (long)tx * step_x; \
					for (int x = 0; x < tw; x++) {                         \
						*(dst_t *)d = convert(s[x]);                   \
						d += step_x;                                   \
					}                                                      \
				}                                                              \
			}                                                                      \
		}                                                                              \
	}

#define SAME(p) (p)
DEFINE_BLIT(blit_565_565, uint16_t, uint16_t, SAME)
DEFINE_BLIT(blit_8888_565, uint32_t, uint16_t, to565)
DEFINE_BLIT(blit_8888_8888, uint32_t, uint32_t, SAME)

/* Rotation 0: whole rows, the common case, as memcpy or one tight conversion loop. */
static void
rows_unrotated(uint8_t *dst, int dst_stride, const uint8_t *src, int src_stride, int width,
	int height, enum pw_format sf, enum pw_format df)
{
	if (df == PW_FORMAT_RGB565 && is8888(sf)) {
		for (int y = 0; y < height; y++) {
			const uint32_t *s = (const uint32_t *)(src + (long)y * src_stride);
			uint16_t *d = (uint16_t *)(dst + (long)y * dst_stride);
			for (int x = 0; x < width; x++) {
				d[x] = to565(s[x]);
			}
		}
		return;
	}
	size_t len = (size_t)width * (size_t)pw_format_bpp(df);
	if (len == (size_t)src_stride && src_stride == dst_stride) {
		memcpy(dst, src, len * (size_t)height);
		return;
	}
	for (int y = 0; y < height; y++) {
		memcpy(dst + (long)y * dst_stride, src + (long)y * src_stride, len);
	}
}

bool
pw_pixels_blit_at(const struct pw_pixmap *dst, const struct pw_pixmap *src, int x, int y,
	int width, int height, int dst_x, int dst_y, int frame_width, int frame_height,
	int rotation)
{
	if (!pw_pixels_supported(src->format, dst->format) || width <= 0 || height <= 0) {
		return false;
	}
	int sbpp = pw_format_bpp(src->format), dbpp = pw_format_bpp(dst->format);
	const uint8_t *s = (const uint8_t *)src->data + (long)y * src->stride + (long)x * sbpp;
	/* The frame position of the box's first pixel, and where it lands in dst. */
	int fx = dst_x + x, fy = dst_y + y;
	int ox, oy;	    /* dst pixel of the box's first source pixel */
	int step_x, step_y; /* dst byte steps per source pixel and per source row */
	long pitch = dst->stride;
	switch (((rotation % 360) + 360) % 360) {
	case 0:
		rows_unrotated((uint8_t *)dst->data + (long)fy * pitch + (long)fx * dbpp, dst->stride,
			s, src->stride, width, height, src->format, dst->format);
		return true;
	case 90:
		ox = frame_height - 1 - fy;
		oy = fx;
		step_x = (int)pitch;
		step_y = -dbpp;
		break;
	case 180:
		ox = frame_width - 1 - fx;
		oy = frame_height - 1 - fy;
		step_x = -dbpp;
		step_y = (int)-pitch;
		break;
	case 270:
		ox = fy;
		oy = frame_width - 1 - fx;
		step_x = (int)-pitch;
		step_y = dbpp;
		break;
	default:
		return false;
	}
	uint8_t *d = (uint8_t *)dst->data + (long)oy * pitch + (long)ox * dbpp;
	if (dst->format == PW_FORMAT_RGB565 && src->format == PW_FORMAT_RGB565) {
		blit_565_565(d, dst->stride, s, src->stride, width, height, step_x, step_y);
	} else if (dst->format == PW_FORMAT_RGB565) {
		blit_8888_565(d, dst->stride, s, src->stride, width, height, step_x, step_y);
	} else {
		blit_8888_8888(d, dst->stride, s, src->stride, width, height, step_x, step_y);
	}
	return true;
}

bool
pw_pixels_blit(const struct pw_pixmap *dst, const struct pw_pixmap *src, int x, int y,
	int width, int height, int rotation)
{
	return pw_pixels_blit_at(dst, src, x, y, width, height, 0, 0, src->width, src->height,
		rotation);
}

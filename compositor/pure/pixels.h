/*
 * The hot pixel spans: row copy, XRGB8888/ARGB8888 to RGB565, and rotation by 90, 180 and 270
 * degrees fused with the conversion, tiled so that the strided side stays in the cache.
 * Pure: no Wayland. pixman stays for everything else (blending, fills, scaling); every routine
 * here is tested bit for bit against pixman's result.
 */
#ifndef PW_PIXELS_H
#define PW_PIXELS_H

#include <stdbool.h>
#include <stdint.h>

#include "format.h"

struct pw_pixmap {
	void *data;
	int width, height;
	int stride; /* bytes */
	enum pw_format format;
};

/*
 * Whether pw_pixels_blit handles `src` into `dst`: RGB565 to RGB565, XRGB8888 or ARGB8888
 * to XRGB8888 (alpha dropped, as for an opaque surface) or to RGB565.
 */
bool pw_pixels_supported(enum pw_format src, enum pw_format dst);

/*
 * Copies the box (x, y, width, height) of `src` into `dst`, converting the format and
 * rotating by `rotation` degrees clockwise (0, 90, 180, 270) around the whole image: for 90,
 * src pixel (x, y) lands on dst pixel (src->height - 1 - y, x), so dst is src->height wide.
 * The conversion to RGB565 truncates each channel (as pixman's SRC does). Alpha is ignored.
 * The box must lie inside `src`; `dst` must be large enough. Returns false (and writes
 * nothing) for a pair pw_pixels_supported rejects.
 */
bool pw_pixels_blit(const struct pw_pixmap *dst, const struct pw_pixmap *src, int x, int y,
	int width, int height, int rotation);

/*
 * Like pw_pixels_blit, but `src` sits at (dst_x, dst_y) of an unrotated frame of
 * frame_width x frame_height that is rotated as a whole (for 90: frame pixel (fx, fy) lands
 * on dst pixel (frame_height - 1 - fy, fx)): used when the source covers only part of the
 * output. The box must lie inside both `src` and, once placed, the frame.
 */
bool pw_pixels_blit_at(const struct pw_pixmap *dst, const struct pw_pixmap *src, int x, int y,
	int width, int height, int dst_x, int dst_y, int frame_width, int frame_height,
	int rotation);

/*
 * Fills the box (x, y, width, height) of `dst` (RGB565 or XRGB8888; the box inside it) with
 * the colour 0xRRGGBB, as pixman's SRC fill with an opaque colour: RGB565 truncates each
 * channel, XRGB8888 sets the x byte to 0xff. Returns false for another format. The borders
 * and gaps between tiles are narrow columns, where pixman pays a call per row.
 */
bool pw_pixels_fill(const struct pw_pixmap *dst, int x, int y, int width, int height, uint32_t rgb);

#endif

/*
 * Pixel work of the platform layer: where the game's frame goes in the buffer, format
 * conversion, scaling by sampling, and which rows changed. Pure: no Wayland.
 *
 * The game's frame is XRGB8888 (0x00RRGGBB), fw x fh. The buffer is bw x bh, in RGB565 or
 * XRGB8888. The frame is scaled by the largest integer factor that fits and centred; when even
 * factor 1 does not fit (320x200 into a 238x158 tile) it is scaled down, keeping its aspect, by
 * nearest-neighbour sampling: buffer column x shows frame column x * fw / dw, and so for rows.
 * The rest of the buffer stays black.
 */
#ifndef DG_PIXELS_H
#define DG_PIXELS_H

#include <stdbool.h>
#include <stdint.h>

struct dg_fit {
	int bw, bh; /* the buffer */
	int dx, dy; /* the frame's top-left in the buffer */
	int dw, dh; /* the frame's size in the buffer */
	int k; /* integer factor >= 1, or 0 when scaled down */
};

/* Where a fw x fh frame goes in a bw x bh buffer (all > 0). */
void dg_fit_compute(struct dg_fit *fit, int fw, int fh, int bw, int bh);

/*
 * The sampling tables: cmap[x] (x < dw) is the frame column shown in buffer column dx + x,
 * rmap[y] (y < dh) the frame row shown in buffer row dy + y.
 */
void dg_fit_maps(const struct dg_fit *fit, int fw, int fh, uint16_t *cmap, uint16_t *rmap);

static inline uint16_t
dg_xrgb_to_rgb565(uint32_t p)
{
	return (uint16_t)(((p >> 8) & 0xf800) | ((p >> 5) & 0x07e0) | ((p >> 3) & 0x001f));
}

/* n pixels, XRGB8888 to RGB565, no scaling. */
void dg_convert_row_565(uint16_t *dst, const uint32_t *src, int n);

/* dw pixels sampled through cmap: XRGB8888 to RGB565, to XRGB8888, RGB565 to RGB565. */
void dg_sample_row_8888_565(uint16_t *dst, const uint32_t *src, const uint16_t *cmap, int dw);
void dg_sample_row_8888(uint32_t *dst, const uint32_t *src, const uint16_t *cmap, int dw);
void dg_sample_row_565(uint16_t *dst, const uint16_t *src, const uint16_t *cmap, int dw);

/*
 * A buffer drawn in the display's orientation: the w x h surface turned by wl_output transform
 * t (0 to 3; 90 and 270 swap the buffer's sides), so that the compositor presents it as it is
 * (wl_surface.set_buffer_transform). dg_turn_point gives the buffer pixel of surface pixel
 * (x, y), dg_turn_step the buffer's step, in pixels, bytes or rows as the caller counts them,
 * from surface pixel x to x + 1 (`pixel` one pixel, `row` one buffer row), dg_turn_box the
 * buffer box {x, y, w, h} of a surface box, in place.
 */
void dg_turn_point(int t, int w, int h, int x, int y, int *bx, int *by);
long dg_turn_step(int t, long pixel, long row);
void dg_turn_box(int t, int w, int h, int box[4]);

/*
 * n pixels stepping `step` bytes in dst (a turned row): XRGB8888 to RGB565, XRGB8888 and
 * RGB565 as they are, sampled through cmap (NULL: the first n pixels of src).
 */
void dg_put_8888_565(uint8_t *dst, long step, const uint32_t *src, const uint16_t *cmap, int n);
void dg_put_8888(uint8_t *dst, long step, const uint32_t *src, const uint16_t *cmap, int n);
void dg_put_565(uint8_t *dst, long step, const uint16_t *src, const uint16_t *cmap, int n);

/* True when cmap is the identity over dw pixels (factor 1): rows can be copied. */
bool dg_map_is_identity(const uint16_t *map, int n);

/*
 * Compares the frame cur with prev row by row (w x h pixels). Each row that differs is copied
 * into prev and its row_seq entry set to seq. Returns the number of changed rows.
 */
int dg_rows_diff(const uint32_t *cur, uint32_t *prev, int w, int h, uint32_t *row_seq,
	uint32_t seq);

#endif

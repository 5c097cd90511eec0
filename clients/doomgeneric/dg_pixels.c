#include "dg_pixels.h"

#include <string.h>

void
dg_fit_compute(struct dg_fit *fit, int fw, int fh, int bw, int bh)
{
	int dw, dh, k = 0;

	if (fw <= bw && fh <= bh) {
		k = bw / fw < bh / fh ? bw / fw : bh / fh;
		dw = fw * k;
		dh = fh * k;
	} else if ((long)bw * fh <= (long)bh * fw) {
		/* width limits: the frame fills the buffer's width */
		dw = bw;
		dh = (int)((long)fh * bw / fw);
	} else {
		dh = bh;
		dw = (int)((long)fw * bh / fh);
	}
	if (dw < 1) {
		dw = 1;
	}
	if (dh < 1) {
		dh = 1;
	}
	*fit = (struct dg_fit){
		.bw = bw,
		.bh = bh,
		.dx = (bw - dw) / 2,
		.dy = (bh - dh) / 2,
		.dw = dw,
		.dh = dh,
		.k = k,
	};
}

void
dg_fit_maps(const struct dg_fit *fit, int fw, int fh, uint16_t *cmap, uint16_t *rmap)
{
	for (int x = 0; x < fit->dw; x++) {
		cmap[x] = (uint16_t)((long)x * fw / fit->dw);
	}
	for (int y = 0; y < fit->dh; y++) {
		rmap[y] = (uint16_t)((long)y * fh / fit->dh);
	}
}

void
dg_convert_row_565(uint16_t *dst, const uint32_t *src, int n)
{
	for (int x = 0; x < n; x++) {
		dst[x] = dg_xrgb_to_rgb565(src[x]);
	}
}

void
dg_sample_row_8888_565(uint16_t *dst, const uint32_t *src, const uint16_t *cmap, int dw)
{
	for (int x = 0; x < dw; x++) {
		dst[x] = dg_xrgb_to_rgb565(src[cmap[x]]);
	}
}

void
dg_sample_row_8888(uint32_t *dst, const uint32_t *src, const uint16_t *cmap, int dw)
{
	for (int x = 0; x < dw; x++) {
		dst[x] = src[cmap[x]];
	}
}

void
dg_sample_row_565(uint16_t *dst, const uint16_t *src, const uint16_t *cmap, int dw)
{
	for (int x = 0; x < dw; x++) {
		dst[x] = src[cmap[x]];
	}
}

void
dg_turn_point(int t, int w, int h, int x, int y, int *bx, int *by)
{
	switch (t) {
	case 1: /* 90: the surface's left column is the buffer's bottom row */
		*bx = y;
		*by = w - 1 - x;
		break;
	case 2:
		*bx = w - 1 - x;
		*by = h - 1 - y;
		break;
	case 3: /* 270: the surface's left column is the buffer's top row, reversed */
		*bx = h - 1 - y;
		*by = x;
		break;
	default:
		*bx = x;
		*by = y;
		break;
	}
}

long
dg_turn_step(int t, long pixel, long row)
{
	static const int sign[4][2] = {{1, 0}, {0, -1}, {-1, 0}, {0, 1}};
	return sign[t & 3][0] * pixel + sign[t & 3][1] * row;
}

void
dg_turn_box(int t, int w, int h, int box[4])
{
	int x = box[0], y = box[1], bw = box[2], bh = box[3];
	switch (t) {
	case 1:
		box[0] = y, box[1] = w - x - bw, box[2] = bh, box[3] = bw;
		break;
	case 2:
		box[0] = w - x - bw, box[1] = h - y - bh;
		break;
	case 3:
		box[0] = h - y - bh, box[1] = x, box[2] = bh, box[3] = bw;
		break;
	}
}

void
dg_put_8888_565(uint8_t *dst, long step, const uint32_t *src, const uint16_t *cmap, int n)
{
	for (int x = 0; x < n; x++, dst += step) {
		*(uint16_t *)dst = dg_xrgb_to_rgb565(src[cmap ? cmap[x] : x]);
	}
}

void
dg_put_8888(uint8_t *dst, long step, const uint32_t *src, const uint16_t *cmap, int n)
{
	for (int x = 0; x < n; x++, dst += step) {
		*(uint32_t *)dst = src[cmap ? cmap[x] : x];
	}
}

void
dg_put_565(uint8_t *dst, long step, const uint16_t *src, const uint16_t *cmap, int n)
{
	for (int x = 0; x < n; x++, dst += step) {
		*(uint16_t *)dst = src[cmap ? cmap[x] : x];
	}
}

bool
dg_map_is_identity(const uint16_t *map, int n)
{
	for (int i = 0; i < n; i++) {
		if (map[i] != i) {
			return false;
		}
	}
	return true;
}

int
dg_rows_diff(const uint32_t *cur, uint32_t *prev, int w, int h, uint32_t *row_seq, uint32_t seq)
{
	size_t bytes = (size_t)w * sizeof(*cur);
	int changed = 0;

	for (int y = 0; y < h; y++) {
		const uint32_t *c = cur + (size_t)y * w;
		uint32_t *p = prev + (size_t)y * w;
		if (memcmp(c, p, bytes) != 0) {
			memcpy(p, c, bytes);
			row_seq[y] = seq;
			changed++;
		}
	}
	return changed;
}

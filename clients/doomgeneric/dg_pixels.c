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

/* picowl-load's damage patterns: which box a frame damages, and what it paints there. */
#include "pattern.h"

void
load_damage_box(const struct load *load, int *x, int *y, int *w, int *h)
{
	const struct options *opt = &load->opt;
	int bw = load->width, bh = load->height;
	*w = bw;
	*h = bh;
	switch (opt->damage) {
	case DAMAGE_ROWS:
		*w = bw;
		*h = opt->damage_h < bh ? opt->damage_h : bh;
		break;
	case DAMAGE_RECT:
		*w = opt->damage_w < bw ? opt->damage_w : bw;
		*h = opt->damage_h < bh ? opt->damage_h : bh;
		break;
	case DAMAGE_FULL:
	case DAMAGE_NONE:
		break;
	}
	*x = (bw - *w) / 2;
	*y = (bh - *h) / 2;
}

static inline uint32_t
pack(const struct options *opt, uint32_t r, uint32_t g, uint32_t b)
{
	if (opt->bpp == 2) {
		return ((r & 0xf8) << 8) | ((g & 0xfc) << 3) | (b >> 3);
	}
	return 0xff000000u | (r << 16) | (g << 8) | b;
}

void
load_paint(const struct load *load, struct load_buffer *buf, int x0, int y0, int w, int h,
	long frame)
{
	const struct options *opt = &load->opt;
	for (int y = y0; y < y0 + h; y++) {
		uint8_t *row = (uint8_t *)buf->shm.data + (size_t)y * (size_t)buf->shm.stride;
		for (int x = x0; x < x0 + w; x++) {
			uint32_t p;
			if (frame < 0) {
				uint32_t v = ((x >> 4) ^ (y >> 4)) & 1 ? 0x50 : 0x30;
				p = pack(opt, v, v, v + 0x20);
			} else {
				uint32_t f = (uint32_t)frame;
				p = pack(opt, (uint32_t)(x + 3 * f) & 0xff,
					(uint32_t)(y + 5 * f) & 0xff, (f * 7) & 0xff);
			}
			if (opt->bpp == 2) {
				((uint16_t *)row)[x] = (uint16_t)p;
			} else {
				((uint32_t *)row)[x] = p;
			}
		}
	}
}

#include "scale.h"

#include <stdlib.h>

int32_t
pw_scale_fit(int box_w, int box_h, int w, int h)
{
	if (w <= 0 || h <= 0 || (w <= box_w && h <= box_h)) {
		return PW_SCALE_ONE;
	}
	int64_t bw = box_w > 0 ? box_w : 0, bh = box_h > 0 ? box_h : 0;
	int64_t sx = bw * PW_SCALE_ONE / w, sy = bh * PW_SCALE_ONE / h;
	int64_t s = sx < sy ? sx : sy;
	if (s > PW_SCALE_ONE) {
		s = PW_SCALE_ONE;
	}
	return s < PW_SCALE_MIN ? PW_SCALE_MIN : (int32_t)s;
}

void
pw_scale_region(pixman_region32_t *region, int32_t s)
{
	if (s == PW_SCALE_ONE || !pixman_region32_not_empty(region)) {
		return;
	}
	int n;
	const pixman_box32_t *in = pixman_region32_rectangles(region, &n);
	pixman_box32_t one, *out = n == 1 ? &one : malloc(sizeof(*out) * (size_t)n);
	if (!out) {
		/* Out of memory: the extents, which are more. */
		one = *pixman_region32_extents(region);
		in = &one;
		n = 1;
		out = &one;
	}
	for (int i = 0; i < n; i++) {
		out[i] = (pixman_box32_t){pw_scale_floor(in[i].x1, s), pw_scale_floor(in[i].y1, s),
			pw_scale_ceil(in[i].x2, s), pw_scale_ceil(in[i].y2, s)};
	}
	pixman_region32_t scaled;
	pixman_region32_init_rects(&scaled, out, n);
	if (out != &one) {
		free(out);
	}
	pixman_region32_fini(region);
	*region = scaled;
}

/* Moving damaged rows to the display; see copy.h. */
#include "copy.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

void
pw_copy_init(struct pw_copy *copy, enum pw_copy_engine wanted, int threshold, bool kernel_ok,
	const char *device)
{
	copy->engine = wanted;
	copy->threshold = threshold;
	if (wanted == PW_COPY_DMA) {
		fprintf(stderr,
			"picowl: copy: %s has no DMA copy engine user space can drive; "
			"copying with the cpu\n",
			device);
		copy->engine = kernel_ok ? PW_COPY_KERNEL : PW_COPY_CPU;
	} else if (wanted == PW_COPY_KERNEL && !kernel_ok) {
		fprintf(stderr,
			"picowl: copy: %s takes no damage rectangles; copying with the cpu\n",
			device);
		copy->engine = PW_COPY_CPU;
	}
}

int
pw_copy_damaged_rows(const pixman_region32_t *damage)
{
	int n, rows = 0, last = -1;
	const pixman_box32_t *boxes = pixman_region32_rectangles(damage, &n);
	/* pixman keeps boxes sorted by y1, so bands never overlap a row counted before `last`. */
	for (int i = 0; i < n; i++) {
		int y1 = boxes[i].y1 > last ? boxes[i].y1 : last;
		if (boxes[i].y2 > y1) {
			rows += boxes[i].y2 - y1;
			last = boxes[i].y2;
		}
	}
	return rows;
}

void
pw_copy_rows(uint8_t *dst, int dst_stride, const uint8_t *src, int src_stride, int bpp,
	const pixman_region32_t *damage, struct pw_present_stats *stats)
{
	int n;
	const pixman_box32_t *boxes = pixman_region32_rectangles(damage, &n);
	clock_gettime(CLOCK_MONOTONIC, &stats->copy_start);
	for (int i = 0; i < n; i++) {
		const pixman_box32_t *b = &boxes[i];
		size_t len = (size_t)(b->x2 - b->x1) * (size_t)bpp;
		uint8_t *d = dst + (size_t)b->y1 * (size_t)dst_stride + (size_t)b->x1 * (size_t)bpp;
		const uint8_t *s =
			src + (size_t)b->y1 * (size_t)src_stride + (size_t)b->x1 * (size_t)bpp;
		for (int y = b->y1; y < b->y2; y++) {
			memcpy(d, s, len);
			d += dst_stride;
			s += src_stride;
		}
		stats->bytes += len * (size_t)(b->y2 - b->y1);
	}
	clock_gettime(CLOCK_MONOTONIC, &stats->copy_end);
}

void
pw_copy_convert(pixman_image_t *dst, pixman_image_t *src, const pixman_region32_t *damage,
	struct pw_present_stats *stats)
{
	int n;
	const pixman_box32_t *boxes = pixman_region32_rectangles(damage, &n);
	int bpp = PIXMAN_FORMAT_BPP(pixman_image_get_format(dst)) / 8;
	clock_gettime(CLOCK_MONOTONIC, &stats->copy_start);
	for (int i = 0; i < n; i++) {
		const pixman_box32_t *b = &boxes[i];
		pixman_image_composite32(PIXMAN_OP_SRC, src, NULL, dst, b->x1, b->y1, 0, 0, b->x1,
			b->y1, b->x2 - b->x1, b->y2 - b->y1);
		stats->bytes += (size_t)(b->x2 - b->x1) * (size_t)(b->y2 - b->y1) * (size_t)bpp;
	}
	clock_gettime(CLOCK_MONOTONIC, &stats->copy_end);
}

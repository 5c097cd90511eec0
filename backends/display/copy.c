/* Moving damaged rows to the display; see copy.h. */
#include "copy.h"
#include "log.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

void
pw_copy_init(struct pw_copy *copy, enum pw_copy_engine wanted, int threshold, bool kernel_ok,
	const char *device)
{
	*copy = (struct pw_copy){.engine = wanted, .threshold = threshold, .dma_fd = -1};
	if (wanted == PW_COPY_AUTO) {
		copy->engine = kernel_ok ? PW_COPY_KERNEL : PW_COPY_CPU;
	} else if (wanted == PW_COPY_CPU && kernel_ok) {
		/* the cpu writes the driver's buffer, but only the kernel reaches the display */
		pw_log_warning("copy: %s shows a buffer the kernel uploads: the kernel moves the "
			       "rows (--copy cpu cannot)\n",
			device);
		copy->engine = PW_COPY_KERNEL;
	} else if (wanted == PW_COPY_DMA) {
		pw_log_warning("copy: %s has no DMA copy engine user space can drive; "
			       "copying with the cpu\n",
			device);
		copy->engine = kernel_ok ? PW_COPY_KERNEL : PW_COPY_CPU;
	} else if (wanted == PW_COPY_KERNEL && !kernel_ok) {
		pw_log_warning("copy: %s takes no damage rectangles; copying with the cpu\n",
			device);
		copy->engine = PW_COPY_CPU;
	}
}

void
pw_copy_init_fbdev(struct pw_copy *copy, enum pw_copy_engine wanted, int threshold, int fb_fd,
	size_t len, bool shadow_ok, const char *device)
{
	if (wanted != PW_COPY_DMA) {
		pw_copy_init(copy, wanted == PW_COPY_AUTO ? PW_COPY_CPU : wanted, threshold, false,
			device);
		return;
	}
	*copy = (struct pw_copy){.engine = PW_COPY_CPU, .threshold = threshold, .dma_fd = -1};
	char why[200] = "";
	if (!shadow_ok) {
		snprintf(why, sizeof(why),
			"DMA copies only on the shadow path without a format conversion");
	} else if ((copy->dma_fd = open(PICOWL_DMA_DEVICE, O_RDWR | O_CLOEXEC)) < 0) {
		snprintf(why, sizeof(why), "%s: %s (the module backends/kernel/picowl_dma.ko)",
			PICOWL_DMA_DEVICE, strerror(errno));
	} else if (ioctl(copy->dma_fd, PICOWL_DMA_SETUP,
			   &(struct picowl_dma_setup){.fb_fd = fb_fd, .size = (uint32_t)len}) < 0) {
		snprintf(why, sizeof(why), "PICOWL_DMA_SETUP: %s", strerror(errno));
	} else if ((copy->dma_map = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED,
			    copy->dma_fd, 0)) == MAP_FAILED) {
		copy->dma_map = NULL;
		snprintf(why, sizeof(why), "mmap %s: %s", PICOWL_DMA_DEVICE, strerror(errno));
	} else if (!(copy->bands = calloc(PICOWL_DMA_MAX_BANDS, sizeof(*copy->bands)))) {
		snprintf(why, sizeof(why), "out of memory");
	}
	if (why[0]) {
		pw_log_warning("copy: %s: no DMA copy engine (%s): copying with the cpu\n", device,
			why);
		pw_copy_finish(copy);
		return;
	}
	copy->dma_len = len;
	copy->engine = PW_COPY_DMA;
	pw_log_info("copy: %s: DMA through %s into a %zu byte shadow; bands under %d pixels "
		    "by cpu\n",
		device, PICOWL_DMA_DEVICE, len, threshold);
}

void
pw_copy_finish(struct pw_copy *copy)
{
	if (copy->dma_map) {
		munmap(copy->dma_map, copy->dma_len);
		copy->dma_map = NULL;
	}
	if (copy->dma_fd >= 0) {
		close(copy->dma_fd);
		copy->dma_fd = -1;
	}
	free(copy->bands);
	copy->bands = NULL;
}

void
pw_copy_dma(struct pw_copy *copy, uint8_t *dst, int stride, int width,
	const pixman_region32_t *damage, struct pw_present_stats *stats)
{
	int n, count = 0;
	size_t cpu_bytes = 0, dma_bytes = 0;
	const pixman_box32_t *boxes = pixman_region32_rectangles(damage, &n);
	clock_gettime(CLOCK_MONOTONIC, &stats->copy_start);
	/* Whole rows, the boxes' rows merged into bands: the shadow holds the whole frame. */
	for (int i = 0; i < n;) {
		int y1 = boxes[i].y1, y2 = boxes[i].y2;
		for (i++; i < n && boxes[i].y1 <= y2; i++) {
			y2 = boxes[i].y2 > y2 ? boxes[i].y2 : y2;
		}
		size_t off = (size_t)y1 * (size_t)stride, len = (size_t)(y2 - y1) * (size_t)stride;
		if (copy->engine != PW_COPY_DMA || (int64_t)(y2 - y1) * width < copy->threshold ||
			count == PICOWL_DMA_MAX_BANDS) {
			memcpy(dst + off, copy->dma_map + off, len);
			cpu_bytes += len;
		} else {
			copy->bands[count++] =
				(struct picowl_dma_band){(uint32_t)off, (uint32_t)len};
		}
	}
	if (count) {
		struct picowl_dma_copy c = {.bands = (uint64_t)(uintptr_t)copy->bands,
			.count = (uint32_t)count};
		if (ioctl(copy->dma_fd, PICOWL_DMA_COPY, &c) == 0) {
			dma_bytes = (size_t)c.bytes;
		} else {
			pw_log_warning("copy: PICOWL_DMA_COPY: %s: copying with the cpu from now "
				       "on\n",
				strerror(errno));
			copy->engine = PW_COPY_CPU;
			for (int i = 0; i < count; i++) {
				memcpy(dst + copy->bands[i].offset,
					copy->dma_map + copy->bands[i].offset,
					copy->bands[i].length);
				cpu_bytes += copy->bands[i].length;
			}
		}
	}
	stats->bytes += cpu_bytes + dma_bytes;
	stats->engine = dma_bytes && dma_bytes >= cpu_bytes ? PW_COPY_DMA : PW_COPY_CPU;
	clock_gettime(CLOCK_MONOTONIC, &stats->copy_end);
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

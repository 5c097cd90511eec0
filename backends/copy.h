/*
 * The copy engine: what moves the damaged rows of a frame to the display.
 *   cpu:    picowl copies the rows (memcpy, or a pixman conversion into the display's format);
 *   kernel: the kernel is given the rows (DRM FB_DAMAGE_CLIPS or DIRTYFB) and moves them;
 *   dma:    a device's own DMA copy. None of the drivers picowl knows (fbdev, bochs,
 *           virtio-gpu, pxafb) exposes one to user space, so dma falls back to cpu, said once.
 */
#ifndef PW_COPY_H
#define PW_COPY_H

#include <pixman.h>
#include <stdbool.h>
#include <stdint.h>

#include "backend.h"

struct pw_copy {
	enum pw_copy_engine engine; /* resolved: what this device really has */
	int threshold; /* bands under this many pixels go by cpu */
};

/*
 * Resolves the engine asked for against the device: `kernel_ok` when the driver takes damage
 * rectangles. Says on stderr, naming `device`, when the engine asked for is not there.
 */
void pw_copy_init(struct pw_copy *copy, enum pw_copy_engine wanted, int threshold, bool kernel_ok,
	const char *device);

/* The number of distinct rows `damage` touches. */
int pw_copy_damaged_rows(const pixman_region32_t *damage);

/*
 * Copies each damaged box from `src` to `dst` (same size and format, `bpp` bytes a pixel),
 * writing `dst` only, row by row. Adds to stats->bytes and sets copy_start/copy_end.
 */
void pw_copy_rows(uint8_t *dst, int dst_stride, const uint8_t *src, int src_stride, int bpp,
	const pixman_region32_t *damage, struct pw_present_stats *stats);

/* The same, converting into `dst`'s format (pixman SRC: `dst` is never read). */
void pw_copy_convert(pixman_image_t *dst, pixman_image_t *src, const pixman_region32_t *damage,
	struct pw_present_stats *stats);

#endif

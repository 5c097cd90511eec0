/*
 * The copy engine: what moves the damaged rows of a frame to the display.
 *   cpu:    picowl copies the rows (memcpy, or a pixman conversion into the display's format);
 *   kernel: the kernel is given the rows (DRM FB_DAMAGE_CLIPS or DIRTYFB) and moves them;
 *   dma:    a DMA controller copies: picowl's own module (backends/kernel, /dev/picowl-dma)
 *           gives fbdev a DMA-coherent shadow to compose into and copies its row bands into
 *           the framebuffer through a dmaengine memcpy channel. Without it (or on DRM) dma
 *           falls back to cpu, said once with the reason.
 */
#ifndef PW_COPY_H
#define PW_COPY_H

#include <pixman.h>
#include <stdbool.h>
#include <stdint.h>

#include "backend.h"
#include "picowl_dma.h"

struct pw_copy {
	enum pw_copy_engine engine; /* resolved: what this device really has */
	int threshold; /* bands under this many pixels go by cpu */
	/* dma: /dev/picowl-dma, its shadow mapped (the framebuffer's stride), or -1 and NULL */
	int dma_fd;
	uint8_t *dma_map;
	size_t dma_len;
	struct picowl_dma_band *bands; /* PICOWL_DMA_MAX_BANDS */
};

/*
 * Resolves the engine asked for against the device: `kernel_ok` when the driver takes damage
 * rectangles. Says on stderr, naming `device`, when the engine asked for is not there.
 */
void pw_copy_init(struct pw_copy *copy, enum pw_copy_engine wanted, int threshold, bool kernel_ok,
	const char *device);

/*
 * fbdev: as pw_copy_init, but `--copy dma` opens /dev/picowl-dma for the framebuffer `fb_fd`
 * and maps a shadow of `len` bytes (dma_map) when `shadow_ok` (the shadow path, no format
 * conversion); else, or when the module is not there, says why once and copies with the cpu.
 */
void pw_copy_init_fbdev(struct pw_copy *copy, enum pw_copy_engine wanted, int threshold, int fb_fd,
	size_t len, bool shadow_ok, const char *device);

/* Unmaps and closes what pw_copy_init_fbdev opened. */
void pw_copy_finish(struct pw_copy *copy);

/*
 * dma: copies the damaged rows, whole rows of `stride` bytes a band, from copy->dma_map to
 * `dst` (the framebuffer, same stride): bands of at least copy->threshold pixels (`width` a
 * row) through the module, the rest with memcpy. stats->engine is the one that moved most
 * bytes. A failed DMA copy is said once and the engine falls back to cpu for good.
 */
void pw_copy_dma(struct pw_copy *copy, uint8_t *dst, int stride, int width,
	const pixman_region32_t *damage, struct pw_present_stats *stats);

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

/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * picowl_dma: the interface of /dev/picowl-dma (backends/kernel/picowl_dma.c), for picowl and the
 * module alike.
 *
 *   PICOWL_DMA_SETUP  names the framebuffer (an fd of /dev/fbN) and the size of the shadow; the
 *                     module allocates the shadow (DMA-coherent, write-combined), which mmap at
 *                     offset 0 then maps.
 *   PICOWL_DMA_COPY   copies `count` bands, each `length` bytes at `offset` in the shadow to the
 *                     same offset in the framebuffer, through a dmaengine memcpy channel, and
 *                     returns when the last one is done (or fails: ETIMEDOUT, EIO). `bytes`
 *                     gets what was moved.
 *   PICOWL_DMA_STATS  the module's counters since it was loaded (also in
 *                     /sys/class/misc/picowl-dma/{bytes,transfers,copies}).
 */
#ifndef PICOWL_DMA_H
#define PICOWL_DMA_H

#include <linux/ioctl.h>
#include <linux/types.h>

#define PICOWL_DMA_DEVICE "/dev/picowl-dma"
#define PICOWL_DMA_MAX_BANDS 1024

struct picowl_dma_setup {
	__s32 fb_fd;
	__u32 size; /* bytes of shadow, at most the framebuffer's smem_len */
};

struct picowl_dma_band {
	__u32 offset, length;
};

struct picowl_dma_copy {
	__u64 bands; /* user pointer to `count` struct picowl_dma_band */
	__u32 count;
	__u32 pad;
	__u64 bytes; /* out */
};

struct picowl_dma_stats {
	__u64 bytes; /* moved by the DMA controller */
	__u64 transfers; /* dmaengine transactions submitted */
	__u64 copies; /* PICOWL_DMA_COPY calls that succeeded */
	__u64 ns; /* time spent in PICOWL_DMA_COPY, submit to completion */
};

#define PICOWL_DMA_SETUP _IOW('P', 1, struct picowl_dma_setup)
#define PICOWL_DMA_COPY _IOWR('P', 2, struct picowl_dma_copy)
#define PICOWL_DMA_STATS _IOR('P', 3, struct picowl_dma_stats)

#endif

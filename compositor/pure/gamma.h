/*
 * A gamma ramp as tables in the display's own format (4.85): for RGB565 three tables of 32, 64
 * and 32 entries, for XRGB8888 three of 256, each entry the channel's new value already in its
 * place in the pixel, so applying the ramp is three lookups and two ORs a pixel. Pure: no
 * Wayland.
 */
#ifndef PW_GAMMA_H
#define PW_GAMMA_H

#include <pixman.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "format.h"
#include "pixels.h"

/* x86: red and green in one table of 2,048 (8 KiB), two gathers a pixel where three were (4.86). */
#if defined(__x86_64__) && defined(__GNUC__)
#define PW_GAMMA_RG 1
#endif

struct pw_gamma {
	enum pw_format format; /* the display format the tables are for */
	uint32_t r[256], g[256], b[256];
	/* RGB565: each channel's new level alone, a byte (the ARM loop's tables) */
	uint8_t level_r[64], level_g[64], level_b[64];
#ifdef PW_GAMMA_RG
	uint32_t rg[2048]; /* RGB565: index the pixel's top eleven bits, red and green in place */
#endif
};

/*
 * Fills `gamma` for `format` from a ramp of `size` entries a channel (the protocol's layout:
 * `size` red values, then green, then blue, 0..65535). False for a size under 2 or a format
 * the tables do not cover (ARGB8888 is no display format).
 */
bool pw_gamma_build(struct pw_gamma *gamma, enum pw_format format, const uint16_t *ramp,
	size_t size);

/* Applies the tables in place to the boxes of `region` (clipped to `image`). */
void pw_gamma_apply(const struct pw_gamma *gamma, struct pw_pixmap image,
	const pixman_region32_t *region);

/*
 * The same for one run of `n` pixels, `src` to `dst` (may be the same memory): for a copy that
 * tints as it goes, and the benchmark.
 */
void pw_gamma_span(const struct pw_gamma *gamma, void *dst, const void *src, int n);

/*
 * One channel of a ramp of `size` entries resampled to `n` (2 or more): its entry `i`, linearly
 * between the two nearest of `ramp`. For a display table of another size than the client's
 * (4.102).
 */
uint16_t pw_gamma_resample(const uint16_t *ramp, size_t size, size_t i, size_t n);

#endif

/* Night light: a gamma control's ramp applied to what a frame drew (4.85). */
#ifndef PW_OUTPUT_TINT_H
#define PW_OUTPUT_TINT_H

#include <pixman.h>

#include "counters.h"

struct pw_output;

/*
 * When the output has a ramp, passes exactly what `draw` wrote into `image` this frame through
 * it: `exact` for a composition in rows or rects mode at rotation 0, `rows` for every other
 * path. The rest of the image holds pixels tinted before (a new ramp, and its removal, damage
 * the whole output). Nothing without a ramp or for a frame that drew nothing.
 */
void pw_output_tint(struct pw_output *output, pixman_image_t *image, enum pw_path path,
	const pixman_region32_t *exact, const pixman_region32_t *rows);

#endif

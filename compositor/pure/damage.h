/* Output damage as full-width row bands, rectangles or the whole output, or the cheaper of
 * bands and rectangles per frame. Pure: no Wayland. */
#ifndef PW_DAMAGE_H
#define PW_DAMAGE_H

#include <pixman.h>
#include <stdbool.h>

enum pw_damage_mode {
	PW_DAMAGE_ROWS,
	PW_DAMAGE_RECTS,
	PW_DAMAGE_FULL,
	PW_DAMAGE_AUTO,
};

/*
 * What starting one more span of a copy costs, in pixels moved (a memcpy call and the loop
 * around it, against the handheld's bus time a byte into display memory): small, so the bytes
 * decide (decision 4.5 has the figures).
 */
#define PW_DAMAGE_SEGMENT_PX 2

bool pw_damage_mode_parse(const char *name, enum pw_damage_mode *out);
const char *pw_damage_mode_name(enum pw_damage_mode mode);

/*
 * Expands `damage` (clipped to 0,0,width,height) into `out` by the mode: ROWS: every row
 * that holds any damage becomes a full-width band (adjacent rows merge); RECTS: the damage
 * as it is, clipped; FULL: the whole output if anything is damaged, else empty; AUTO: ROWS
 * or RECTS, whichever moves fewer pixels counting PW_DAMAGE_SEGMENT_PX for each contiguous
 * span (a band of full rows is one, a rectangle one per row), ROWS on a tie: row-shaped damage
 * goes as bands, column-shaped (a client's rows on a rotated output) as rectangles.
 * `out` must be initialised; `damage` and `out` may be the same region.
 */
void pw_damage_expand(enum pw_damage_mode mode, const pixman_region32_t *damage, int width,
	int height, pixman_region32_t *out);

/* Rows covered by `region` (the number of distinct y in it). */
int pw_damage_rows(const pixman_region32_t *region);

/*
 * Maps a region in a buffer of buffer_width x buffer_height by the output transform
 * (0, 90, 180, 270 degrees clockwise) into the rotated frame's coordinates. `out` initialised.
 */
void pw_damage_rotate(const pixman_region32_t *in, int rotation, int buffer_width,
	int buffer_height, pixman_region32_t *out);

#endif

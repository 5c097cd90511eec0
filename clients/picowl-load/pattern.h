/* picowl-load's damage patterns (pattern.c): where a frame's damage goes and what it paints. */
#ifndef PW_LOAD_PATTERN_H
#define PW_LOAD_PATTERN_H

#include "load.h"

void load_damage_box(const struct load *load, int *x, int *y, int *w, int *h);
/* Paints the box of `buf`: frame < 0 the background, otherwise a pattern that moves with the
 * frame number. */
void load_paint(const struct load *load, struct load_buffer *buf, int x0, int y0, int w, int h,
	long frame);

#endif

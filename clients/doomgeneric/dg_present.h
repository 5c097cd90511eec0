/* Presenting the game's frames (dg_present.c). */
#ifndef DG_PRESENT_H
#define DG_PRESENT_H

#include <stdint.h>

#include "dg.h"

void dg_present_configure(struct dg *dg); /* the size, the format or the turn changed */
/*
 * The wl_output transform the buffers should be drawn with: the output's when the window is
 * fullscreen (a direct present then needs no rotation) and -buffer-transform is auto, else 0.
 */
int dg_present_turn(const struct dg *dg);
void dg_present_draw(struct dg *dg); /* DG_DrawFrame */
void dg_present_try(struct dg *dg); /* present a pending frame if it can, never waits */
void dg_present_frame_done(struct pw_client_frame *frame, uint32_t msec); /* dg->top.frame's */

#endif

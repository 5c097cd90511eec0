/*
 * The long-press cue in the scene (long_press_cue.c): a ring, white inside black, where the seat
 * says a long press fired (pw_touch_pointer_cue), drawn above everything for a moment.
 */
#ifndef PW_LONG_PRESS_CUE_H
#define PW_LONG_PRESS_CUE_H

#include <pixman.h>

struct pw_server;

/* What scene.c does with it: paint it over the damage. */
void pw_long_press_cue_render(struct pw_server *server, pixman_image_t *target,
	const pixman_region32_t *damage);

#endif

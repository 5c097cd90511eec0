/*
 * The long-press cue (long_press_cue.c): a ring, white inside black, where the seat says a long
 * press fired (pw_touch_pointer_cue), drawn above everything for a moment. While it shows the
 * server's scene is pw_scene with the ring painted over it and no direct present; otherwise
 * pw_scene itself, so the ring costs a frame nothing when it is not shown (decision 4.47).
 */
#ifndef PW_LONG_PRESS_CUE_H
#define PW_LONG_PRESS_CUE_H

#include <stdbool.h>

struct pw_server;

/* The seat's cue_changed (touch_pointer.h): the ring shows or goes. */
void pw_long_press_cue_shown(struct pw_server *server, bool shown);

#endif

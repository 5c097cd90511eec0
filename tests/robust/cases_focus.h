/* The helpers the focus and activation cases share (cases_focus.c). */
#ifndef ROBUST_CASES_FOCUS_H
#define ROBUST_CASES_FOCUS_H

#include "cases.h"

#define TOKEN_MAX 64

/* What one connection saw. */
struct watch {
	struct wl_surface *key_focus;
	struct pointer_watch pointer;
	bool popup_done, configured, token_done, tiles_done;
	char token[TOKEN_MAX];
	int tokens; /* done events */
	const char *app_id; /* the tile to find */
	uint32_t tile;
	int spawned;
};

/* One for the case's connection, one for a second one. */
extern struct watch watches[2];

/*
 * A toplevel with `app_id`, mapped and focused, its keyboard, pointer and tile list watched by
 * `w` (reset); false, with a message, without picowl_control_v1 version 2.
 */
bool map_watched(struct conn *c, struct watch *w, const char *app_id, bool fullscreen);
/* After a round trip: whether c's toplevel has the keyboard focus. */
bool focused(struct conn *c, struct watch *w);
/* Gives the focus to the tile of c's toplevel through the control hook. */
bool focus_own_tile(struct conn *c, struct watch *w);

#endif

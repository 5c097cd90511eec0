/*
 * Work that waits for picowl's first frame (issue 19, item 4): the autostart's clients are
 * started once the output's first repaint has been handed to the display (on fbdev: copied
 * into the scanned-out memory), or after `bound_ms` when no repaint comes (a display that is
 * off, a VT that is not ours), so that on a one-core handheld picowl's own picture does not
 * wait behind three forks and their children's loading. The seat opens its input devices and
 * compiles its keymap the same way (seat.c).
 */
#ifndef PW_FIRST_FRAME_H
#define PW_FIRST_FRAME_H

#include <stdbool.h>

struct pw_server;

struct pw_after_frame;

/*
 * Calls `fn(data)` once, after the first repaint or after bound_ms; false on no memory or
 * without an output (then `fn` is called at once). With `pending` not NULL, *pending holds the
 * waiting work until it runs or the output goes (NULL then), for pw_after_first_frame_cancel.
 */
bool pw_after_first_frame(struct pw_server *server, int bound_ms, void (*fn)(void *data),
	void *data, struct pw_after_frame **pending);
/* Drops the work *pending holds, if any, without calling it. */
void pw_after_first_frame_cancel(struct pw_after_frame **pending);

#endif

/*
 * The cursor picowl draws (cursor.c, 4.91): where the pointer is, in the shape its client named
 * (cursor_shape.h) or the default arrow, none while the client hid it (wl_pointer.set_cursor
 * with no surface). A client's cursor surface is not drawn: the arrow stands for it. [input]
 * cursor says when: auto once a mouse moved the pointer (a handheld without one shows none),
 * always whenever a pointer exists, never. The seat damages the output where the cursor was
 * and is; the shell paints it (shell/cursor_draw.c). Internal to compositor/input but for
 * pw_seat_cursor_drawn and pw_seat_set_cursor_mode, which seat users call.
 */
#ifndef PW_CURSOR_H
#define PW_CURSOR_H

#include <stdbool.h>
#include <stdint.h>

#include "config.h"

struct pw_seat;
struct pw_server;

/* How far from its hotspot a drawn cursor may reach, in output pixels, any way. */
#define PW_CURSOR_REACH 24

struct pw_seat_cursor {
	enum pw_cursor_mode mode;
	void (*shown_changed)(struct pw_server *server, bool shown);
	bool mouse; /* a mouse moved the pointer */
	bool shown; /* as last damaged: */
	int x, y;
	uint32_t shape;
};

/* [input] cursor; `shown_changed` (may be NULL) hears when a cursor starts or stops showing. */
void pw_seat_set_cursor_mode(struct pw_seat *seat, enum pw_cursor_mode mode,
	void (*shown_changed)(struct pw_server *server, bool shown));
/* The pointer moved, a mouse moved it, or its image changed: damages as needed. */
void pw_seat_cursor_update(struct pw_seat *seat);
/* Whether a cursor is drawn; its hotspot in output coordinates and its shape (never 0). */
bool pw_seat_cursor_drawn(struct pw_seat *seat, int *x, int *y, uint32_t *shape);

#endif

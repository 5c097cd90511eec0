/* The cursor picowl draws: when, where, which shape; the damage it makes (4.91). */
#include "cursor.h"

#include "cursor-shape-v1-protocol.h"
#include "output.h"
#include "seat_internal.h"
#include "server.h"

bool
pw_seat_cursor_drawn(struct pw_seat *seat, int *x, int *y, uint32_t *shape)
{
	if (!pw_seat_cursor_wanted(seat)) {
		return false;
	}
	*x = (int)seat->pointer.x;
	*y = (int)seat->pointer.y;
	*shape =
		seat->pointer.shape ? seat->pointer.shape : WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_DEFAULT;
	return true;
}

static void
damage_at(struct pw_seat *seat, int x, int y)
{
	struct pw_output *output = seat->server->output;

	if (output) {
		pw_output_damage_box(output, x - PW_CURSOR_REACH, y - PW_CURSOR_REACH,
			2 * PW_CURSOR_REACH + 1, 2 * PW_CURSOR_REACH + 1);
	}
}

void
pw_seat_cursor_update(struct pw_seat *seat)
{
	struct pw_seat_cursor *c = &seat->cursor;
	int x = 0, y = 0;
	uint32_t shape = 0;
	bool shown = pw_seat_cursor_drawn(seat, &x, &y, &shape);

	if (shown == c->shown && (!shown || (x == c->x && y == c->y && shape == c->shape))) {
		return;
	}
	if (c->shown) {
		damage_at(seat, c->x, c->y);
	}
	if (shown) {
		damage_at(seat, x, y);
	}
	bool changed = shown != c->shown;
	c->shown = shown;
	c->x = x;
	c->y = y;
	c->shape = shape;
	if (changed && c->shown_changed) {
		c->shown_changed(seat->server, shown);
	}
}

void
pw_seat_set_cursor_mode(struct pw_seat *seat, enum pw_cursor_mode mode,
	void (*shown_changed)(struct pw_server *server, bool shown))
{
	seat->cursor.mode = mode;
	seat->cursor.shown_changed = shown_changed;
	pw_seat_cursor_update(seat);
}

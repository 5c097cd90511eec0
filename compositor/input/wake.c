#include "wake.h"

#include "power.h"
#include "seat_internal.h"
#include "server.h"

static bool
woke(struct pw_seat *seat, bool press)
{
	return seat->server->power && pw_power_input(seat->server->power, press);
}

/* Remembers `code`; a full list drops it, and its release then goes through: harmless. */
static void
hold(int32_t *codes, int *n, int32_t code)
{
	if (*n < PW_SEAT_WAKE_HELD) {
		codes[(*n)++] = code;
	}
}

static bool
held(int32_t *codes, int *n, int32_t code, bool release)
{
	for (int i = 0; i < *n; i++) {
		if (codes[i] == code) {
			if (release) {
				codes[i] = codes[--*n];
			}
			return true;
		}
	}
	return false;
}

bool
pw_seat_wake_key(struct pw_seat *seat, bool pressed)
{
	return woke(seat, pressed) && pressed;
}

bool
pw_seat_wake_button(struct pw_seat *seat, uint32_t button, bool pressed)
{
	struct pw_seat_wake *w = &seat->wake;
	if (!pressed) {
		woke(seat, false);
		return held(w->buttons, &w->n_buttons, (int32_t)button, true);
	}
	if (!woke(seat, true)) {
		return false;
	}
	hold(w->buttons, &w->n_buttons, (int32_t)button);
	return true;
}

bool
pw_seat_wake_touch(struct pw_seat *seat, int32_t id, bool down, bool up)
{
	struct pw_seat_wake *w = &seat->wake;
	if (!down) {
		woke(seat, false);
		return held(w->touches, &w->n_touches, id, up);
	}
	/* A down again of a point held (a lost up) starts over. */
	held(w->touches, &w->n_touches, id, true);
	if (!woke(seat, true)) {
		return false;
	}
	hold(w->touches, &w->n_touches, id);
	return true;
}

void
pw_seat_wake_activity(struct pw_seat *seat)
{
	woke(seat, false);
}

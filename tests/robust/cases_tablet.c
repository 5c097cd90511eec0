/*
 * Hostile cases of zwp_tablet_manager_v2 (input/tablet.c, 4.105). The headless backend has no
 * pen, so no client here can hold a zwp_tablet_tool_v2: the tool's requests (set_cursor with
 * a surface of another role, its cursor-shape device) are vm-tablet's, on a uinput pen. A seat
 * of the wrong interface, naming no object or null is the wire cases' (libwayland's).
 */
#include <stdio.h>

#include "cases.h"
#include "tablet-unstable-v2-client-protocol.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

static void
handle_tablet_added(void *data, struct zwp_tablet_seat_v2 *seat, struct zwp_tablet_v2 *tablet)
{
	((struct conn *)data)->events++;
}

static void
handle_tool_added(void *data, struct zwp_tablet_seat_v2 *seat, struct zwp_tablet_tool_v2 *tool)
{
	((struct conn *)data)->events++;
}

static void
handle_pad_added(void *data, struct zwp_tablet_seat_v2 *seat, struct zwp_tablet_pad_v2 *pad)
{
	((struct conn *)data)->events++;
}

static const struct zwp_tablet_seat_v2_listener seat_listener = {
	.tablet_added = handle_tablet_added,
	.tool_added = handle_tool_added,
	.pad_added = handle_pad_added,
};

static struct zwp_tablet_seat_v2 *
tablet_seat(struct conn *c)
{
	if (!c->tablet_manager || !c->tc.seat) {
		printf("  zwp_tablet_manager_v2 or wl_seat is not offered to this client\n");
		return NULL;
	}
	struct zwp_tablet_seat_v2 *s =
		zwp_tablet_manager_v2_get_tablet_seat(c->tablet_manager, c->tc.seat);
	zwp_tablet_seat_v2_add_listener(s, &seat_listener, c);
	return s;
}

/* Two tablet seats of one wl_seat, with no pen: both empty, no error. */
static bool
seat_twice(struct conn *c)
{
	struct zwp_tablet_seat_v2 *a = tablet_seat(c), *b = tablet_seat(c);
	if (!a || !b) {
		return false;
	}
	wl_display_roundtrip(c->tc.display);
	printf("  tablets and tools announced without a pen: %d\n", c->events);
	zwp_tablet_seat_v2_destroy(a);
	zwp_tablet_seat_v2_destroy(b);
	return c->events == 0;
}

/* The manager destroyed before its seats, which stay usable (destroy) and inert. */
static bool
manager_first(struct conn *c)
{
	struct zwp_tablet_seat_v2 *s = tablet_seat(c);
	if (!s) {
		return false;
	}
	zwp_tablet_manager_v2_destroy(c->tablet_manager);
	c->tablet_manager = NULL;
	wl_display_roundtrip(c->tc.display);
	zwp_tablet_seat_v2_destroy(s);
	return true;
}

/* A thousand tablet seats, left for the disconnect to free. */
static bool
many_seats(struct conn *c)
{
	for (int i = 0; i < 1000; i++) {
		if (!tablet_seat(c)) {
			return false;
		}
	}
	return wl_display_roundtrip(c->tc.display) >= 0;
}

static const struct rcase tablet_cases[] = {
	{"tablet-seat-twice", seat_twice, EXPECT_NONE},
	{"tablet-manager-destroyed-first", manager_first, EXPECT_NONE},
	{"tablet-many-seats", many_seats, EXPECT_NONE},
};

const struct group tablet_group = {"tablet", tablet_cases, N(tablet_cases), NULL};

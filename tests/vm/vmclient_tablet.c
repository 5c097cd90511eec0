/*
 * vmclient's tablet seat: every zwp_tablet_v2 and zwp_tablet_tool_v2 event as a line (4.105):
 *   tablet added | tablet name NAME | tablet id VID PID | tablet path PATH | tablet done |
 *   tablet removed | tool added | tool type TYPE | tool capability CAP | tool done |
 *   tool removed | proximity in SERIAL OURS (OURS 1: our surface and a tablet we were given) |
 *   proximity out | down | up | motion X Y | pressure P | distance D | tilt X Y |
 *   tbutton CODE 1|0 | frame
 * At each proximity_in it sets the tool's cursor (vmclient_tablet.h).
 */
#include "vmclient_tablet.h"

#include <stdint.h>
#include <string.h>

#include "cursor-shape-v1-client-protocol.h"
#include "tablet-unstable-v2-client-protocol.h"
#include "test_client.h"

static struct wl_surface *own, *cursor;
static struct wl_compositor *compositor;
static struct wp_cursor_shape_manager_v1 *shapes;
static const char *bad_cursor; /* NULL, "role" or "shape" */
static struct zwp_tablet_v2 *tablets[4];
static struct zwp_tablet_tool_v2 *tools[4];
static struct zwp_tablet_seat_v2 *tablet_seat;
static struct wp_cursor_shape_device_v1 *kept; /* the bad shape's device */

/* Forgets `p` in `list` (of 4). */
static void
forget(void **list, void *p)
{
	for (int i = 0; i < 4; i++) {
		if (list[i] == p) {
			list[i] = NULL;
		}
	}
}

/* Keeps `p` in a free slot of `list` (of 4); a fifth is not kept. */
static void
remember(void **list, void *p)
{
	for (int i = 0; i < 4; i++) {
		if (!list[i]) {
			list[i] = p;
			return;
		}
	}
}

static void
handle_name(void *data, struct zwp_tablet_v2 *t, const char *name)
{
	test_client_say("tablet name %s", name);
}

static void
handle_id(void *data, struct zwp_tablet_v2 *t, uint32_t vid, uint32_t pid)
{
	test_client_say("tablet id %u %u", vid, pid);
}

static void
handle_path(void *data, struct zwp_tablet_v2 *t, const char *path)
{
	test_client_say("tablet path %s", path);
}

static void
handle_done(void *data, struct zwp_tablet_v2 *t)
{
	test_client_say("tablet done");
}

static void
handle_removed(void *data, struct zwp_tablet_v2 *t)
{
	test_client_say("tablet removed");
	forget((void **)tablets, t);
	zwp_tablet_v2_destroy(t);
}

static const struct zwp_tablet_v2_listener tablet_listener = {
	.name = handle_name,
	.id = handle_id,
	.path = handle_path,
	.done = handle_done,
	.removed = handle_removed,
};

static void
handle_type(void *data, struct zwp_tablet_tool_v2 *tool, uint32_t type)
{
	test_client_say("tool type %u", type);
}

static void
handle_serial(void *data, struct zwp_tablet_tool_v2 *tool, uint32_t hi, uint32_t lo)
{
	test_client_say("tool serial %u %u", hi, lo);
}

static void
handle_wacom_id(void *data, struct zwp_tablet_tool_v2 *tool, uint32_t hi, uint32_t lo)
{
	test_client_say("tool id %u %u", hi, lo);
}

static void
handle_capability(void *data, struct zwp_tablet_tool_v2 *tool, uint32_t capability)
{
	test_client_say("tool capability %u", capability);
}

static void
handle_tool_done(void *data, struct zwp_tablet_tool_v2 *tool)
{
	test_client_say("tool done");
}

static void
handle_tool_removed(void *data, struct zwp_tablet_tool_v2 *tool)
{
	test_client_say("tool removed");
	forget((void **)tools, tool);
	zwp_tablet_tool_v2_destroy(tool);
}

static void
handle_proximity_in(void *data, struct zwp_tablet_tool_v2 *tool, uint32_t serial,
	struct zwp_tablet_v2 *tablet, struct wl_surface *surface)
{
	int known = 0;
	for (int i = 0; i < 4; i++) {
		known |= tablet && tablets[i] == tablet;
	}
	test_client_say("proximity in %u %d", serial, known && surface == own);
	if (bad_cursor && strcmp(bad_cursor, "role") == 0) {
		zwp_tablet_tool_v2_set_cursor(tool, serial, own, 0, 0);
		return;
	}
	if (!cursor) {
		cursor = wl_compositor_create_surface(compositor);
	}
	zwp_tablet_tool_v2_set_cursor(tool, serial, cursor, 1, 1);
	if (shapes) {
		struct wp_cursor_shape_device_v1 *d =
			wp_cursor_shape_manager_v1_get_tablet_tool_v2(shapes, tool);
		wp_cursor_shape_device_v1_set_shape(d, serial,
			bad_cursor ? 0 : WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_CROSSHAIR);
		if (!bad_cursor) {
			wp_cursor_shape_device_v1_destroy(d);
		} else if (!kept) { /* kept for the error to name it */
			kept = d;
		}
	}
}

static void
handle_proximity_out(void *data, struct zwp_tablet_tool_v2 *tool)
{
	test_client_say("proximity out");
}

static void
handle_down(void *data, struct zwp_tablet_tool_v2 *tool, uint32_t serial)
{
	test_client_say("down");
}

static void
handle_up(void *data, struct zwp_tablet_tool_v2 *tool)
{
	test_client_say("up");
}

static void
handle_motion(void *data, struct zwp_tablet_tool_v2 *tool, wl_fixed_t x, wl_fixed_t y)
{
	test_client_say("motion %.2f %.2f", wl_fixed_to_double(x), wl_fixed_to_double(y));
}

static void
handle_pressure(void *data, struct zwp_tablet_tool_v2 *tool, uint32_t pressure)
{
	test_client_say("pressure %u", pressure);
}

static void
handle_distance(void *data, struct zwp_tablet_tool_v2 *tool, uint32_t distance)
{
	test_client_say("distance %u", distance);
}

static void
handle_tilt(void *data, struct zwp_tablet_tool_v2 *tool, wl_fixed_t x, wl_fixed_t y)
{
	test_client_say("tilt %.2f %.2f", wl_fixed_to_double(x), wl_fixed_to_double(y));
}

static void
handle_rotation(void *data, struct zwp_tablet_tool_v2 *tool, wl_fixed_t degrees)
{
	test_client_say("rotation %.2f", wl_fixed_to_double(degrees));
}

static void
handle_slider(void *data, struct zwp_tablet_tool_v2 *tool, int32_t position)
{
	test_client_say("slider %d", position);
}

static void
handle_wheel(void *data, struct zwp_tablet_tool_v2 *tool, wl_fixed_t degrees, int32_t clicks)
{
	test_client_say("wheel %d", clicks);
}

static void
handle_button(void *data, struct zwp_tablet_tool_v2 *tool, uint32_t serial, uint32_t button,
	uint32_t state)
{
	test_client_say("tbutton %u %u", button, state);
}

static void
handle_frame(void *data, struct zwp_tablet_tool_v2 *tool, uint32_t time)
{
	test_client_say("frame");
}

static const struct zwp_tablet_tool_v2_listener tool_listener = {
	.type = handle_type,
	.hardware_serial = handle_serial,
	.hardware_id_wacom = handle_wacom_id,
	.capability = handle_capability,
	.done = handle_tool_done,
	.removed = handle_tool_removed,
	.proximity_in = handle_proximity_in,
	.proximity_out = handle_proximity_out,
	.down = handle_down,
	.up = handle_up,
	.motion = handle_motion,
	.pressure = handle_pressure,
	.distance = handle_distance,
	.tilt = handle_tilt,
	.rotation = handle_rotation,
	.slider = handle_slider,
	.wheel = handle_wheel,
	.button = handle_button,
	.frame = handle_frame,
};

static void
handle_tablet_added(void *data, struct zwp_tablet_seat_v2 *seat, struct zwp_tablet_v2 *tablet)
{
	test_client_say("tablet added");
	remember((void **)tablets, tablet);
	zwp_tablet_v2_add_listener(tablet, &tablet_listener, NULL);
}

static void
handle_tool_added(void *data, struct zwp_tablet_seat_v2 *seat, struct zwp_tablet_tool_v2 *tool)
{
	test_client_say("tool added");
	remember((void **)tools, tool);
	zwp_tablet_tool_v2_add_listener(tool, &tool_listener, NULL);
}

static void
handle_pad_added(void *data, struct zwp_tablet_seat_v2 *seat, struct zwp_tablet_pad_v2 *pad)
{
	test_client_say("pad added");
}

static const struct zwp_tablet_seat_v2_listener seat_listener = {
	.tablet_added = handle_tablet_added,
	.tool_added = handle_tool_added,
	.pad_added = handle_pad_added,
};

void
vmclient_tablet_start(struct zwp_tablet_manager_v2 *manager, struct wl_seat *seat,
	struct wl_surface *surface, struct wl_compositor *wl_compositor,
	struct wp_cursor_shape_manager_v1 *shape_manager, const char *bad)
{
	own = surface;
	compositor = wl_compositor;
	shapes = shape_manager;
	bad_cursor = bad;
	tablet_seat = zwp_tablet_manager_v2_get_tablet_seat(manager, seat);
	zwp_tablet_seat_v2_add_listener(tablet_seat, &seat_listener, NULL);
}

void
vmclient_tablet_finish(void)
{
	for (int i = 0; i < 4; i++) {
		if (tools[i]) {
			wl_proxy_destroy((struct wl_proxy *)tools[i]);
		}
		if (tablets[i]) {
			wl_proxy_destroy((struct wl_proxy *)tablets[i]);
		}
		tools[i] = NULL;
		tablets[i] = NULL;
	}
	if (kept) {
		wl_proxy_destroy((struct wl_proxy *)kept);
	}
	if (cursor) {
		wl_proxy_destroy((struct wl_proxy *)cursor);
	}
	if (tablet_seat) {
		wl_proxy_destroy((struct wl_proxy *)tablet_seat);
	}
	kept = NULL;
	cursor = NULL;
	tablet_seat = NULL;
}

/*
 * Hostile cases: zwlr_virtual_pointer_manager_v1 and its pointers (4.87), and
 * ext_data_control_manager_v1 with its device, source and offer (4.88). An unknown axis or axis
 * source is the interface's own error; an extent of 0, a position past its extent, a button
 * state that is neither and a code that is no button are malformed requests
 * (wl_display.invalid_method, as the virtual keyboard's bad state). The cases that click read
 * their own fullscreen toplevel's wl_pointer.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cases.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define BTN_LEFT 0x110
#define KEY_A 30

/* ---- virtual pointer ---- */

struct clicks {
	int presses, releases, motions, enters, axes;
	double x, y;
};

static void
handle_enter(void *data, struct wl_pointer *p, uint32_t serial, struct wl_surface *s, wl_fixed_t x,
	wl_fixed_t y)
{
	struct clicks *k = data;
	k->enters++;
	k->x = wl_fixed_to_double(x);
	k->y = wl_fixed_to_double(y);
}

static void
handle_leave(void *data, struct wl_pointer *p, uint32_t serial, struct wl_surface *s)
{
}

static void
handle_motion(void *data, struct wl_pointer *p, uint32_t time, wl_fixed_t x, wl_fixed_t y)
{
	struct clicks *k = data;
	k->motions++;
	k->x = wl_fixed_to_double(x);
	k->y = wl_fixed_to_double(y);
}

static void
handle_button(void *data, struct wl_pointer *p, uint32_t serial, uint32_t time, uint32_t button,
	uint32_t state)
{
	struct clicks *k = data;
	if (state == WL_POINTER_BUTTON_STATE_PRESSED) {
		k->presses++;
	} else {
		k->releases++;
	}
}

static void
handle_axis(void *data, struct wl_pointer *p, uint32_t time, uint32_t axis, wl_fixed_t v)
{
	((struct clicks *)data)->axes++;
}

static void
handle_frame(void *data, struct wl_pointer *p)
{
}

static void
handle_axis_source(void *data, struct wl_pointer *p, uint32_t source)
{
}

static void
handle_axis_stop(void *data, struct wl_pointer *p, uint32_t time, uint32_t axis)
{
}

static void
handle_axis_discrete(void *data, struct wl_pointer *p, uint32_t axis, int32_t discrete)
{
}

static const struct wl_pointer_listener clicks_listener = {
	.enter = handle_enter,
	.leave = handle_leave,
	.motion = handle_motion,
	.button = handle_button,
	.axis = handle_axis,
	.frame = handle_frame,
	.axis_source = handle_axis_source,
	.axis_stop = handle_axis_stop,
	.axis_discrete = handle_axis_discrete,
	.axis_value120 = handle_axis_discrete,
};

static struct zwlr_virtual_pointer_v1 *
vp_new(struct conn *c)
{
	return zwlr_virtual_pointer_manager_v1_create_virtual_pointer(c->virtual_pointer_manager,
		c->tc.seat);
}

/* The quarter of the output's height (1 or 3) where the pointer entered the toplevel. */
static uint32_t entry_quarter;

/*
 * A toplevel of c's own (fullscreen or still one of two tiles: the point is in either) whose
 * wl_pointer counts into *k, the pointer over it at (1/2, entry_quarter/4) of the output.
 */
static struct zwlr_virtual_pointer_v1 *
vp_over_own_window(struct conn *c, struct clicks *k)
{
	if (!c->virtual_pointer_manager || !conn_map(c, true)) {
		return NULL;
	}
	struct wl_pointer *pointer = wl_seat_get_pointer(c->tc.seat);
	wl_pointer_add_listener(pointer, &clicks_listener, k);
	struct zwlr_virtual_pointer_v1 *vp = vp_new(c);
	for (int i = 0; i < 250 && k->enters == 0; i++) {
		entry_quarter = i % 2 ? 3 : 1;
		zwlr_virtual_pointer_v1_motion_absolute(vp, 1, 1, entry_quarter, 2, 4);
		zwlr_virtual_pointer_v1_frame(vp);
		if (pw_client_roundtrip(&c->tc, 5000) != 1) {
			return NULL;
		}
		if (k->enters == 0) {
			usleep(20 * 1000);
		}
	}
	if (k->enters == 0) {
		printf("  the pointer never entered the toplevel\n");
		return NULL;
	}
	return vp;
}

static bool
vp_axis_2(struct conn *c)
{
	zwlr_virtual_pointer_v1_axis(vp_new(c), 1, 2, wl_fixed_from_int(15));
	return true;
}

static bool
vp_axis_discrete_huge(struct conn *c)
{
	zwlr_virtual_pointer_v1_axis_discrete(vp_new(c), 1, 0xffffffffu, wl_fixed_from_int(15), 1);
	return true;
}

static bool
vp_axis_stop_3(struct conn *c)
{
	zwlr_virtual_pointer_v1_axis_stop(vp_new(c), 1, 3);
	return true;
}

static bool
vp_axis_source_4(struct conn *c)
{
	zwlr_virtual_pointer_v1_axis_source(vp_new(c), WL_POINTER_AXIS_SOURCE_WHEEL_TILT + 1);
	return true;
}

static bool
vp_extent_x_0(struct conn *c)
{
	zwlr_virtual_pointer_v1_motion_absolute(vp_new(c), 1, 0, 0, 0, 320);
	return true;
}

static bool
vp_extent_y_0(struct conn *c)
{
	zwlr_virtual_pointer_v1_motion_absolute(vp_new(c), 1, 0, 0, 240, 0);
	return true;
}

static bool
vp_x_past_extent(struct conn *c)
{
	zwlr_virtual_pointer_v1_motion_absolute(vp_new(c), 1, 241, 0, 240, 320);
	return true;
}

static bool
vp_y_past_extent(struct conn *c)
{
	zwlr_virtual_pointer_v1_motion_absolute(vp_new(c), 1, 0, 0xffffffffu, 240, 320);
	return true;
}

static bool
vp_button_state_2(struct conn *c)
{
	zwlr_virtual_pointer_v1_button(vp_new(c), 1, BTN_LEFT, 2);
	return true;
}

static bool
vp_button_key_a(struct conn *c)
{
	zwlr_virtual_pointer_v1_button(vp_new(c), 1, KEY_A, WL_POINTER_BUTTON_STATE_PRESSED);
	return true;
}

static bool
vp_button_huge(struct conn *c)
{
	zwlr_virtual_pointer_v1_button(vp_new(c), 1, 0xffffffffu, WL_POINTER_BUTTON_STATE_PRESSED);
	return true;
}

/* Its buttons held when it goes are released: the implicit grab ends. */
static bool
vp_destroyed_holding(struct conn *c)
{
	struct clicks k = {0};
	struct zwlr_virtual_pointer_v1 *vp = vp_over_own_window(c, &k);

	if (!vp) {
		return false;
	}
	zwlr_virtual_pointer_v1_button(vp, 2, BTN_LEFT, WL_POINTER_BUTTON_STATE_PRESSED);
	zwlr_virtual_pointer_v1_button(vp, 2, BTN_LEFT + 1, WL_POINTER_BUTTON_STATE_PRESSED);
	zwlr_virtual_pointer_v1_frame(vp);
	/* a third press whose frame never comes is never delivered, so never released */
	zwlr_virtual_pointer_v1_button(vp, 3, BTN_LEFT + 2, WL_POINTER_BUTTON_STATE_PRESSED);
	zwlr_virtual_pointer_v1_destroy(vp);
	if (pw_client_roundtrip(&c->tc, 5000) != 1) {
		return false;
	}
	printf("  %d presses, %d releases\n", k.presses, k.releases);
	return k.presses == 2 && k.releases == 2;
}

/* Nothing reaches the clients before the frame; then all of it, in order. */
static bool
vp_waits_for_frame(struct conn *c)
{
	struct clicks k = {0};
	struct zwlr_virtual_pointer_v1 *vp = vp_over_own_window(c, &k);

	if (!vp) {
		return false;
	}
	int motions = k.motions;
	zwlr_virtual_pointer_v1_motion(vp, 2, wl_fixed_from_int(3), wl_fixed_from_int(4));
	zwlr_virtual_pointer_v1_motion(vp, 2, wl_fixed_from_int(1), wl_fixed_from_int(1));
	zwlr_virtual_pointer_v1_button(vp, 2, BTN_LEFT, WL_POINTER_BUTTON_STATE_PRESSED);
	zwlr_virtual_pointer_v1_axis(vp, 2, WL_POINTER_AXIS_VERTICAL_SCROLL, wl_fixed_from_int(5));
	if (pw_client_roundtrip(&c->tc, 5000) != 1) {
		return false;
	}
	bool before = k.motions == motions && k.presses == 0 && k.axes == 0;
	double x = k.x, y = k.y;
	zwlr_virtual_pointer_v1_button(vp, 3, BTN_LEFT, WL_POINTER_BUTTON_STATE_RELEASED);
	zwlr_virtual_pointer_v1_frame(vp);
	bool ok = pw_client_roundtrip(&c->tc, 5000) == 1;
	printf("  before the frame: %s; after it: %d motions (at +%.2f,+%.2f), %d presses, %d "
	       "releases, %d axis events\n",
		before ? "nothing" : "events", k.motions - motions, k.x - x, k.y - y, k.presses,
		k.releases, k.axes);
	return ok && before && k.motions - motions == 1 && k.x - x == 4 && k.y - y == 5 &&
		k.presses == 1 && k.releases == 1 && k.axes == 1;
}

/* 33 button events in one frame: past what a frame holds, wl_display.no_memory. */
static bool
vp_frame_overrun(struct conn *c)
{
	struct zwlr_virtual_pointer_v1 *vp = vp_new(c);

	for (int i = 0; i < 33; i++) {
		zwlr_virtual_pointer_v1_button(vp, 1, BTN_LEFT,
			i % 2 ? WL_POINTER_BUTTON_STATE_RELEASED : WL_POINTER_BUTTON_STATE_PRESSED);
	}
	return true;
}

/* 100,000 motions with no frame are one motion waiting: no error, nothing grows. */
static bool
vp_motions_without_frame(struct conn *c)
{
	struct zwlr_virtual_pointer_v1 *vp = vp_new(c);

	for (int i = 0; i < 100000; i++) {
		zwlr_virtual_pointer_v1_motion(vp, 1, wl_fixed_from_int(i % 2 ? 1 : -1), 0);
		if (i % 5000 == 4999 && pw_client_roundtrip(&c->tc, 5000) != 1) {
			return false;
		}
	}
	return pw_client_roundtrip(&c->tc, 5000) == 1;
}

/* A press repeated is one press: one release ends the grab. */
static bool
vp_press_twice(struct conn *c)
{
	struct clicks k = {0};
	struct zwlr_virtual_pointer_v1 *vp = vp_over_own_window(c, &k);

	if (!vp) {
		return false;
	}
	zwlr_virtual_pointer_v1_button(vp, 2, BTN_LEFT, WL_POINTER_BUTTON_STATE_PRESSED);
	zwlr_virtual_pointer_v1_button(vp, 3, BTN_LEFT, WL_POINTER_BUTTON_STATE_PRESSED);
	zwlr_virtual_pointer_v1_button(vp, 4, BTN_LEFT, WL_POINTER_BUTTON_STATE_RELEASED);
	zwlr_virtual_pointer_v1_button(vp, 5, BTN_LEFT, WL_POINTER_BUTTON_STATE_RELEASED);
	zwlr_virtual_pointer_v1_frame(vp);
	bool ok = pw_client_roundtrip(&c->tc, 5000) == 1;
	printf("  %d presses, %d releases\n", k.presses, k.releases);
	return ok && k.presses == 1 && k.releases == 1;
}

/* Relative motion moves from where absolute motion put it; extents scale; the axes arrive. */
static bool
vp_motion_and_axes(struct conn *c)
{
	struct clicks k = {0};
	struct zwlr_virtual_pointer_v1 *vp = vp_over_own_window(c, &k);

	if (!vp) {
		return false;
	}
	zwlr_virtual_pointer_v1_motion_absolute(vp, 2, 120, 80 * entry_quarter, 240, 320);
	zwlr_virtual_pointer_v1_frame(vp);
	if (pw_client_roundtrip(&c->tc, 5000) != 1) {
		return false;
	}
	double x = k.x, y = k.y;
	zwlr_virtual_pointer_v1_motion(vp, 3, wl_fixed_from_int(3), wl_fixed_from_int(4));
	zwlr_virtual_pointer_v1_frame(vp);
	if (pw_client_roundtrip(&c->tc, 5000) != 1 || k.x != x + 3 || k.y != y + 4) {
		printf("  relative 3,4 from %.2f,%.2f: at %.2f,%.2f\n", x, y, k.x, k.y);
		return false;
	}
	zwlr_virtual_pointer_v1_motion_absolute(vp, 4, 1, entry_quarter, 2, 4);
	zwlr_virtual_pointer_v1_axis_source(vp, WL_POINTER_AXIS_SOURCE_FINGER);
	zwlr_virtual_pointer_v1_axis(vp, 4, WL_POINTER_AXIS_VERTICAL_SCROLL, wl_fixed_from_int(7));
	zwlr_virtual_pointer_v1_axis_stop(vp, 4, WL_POINTER_AXIS_VERTICAL_SCROLL);
	zwlr_virtual_pointer_v1_frame(vp);
	zwlr_virtual_pointer_v1_axis_discrete(vp, 5, WL_POINTER_AXIS_HORIZONTAL_SCROLL,
		wl_fixed_from_int(15), 1);
	zwlr_virtual_pointer_v1_axis(vp, 5, WL_POINTER_AXIS_VERTICAL_SCROLL, wl_fixed_from_int(15));
	zwlr_virtual_pointer_v1_frame(vp);
	bool ok = pw_client_roundtrip(&c->tc, 5000) == 1;
	printf("  absolute 1/2, %u/4 at %.2f,%.2f (120/240, %u/320: %.2f,%.2f); %d axis events\n",
		entry_quarter, k.x, k.y, 80 * entry_quarter, x, y, k.axes);
	return ok && k.x == x && k.y == y && k.axes == 3;
}

static bool
vp_with_output(struct conn *c)
{
	struct zwlr_virtual_pointer_v1 *vp =
		zwlr_virtual_pointer_manager_v1_create_virtual_pointer_with_output(
			c->virtual_pointer_manager, NULL, c->tc.output);
	zwlr_virtual_pointer_v1_motion_absolute(vp, 1, 5, 5, 10, 10);
	zwlr_virtual_pointer_v1_frame(vp);
	struct zwlr_virtual_pointer_v1 *none =
		zwlr_virtual_pointer_manager_v1_create_virtual_pointer_with_output(
			c->virtual_pointer_manager, NULL, NULL);
	zwlr_virtual_pointer_v1_motion(none, 1, wl_fixed_from_int(1), 0);
	zwlr_virtual_pointer_v1_destroy(none);
	return pw_client_roundtrip(&c->tc, 5000) == 1;
}

/* The manager goes first: its pointers still act. 10,000 motions and frames after. */
static bool
vp_manager_gone_and_flood(struct conn *c)
{
	struct zwlr_virtual_pointer_v1 *vp = vp_new(c);

	zwlr_virtual_pointer_manager_v1_destroy(c->virtual_pointer_manager);
	c->virtual_pointer_manager = NULL;
	for (int i = 0; i < 10000; i++) {
		zwlr_virtual_pointer_v1_motion_absolute(vp, (uint32_t)i, (uint32_t)(i % 240), 10,
			240, 320);
		zwlr_virtual_pointer_v1_frame(vp);
		if (i % 500 == 499 && pw_client_roundtrip(&c->tc, 5000) != 1) {
			return false;
		}
	}
	return pw_client_roundtrip(&c->tc, 5000) == 1;
}

static const struct rcase vp_cases[] = {
	{"vp-axis-2", vp_axis_2, EXPECT_ERROR, "zwlr_virtual_pointer_v1",
		ZWLR_VIRTUAL_POINTER_V1_ERROR_INVALID_AXIS},
	{"vp-axis-discrete-axis-4294967295", vp_axis_discrete_huge, EXPECT_ERROR,
		"zwlr_virtual_pointer_v1", ZWLR_VIRTUAL_POINTER_V1_ERROR_INVALID_AXIS},
	{"vp-axis-stop-axis-3", vp_axis_stop_3, EXPECT_ERROR, "zwlr_virtual_pointer_v1",
		ZWLR_VIRTUAL_POINTER_V1_ERROR_INVALID_AXIS},
	{"vp-axis-source-4", vp_axis_source_4, EXPECT_ERROR, "zwlr_virtual_pointer_v1",
		ZWLR_VIRTUAL_POINTER_V1_ERROR_INVALID_AXIS_SOURCE},
	{"vp-motion-absolute-x-extent-0", vp_extent_x_0, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_INVALID_METHOD},
	{"vp-motion-absolute-y-extent-0", vp_extent_y_0, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_INVALID_METHOD},
	{"vp-motion-absolute-x-past-extent", vp_x_past_extent, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_INVALID_METHOD},
	{"vp-motion-absolute-y-4294967295", vp_y_past_extent, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_INVALID_METHOD},
	{"vp-button-state-2", vp_button_state_2, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_INVALID_METHOD},
	{"vp-button-key-a", vp_button_key_a, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_INVALID_METHOD},
	{"vp-button-4294967295", vp_button_huge, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_INVALID_METHOD},
	{"vp-destroyed-holding-two-buttons", vp_destroyed_holding, EXPECT_NONE, NULL, 0},
	{"vp-events-wait-for-the-frame", vp_waits_for_frame, EXPECT_NONE, NULL, 0},
	{"vp-33-events-in-one-frame", vp_frame_overrun, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_NO_MEMORY},
	{"vp-100000-motions-without-frame", vp_motions_without_frame, EXPECT_NONE, NULL, 0},
	{"vp-press-twice-release-twice", vp_press_twice, EXPECT_NONE, NULL, 0},
	{"vp-relative-absolute-and-axes", vp_motion_and_axes, EXPECT_NONE, NULL, 0},
	{"vp-with-output-and-without", vp_with_output, EXPECT_NONE, NULL, 0},
	{"vp-manager-gone-then-10000-motions", vp_manager_gone_and_flood, EXPECT_NONE, NULL, 0},
};

const struct group virtual_pointer_group = {"virtual-pointer", vp_cases, N(vp_cases), NULL};

/* ---- ext-data-control ---- */

static void
handle_ext_send(void *data, struct ext_data_control_source_v1 *source, const char *mime_type,
	int32_t fd)
{
	static const char text[] = "robust";

	if (write(fd, text, sizeof(text) - 1) < 0) {
		perror("robust-cases: write");
	}
	close(fd);
}

static void
handle_ext_cancelled(void *data, struct ext_data_control_source_v1 *source)
{
}

static const struct ext_data_control_source_v1_listener ext_source_listener = {
	.send = handle_ext_send,
	.cancelled = handle_ext_cancelled,
};

static void
handle_ext_offer_offer(void *data, struct ext_data_control_offer_v1 *offer, const char *mime)
{
	((struct conn *)data)->events++;
}

static const struct ext_data_control_offer_v1_listener ext_offer_listener = {
	.offer = handle_ext_offer_offer,
};

static void
handle_ext_data_offer(void *data, struct ext_data_control_device_v1 *device,
	struct ext_data_control_offer_v1 *offer)
{
	ext_data_control_offer_v1_add_listener(offer, &ext_offer_listener, data);
}

static void
handle_ext_selection(void *data, struct ext_data_control_device_v1 *device,
	struct ext_data_control_offer_v1 *offer)
{
	struct conn *c = data;

	c->object = offer;
	c->events++;
}

static void
handle_ext_finished(void *data, struct ext_data_control_device_v1 *device)
{
}

static void
handle_ext_primary(void *data, struct ext_data_control_device_v1 *device,
	struct ext_data_control_offer_v1 *offer)
{
	((struct conn *)data)->serial++;
}

static const struct ext_data_control_device_v1_listener ext_device_listener = {
	.data_offer = handle_ext_data_offer,
	.selection = handle_ext_selection,
	.finished = handle_ext_finished,
	.primary_selection = handle_ext_primary,
};

static struct ext_data_control_source_v1 *
ext_source(struct conn *c)
{
	struct ext_data_control_source_v1 *source =
		ext_data_control_manager_v1_create_data_source(c->ext_data_control);

	ext_data_control_source_v1_add_listener(source, &ext_source_listener, c);
	ext_data_control_source_v1_offer(source, "text/plain");
	return source;
}

static struct ext_data_control_device_v1 *
ext_device(struct conn *c)
{
	struct ext_data_control_device_v1 *device =
		ext_data_control_manager_v1_get_data_device(c->ext_data_control, c->tc.seat);

	ext_data_control_device_v1_add_listener(device, &ext_device_listener, c);
	return device;
}

static bool
ext_used_twice(struct conn *c)
{
	struct ext_data_control_device_v1 *device = ext_device(c);
	struct ext_data_control_source_v1 *source = ext_source(c);

	ext_data_control_device_v1_set_selection(device, source);
	ext_data_control_device_v1_set_selection(device, source);
	return true;
}

static bool
ext_used_for_both(struct conn *c)
{
	struct ext_data_control_device_v1 *device = ext_device(c);
	struct ext_data_control_source_v1 *source = ext_source(c);

	ext_data_control_device_v1_set_primary_selection(device, source);
	ext_data_control_device_v1_set_selection(device, source);
	return true;
}

static bool
ext_offer_after_use(struct conn *c)
{
	struct ext_data_control_source_v1 *source = ext_source(c);

	ext_data_control_device_v1_set_selection(ext_device(c), source);
	ext_data_control_source_v1_offer(source, "text/html");
	return true;
}

/* A wlr source given to an ext device: libwayland refuses the object's interface. */
static bool
ext_wlr_source(struct conn *c)
{
	struct zwlr_data_control_source_v1 *source =
		zwlr_data_control_manager_v1_create_data_source(c->data_control);

	ext_data_control_device_v1_set_selection(ext_device(c),
		(struct ext_data_control_source_v1 *)source);
	return true;
}

/* No window: set the clipboard and the primary selection, read the clipboard back. */
static bool
ext_round_trip(struct conn *c)
{
	struct ext_data_control_device_v1 *device = ext_device(c);
	char buf[64] = {0};
	int fds[2];

	if (pw_client_roundtrip(&c->tc, 5000) != 1) {
		return false;
	}
	c->events = 0;
	c->serial = 0;
	c->object = NULL;
	ext_data_control_device_v1_set_primary_selection(device, ext_source(c));
	ext_data_control_device_v1_set_selection(device, ext_source(c));
	/* each offer's mime type and the selection; the primary selection counts apart */
	if (!conn_wait_events(c, 3, 5000) || !c->object || c->serial == 0 ||
		pipe2(fds, O_CLOEXEC) < 0) {
		printf("  no selection offers came back\n");
		return false;
	}
	ext_data_control_offer_v1_receive(c->object, "text/plain", fds[1]);
	close(fds[1]);
	if (pw_client_roundtrip(&c->tc, 5000) != 1) {
		close(fds[0]);
		return false;
	}
	ssize_t n = read(fds[0], buf, sizeof(buf) - 1);
	close(fds[0]);
	printf("  read back \"%s\"\n", n > 0 ? buf : "");
	return n == 6 && strcmp(buf, "robust") == 0;
}

/* The offer's source, device and manager go before the offer's receive: nothing comes. */
static bool
ext_receive_dead_offer(struct conn *c)
{
	struct ext_data_control_device_v1 *device = ext_device(c);
	struct ext_data_control_source_v1 *source = ext_source(c);

	ext_data_control_device_v1_set_selection(device, source);
	c->object = NULL;
	if (pw_client_roundtrip(&c->tc, 5000) != 1 || !c->object) {
		return false;
	}
	struct ext_data_control_offer_v1 *offer = c->object;
	int ro = open("/dev/null", O_RDONLY | O_CLOEXEC);
	ext_data_control_source_v1_destroy(source);
	ext_data_control_offer_v1_receive(offer, "text/plain", ro);
	ext_data_control_device_v1_destroy(device);
	ext_data_control_offer_v1_receive(offer, "text/plain", ro);
	ext_data_control_manager_v1_destroy(c->ext_data_control);
	c->ext_data_control = NULL;
	ext_data_control_offer_v1_receive(offer, "text/plain", ro);
	bool ok = pw_client_roundtrip(&c->tc, 5000) == 1;
	close(ro);
	return ok;
}

static void
ext_offer_mime(void *source, const char *mime)
{
	ext_data_control_source_v1_offer(source, mime);
}

static bool
ext_mime_flood(struct conn *c)
{
	struct ext_data_control_source_v1 *source =
		ext_data_control_manager_v1_create_data_source(c->ext_data_control);

	ext_data_control_source_v1_add_listener(source, &ext_source_listener, c);
	if (!conn_offer_mime_flood(c, source, ext_offer_mime)) {
		return false;
	}
	struct ext_data_control_device_v1 *device = ext_device(c);
	if (pw_client_roundtrip(&c->tc, 5000) != 1) {
		return false;
	}
	c->events = 0;
	ext_data_control_device_v1_set_selection(device, source);
	bool ok = pw_client_roundtrip(&c->tc, 5000) == 1;
	printf("  the device was offered %d mime types\n", c->events - 1);
	return ok && c->events - 1 == 64;
}

static const struct rcase ext_cases[] = {
	{"ext-dc-source-used-twice", ext_used_twice, EXPECT_ERROR, "ext_data_control_device_v1",
		EXT_DATA_CONTROL_DEVICE_V1_ERROR_USED_SOURCE},
	{"ext-dc-source-used-for-both-selections", ext_used_for_both, EXPECT_ERROR,
		"ext_data_control_device_v1", EXT_DATA_CONTROL_DEVICE_V1_ERROR_USED_SOURCE},
	{"ext-dc-offer-after-set-selection", ext_offer_after_use, EXPECT_ERROR,
		"ext_data_control_source_v1", EXT_DATA_CONTROL_SOURCE_V1_ERROR_INVALID_OFFER},
	{"ext-dc-set-selection-with-a-wlr-source", ext_wlr_source, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_INVALID_METHOD},
	{"ext-dc-round-trip-without-window", ext_round_trip, EXPECT_NONE, NULL, 0},
	{"ext-dc-receive-after-source-device-manager-gone", ext_receive_dead_offer, EXPECT_NONE,
		NULL, 0},
	{"ext-dc-source-of-20000-mime-types", ext_mime_flood, EXPECT_NONE, NULL, 0},
};

const struct group ext_data_control_group = {"ext-data-control", ext_cases, N(ext_cases), NULL};

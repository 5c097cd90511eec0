/*
 * Hostile drags of wl_data_device (issue 16): start_drag citing a bogus serial or a used
 * source, an icon already in a drag, offer requests out of turn, and the source, the icon or the
 * origin destroyed while the drag goes on. picowl runs this group with --test-hooks: a case
 * touches (or clicks) its own fullscreen toplevel through picowl_control_v1, so the drag it
 * starts is over its own surface and it gets the offers itself.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cases.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define BTN_LEFT 0x110
#define COPY WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY
#define MOVE WL_DATA_DEVICE_MANAGER_DND_ACTION_MOVE
#define ASK WL_DATA_DEVICE_MANAGER_DND_ACTION_ASK

/* What the case's connection saw. */
struct drag_watch {
	struct wl_data_device *device;
	struct wl_data_source *source;
	struct wl_data_offer *offer; /* of the last enter */
	uint32_t down_serial, enter_serial; /* of the touch point's down, of the offer's enter */
	struct pointer_watch pointer;
	bool down, entered, left, dropped;
	bool cancelled, drop_performed, finished;
	int32_t id; /* the touch point of this case */
};

static struct drag_watch watch;
static int32_t next_id = 1;

static void
touch_down(void *data, struct wl_touch *t, uint32_t serial, uint32_t time, struct wl_surface *s,
	int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	watch.down_serial = serial;
	watch.down = true;
}

static void
touch_up(void *data, struct wl_touch *t, uint32_t serial, uint32_t time, int32_t id)
{
}

static void
touch_motion(void *data, struct wl_touch *t, uint32_t time, int32_t id, wl_fixed_t x, wl_fixed_t y)
{
}

static void
touch_frame(void *data, struct wl_touch *t)
{
}

static const struct wl_touch_listener touch_listener = {
	.down = touch_down,
	.up = touch_up,
	.motion = touch_motion,
	.frame = touch_frame,
	.cancel = touch_frame,
};

static void
source_target(void *data, struct wl_data_source *source, const char *mime_type)
{
}

static void
source_send(void *data, struct wl_data_source *source, const char *mime_type, int32_t fd)
{
	if (write(fd, "x", 1) < 0) {
		perror("write");
	}
	close(fd);
}

static void
source_cancelled(void *data, struct wl_data_source *source)
{
	watch.cancelled = true;
}

static void
source_drop_performed(void *data, struct wl_data_source *source)
{
	watch.drop_performed = true;
}

static void
source_finished(void *data, struct wl_data_source *source)
{
	watch.finished = true;
}

static void
source_action(void *data, struct wl_data_source *source, uint32_t action)
{
}

static const struct wl_data_source_listener source_listener = {
	.target = source_target,
	.send = source_send,
	.cancelled = source_cancelled,
	.dnd_drop_performed = source_drop_performed,
	.dnd_finished = source_finished,
	.action = source_action,
};

static void
offer_offer(void *data, struct wl_data_offer *offer, const char *mime_type)
{
}

static void
offer_actions(void *data, struct wl_data_offer *offer, uint32_t actions)
{
}

static const struct wl_data_offer_listener offer_listener = {
	.offer = offer_offer,
	.source_actions = offer_actions,
	.action = offer_actions,
};

static void
device_data_offer(void *data, struct wl_data_device *d, struct wl_data_offer *offer)
{
	wl_data_offer_add_listener(offer, &offer_listener, NULL);
}

static void
device_enter(void *data, struct wl_data_device *d, uint32_t serial, struct wl_surface *s,
	wl_fixed_t x, wl_fixed_t y, struct wl_data_offer *offer)
{
	watch.enter_serial = serial;
	watch.offer = offer;
	watch.entered = true;
}

static void
device_leave(void *data, struct wl_data_device *d)
{
	watch.left = true;
}

static void
device_motion(void *data, struct wl_data_device *d, uint32_t time, wl_fixed_t x, wl_fixed_t y)
{
}

static void
device_drop(void *data, struct wl_data_device *d)
{
	watch.dropped = true;
}

static void
device_selection(void *data, struct wl_data_device *d, struct wl_data_offer *offer)
{
}

static const struct wl_data_device_listener device_listener = {
	.data_offer = device_data_offer,
	.enter = device_enter,
	.leave = device_leave,
	.motion = device_motion,
	.drop = device_drop,
	.selection = device_selection,
};

static void
touch(struct conn *c, uint32_t type, int x)
{
	picowl_control_v1_inject_touch(c->control, type, watch.id, wl_fixed_from_int(x),
		wl_fixed_from_int(x));
}

/*
 * The case's fullscreen toplevel, a data device and a source offering text/plain with
 * `actions`, and a touch point down on it (its serial in watch.down_serial). False on failure.
 */
static bool
touched_with(struct conn *c, uint32_t actions)
{
	memset(&watch, 0, sizeof(watch));
	watch.id = next_id++;
	if (!c->control || !c->ddm || !conn_map(c, true)) {
		printf("  no control, data device manager or toplevel\n");
		return false;
	}
	struct wl_touch *t = wl_seat_get_touch(c->tc.seat);
	wl_touch_add_listener(t, &touch_listener, NULL);
	watch.device = wl_data_device_manager_get_data_device(c->ddm, c->tc.seat);
	wl_data_device_add_listener(watch.device, &device_listener, NULL);
	watch.source = wl_data_device_manager_create_data_source(c->ddm);
	wl_data_source_add_listener(watch.source, &source_listener, NULL);
	wl_data_source_offer(watch.source, "text/plain");
	wl_data_source_set_actions(watch.source, actions);
	if (pw_client_roundtrip(&c->tc, 5000) != 1) {
		return false;
	}
	touch(c, PICOWL_CONTROL_V1_TOUCH_TYPE_DOWN, 10);
	if (pw_client_dispatch_until(&c->tc, &watch.down, 5000) != 1) {
		printf("  no touch down reached the toplevel\n");
		return false;
	}
	return true;
}

static bool
touched(struct conn *c)
{
	return touched_with(c, COPY | MOVE);
}

/* touched_with(), then a drag of the source from it; false unless it entered the toplevel. */
static bool
dragging_with(struct conn *c, struct wl_surface *icon, uint32_t actions)
{
	if (!touched_with(c, actions)) {
		return false;
	}
	wl_data_device_start_drag(watch.device, watch.source, c->top.surface, icon,
		watch.down_serial);
	touch(c, PICOWL_CONTROL_V1_TOUCH_TYPE_MOTION, 20);
	if (pw_client_dispatch_until(&c->tc, &watch.entered, 5000) != 1 || !watch.offer) {
		printf("  the drag did not enter the toplevel with an offer\n");
		return false;
	}
	return true;
}

static bool
dragging(struct conn *c, struct wl_surface *icon)
{
	return dragging_with(c, icon, COPY | MOVE);
}

static bool
drag_bogus_serial(struct conn *c)
{
	if (!touched(c)) {
		return false;
	}
	wl_data_device_start_drag(watch.device, watch.source, c->top.surface, NULL,
		watch.down_serial + 1000);
	touch(c, PICOWL_CONTROL_V1_TOUCH_TYPE_MOTION, 20);
	if (pw_client_dispatch_until(&c->tc, &watch.cancelled, 5000) != 1 || watch.entered) {
		printf("  a drag citing no touch down was not refused\n");
		return false;
	}
	touch(c, PICOWL_CONTROL_V1_TOUCH_TYPE_UP, 20);
	return pw_client_roundtrip(&c->tc, 5000) == 1;
}

static bool
drag_used_source(struct conn *c)
{
	if (!touched(c)) {
		return false;
	}
	struct wl_data_source *other = wl_data_device_manager_create_data_source(c->ddm);
	wl_data_source_offer(other, "text/plain");
	wl_data_device_start_drag(watch.device, other, c->top.surface, NULL, watch.down_serial + 1);
	/* `other` was refused, so it is used: it starts nothing even with the right serial */
	wl_data_device_start_drag(watch.device, other, c->top.surface, NULL, watch.down_serial);
	touch(c, PICOWL_CONTROL_V1_TOUCH_TYPE_MOTION, 20);
	if (pw_client_roundtrip(&c->tc, 5000) != 1 || watch.entered) {
		printf("  a used source started a drag\n");
		return false;
	}
	touch(c, PICOWL_CONTROL_V1_TOUCH_TYPE_UP, 20);
	return pw_client_roundtrip(&c->tc, 5000) == 1;
}

/* The icon of the drag on is given to a second start_drag: the role is taken. */
static bool
drag_icon_in_use(struct conn *c)
{
	struct wl_surface *icon = wl_compositor_create_surface(c->tc.compositor);

	if (!dragging(c, icon)) {
		return false;
	}
	struct wl_data_source *other = wl_data_device_manager_create_data_source(c->ddm);
	wl_data_device_start_drag(watch.device, other, c->top.surface, icon, watch.down_serial);
	return true;
}

/* Cancelled (released over a surface that accepted nothing): its offer's requests are void. */
static bool
drag_offer_after_cancel(struct conn *c)
{
	if (!dragging(c, NULL)) {
		return false;
	}
	touch(c, PICOWL_CONTROL_V1_TOUCH_TYPE_UP, 20);
	if (pw_client_dispatch_until(&c->tc, &watch.cancelled, 5000) != 1 || watch.dropped) {
		printf("  a drag nobody accepted was not cancelled\n");
		return false;
	}
	wl_data_offer_accept(watch.offer, watch.enter_serial, "text/plain");
	wl_data_offer_set_actions(watch.offer, COPY, COPY);
	int fds[2];
	if (pipe(fds) == 0) {
		wl_data_offer_receive(watch.offer, "text/plain", fds[1]);
		close(fds[1]);
		close(fds[0]);
	}
	wl_data_offer_destroy(watch.offer);
	return pw_client_roundtrip(&c->tc, 5000) == 1;
}

static bool
drag_finish_before_drop(struct conn *c)
{
	if (!dragging(c, NULL)) {
		return false;
	}
	wl_data_offer_accept(watch.offer, watch.enter_serial, "text/plain");
	wl_data_offer_set_actions(watch.offer, COPY, COPY);
	wl_data_offer_finish(watch.offer);
	return true;
}

static bool
drag_offer_bad_mask(struct conn *c)
{
	if (!dragging(c, NULL)) {
		return false;
	}
	wl_data_offer_set_actions(watch.offer, 0x80, 0);
	return true;
}

static bool
drag_offer_preferred_not_offered(struct conn *c)
{
	if (!dragging(c, NULL)) {
		return false;
	}
	wl_data_offer_set_actions(watch.offer, COPY, MOVE);
	return true;
}

/* The source, the icon or the origin destroyed while the drag goes on, then it moves and ends. */
enum gone { GONE_SOURCE, GONE_ICON, GONE_ORIGIN };

static bool
drag_with_gone(struct conn *c, enum gone what)
{
	struct wl_surface *icon = wl_compositor_create_surface(c->tc.compositor);

	if (!dragging(c, icon)) {
		return false;
	}
	wl_surface_attach(icon, pw_client_solid_buffer(&c->tc, 8, 8, 0xffff0000u), 0, 0);
	wl_surface_commit(icon);
	wl_data_offer_accept(watch.offer, watch.enter_serial, "text/plain");
	wl_data_offer_set_actions(watch.offer, COPY | MOVE, MOVE);
	if (pw_client_roundtrip(&c->tc, 5000) != 1) {
		return false;
	}
	switch (what) {
	case GONE_SOURCE:
		wl_data_source_destroy(watch.source);
		break;
	case GONE_ICON:
		wl_surface_destroy(icon);
		break;
	case GONE_ORIGIN:
		xdg_toplevel_destroy(c->top.toplevel);
		c->top.toplevel = NULL;
		xdg_surface_destroy(c->top.xdg_surface);
		c->top.xdg_surface = NULL;
		wl_surface_destroy(c->top.surface);
		c->top.surface = NULL;
		break;
	}
	touch(c, PICOWL_CONTROL_V1_TOUCH_TYPE_MOTION, 30);
	touch(c, PICOWL_CONTROL_V1_TOUCH_TYPE_MOTION, 40);
	touch(c, PICOWL_CONTROL_V1_TOUCH_TYPE_UP, 40);
	if (pw_client_roundtrip(&c->tc, 5000) != 1) {
		return false;
	}
	/* with the source gone the drag ended at once; otherwise the drop was over a surface
	 * (the icon's loss changes nothing) or, the origin being the only one, over nothing */
	if (what == GONE_ICON && !watch.dropped) {
		printf("  the drag did not drop after its icon went\n");
		return false;
	}
	if (what == GONE_ORIGIN && !watch.cancelled) {
		printf("  the drag over nothing was not cancelled\n");
		return false;
	}
	return true;
}

static bool
drag_source_gone(struct conn *c)
{
	return drag_with_gone(c, GONE_SOURCE);
}

static bool
drag_icon_gone(struct conn *c)
{
	return drag_with_gone(c, GONE_ICON);
}

static bool
drag_origin_gone(struct conn *c)
{
	return drag_with_gone(c, GONE_ORIGIN);
}

/*
 * A pointer drag dropped on its own toplevel: the data is read, finish, the source hears
 * dnd_drop_performed and dnd_finished; then a second finish.
 */
static bool
drag_pointer_finish_twice(struct conn *c)
{
	if (!touched(c)) {
		return false;
	}
	touch(c, PICOWL_CONTROL_V1_TOUCH_TYPE_UP, 10);
	struct wl_pointer *p = wl_seat_get_pointer(c->tc.seat);
	wl_pointer_add_listener(p, &pointer_watch_listener, &watch.pointer);
	picowl_control_v1_inject_pointer_motion(c->control, wl_fixed_from_int(10),
		wl_fixed_from_int(10));
	picowl_control_v1_inject_pointer_button(c->control, BTN_LEFT, 1);
	if (pw_client_dispatch_until(&c->tc, &watch.pointer.pressed, 5000) != 1) {
		printf("  no button press reached the toplevel\n");
		return false;
	}
	wl_data_device_start_drag(watch.device, watch.source, c->top.surface, NULL,
		watch.pointer.press_serial);
	picowl_control_v1_inject_pointer_motion(c->control, wl_fixed_from_int(30),
		wl_fixed_from_int(30));
	if (pw_client_dispatch_until(&c->tc, &watch.entered, 5000) != 1 || !watch.offer) {
		printf("  the pointer drag did not enter\n");
		return false;
	}
	wl_data_offer_accept(watch.offer, watch.enter_serial, "text/plain");
	wl_data_offer_set_actions(watch.offer, COPY | MOVE, MOVE);
	picowl_control_v1_inject_pointer_button(c->control, BTN_LEFT, 0);
	if (pw_client_dispatch_until(&c->tc, &watch.dropped, 5000) != 1 ||
		pw_client_dispatch_until(&c->tc, &watch.drop_performed, 5000) != 1) {
		printf("  no drop\n");
		return false;
	}
	int fds[2];
	char byte = 0;
	if (pipe(fds) != 0) {
		return false;
	}
	wl_data_offer_receive(watch.offer, "text/plain", fds[1]);
	close(fds[1]);
	pw_client_roundtrip(&c->tc, 5000);
	bool read_one = read(fds[0], &byte, 1) == 1 && byte == 'x';
	close(fds[0]);
	wl_data_offer_finish(watch.offer);
	if (!read_one || pw_client_dispatch_until(&c->tc, &watch.finished, 5000) != 1) {
		printf("  the data (%s) or dnd_finished did not come\n",
			read_one ? "read" : "none");
		return false;
	}
	wl_data_offer_finish(watch.offer);
	return true;
}

/*
 * The target asks (the source offers ask and copy), is dropped on, then settles on copy, or
 * (`settle` false) finishes with the ask unsettled.
 */
static bool
drag_ask(struct conn *c, bool settle)
{
	if (!dragging_with(c, NULL, ASK | COPY)) {
		return false;
	}
	wl_data_offer_accept(watch.offer, watch.enter_serial, "text/plain");
	wl_data_offer_set_actions(watch.offer, ASK | COPY, ASK);
	if (pw_client_roundtrip(&c->tc, 5000) != 1) {
		return false;
	}
	touch(c, PICOWL_CONTROL_V1_TOUCH_TYPE_UP, 20);
	if (pw_client_dispatch_until(&c->tc, &watch.dropped, 5000) != 1) {
		printf("  an offer that asks was not dropped on\n");
		return false;
	}
	if (settle) {
		wl_data_offer_set_actions(watch.offer, COPY, COPY);
	}
	wl_data_offer_finish(watch.offer);
	if (settle && pw_client_dispatch_until(&c->tc, &watch.finished, 5000) != 1) {
		printf("  no dnd_finished after the ask was settled\n");
		return false;
	}
	return true;
}

static bool
drag_ask_settled(struct conn *c)
{
	return drag_ask(c, true);
}

static bool
drag_ask_unsettled(struct conn *c)
{
	return drag_ask(c, false);
}

/*
 * The icon's shm file shrunk to 0 bytes mid-drag, the icon damaged and moved: picowl paints it
 * (drag_icon.c) and must not die of SIGBUS; the error names the icon's buffer.
 */
static bool
drag_icon_shrunk(struct conn *c)
{
	struct wl_surface *icon = wl_compositor_create_surface(c->tc.compositor);
	int fd = make_memfd(32 * 32 * 4);
	struct wl_shm_pool *pool = wl_shm_create_pool(c->tc.shm, fd, 32 * 32 * 4);
	struct wl_buffer *buffer =
		wl_shm_pool_create_buffer(pool, 0, 32, 32, 32 * 4, WL_SHM_FORMAT_ARGB8888);

	wl_shm_pool_destroy(pool);
	wl_surface_attach(icon, buffer, 0, 0);
	wl_surface_commit(icon);
	if (!dragging(c, icon) || pw_client_roundtrip(&c->tc, 5000) != 1 || ftruncate(fd, 0) < 0) {
		close(fd);
		return false;
	}
	close(fd);
	wl_surface_damage_buffer(icon, 0, 0, 32, 32);
	wl_surface_commit(icon);
	touch(c, PICOWL_CONTROL_V1_TOUCH_TYPE_MOTION, 40);
	return true;
}

static const struct rcase drag_cases[] = {
	{"drag-with-a-bogus-serial", drag_bogus_serial, EXPECT_NONE},
	{"drag-of-a-used-source", drag_used_source, EXPECT_NONE},
	{"drag-icon-already-in-a-drag", drag_icon_in_use, EXPECT_ERROR, "wl_data_device",
		WL_DATA_DEVICE_ERROR_ROLE},
	{"drag-offer-requests-after-the-drag", drag_offer_after_cancel, EXPECT_NONE},
	{"drag-offer-finish-before-drop", drag_finish_before_drop, EXPECT_ERROR, "wl_data_offer",
		WL_DATA_OFFER_ERROR_INVALID_FINISH},
	{"drag-offer-bad-action-mask", drag_offer_bad_mask, EXPECT_ERROR, "wl_data_offer",
		WL_DATA_OFFER_ERROR_INVALID_ACTION_MASK},
	{"drag-offer-preferred-action-not-offered", drag_offer_preferred_not_offered, EXPECT_ERROR,
		"wl_data_offer", WL_DATA_OFFER_ERROR_INVALID_ACTION},
	{"drag-source-destroyed-mid-drag", drag_source_gone, EXPECT_NONE},
	{"drag-icon-destroyed-mid-drag", drag_icon_gone, EXPECT_NONE},
	{"drag-origin-destroyed-mid-drag", drag_origin_gone, EXPECT_NONE},
	{"drag-ask-settled-after-the-drop", drag_ask_settled, EXPECT_NONE},
	{"drag-finish-with-the-ask-unsettled", drag_ask_unsettled, EXPECT_ERROR, "wl_data_offer",
		WL_DATA_OFFER_ERROR_INVALID_FINISH},
	{"drag-pointer-drop-then-finish-twice", drag_pointer_finish_twice, EXPECT_ERROR,
		"wl_data_offer", WL_DATA_OFFER_ERROR_INVALID_FINISH},
	{"drag-icon-shm-shrunk-mid-drag", drag_icon_shrunk, EXPECT_ERROR, "wl_buffer",
		WL_SHM_ERROR_INVALID_FD},
};

const struct group drag_group = {"data-drag", drag_cases, N(drag_cases)};

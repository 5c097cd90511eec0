/* The pointer a finger emulates for clients without wl_touch: tap, drag, long press, scroll. */
#include "touch_pointer.h"

#include <linux/input-event-codes.h>
#include <stdlib.h>
#include <wayland-server-core.h>

#include "clock.h"
#include "log.h"
#include "output.h"
#include "seat_internal.h"
#include "server.h"
#include "surface.h"

/* How long the long-press ring shows. */
#define CUE_MS 600

enum state {
	IDLE, /* no emulated finger */
	PENDING, /* down, still within the radius: a tap, a long press or a scroll to come */
	DRAGGING, /* BTN_LEFT held, the pointer follows the finger */
	SCROLLING, /* two fingers: axis events */
	SPENT, /* a long press fired or the surface went: the rest goes nowhere */
	WATCHING, /* a wl_touch client's finger, still: a long press may take it */
};

struct pw_touch_pointer {
	struct pw_seat *seat;
	struct pw_touch_pointer_config config;
	enum state state;
	int32_t id, second; /* the fingers of the gesture; second -1 until a scroll */
	int fingers; /* of the gesture, down */
	struct wl_client *client; /* of the first finger's surface; only compared */
	double down_x, down_y; /* the first finger's down */
	double x, y, x2, y2; /* the fingers now */
	double scroll_x, scroll_y; /* the centre whose moves are sent as axis */
	bool motion_pending; /* x,y (or the scroll) moved since the last send */
	int64_t last_motion_ns; /* at most one motion a refresh */
	struct wl_event_source *long_press; /* the long press's timer */
	struct wl_event_source *flush; /* a motion waiting for the refresh */
	bool flush_armed;
	bool release_pending; /* the finger is up: the last motion, then the release */
	struct wl_event_source *cue_timer;
	bool cue_shown;
	int cue_x, cue_y;
};

const struct pw_touch_pointer_config pw_touch_pointer_defaults = {
	.emulation = PW_TOUCH_EMULATION_AUTO,
	.long_press_ms = 500,
	.long_press_radius = 8,
	.scroll = PW_TOUCH_SCROLL_TWO_FINGER,
};

static void
damage_cue(struct pw_touch_pointer *tp)
{
	struct pw_output *output = tp->seat->server->output;
	int r = PW_TOUCH_POINTER_CUE_RADIUS;

	if (output) {
		pw_output_damage_box(output, tp->cue_x - r, tp->cue_y - r, 2 * r + 1, 2 * r + 1);
	}
}

static int
handle_cue_timer(void *data)
{
	struct pw_touch_pointer *tp = data;

	if (tp->cue_shown) {
		damage_cue(tp);
		tp->cue_shown = false;
		if (tp->config.cue_changed) {
			tp->config.cue_changed(tp->seat->server, false);
		}
	}
	return 0;
}

static void
show_cue(struct pw_touch_pointer *tp, double x, double y)
{
	if (tp->cue_shown) {
		damage_cue(tp);
	}
	tp->cue_x = (int)x;
	tp->cue_y = (int)y;
	if (!tp->cue_shown && tp->config.cue_changed) {
		tp->config.cue_changed(tp->seat->server, true);
	}
	tp->cue_shown = true;
	damage_cue(tp);
	wl_event_source_timer_update(tp->cue_timer, CUE_MS);
}

bool
pw_touch_pointer_cue(struct pw_seat *seat, int *x, int *y)
{
	struct pw_touch_pointer *tp = seat ? seat->touch.emulation : NULL;

	if (!tp || !tp->cue_shown) {
		return false;
	}
	*x = tp->cue_x;
	*y = tp->cue_y;
	return true;
}

/* Inside the output: a finger that slides off it drags the pointer to its edge. */
static void
clamp(struct pw_touch_pointer *tp, double *x, double *y)
{
	struct pw_output *output = tp->seat->server->output;

	if (!output) {
		return;
	}
	*x = *x < 0 ? 0 : *x > output->width - 1 ? output->width - 1 : *x;
	*y = *y < 0 ? 0 : *y > output->height - 1 ? output->height - 1 : *y;
}

static void
send_motion(struct pw_touch_pointer *tp, uint32_t time_msec)
{
	tp->motion_pending = false;
	tp->last_motion_ns = pw_now_ns();
	if (tp->state == DRAGGING) {
		pw_seat_notify_motion(tp->seat, time_msec, tp->x, tp->y);
	} else if (tp->state == SCROLLING) {
		double cx = (tp->x + tp->x2) / 2, cy = (tp->y + tp->y2) / 2;

		/* Natural scrolling: the content follows the fingers. */
		pw_seat_notify_axis_finger(tp->seat, time_msec, tp->scroll_x - cx,
			tp->scroll_y - cy, false);
		tp->scroll_x = cx;
		tp->scroll_y = cy;
	}
}

static void
stop_timers(struct pw_touch_pointer *tp)
{
	wl_event_source_timer_update(tp->long_press, 0);
	wl_event_source_timer_update(tp->flush, 0);
	tp->flush_armed = false;
}

static void finish(struct pw_touch_pointer *tp, uint32_t time_msec);

static int
handle_flush(void *data)
{
	struct pw_touch_pointer *tp = data;

	tp->flush_armed = false;
	if (tp->motion_pending) {
		send_motion(tp, pw_now_msec());
	}
	if (tp->release_pending) {
		finish(tp, pw_now_msec());
	}
	return 0;
}

/* A click or the start of a drag: BTN_LEFT pressed where the finger went down. */
static void
press_left(struct pw_touch_pointer *tp, uint32_t time_msec)
{
	wl_event_source_timer_update(tp->long_press, 0);
	pw_seat_notify_button(tp->seat, time_msec, BTN_LEFT, true);
	tp->state = DRAGGING;
}

static int
handle_long_press(void *data)
{
	struct pw_touch_pointer *tp = data;
	uint32_t now = pw_now_msec();

	if (tp->state == WATCHING) {
		/* The client's touch sequences end (wl_touch.cancel); the finger is the pointer's.
		 */
		if (!pw_touch_take_point(tp->seat, tp->id)) {
			tp->state = IDLE;
			return 0;
		}
		pw_seat_notify_motion(tp->seat, now, tp->down_x, tp->down_y);
		tp->state = PENDING;
	}
	if (tp->state != PENDING) {
		return 0;
	}
	pw_log_debug("touch: long press at %.0f,%.0f: BTN_RIGHT", tp->down_x, tp->down_y);
	pw_seat_notify_button(tp->seat, now, BTN_RIGHT, true);
	pw_seat_notify_button(tp->seat, now, BTN_RIGHT, false);
	show_cue(tp, tp->down_x, tp->down_y);
	tp->state = SPENT;
	return 0;
}

struct pw_touch_pointer *
pw_touch_pointer_create(struct pw_seat *seat)
{
	struct pw_touch_pointer *tp = calloc(1, sizeof(*tp));
	struct wl_event_loop *loop = seat->server->loop;

	if (!tp) {
		return NULL;
	}
	tp->seat = seat;
	tp->config = pw_touch_pointer_defaults;
	tp->long_press = wl_event_loop_add_timer(loop, handle_long_press, tp);
	tp->flush = wl_event_loop_add_timer(loop, handle_flush, tp);
	tp->cue_timer = wl_event_loop_add_timer(loop, handle_cue_timer, tp);
	if (!tp->long_press || !tp->flush || !tp->cue_timer) {
		pw_touch_pointer_destroy(tp);
		return NULL;
	}
	return tp;
}

void
pw_touch_pointer_destroy(struct pw_touch_pointer *tp)
{
	if (!tp) {
		return;
	}
	if (tp->cue_shown && tp->config.cue_changed) {
		tp->config.cue_changed(tp->seat->server, false);
	}
	struct wl_event_source *sources[] = {tp->long_press, tp->flush, tp->cue_timer};
	for (size_t i = 0; i < sizeof(sources) / sizeof(sources[0]); i++) {
		if (sources[i]) {
			wl_event_source_remove(sources[i]);
		}
	}
	free(tp);
}

void
pw_seat_set_touch_pointer(struct pw_seat *seat, const struct pw_touch_pointer_config *config)
{
	struct pw_touch_pointer *tp = seat->touch.emulation;

	if (tp) {
		tp->config = *config;
	}
}

static bool
client_has_touch(struct pw_seat *seat, struct wl_client *client)
{
	struct wl_resource *resource;

	wl_resource_for_each(resource, &seat->touch.resources) {
		if (wl_resource_get_client(resource) == client) {
			return true;
		}
	}
	return false;
}

bool
pw_touch_pointer_wants(struct pw_touch_pointer *tp, struct wl_client *client,
	struct pw_surface *surface)
{
	if (!tp) {
		return false;
	}
	/* A second finger on the same client while the first is still: a scroll. */
	if (tp->state == PENDING && tp->config.scroll == PW_TOUCH_SCROLL_TWO_FINGER &&
		client == tp->client) {
		return true;
	}
	if (tp->config.emulation == PW_TOUCH_EMULATION_OFF) {
		return false;
	}
	if (!client_has_touch(tp->seat, client)) {
		return true;
	}
	return tp->config.emulate_for && tp->config.emulate_for(tp->seat->server, surface);
}

void
pw_touch_pointer_down(struct pw_touch_pointer *tp, struct wl_client *client, uint32_t time_msec,
	int32_t id, double x, double y)
{
	struct pw_surface *before;

	if (tp->state == PENDING && tp->fingers == 1 && client == tp->client &&
		tp->config.scroll == PW_TOUCH_SCROLL_TWO_FINGER) {
		wl_event_source_timer_update(tp->long_press, 0);
		tp->state = SCROLLING;
		tp->second = id;
		tp->fingers = 2;
		tp->x2 = x;
		tp->y2 = y;
		tp->scroll_x = (tp->x + x) / 2;
		tp->scroll_y = (tp->y + y) / 2;
		return;
	}
	if (tp->release_pending) {
		handle_flush(tp); /* the last drag's end, due at the refresh, goes first */
	}
	if (tp->state == WATCHING) {
		wl_event_source_timer_update(tp->long_press, 0);
		tp->state = IDLE; /* a finger on a wl_touch client is no long press with another */
	}
	if (tp->state != IDLE) {
		return; /* a third finger, or a second one during a drag: it goes nowhere */
	}
	tp->id = id;
	tp->client = client;
	tp->second = -1;
	tp->fingers = 1;
	tp->down_x = tp->x = x;
	tp->down_y = tp->y = y;
	tp->motion_pending = false;
	tp->last_motion_ns = pw_now_ns();
	/* A motion; after an enter a motion at the same point too, as a mouse that arrives. */
	before = tp->seat->pointer.focus;
	pw_seat_notify_motion(tp->seat, time_msec, x, y);
	if (tp->seat->pointer.focus != before) {
		pw_seat_notify_motion(tp->seat, time_msec, x, y);
	}
	tp->state = PENDING;
	if (tp->config.long_press_ms > 0) {
		wl_event_source_timer_update(tp->long_press, tp->config.long_press_ms);
	} else {
		press_left(tp, time_msec);
	}
}

void
pw_touch_pointer_motion(struct pw_touch_pointer *tp, uint32_t time_msec, int32_t id, double x,
	double y)
{
	double r = tp->config.long_press_radius;

	if (tp->state == IDLE || tp->state == SPENT || (id != tp->id && id != tp->second)) {
		return;
	}
	clamp(tp, &x, &y);
	if (id == tp->second) {
		tp->x2 = x;
		tp->y2 = y;
	} else {
		tp->x = x;
		tp->y = y;
	}
	if (tp->state == PENDING) {
		double dx = x - tp->down_x, dy = y - tp->down_y;

		if (dx * dx + dy * dy <= r * r) {
			return; /* a finger's jitter: still a tap or a long press */
		}
		press_left(tp, time_msec);
	}
	tp->motion_pending = true;
}

/* The output's refresh period in ns (60 Hz without an output). */
static int64_t
refresh(const struct pw_touch_pointer *tp)
{
	const struct pw_output *output = tp->seat->server->output;

	return output && output->period > 0 ? output->period : 16666667;
}

void
pw_touch_pointer_frame(struct pw_touch_pointer *tp)
{
	int64_t period = refresh(tp);
	int64_t since;

	if (!tp->motion_pending || tp->flush_armed) {
		return;
	}
	since = pw_now_ns() - tp->last_motion_ns;
	if (since >= period) {
		send_motion(tp, pw_now_msec());
		return;
	}
	/* Within a refresh of the last motion: the latest position goes at its end (>> 20: ms
	 * without a 64-bit division, a little early). */
	wl_event_source_timer_update(tp->flush, (int)((period - since) >> 20) + 1);
	tp->flush_armed = true;
}

/* The gesture is over: a held button goes up, a scroll stops. */
static void
finish(struct pw_touch_pointer *tp, uint32_t time_msec)
{
	stop_timers(tp);
	if (tp->state == DRAGGING) {
		pw_seat_notify_button(tp->seat, time_msec, BTN_LEFT, false);
	} else if (tp->state == SCROLLING) {
		pw_seat_notify_axis_finger(tp->seat, time_msec, 0, 0, true);
	}
	tp->motion_pending = false;
	tp->release_pending = false;
	tp->state = IDLE;
	tp->fingers = 0;
	tp->second = -1;
}

void
pw_touch_pointer_up(struct pw_touch_pointer *tp, uint32_t time_msec, int32_t id)
{
	if (tp->state == IDLE || (id != tp->id && id != tp->second)) {
		return;
	}
	if (tp->state == PENDING) {
		press_left(tp, time_msec); /* a tap: a click where the finger went down */
	}
	if (tp->motion_pending && tp->state == DRAGGING && tp->fingers == 1 &&
		pw_now_ns() - tp->last_motion_ns < refresh(tp)) {
		/* Its last motion waits for the refresh, and the release with it. */
		tp->release_pending = true;
		pw_touch_pointer_frame(tp);
		return;
	}
	if (tp->motion_pending) {
		send_motion(tp, time_msec);
	}
	if (tp->state == SCROLLING && tp->fingers == 2) {
		/* One finger of two lifted: the scroll ends, the other finger goes nowhere. */
		pw_seat_notify_axis_finger(tp->seat, time_msec, 0, 0, true);
		tp->state = SPENT;
		tp->fingers = 1;
		tp->id = id == tp->id ? tp->second : tp->id;
		tp->second = -1;
		return;
	}
	finish(tp, time_msec);
}

void
pw_touch_pointer_cancel(struct pw_touch_pointer *tp)
{
	if (tp && tp->state != IDLE) {
		tp->motion_pending = false; /* a cancelled drag moves no further */
		finish(tp, pw_now_msec());
	}
}

void
pw_touch_pointer_gone(struct pw_touch_pointer *tp, int32_t id)
{
	if (!tp || tp->state == IDLE || (id != tp->id && id != tp->second)) {
		return;
	}
	tp->motion_pending = false;
	stop_timers(tp);
	if (tp->state == DRAGGING) {
		pw_seat_notify_button(tp->seat, pw_now_msec(), BTN_LEFT, false);
	}
	tp->state = SPENT;
}

void
pw_touch_pointer_watch(struct pw_touch_pointer *tp, struct wl_client *client, int32_t id, double x,
	double y)
{
	if (tp && tp->state == WATCHING) {
		/* A second finger: a pinch or the like, the client's own. */
		wl_event_source_timer_update(tp->long_press, 0);
		tp->state = IDLE;
		return;
	}
	if (!tp || !tp->config.long_press_touch || tp->config.long_press_ms <= 0 ||
		tp->state != IDLE) {
		return;
	}
	tp->state = WATCHING;
	tp->id = id;
	tp->second = -1;
	tp->client = client;
	tp->fingers = 1;
	tp->down_x = x;
	tp->down_y = y;
	wl_event_source_timer_update(tp->long_press, tp->config.long_press_ms);
}

void
pw_touch_pointer_watch_event(struct pw_touch_pointer *tp, int32_t id, double x, double y, bool up)
{
	double dx = x - tp->down_x, dy = y - tp->down_y;
	double r = tp->config.long_press_radius;

	if (tp->state != WATCHING || id != tp->id) {
		return;
	}
	if (up || dx * dx + dy * dy > r * r) {
		wl_event_source_timer_update(tp->long_press, 0);
		tp->state = IDLE;
		tp->fingers = 0;
	}
}

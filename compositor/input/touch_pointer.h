/*
 * The pointer a finger emulates (touch_pointer.c), decision 4.47: a touch point that goes down
 * on a surface whose client binds no wl_touch (or one the shell names, by app_id) drives the
 * seat's wl_pointer instead. A tap is BTN_LEFT pressed and released; a drag past the long-press
 * radius presses BTN_LEFT at the down point and moves with the finger, at most one motion a
 * refresh; a touch held within the radius for the long-press time is BTN_RIGHT at the down
 * point, with a ring drawn there (pw_touch_pointer_cue, which the shell paints); a second
 * finger before either scrolls (wl_pointer.axis, source finger) with the two fingers' centre.
 * touch.c hands it the points; nothing runs with no finger down.
 */
#ifndef PW_TOUCH_POINTER_H
#define PW_TOUCH_POINTER_H

#include <stdbool.h>
#include <stdint.h>

struct pw_seat;
struct pw_server;
struct pw_surface;
struct wl_client;

enum pw_touch_emulation {
	PW_TOUCH_EMULATION_OFF, /* a finger reaches wl_touch clients only */
	PW_TOUCH_EMULATION_AUTO, /* clients without wl_touch (and emulate_for's) get a pointer */
};

enum pw_touch_scroll {
	PW_TOUCH_SCROLL_OFF,
	PW_TOUCH_SCROLL_TWO_FINGER, /* a second finger down before the first moved scrolls */
};

struct pw_touch_pointer_config {
	enum pw_touch_emulation emulation;
	int long_press_ms; /* 0: no long press (a still touch is a BTN_LEFT press at once) */
	int long_press_radius; /* pixels a touch may wander and still be a long press or tap */
	enum pw_touch_scroll scroll;
	/* A wl_touch client's still finger is a long press too: its touch is cancelled and the
	 * finger becomes the pointer, which right-clicks (false: the client's own handling). */
	bool long_press_touch;
	/* The shell's (may be NULL): true when `surface` gets a pointer though its client binds
	 * wl_touch (its app_id is listed in the config). */
	bool (*emulate_for)(struct pw_server *server, struct pw_surface *surface);
	/* The shell's (may be NULL): the long-press ring shows (before its damage) or goes
	 * (after), so that the scene draws it only then. */
	void (*cue_changed)(struct pw_server *server, bool shown);
};

/* The defaults: auto, 500 ms, 8 pixels, two-finger scroll. */
extern const struct pw_touch_pointer_config pw_touch_pointer_defaults;

/* Takes the shell's settings (copied); the gestures under way finish with the old ones. */
void pw_seat_set_touch_pointer(struct pw_seat *seat, const struct pw_touch_pointer_config *config);

/* Radius in pixels of the ring that shows a long press fired. */
#define PW_TOUCH_POINTER_CUE_RADIUS 14

/* For the shell: true while the long-press ring shows, centred on output *x,*y. */
bool pw_touch_pointer_cue(struct pw_seat *seat, int *x, int *y);

/* For touch.c. NULL on no memory: no emulation then. */
struct pw_touch_pointer *pw_touch_pointer_create(struct pw_seat *seat);
void pw_touch_pointer_destroy(struct pw_touch_pointer *tp);
/* Whether a touch down on `surface` of `client` goes to the emulated pointer. */
bool pw_touch_pointer_wants(struct pw_touch_pointer *tp, struct wl_client *client,
	struct pw_surface *surface);
/* A finger down on a surface of `client`, which pw_touch_pointer_wants took. */
void pw_touch_pointer_down(struct pw_touch_pointer *tp, struct wl_client *client,
	uint32_t time_msec, int32_t id, double x, double y);
void pw_touch_pointer_motion(struct pw_touch_pointer *tp, uint32_t time_msec, int32_t id, double x,
	double y);
void pw_touch_pointer_up(struct pw_touch_pointer *tp, uint32_t time_msec, int32_t id);
/* The end of an input frame: the drag's or scroll's motion goes out (or waits a refresh). */
void pw_touch_pointer_frame(struct pw_touch_pointer *tp);
/* A finger down on a wl_touch client (its own events sent): with long_press_touch, held
 * still it becomes a long press (pw_touch_take_point, then BTN_RIGHT). Its motions and up
 * follow (up true), which end the watch when it moves past the radius or lifts. */
void pw_touch_pointer_watch(struct pw_touch_pointer *tp, struct wl_client *client, int32_t id,
	double x, double y);
void pw_touch_pointer_watch_event(struct pw_touch_pointer *tp, int32_t id, double x, double y,
	bool up);
/* Every touch sequence was cancelled: a held button is released, nothing else is sent. */
void pw_touch_pointer_cancel(struct pw_touch_pointer *tp);
/* Point `id`'s surface went (unmapped or destroyed): its button is released, the rest of the
 * sequence goes nowhere. */
void pw_touch_pointer_gone(struct pw_touch_pointer *tp, int32_t id);

#endif

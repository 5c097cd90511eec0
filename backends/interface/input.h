/*
 * Input devices through libinput: keyboards, the device's buttons, pointers and touchscreens,
 * found by udev or listed by path (for systems without udev). Events go out as
 * struct pw_input_events; xkbcommon lives in the compositor's seat, which takes evdev codes.
 */
#ifndef PW_INPUT_H
#define PW_INPUT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <wayland-server-core.h>

#include "log.h"

struct pw_session;
struct pw_input;

/* A pen tablet (libinput's tablet tool capability). */
struct pw_input_tablet {
	const void *key; /* the same in every event of its tools, till it goes */
	const char *name, *sysname;
	uint32_t vendor, product;
};

/* The axes a tool has (caps) or that changed in an event (changed). */
enum pw_input_tool_axes {
	PW_INPUT_TOOL_POSITION = 1,
	PW_INPUT_TOOL_PRESSURE = 2,
	PW_INPUT_TOOL_DISTANCE = 4,
	PW_INPUT_TOOL_TILT = 8,
};

enum pw_input_tool_kind {
	PW_INPUT_TOOL_PROXIMITY, /* `state`: in */
	PW_INPUT_TOOL_AXIS,
	PW_INPUT_TOOL_TIP, /* `state`: down */
	PW_INPUT_TOOL_BUTTON, /* `state`: pressed */
};

/* One event of a tablet's tool: the tool, then what it did, with the axes at that moment. */
struct pw_input_tool_event {
	enum pw_input_tool_kind kind;
	const void *tablet; /* pw_input_tablet.key */
	uint32_t time_msec;
	uint32_t type; /* the evdev code of its kind: BTN_TOOL_PEN, BTN_TOOL_RUBBER, ... */
	uint64_t serial, id; /* the hardware's serial and tool id, 0 when it has none */
	uint32_t caps; /* enum pw_input_tool_axes */
	uint32_t changed; /* enum pw_input_tool_axes */
	bool state;
	uint32_t button; /* BTN_STYLUS, ... */
	double x, y; /* 0..1 across the display, as touch_down's */
	double pressure, distance; /* 0..1 */
	double tilt_x, tilt_y; /* degrees from the perpendicular */
};

/* Input, in the display's unrotated coordinates; the core applies the output rotation. */
struct pw_input_events {
	/* `button`: the device has keys but is no full keyboard (no KEY_A..KEY_Z; 4.54). */
	void (*key)(void *data, uint32_t time_msec, uint32_t key, bool pressed, bool button);
	/* Relative pointer motion in pixels, accelerated and as the device moved (unaccel). */
	void (*motion)(void *data, uint64_t time_usec, double dx, double dy, double dx_unaccel,
		double dy_unaccel);
	/* Absolute position, 0..1 across the display's width and height. */
	void (*motion_absolute)(void *data, uint32_t time_msec, double x, double y);
	void (*button)(void *data, uint32_t time_msec, uint32_t button, bool pressed);
	void (*axis)(void *data, uint32_t time_msec, uint32_t axis, double value);
	/* Touch positions 0..1 across the display, after the calibration matrix. */
	void (*touch_down)(void *data, uint32_t time_msec, int32_t id, double x, double y);
	void (*touch_motion)(void *data, uint32_t time_msec, int32_t id, double x, double y);
	void (*touch_up)(void *data, uint32_t time_msec, int32_t id);
	void (*touch_frame)(void *data);
	void (*touch_cancel)(void *data);
	/*
	 * Optional: a touchpad's gesture (libinput's; 4.104), `kind` an enum pw_input_gesture.
	 * Update: the fingers' mean motion dx,dy in pixels, accelerated; for a pinch also
	 * `scale` (from 1 at its begin) and `rotation` (degrees clockwise since the last update).
	 */
	void (*gesture_begin)(void *data, uint32_t time_msec, uint32_t kind, uint32_t fingers);
	void (*gesture_update)(void *data, uint32_t time_msec, uint32_t kind, double dx, double dy,
		double scale, double rotation);
	void (*gesture_end)(void *data, uint32_t time_msec, uint32_t kind, bool cancelled);
	/* Optional: a device that can move a pointer came (before that there is no pointer). */
	void (*pointer_added)(void *data);
	/* Optional: a device came (`added`) or went; `caps`: enum pw_input_caps bits (4.62). */
	void (*device)(void *data, const char *name, const char *sysname, uint32_t caps,
		bool added);
	/* Optional: a pen tablet came (`added`) or went (4.105); its tools' events name its key. */
	void (*tablet)(void *data, const struct pw_input_tablet *tablet, bool added);
	/* Optional: what a tablet's tool did (4.105). */
	void (*tablet_tool)(void *data, const struct pw_input_tool_event *event);
};

/* What a device can do, as picowl_control_v1's input_capabilities say it. */
enum pw_input_caps {
	PW_INPUT_CAP_KEYBOARD = 1,
	PW_INPUT_CAP_POINTER = 2,
	PW_INPUT_CAP_TOUCH = 4,
	PW_INPUT_CAP_BUTTONS = 8, /* keys, but no full keyboard */
};

/* A touchpad's gestures, as zwp_pointer_gestures_v1 names them. */
enum pw_input_gesture {
	PW_INPUT_GESTURE_SWIPE,
	PW_INPUT_GESTURE_PINCH,
	PW_INPUT_GESTURE_HOLD,
};

struct pw_input_config {
	/*
	 * Device nodes to open (NULL-terminated), for systems without udev. NULL: the udev
	 * seat "seat0", or every /dev/input/event* when udev has no devices to give.
	 */
	const char *const *devices;
	/*
	 * The libinput calibration matrix of touchscreens, applied to the device's normalized
	 * 0..1 coordinates: x' = m[0] x + m[1] y + m[2], y' = m[3] x + m[4] y + m[5].
	 */
	bool calibrated;
	float calibration[6];
};

/*
 * libinput/libinput.c is a module of its own, picowl-input.so, that libinput/input_load.c
 * (input_load.h: pw_input_create, pw_input_destroy, pw_input_fd) loads at the first
 * pw_input_create: libinput and the dozen libraries behind it (libudev, libevdev, libwacom,
 * glib, ...) are then mapped and linked after picowl's first frame, not before its main.
 * The module's one symbol, PW_INPUT_MODULE_SYMBOL, is this table; `host` gives it the
 * session's device opening and picowl's log (log.h's pw_log_va: the module writes its lines
 * through the executable's logger, not a copy of it), which live in the executable.
 */
struct pw_input_host {
	int (*open)(struct pw_session *session, const char *path, int flags);
	void (*close)(struct pw_session *session, int fd);
	void (*log)(enum pw_log_level level, const char *fmt, va_list ap);
};

struct pw_input_module {
	struct pw_input *(*create)(struct wl_event_loop *loop, struct pw_session *session,
		const struct pw_input_host *host, const struct pw_input_config *config,
		const struct pw_input_events *events, void *data);
	void (*destroy)(struct pw_input *input);
	int (*fd)(const struct pw_input *input);
};

#define PW_INPUT_MODULE_SYMBOL "pw_input_module"

#endif

/* Input devices through libinput, the module picowl-input.so; see input.h. */
#include "input.h"

#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <libinput.h>
#include <libudev.h>
#include <linux/input-event-codes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "session.h"

struct pw_input {
	struct libinput *li;
	struct udev *udev;
	struct wl_event_source *source;
	struct pw_session *session;
	const struct pw_input_host *host;
	struct wl_listener session_disable, session_enable;
	const struct pw_input_events *events;
	void *data;
	bool calibrated;
	float calibration[6];
	int devices; /* added so far */
};

/* The module's lines go through picowl's log (host->log): one logger, one level. */
static void __attribute__((format(printf, 3, 4)))
input_log(const struct pw_input *input, enum pw_log_level level, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	input->host->log(level, fmt, ap);
	va_end(ap);
}

static int
open_restricted(const char *path, int flags, void *data)
{
	struct pw_input *input = data;
	if (input->session) {
		return input->host->open(input->session, path, flags);
	}
	int fd = open(path, flags | O_CLOEXEC);
	return fd < 0 ? -errno : fd;
}

static void
close_restricted(int fd, void *data)
{
	struct pw_input *input = data;
	if (input->session) {
		input->host->close(input->session, fd);
	} else {
		close(fd);
	}
}

static const struct libinput_interface li_interface = {
	.open_restricted = open_restricted,
	.close_restricted = close_restricted,
};

static bool is_buttons(struct libinput_device *device);

static void
tell_device(struct pw_input *input, struct libinput_device *device, bool added)
{
	if (!input->events->device) {
		return;
	}
	uint32_t caps = 0;
	if (libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_KEYBOARD)) {
		caps |= is_buttons(device) ? PW_INPUT_CAP_BUTTONS : PW_INPUT_CAP_KEYBOARD;
	}
	if (libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_POINTER)) {
		caps |= PW_INPUT_CAP_POINTER;
	}
	if (libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_TOUCH)) {
		caps |= PW_INPUT_CAP_TOUCH;
	}
	input->events->device(input->data, libinput_device_get_name(device),
		libinput_device_get_sysname(device), caps, added);
}

static void
device_added(struct pw_input *input, struct libinput_device *device)
{
	input->devices++;
	bool touch = libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_TOUCH);
	if (touch && input->calibrated && libinput_device_config_calibration_has_matrix(device)) {
		enum libinput_config_status status =
			libinput_device_config_calibration_set_matrix(device, input->calibration);
		if (status != LIBINPUT_CONFIG_STATUS_SUCCESS) {
			input_log(input, PW_LOG_WARNING,
				"input: %s refused the calibration matrix\n",
				libinput_device_get_name(device));
		}
	}
	input_log(input, PW_LOG_INFO, "input: %s (%s)%s%s%s\n", libinput_device_get_name(device),
		libinput_device_get_sysname(device),
		libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_KEYBOARD) ? " keys" : "",
		libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_POINTER) ? " pointer"
										    : "",
		touch ? " touch" : "");
	if (libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_POINTER) &&
		input->events->pointer_added) {
		input->events->pointer_added(input->data);
	}
	if (libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_GESTURE)) {
		input_log(input, PW_LOG_INFO, "input: %s makes gestures\n",
			libinput_device_get_name(device));
	}
	tell_device(input, device, true);
}

static void
pointer_scroll(struct pw_input *input, struct libinput_event_pointer *p)
{
	static const enum libinput_pointer_axis axes[2] = {
		LIBINPUT_POINTER_AXIS_SCROLL_VERTICAL,
		LIBINPUT_POINTER_AXIS_SCROLL_HORIZONTAL,
	};
	for (uint32_t i = 0; i < 2; i++) {
		if (libinput_event_pointer_has_axis(p, axes[i]) && input->events->axis) {
			input->events->axis(input->data, libinput_event_pointer_get_time(p), i,
				libinput_event_pointer_get_scroll_value(p, axes[i]));
		}
	}
}

static void
handle_pointer(struct pw_input *input, enum libinput_event_type type,
	struct libinput_event_pointer *p)
{
	const struct pw_input_events *ev = input->events;
	uint32_t time = libinput_event_pointer_get_time(p);
	switch (type) {
	case LIBINPUT_EVENT_POINTER_MOTION:
		if (ev->motion) {
			ev->motion(input->data, libinput_event_pointer_get_time_usec(p),
				libinput_event_pointer_get_dx(p), libinput_event_pointer_get_dy(p),
				libinput_event_pointer_get_dx_unaccelerated(p),
				libinput_event_pointer_get_dy_unaccelerated(p));
		}
		break;
	case LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE:
		if (ev->motion_absolute) {
			ev->motion_absolute(input->data, time,
				libinput_event_pointer_get_absolute_x_transformed(p, 1),
				libinput_event_pointer_get_absolute_y_transformed(p, 1));
		}
		break;
	case LIBINPUT_EVENT_POINTER_BUTTON:
		if (ev->button) {
			ev->button(input->data, time, libinput_event_pointer_get_button(p),
				libinput_event_pointer_get_button_state(p) ==
					LIBINPUT_BUTTON_STATE_PRESSED);
		}
		break;
	default: /* the three scroll sources; the legacy AXIS event repeats them */
		pointer_scroll(input, p);
		break;
	}
}

static void
handle_touch(struct pw_input *input, enum libinput_event_type type, struct libinput_event_touch *t)
{
	const struct pw_input_events *ev = input->events;
	uint32_t time = libinput_event_touch_get_time(t);
	switch (type) {
	case LIBINPUT_EVENT_TOUCH_DOWN:
	case LIBINPUT_EVENT_TOUCH_MOTION: {
		void (*f)(void *, uint32_t, int32_t, double, double) =
			type == LIBINPUT_EVENT_TOUCH_DOWN ? ev->touch_down : ev->touch_motion;
		if (f) {
			f(input->data, time, libinput_event_touch_get_seat_slot(t),
				libinput_event_touch_get_x_transformed(t, 1),
				libinput_event_touch_get_y_transformed(t, 1));
		}
		break;
	}
	case LIBINPUT_EVENT_TOUCH_UP:
		if (ev->touch_up) {
			ev->touch_up(input->data, time, libinput_event_touch_get_seat_slot(t));
		}
		break;
	case LIBINPUT_EVENT_TOUCH_FRAME:
		if (ev->touch_frame) {
			ev->touch_frame(input->data);
		}
		break;
	default:
		if (ev->touch_cancel) {
			ev->touch_cancel(input->data);
		}
		break;
	}
}

/* A touchpad's swipe, pinch and hold (4.104); libinput never makes them from a touchscreen. */
static void
handle_gesture(struct pw_input *input, enum libinput_event_type type,
	struct libinput_event_gesture *g)
{
	const struct pw_input_events *ev = input->events;
	uint32_t time = libinput_event_gesture_get_time(g);
	uint32_t kind = type <= LIBINPUT_EVENT_GESTURE_SWIPE_END ? PW_INPUT_GESTURE_SWIPE
		: type <= LIBINPUT_EVENT_GESTURE_PINCH_END       ? PW_INPUT_GESTURE_PINCH
								 : PW_INPUT_GESTURE_HOLD;
	switch (type) {
	case LIBINPUT_EVENT_GESTURE_SWIPE_BEGIN:
	case LIBINPUT_EVENT_GESTURE_PINCH_BEGIN:
	case LIBINPUT_EVENT_GESTURE_HOLD_BEGIN:
		if (ev->gesture_begin) {
			ev->gesture_begin(input->data, time, kind,
				(uint32_t)libinput_event_gesture_get_finger_count(g));
		}
		break;
	case LIBINPUT_EVENT_GESTURE_SWIPE_UPDATE:
	case LIBINPUT_EVENT_GESTURE_PINCH_UPDATE:
		if (ev->gesture_update) {
			bool pinch = kind == PW_INPUT_GESTURE_PINCH;
			ev->gesture_update(input->data, time, kind,
				libinput_event_gesture_get_dx(g), libinput_event_gesture_get_dy(g),
				pinch ? libinput_event_gesture_get_scale(g) : 1,
				pinch ? libinput_event_gesture_get_angle_delta(g) : 0);
		}
		break;
	default: /* the three ends */
		if (ev->gesture_end) {
			ev->gesture_end(input->data, time, kind,
				libinput_event_gesture_get_cancelled(g) != 0);
		}
		break;
	}
}

/*
 * A device with keys but not every letter: a handheld's buttons (gpio-keys, a d-pad, a
 * keypad), whose keys [buttons] binds without taking a keyboard's arrows (4.54).
 */
static bool
is_buttons(struct libinput_device *device)
{
	static const uint32_t letters[] = {KEY_A, KEY_B, KEY_C, KEY_D, KEY_E, KEY_F, KEY_G, KEY_H,
		KEY_I, KEY_J, KEY_K, KEY_L, KEY_M, KEY_N, KEY_O, KEY_P, KEY_Q, KEY_R, KEY_S, KEY_T,
		KEY_U, KEY_V, KEY_W, KEY_X, KEY_Y, KEY_Z};
	for (size_t i = 0; i < sizeof(letters) / sizeof(letters[0]); i++) {
		if (libinput_device_keyboard_has_key(device, letters[i]) != 1) {
			return true;
		}
	}
	return false;
}

/* A pen tablet, named to the compositor by its libinput device (4.105). */
static void
tell_tablet(struct pw_input *input, struct libinput_device *device, bool added)
{
	if (!input->events->tablet ||
		!libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_TABLET_TOOL)) {
		return;
	}
	struct pw_input_tablet tablet = {
		.key = device,
		.name = libinput_device_get_name(device),
		.sysname = libinput_device_get_sysname(device),
		.vendor = libinput_device_get_id_vendor(device),
		.product = libinput_device_get_id_product(device),
	};
	input->events->tablet(input->data, &tablet, added);
}

static uint32_t
tool_type(struct libinput_tablet_tool *tool)
{
	static const uint32_t codes[] = {
		[LIBINPUT_TABLET_TOOL_TYPE_PEN] = BTN_TOOL_PEN,
		[LIBINPUT_TABLET_TOOL_TYPE_ERASER] = BTN_TOOL_RUBBER,
		[LIBINPUT_TABLET_TOOL_TYPE_BRUSH] = BTN_TOOL_BRUSH,
		[LIBINPUT_TABLET_TOOL_TYPE_PENCIL] = BTN_TOOL_PENCIL,
		[LIBINPUT_TABLET_TOOL_TYPE_AIRBRUSH] = BTN_TOOL_AIRBRUSH,
		[LIBINPUT_TABLET_TOOL_TYPE_MOUSE] = BTN_TOOL_MOUSE,
		[LIBINPUT_TABLET_TOOL_TYPE_LENS] = BTN_TOOL_LENS,
	};
	uint32_t t = (uint32_t)libinput_tablet_tool_get_type(tool);
	return t < sizeof(codes) / sizeof(codes[0]) && codes[t] ? codes[t] : BTN_TOOL_PEN;
}

static void
handle_tablet_tool(struct pw_input *input, enum libinput_event_type type,
	struct libinput_event_tablet_tool *t)
{
	struct libinput_tablet_tool *tool = libinput_event_tablet_tool_get_tool(t);
	struct pw_input_tool_event ev = {
		.tablet = libinput_event_get_device(libinput_event_tablet_tool_get_base_event(t)),
		.time_msec = libinput_event_tablet_tool_get_time(t),
		.type = tool_type(tool),
		.serial = libinput_tablet_tool_get_serial(tool),
		.id = libinput_tablet_tool_get_tool_id(tool),
		.x = libinput_event_tablet_tool_get_x_transformed(t, 1),
		.y = libinput_event_tablet_tool_get_y_transformed(t, 1),
		.pressure = libinput_event_tablet_tool_get_pressure(t),
		.distance = libinput_event_tablet_tool_get_distance(t),
		.tilt_x = libinput_event_tablet_tool_get_tilt_x(t),
		.tilt_y = libinput_event_tablet_tool_get_tilt_y(t),
	};
	if (!input->events->tablet_tool) {
		return;
	}
	ev.caps = PW_INPUT_TOOL_POSITION |
		(libinput_tablet_tool_has_pressure(tool) ? PW_INPUT_TOOL_PRESSURE : 0) |
		(libinput_tablet_tool_has_distance(tool) ? PW_INPUT_TOOL_DISTANCE : 0) |
		(libinput_tablet_tool_has_tilt(tool) ? PW_INPUT_TOOL_TILT : 0);
	ev.changed = (libinput_event_tablet_tool_x_has_changed(t) ||
					     libinput_event_tablet_tool_y_has_changed(t)
				     ? PW_INPUT_TOOL_POSITION
				     : 0) |
		(libinput_event_tablet_tool_pressure_has_changed(t) ? PW_INPUT_TOOL_PRESSURE : 0) |
		(libinput_event_tablet_tool_distance_has_changed(t) ? PW_INPUT_TOOL_DISTANCE : 0) |
		(libinput_event_tablet_tool_tilt_x_has_changed(t) ||
					libinput_event_tablet_tool_tilt_y_has_changed(t)
				? PW_INPUT_TOOL_TILT
				: 0);
	switch (type) {
	case LIBINPUT_EVENT_TABLET_TOOL_PROXIMITY:
		ev.kind = PW_INPUT_TOOL_PROXIMITY;
		ev.state = libinput_event_tablet_tool_get_proximity_state(t) ==
			LIBINPUT_TABLET_TOOL_PROXIMITY_STATE_IN;
		break;
	case LIBINPUT_EVENT_TABLET_TOOL_TIP:
		ev.kind = PW_INPUT_TOOL_TIP;
		ev.state = libinput_event_tablet_tool_get_tip_state(t) ==
			LIBINPUT_TABLET_TOOL_TIP_DOWN;
		break;
	case LIBINPUT_EVENT_TABLET_TOOL_BUTTON:
		ev.kind = PW_INPUT_TOOL_BUTTON;
		ev.button = libinput_event_tablet_tool_get_button(t);
		ev.state = libinput_event_tablet_tool_get_button_state(t) ==
			LIBINPUT_BUTTON_STATE_PRESSED;
		break;
	default:
		ev.kind = PW_INPUT_TOOL_AXIS;
		break;
	}
	input->events->tablet_tool(input->data, &ev);
}

static void
handle_event(struct pw_input *input, struct libinput_event *event)
{
	enum libinput_event_type type = libinput_event_get_type(event);
	switch (type) {
	case LIBINPUT_EVENT_DEVICE_ADDED:
		device_added(input, libinput_event_get_device(event));
		tell_tablet(input, libinput_event_get_device(event), true);
		break;
	case LIBINPUT_EVENT_DEVICE_REMOVED:
		tell_device(input, libinput_event_get_device(event), false);
		tell_tablet(input, libinput_event_get_device(event), false);
		break;
	case LIBINPUT_EVENT_KEYBOARD_KEY: {
		struct libinput_event_keyboard *k = libinput_event_get_keyboard_event(event);
		if (input->events->key) {
			input->events->key(input->data, libinput_event_keyboard_get_time(k),
				libinput_event_keyboard_get_key(k),
				libinput_event_keyboard_get_key_state(k) ==
					LIBINPUT_KEY_STATE_PRESSED,
				is_buttons(libinput_event_get_device(event)));
		}
		break;
	}
	case LIBINPUT_EVENT_POINTER_MOTION:
	case LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE:
	case LIBINPUT_EVENT_POINTER_BUTTON:
	case LIBINPUT_EVENT_POINTER_SCROLL_WHEEL:
	case LIBINPUT_EVENT_POINTER_SCROLL_FINGER:
	case LIBINPUT_EVENT_POINTER_SCROLL_CONTINUOUS:
		handle_pointer(input, type, libinput_event_get_pointer_event(event));
		break;
	case LIBINPUT_EVENT_TOUCH_DOWN:
	case LIBINPUT_EVENT_TOUCH_MOTION:
	case LIBINPUT_EVENT_TOUCH_UP:
	case LIBINPUT_EVENT_TOUCH_FRAME:
	case LIBINPUT_EVENT_TOUCH_CANCEL:
		handle_touch(input, type, libinput_event_get_touch_event(event));
		break;
	case LIBINPUT_EVENT_GESTURE_SWIPE_BEGIN:
	case LIBINPUT_EVENT_GESTURE_SWIPE_UPDATE:
	case LIBINPUT_EVENT_GESTURE_SWIPE_END:
	case LIBINPUT_EVENT_GESTURE_PINCH_BEGIN:
	case LIBINPUT_EVENT_GESTURE_PINCH_UPDATE:
	case LIBINPUT_EVENT_GESTURE_PINCH_END:
	case LIBINPUT_EVENT_GESTURE_HOLD_BEGIN:
	case LIBINPUT_EVENT_GESTURE_HOLD_END:
		handle_gesture(input, type, libinput_event_get_gesture_event(event));
		break;
	case LIBINPUT_EVENT_TABLET_TOOL_AXIS:
	case LIBINPUT_EVENT_TABLET_TOOL_PROXIMITY:
	case LIBINPUT_EVENT_TABLET_TOOL_TIP:
	case LIBINPUT_EVENT_TABLET_TOOL_BUTTON:
		handle_tablet_tool(input, type, libinput_event_get_tablet_tool_event(event));
		break;
	default:
		break;
	}
}

static void
drain(struct pw_input *input)
{
	if (libinput_dispatch(input->li) < 0) {
		input_log(input, PW_LOG_ERROR, "input: libinput_dispatch failed\n");
	}
	struct libinput_event *event;
	while ((event = libinput_get_event(input->li))) {
		handle_event(input, event);
		libinput_event_destroy(event);
	}
}

static int
handle_libinput_readable(int fd, uint32_t mask, void *data)
{
	drain(data);
	return 0;
}

static void
handle_session_disable(struct wl_listener *listener, void *data)
{
	struct pw_input *input = wl_container_of(listener, input, session_disable);
	libinput_suspend(input->li);
}

static void
handle_session_enable(struct wl_listener *listener, void *data)
{
	struct pw_input *input = wl_container_of(listener, input, session_enable);
	if (libinput_resume(input->li) != 0) {
		input_log(input, PW_LOG_ERROR, "input: cannot take the input devices back\n");
	}
}

static bool
add_paths(struct pw_input *input, const char *const *paths)
{
	input->li = libinput_path_create_context(&li_interface, input);
	if (!input->li) {
		return false;
	}
	for (const char *const *p = paths; *p; p++) {
		if (!libinput_path_add_device(input->li, *p)) {
			input_log(input, PW_LOG_ERROR,
				"input: %s is not an input device libinput takes "
				"(missing, no permission, or no udev data for it)\n",
				*p);
		}
	}
	return true;
}

/* Without udev devices: every event node, as a handheld without udev has them. */
static bool
add_all_event_nodes(struct pw_input *input)
{
	glob_t g = {0};
	int found = glob("/dev/input/event*", 0, NULL, &g);
	const char **paths = calloc(found == 0 ? g.gl_pathc + 1 : 1, sizeof(*paths));
	bool ok = false;
	if (paths) {
		for (size_t i = 0; found == 0 && i < g.gl_pathc; i++) {
			paths[i] = g.gl_pathv[i];
		}
		if (input->li) {
			libinput_unref(input->li);
			input->li = NULL;
		}
		if (input->udev) {
			udev_unref(input->udev);
			input->udev = NULL;
		}
		/* No input device at all is not a failure: the context stays, empty. */
		ok = add_paths(input, paths);
		free(paths);
	}
	globfree(&g);
	return ok;
}

static bool
open_udev(struct pw_input *input)
{
	input->udev = udev_new();
	if (!input->udev) {
		return false;
	}
	input->li = libinput_udev_create_context(&li_interface, input, input->udev);
	if (!input->li || libinput_udev_assign_seat(input->li, "seat0") != 0) {
		input_log(input, PW_LOG_ERROR,
			"input: cannot enumerate input devices through udev\n");
		return false;
	}
	return true;
}

static void destroy(struct pw_input *input);

static struct pw_input *
create(struct wl_event_loop *loop, struct pw_session *session, const struct pw_input_host *host,
	const struct pw_input_config *config, const struct pw_input_events *events, void *data)
{
	struct pw_input *input = calloc(1, sizeof(*input));
	if (!input) {
		return NULL;
	}
	input->session = session;
	input->host = host;
	input->events = events;
	input->data = data;
	input->calibrated = config->calibrated;
	memcpy(input->calibration, config->calibration, sizeof(input->calibration));
	wl_list_init(&input->session_disable.link);
	wl_list_init(&input->session_enable.link);
	if (config->devices) {
		if (!add_paths(input, config->devices)) {
			goto err;
		}
	} else {
		if (open_udev(input)) {
			drain(input);
		}
		if (input->devices == 0 && !add_all_event_nodes(input)) {
			goto err;
		}
	}
	drain(input);
	input->source = wl_event_loop_add_fd(loop, libinput_get_fd(input->li), WL_EVENT_READABLE,
		handle_libinput_readable, input);
	if (!input->source) {
		goto err;
	}
	if (session) {
		input->session_disable.notify = handle_session_disable;
		wl_signal_add(&session->events.disable, &input->session_disable);
		input->session_enable.notify = handle_session_enable;
		wl_signal_add(&session->events.enable, &input->session_enable);
	}
	input_log(input, PW_LOG_INFO, "input: %d device(s)\n", input->devices);
	return input;

err:
	input_log(input, PW_LOG_ERROR, "input: cannot set up libinput\n");
	destroy(input);
	return NULL;
}

static int
get_fd(const struct pw_input *input)
{
	return libinput_get_fd(input->li);
}

static void
destroy(struct pw_input *input)
{
	if (!input) {
		return;
	}
	wl_list_remove(&input->session_disable.link);
	wl_list_remove(&input->session_enable.link);
	if (input->source) {
		wl_event_source_remove(input->source);
	}
	if (input->li) {
		libinput_unref(input->li);
	}
	if (input->udev) {
		udev_unref(input->udev);
	}
	free(input);
}

const struct pw_input_module pw_input_module = {
	.create = create,
	.destroy = destroy,
	.fd = get_fd,
};

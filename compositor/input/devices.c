/*
 * The backend's input devices feeding the seat: libinput on a real display's session, the host's
 * seat for the nested backend. Positions arrive across the unrotated display and leave in output
 * coordinates.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "clock.h"
#include "devices.h"
#include "edge_swipe.h"
#include "input_load.h"
#include "keyboard.h"
#include "log.h"
#include "output.h"
#include "pointer.h"
#include "pointer_gestures.h"
#include "seat_internal.h"
#include "server.h"
#include "start_trace.h"
#include "tablet.h"
#include "tablet_tool.h"
#include "touch.h"
#include "touch_raw.h"

static void
handle_input_key(void *data, uint32_t time_msec, uint32_t key, bool pressed, bool button)
{
	struct pw_seat *seat = data;
	pw_seat_notify_device_key(seat, time_msec, key, pressed, button);
}

static void
handle_input_motion(void *data, uint64_t time_usec, double dx, double dy, double dx_unaccel,
	double dy_unaccel)
{
	struct pw_seat *seat = data;
	pw_seat_notify_relative_motion(seat, time_usec, dx, dy, dx_unaccel, dy_unaccel);
}

static void
handle_input_motion_absolute(void *data, uint32_t time_msec, double x, double y)
{
	struct pw_seat *seat = data;
	pw_server_map_input(seat->server, x, y, &seat->cursor_x, &seat->cursor_y);
	pw_seat_notify_motion(seat, time_msec, seat->cursor_x, seat->cursor_y);
}

static void
handle_input_button(void *data, uint32_t time_msec, uint32_t button, bool pressed)
{
	struct pw_seat *seat = data;
	pw_seat_notify_button(seat, time_msec, button, pressed);
}

static void
handle_input_axis(void *data, uint32_t time_msec, uint32_t axis, double value)
{
	struct pw_seat *seat = data;
	pw_seat_notify_axis(seat, time_msec, axis, value);
}

static void
handle_input_touch_down(void *data, uint32_t time_msec, int32_t id, double x, double y)
{
	struct pw_seat *seat = data;
	if (pw_touch_raw_take(seat, PW_TOUCH_RAW_DOWN, id, x, y)) {
		return;
	}
	double ox, oy;
	pw_server_map_input(seat->server, x, y, &ox, &oy);
	pw_edge_swipe_touch_down(seat, time_msec, id, ox, oy);
}

static void
handle_input_touch_motion(void *data, uint32_t time_msec, int32_t id, double x, double y)
{
	struct pw_seat *seat = data;
	double ox, oy;
	pw_server_map_input(seat->server, x, y, &ox, &oy);
	pw_edge_swipe_touch_motion(seat, time_msec, id, ox, oy);
}

static void
handle_input_touch_up(void *data, uint32_t time_msec, int32_t id)
{
	struct pw_seat *seat = data;
	if (pw_touch_raw_take(seat, PW_TOUCH_RAW_UP, id, 0, 0)) {
		return;
	}
	pw_edge_swipe_touch_up(seat, time_msec, id);
}

static void
handle_input_touch_frame(void *data)
{
	struct pw_seat *seat = data;
	pw_edge_swipe_touch_frame(seat);
}

static void
handle_input_touch_cancel(void *data)
{
	struct pw_seat *seat = data;
	pw_edge_swipe_touch_cancel(seat);
}

static void
handle_input_gesture_begin(void *data, uint32_t time_msec, uint32_t kind, uint32_t fingers)
{
	struct pw_seat *seat = data;
	pw_pointer_gestures_begin(seat, time_msec, kind, fingers);
}

static void
handle_input_gesture_update(void *data, uint32_t time_msec, uint32_t kind, double dx, double dy,
	double scale, double rotation)
{
	struct pw_seat *seat = data;
	pw_pointer_gestures_update(seat, time_msec, kind, dx, dy, scale, rotation);
}

static void
handle_input_gesture_end(void *data, uint32_t time_msec, uint32_t kind, bool cancelled)
{
	struct pw_seat *seat = data;
	pw_pointer_gestures_end(seat, time_msec, kind, cancelled);
}

static void
handle_input_pointer_added(void *data)
{
	struct pw_seat *seat = data;
	seat->pointer.present = true;
	pw_seat_pointer_rescan(seat, pw_now_msec());
}

static void
handle_input_device(void *data, const char *name, const char *sysname, uint32_t caps, bool added)
{
	struct pw_seat *seat = data;
	int i = 0;
	while (i < seat->n_devices && strcmp(seat->devices[i].sysname, sysname) != 0) {
		i++;
	}
	if (!added) {
		if (i < seat->n_devices) {
			seat->devices[i] = seat->devices[--seat->n_devices];
		}
		return;
	}
	if (i == PW_SEAT_MAX_DEVICES) {
		return; /* opened all the same; only the list has no room */
	}
	struct pw_seat_device *d = &seat->devices[i];
	snprintf(d->name, sizeof(d->name), "%s", name);
	snprintf(d->sysname, sizeof(d->sysname), "%s", sysname);
	d->caps = caps;
	seat->n_devices += i == seat->n_devices;
}

static void
handle_input_tablet(void *data, const struct pw_input_tablet *tablet, bool added)
{
	struct pw_seat *seat = data;
	if (seat->tablets) {
		pw_tablets_device(seat->tablets, tablet, added);
	}
}

/* A pen maps to the output as the touchscreen does (4.105). */
static void
handle_input_tablet_tool(void *data, const struct pw_input_tool_event *event)
{
	struct pw_seat *seat = data;
	double ox, oy;
	pw_server_map_input(seat->server, event->x, event->y, &ox, &oy);
	pw_tablet_tool_event(seat->tablets, event, ox, oy);
}

static const struct pw_input_events input_events = {
	.key = handle_input_key,
	.motion = handle_input_motion,
	.motion_absolute = handle_input_motion_absolute,
	.button = handle_input_button,
	.axis = handle_input_axis,
	.touch_down = handle_input_touch_down,
	.touch_motion = handle_input_touch_motion,
	.touch_up = handle_input_touch_up,
	.touch_frame = handle_input_touch_frame,
	.touch_cancel = handle_input_touch_cancel,
	.gesture_begin = handle_input_gesture_begin,
	.gesture_update = handle_input_gesture_update,
	.gesture_end = handle_input_gesture_end,
	.pointer_added = handle_input_pointer_added,
	.device = handle_input_device,
	.tablet = handle_input_tablet,
	.tablet_tool = handle_input_tablet_tool,
};

const struct pw_input_events *
pw_seat_devices_events(void)
{
	return &input_events;
}

static void
drop_later(struct pw_seat *seat)
{
	for (char **p = seat->device_paths; p && *p; p++) {
		free(*p);
	}
	free(seat->device_paths);
	seat->device_paths = NULL;
	seat->devices_later = (struct pw_input_config){0};
}

/* Keeps a copy of `config` for pw_seat_devices_open; false on no memory. */
static bool
keep_later(struct pw_seat *seat, const struct pw_input_config *config)
{
	size_t n = 0;
	while (config->devices && config->devices[n]) {
		n++;
	}
	char **paths = n ? calloc(n + 1, sizeof(*paths)) : NULL;
	if (n && !paths) {
		return false;
	}
	for (size_t i = 0; i < n; i++) {
		if (!(paths[i] = strdup(config->devices[i]))) {
			while (i > 0) {
				free(paths[--i]);
			}
			free(paths);
			return false;
		}
	}
	drop_later(seat);
	seat->devices_later = *config;
	seat->devices_later.devices = (const char *const *)paths;
	seat->device_paths = paths;
	return true;
}

static bool
open_devices(struct pw_seat *seat, const struct pw_input_config *config)
{
	struct pw_server *server = seat->server;
	/* Opening the devices again is simplest, and rare: at start-up and on a reload. */
	pw_input_destroy(server->input);
	seat->n_devices = 0;
	server->input = pw_input_create(server->loop, server->backend->session, config,
		&input_events, seat);
	pw_start_trace("input");
	if (!server->input) {
		pw_log_warning("running without input devices");
	}
	return server->input != NULL;
}

bool
pw_seat_configure_input(struct pw_seat *seat, const struct pw_input_config *config)
{
	if (!seat->server->backend->session) {
		return true; /* headless has no devices; nested takes its host's seat */
	}
	if (seat->devices_waiting) {
		return keep_later(seat, config);
	}
	return open_devices(seat, config);
}

void
pw_seat_devices_open(struct pw_seat *seat)
{
	if (!seat->devices_waiting) {
		return;
	}
	seat->devices_waiting = false;
	open_devices(seat, &seat->devices_later);
	drop_later(seat);
}

int
pw_seat_devices_list(const struct pw_seat *seat, const struct pw_seat_device **devices)
{
	*devices = seat->devices;
	return seat->n_devices;
}

void
pw_seat_devices_init(struct pw_seat *seat)
{
	struct pw_backend *backend = seat->server->backend;
	backend->input_events = &input_events;
	backend->input_data = seat;
	/* The devices wait for the first frame (seat.c), with the settings of the last
	 * pw_seat_configure_input: the config's [input] once the desktop adopts it. */
	seat->devices_waiting = backend->session != NULL;
}

void
pw_seat_devices_finish(struct pw_seat *seat)
{
	struct pw_server *server = seat->server;
	pw_input_destroy(server->input);
	server->input = NULL;
	drop_later(seat);
	seat->devices_waiting = false;
	if (server->backend->input_data == seat) {
		server->backend->input_events = NULL;
		server->backend->input_data = NULL;
	}
}

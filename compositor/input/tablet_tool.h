/*
 * A tablet's tool (tablet_tool.c, 4.105): zwp_tablet_tool_v2 for every tablet seat, its
 * proximity, tip, motion, axes and buttons to the surface under it, or to the seat's pointer
 * (motion, BTN_LEFT on the tip) over a client that holds no tablet tool, as sway does.
 * Internal to compositor/input.
 */
#ifndef PW_TABLET_TOOL_H
#define PW_TABLET_TOOL_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-server-core.h>

struct pw_input_tool_event;
struct pw_surface;
struct pw_tablet;
struct pw_tablets;

struct pw_tablet_tool {
	struct wl_list link; /* pw_tablets.tools */
	struct pw_tablets *tablets;
	struct pw_tablet *tablet; /* the tablet it was first seen on; it goes with it */
	uint32_t type; /* BTN_TOOL_*, zwp_tablet_tool_v2.type's values */
	uint64_t serial, id;
	uint32_t caps; /* enum pw_input_tool_axes */
	struct wl_list resources; /* zwp_tablet_tool_v2 */
	bool down;
	bool emulated; /* its focus' client has no tool: the pointer stands for it */
	struct pw_surface *focus;
	struct wl_listener focus_destroy;
	struct pw_tablet *focus_tablet; /* the tablet its proximity_in named */
	double x, y; /* output coordinates */
	double origin_x, origin_y, scale; /* of the focus, as the pointer's */
	uint32_t proximity_serial;
	uint32_t buttons; /* emulated pointer buttons held: 1 tip, 2 BTN_STYLUS, 4 BTN_STYLUS2 */
	/* the cursor its focus' client set (kept, not drawn: a pen points where it touches) */
	struct pw_surface *cursor;
	struct wl_listener cursor_destroy;
	uint32_t shape;
	struct wl_list shape_devices; /* its wp_cursor_shape_device_v1s (cursor_shape.c) */
};

/* A tool's event at output x,y (the rotation applied). */
void pw_tablet_tool_event(struct pw_tablets *tablets, const struct pw_input_tool_event *event,
	double x, double y);
/* Announces every tool to a new tablet seat resource. */
void pw_tablet_tools_announce(struct pw_tablets *tablets, struct wl_resource *seat_resource);
/* `tablet` goes: its tools (removed) and every tool's proximity over it. */
void pw_tablet_tools_tablet_gone(struct pw_tablets *tablets, struct pw_tablet *tablet);
void pw_tablet_tools_surface_gone(struct pw_tablets *tablets, struct pw_surface *surface);
/* Every tool removed (the seat goes). */
void pw_tablet_tools_finish(struct pw_tablets *tablets);
/* A zwp_tablet_tool_v2 resource's tool, NULL when inert (cursor_shape.c). */
struct pw_tablet_tool *pw_tablet_tool_from_resource(struct wl_resource *resource);
/* A cursor shape from `client` citing `serial` (cursor_shape.c): as set_cursor's rules. */
void pw_tablet_tool_set_shape(struct pw_tablet_tool *tool, struct wl_client *client,
	uint32_t serial, uint32_t shape);

#endif

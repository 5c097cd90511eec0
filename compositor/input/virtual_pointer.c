/* zwlr_virtual_pointer_manager_v1 and zwlr_virtual_pointer_v1: checked, then the real path. */
#include <stdlib.h>
#include <wayland-server-protocol.h>

#include "devices.h"
#include "input.h"
#include "output.h"
#include "pointer.h"
#include "request.h"
#include "seat.h"
#include "seat_internal.h"
#include "server.h"
#include "virtual_pointer.h"
#include "wlr-virtual-pointer-unstable-v1-protocol.h"

#define MANAGER_VERSION 2
/* evdev's button codes, BTN_MISC to the last of BTN_DIGI's and BTN_WHEEL's block */
#define BUTTON_FIRST 0x100
#define BUTTON_END 0x160
#define BUTTON_WORDS ((BUTTON_END - BUTTON_FIRST) / 32)
/* Events one frame may hold (consecutive motions are one): wayvnc's frames hold at most 8. */
#define FRAME_MAX 32

struct pw_virtual_pointers {
	struct pw_seat *seat;
	struct wl_global *global;
	struct wl_list managers; /* manager resources, made inert at destroy */
	struct wl_list pointers; /* struct virtual_pointer.link */
};

enum event_kind {
	EVENT_MOTION, /* a, b: dx, dy */
	EVENT_ABSOLUTE, /* a, b: 0..1 across the display as built */
	EVENT_BUTTON, /* code: the button, value: pressed */
	EVENT_AXIS, /* code: the axis, a: the value, value: wheel clicks (0: none) */
	EVENT_AXIS_STOP, /* code: the axis */
};

struct event {
	enum event_kind kind;
	uint32_t time, code;
	int32_t value;
	double a, b;
};

struct virtual_pointer {
	struct wl_resource *resource;
	struct pw_virtual_pointers *vps; /* NULL: inert (the seat went) */
	struct wl_list link; /* pw_virtual_pointers.pointers */
	uint32_t held[BUTTON_WORDS]; /* the buttons it pressed and has not released */
	uint32_t axis_source; /* for the axis events of every frame from now on */
	uint32_t time_msec; /* of its last request: its clock for the releases when it goes */
	struct event frame[FRAME_MAX]; /* what waits for the frame request (4.87) */
	int queued;
};

/* A malformed request: the interface has no code for it, so wl_display's, as libwayland's. */
static void
invalid(struct wl_resource *resource, const char *request, const char *what, uint32_t a, uint32_t b)
{
	wl_resource_post_error(wl_client_get_object(wl_resource_get_client(resource), 1),
		WL_DISPLAY_ERROR_INVALID_METHOD, "zwlr_virtual_pointer_v1.%s: %s %u %u", request,
		what, a, b);
}

/*
 * Adds an event to the frame under way, a motion merged into the motion before it; NULL (and
 * wl_display.no_memory, as an overrun virtual keyboard's queue) past FRAME_MAX, or when inert.
 */
static struct event *
queue(struct wl_resource *resource, enum event_kind kind, uint32_t time)
{
	struct virtual_pointer *vp = wl_resource_get_user_data(resource);

	if (!vp->vps) {
		return NULL;
	}
	vp->time_msec = time;
	struct event *last = vp->queued > 0 ? &vp->frame[vp->queued - 1] : NULL;
	if (last && kind == last->kind && (kind == EVENT_MOTION || kind == EVENT_ABSOLUTE)) {
		last->time = time;
		return last;
	}
	if (vp->queued == FRAME_MAX) {
		wl_client_post_no_memory(wl_resource_get_client(resource));
		return NULL;
	}
	struct event *e = &vp->frame[vp->queued++];
	*e = (struct event){.kind = kind, .time = time};
	return e;
}

static void
virtual_pointer_motion(struct wl_client *client, struct wl_resource *resource, uint32_t time,
	wl_fixed_t dx, wl_fixed_t dy)
{
	struct event *e = queue(resource, EVENT_MOTION, time);

	if (e) {
		e->a += wl_fixed_to_double(dx);
		e->b += wl_fixed_to_double(dy);
	}
}

static void
virtual_pointer_motion_absolute(struct wl_client *client, struct wl_resource *resource,
	uint32_t time, uint32_t x, uint32_t y, uint32_t x_extent, uint32_t y_extent)
{
	struct virtual_pointer *vp = wl_resource_get_user_data(resource);

	if (x_extent == 0 || y_extent == 0) {
		invalid(resource, "motion_absolute", "an extent of 0:", x_extent, y_extent);
		return;
	}
	if (x > x_extent || y > y_extent) {
		invalid(resource, "motion_absolute",
			x > x_extent ? "x beyond x_extent:" : "y beyond y_extent:",
			x > x_extent ? x : y, x > x_extent ? x_extent : y_extent);
		return;
	}
	struct event *e = queue(resource, EVENT_ABSOLUTE, time);
	if (!e) {
		return;
	}
	/*
	 * Across the display as it is built, before picowl's rotation, as a real absolute device's
	 * (4.87): wayvnc sends the output's mode frame (it undoes the transform it advertised).
	 * The extent itself is on the last pixel, where relative motion stops too.
	 */
	const struct pw_output *output = vp->vps->seat->server->output;
	bool turned = output->rotation == 90 || output->rotation == 270;
	double w = turned ? output->height : output->width;
	double h = turned ? output->width : output->height;
	double fx = (double)x / x_extent, fy = (double)y / y_extent;
	e->a = fx < (w - 1) / w ? fx : (w - 1) / w;
	e->b = fy < (h - 1) / h ? fy : (h - 1) / h;
}

static void
virtual_pointer_button(struct wl_client *client, struct wl_resource *resource, uint32_t time,
	uint32_t button, uint32_t state)
{
	if (button < BUTTON_FIRST || button >= BUTTON_END) {
		invalid(resource, "button", "no evdev button code (BTN_MISC to 0x15f):", button,
			state);
		return;
	}
	if (state != WL_POINTER_BUTTON_STATE_RELEASED && state != WL_POINTER_BUTTON_STATE_PRESSED) {
		invalid(resource, "button", "state neither released nor pressed:", button, state);
		return;
	}
	struct event *e = queue(resource, EVENT_BUTTON, time);
	if (e) {
		e->code = button;
		e->value = state == WL_POINTER_BUTTON_STATE_PRESSED;
	}
}

static void
axis(struct wl_resource *resource, uint32_t time, uint32_t axis_, wl_fixed_t value,
	int32_t discrete, bool stop)
{
	if (axis_ > WL_POINTER_AXIS_HORIZONTAL_SCROLL) {
		wl_resource_post_error(resource, ZWLR_VIRTUAL_POINTER_V1_ERROR_INVALID_AXIS,
			"zwlr_virtual_pointer_v1: axis %u is neither vertical nor horizontal",
			axis_);
		return;
	}
	struct event *e = queue(resource, stop ? EVENT_AXIS_STOP : EVENT_AXIS, time);
	if (e) {
		e->code = axis_;
		e->a = wl_fixed_to_double(value);
		e->value = discrete;
	}
}

static void
virtual_pointer_axis(struct wl_client *client, struct wl_resource *resource, uint32_t time,
	uint32_t axis_, wl_fixed_t value)
{
	axis(resource, time, axis_, value, 0, false);
}

static void
virtual_pointer_axis_discrete(struct wl_client *client, struct wl_resource *resource, uint32_t time,
	uint32_t axis_, wl_fixed_t value, int32_t discrete)
{
	axis(resource, time, axis_, value, discrete, false);
}

static void
virtual_pointer_axis_stop(struct wl_client *client, struct wl_resource *resource, uint32_t time,
	uint32_t axis_)
{
	axis(resource, time, axis_, 0, 0, true);
}

static void
virtual_pointer_axis_source(struct wl_client *client, struct wl_resource *resource, uint32_t source)
{
	struct virtual_pointer *vp = wl_resource_get_user_data(resource);

	if (source > WL_POINTER_AXIS_SOURCE_WHEEL_TILT) {
		wl_resource_post_error(resource, ZWLR_VIRTUAL_POINTER_V1_ERROR_INVALID_AXIS_SOURCE,
			"zwlr_virtual_pointer_v1.axis_source: %u is no wl_pointer.axis_source",
			source);
		return;
	}
	/* it holds for this frame's axis events, named before it or after, and the next frames' */
	vp->axis_source = source;
}

/* One event of a frame through the real path: the devices' handlers where a device has one. */
static void
deliver(struct virtual_pointer *vp, const struct event *e)
{
	const struct pw_input_events *events = pw_seat_devices_events();
	struct pw_seat *seat = vp->vps->seat;

	switch (e->kind) {
	case EVENT_MOTION:
		/* from where the pointer is, which a finger's emulation may have moved */
		seat->cursor_x = seat->pointer.x;
		seat->cursor_y = seat->pointer.y;
		/* a remote mouse has no acceleration of its own: its deltas are both (4.91) */
		events->motion(seat, (uint64_t)e->time * 1000, e->a, e->b, e->a, e->b);
		break;
	case EVENT_ABSOLUTE:
		events->motion_absolute(seat, e->time, e->a, e->b);
		break;
	case EVENT_BUTTON: {
		uint32_t bit = 1u << ((e->code - BUTTON_FIRST) % 32);
		uint32_t *word = &vp->held[(e->code - BUTTON_FIRST) / 32];
		/* a real button is pressed once before its release: the implicit grab counts */
		if ((e->value != 0) != ((*word & bit) != 0)) {
			*word ^= bit;
			events->button(seat, e->time, e->code, e->value != 0);
		}
		break;
	}
	case EVENT_AXIS:
		if (vp->axis_source == WL_POINTER_AXIS_SOURCE_WHEEL && e->value == 0) {
			/* a wheel's plain value: the real wheel's path works its clicks out */
			events->axis(seat, e->time, e->code, e->a);
			break;
		}
		/* fall through */
	case EVENT_AXIS_STOP: {
		struct pw_pointer_axis_event event = {
			.time_msec = e->time,
			.source = vp->axis_source,
			.axis = e->code,
			.value = e->a,
			.discrete = e->value,
			.stop = e->kind == EVENT_AXIS_STOP,
		};
		pw_seat_notify_axis_event(seat, &event);
		break;
	}
	}
}

static void
virtual_pointer_frame(struct wl_client *client, struct wl_resource *resource)
{
	struct virtual_pointer *vp = wl_resource_get_user_data(resource);
	int n = vp->queued;

	/* nothing reaches the clients before the frame (4.87), as WLCS checks */
	vp->queued = 0;
	for (int i = 0; i < n && vp->vps; i++) {
		deliver(vp, &vp->frame[i]);
	}
}

static const struct zwlr_virtual_pointer_v1_interface virtual_pointer_impl = {
	.motion = virtual_pointer_motion,
	.motion_absolute = virtual_pointer_motion_absolute,
	.button = virtual_pointer_button,
	.axis = virtual_pointer_axis,
	.frame = virtual_pointer_frame,
	.axis_source = virtual_pointer_axis_source,
	.axis_stop = virtual_pointer_axis_stop,
	.axis_discrete = virtual_pointer_axis_discrete,
	.destroy = pw_request_destroy,
};

/* Releases the buttons `vp` holds, so that the implicit grab it started ends. */
static void
release_held(struct virtual_pointer *vp)
{
	for (uint32_t w = 0; w < BUTTON_WORDS; w++) {
		while (vp->held[w]) {
			uint32_t b = (uint32_t)__builtin_ctz(vp->held[w]);
			vp->held[w] &= ~(1u << b);
			pw_seat_devices_events()->button(vp->vps->seat, vp->time_msec,
				BUTTON_FIRST + w * 32 + b, false);
		}
	}
}

static void
handle_pointer_resource_destroy(struct wl_resource *resource)
{
	struct virtual_pointer *vp = wl_resource_get_user_data(resource);

	if (vp->vps) {
		release_held(vp);
	}
	wl_list_remove(&vp->link);
	free(vp);
}

static void
create_pointer(struct wl_client *client, struct wl_resource *manager,
	struct wl_resource *seat_resource, uint32_t id)
{
	struct pw_virtual_pointers *vps = wl_resource_get_user_data(manager);
	struct virtual_pointer *vp = calloc(1, sizeof(*vp));
	struct wl_resource *resource = wl_resource_create(client,
		&zwlr_virtual_pointer_v1_interface, wl_resource_get_version(manager), id);

	if (!vp || !resource) {
		free(vp);
		if (resource) {
			wl_resource_destroy(resource);
		}
		wl_client_post_no_memory(client);
		return;
	}
	vp->resource = resource;
	vp->axis_source = WL_POINTER_AXIS_SOURCE_WHEEL;
	wl_list_init(&vp->link);
	/* the seat is a suggestion: with none named, the one there is; another's stays inert */
	if (vps && (!seat_resource || pw_seat_from_resource(seat_resource) == vps->seat)) {
		vp->vps = vps;
		wl_list_insert(vps->pointers.prev, &vp->link);
	}
	wl_resource_set_implementation(resource, &virtual_pointer_impl, vp,
		handle_pointer_resource_destroy);
}

static void
virtual_pointer_manager_create_virtual_pointer(struct wl_client *client,
	struct wl_resource *resource, struct wl_resource *seat, uint32_t id)
{
	create_pointer(client, resource, seat, id);
}

static void
virtual_pointer_manager_create_virtual_pointer_with_output(struct wl_client *client,
	struct wl_resource *resource, struct wl_resource *seat, struct wl_resource *output,
	uint32_t id)
{
	/* picowl drives one output: absolute motion maps to it whichever wl_output is named */
	create_pointer(client, resource, seat, id);
}

static const struct zwlr_virtual_pointer_manager_v1_interface virtual_pointer_manager_impl = {
	.create_virtual_pointer = virtual_pointer_manager_create_virtual_pointer,
	.destroy = pw_request_destroy,
	.create_virtual_pointer_with_output =
		virtual_pointer_manager_create_virtual_pointer_with_output,
};

static void
handle_manager_resource_destroy(struct wl_resource *resource)
{
	wl_list_remove(wl_resource_get_link(resource));
}

static void
bind_manager(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct pw_virtual_pointers *vps = data;
	struct wl_resource *resource = wl_resource_create(client,
		&zwlr_virtual_pointer_manager_v1_interface, (int)version, id);

	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &virtual_pointer_manager_impl, vps,
		handle_manager_resource_destroy);
	wl_list_insert(&vps->managers, wl_resource_get_link(resource));
}

struct pw_virtual_pointers *
pw_virtual_pointers_create(struct pw_seat *seat)
{
	struct pw_virtual_pointers *vps = calloc(1, sizeof(*vps));

	if (!vps) {
		return NULL;
	}
	vps->seat = seat;
	wl_list_init(&vps->managers);
	wl_list_init(&vps->pointers);
	vps->global = wl_global_create(seat->display, &zwlr_virtual_pointer_manager_v1_interface,
		MANAGER_VERSION, vps, bind_manager);
	if (!vps->global) {
		free(vps);
		return NULL;
	}
	/* it clicks into every client, as the virtual keyboard types */
	if (!pw_server_add_private_global(seat->server, vps->global)) {
		wl_global_destroy(vps->global);
		free(vps);
		return NULL;
	}
	return vps;
}

void
pw_virtual_pointers_destroy(struct pw_virtual_pointers *vps)
{
	struct virtual_pointer *vp, *tmp;

	if (!vps) {
		return;
	}
	wl_global_destroy(vps->global);
	pw_seat_resources_make_inert(&vps->managers);
	/* the seat goes with them: no release to send */
	wl_list_for_each_safe(vp, tmp, &vps->pointers, link) {
		vp->vps = NULL;
		wl_list_remove(&vp->link);
		wl_list_init(&vp->link);
	}
	free(vps);
}

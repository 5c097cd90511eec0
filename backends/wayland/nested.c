/*
 * Nested display, for development on a desktop: picowl's output is an xdg_toplevel of the
 * compositor WAYLAND_DISPLAY names, drawn through two wl_shm buffers; frames complete at that
 * compositor's frame callbacks, and its seat's input comes back as picowl's input.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "client.h"
#include "clock.h"
#include "copy.h"
#include "log.h"
#include "nested.h"
#include "presentation-time-client-protocol.h"

struct host_buffer {
	struct pw_client_buffer shm; /* busy: the host compositor still reads it */
	pixman_image_t *image;
};

struct nested {
	struct pw_backend base;
	struct pw_client client;
	/* its frame: the host's next frame callback, until it is done */
	struct pw_client_toplevel top;
	struct wl_event_source *source;
	struct host_buffer bufs[2];
	int back;
	bool configured;
	bool pending;
	int frames;
	/*
	 * The host's wp_presentation, used when its clock is CLOCK_MONOTONIC: a frame is done at
	 * its frame callback (pacing) and its feedback (what it says), whichever comes last.
	 */
	struct wp_presentation *presentation;
	struct pw_client_global globals[2]; /* it, for pw_client_connect; read at disconnect */
	clockid_t host_clock;
	struct wp_presentation_feedback *feedback; /* of the frame in flight, until it answers */
	bool called; /* the frame in flight has had its frame callback */
	struct pw_frame_info info; /* what the host said of it; picowl's clock without that */
};

static const struct pw_input_events *
input(struct nested *n)
{
	return n->base.input_events;
}

static bool
create_buffer(struct nested *n, struct host_buffer *b)
{
	int w = n->base.width, h = n->base.height;
	if (!pw_client_buffer_init(&b->shm, n->client.shm, w, h, pw_format_shm(n->base.format))) {
		return false;
	}
	b->image = pixman_image_create_bits(pw_format_pixman(n->base.format), w, h, b->shm.data,
		b->shm.stride);
	return b->image != NULL;
}

static void
finish_frame(struct nested *n)
{
	if (n->pending && n->called && !n->feedback) {
		n->pending = false;
		pw_backend_frame_presented(&n->base, &n->info);
	}
}

/* The host shows the frame: without its feedback, the time is picowl's now and no claim. */
static void
handle_frame_done(struct pw_client_frame *frame, uint32_t time)
{
	struct nested *n = frame->data;
	n->called = true;
	if (!n->feedback) {
		n->info = (struct pw_frame_info){0};
		clock_gettime(CLOCK_MONOTONIC, &n->info.when);
	}
	finish_frame(n);
}

static void
handle_clock_id(void *data, struct wp_presentation *presentation, uint32_t clk_id)
{
	struct nested *n = data;
	n->host_clock = (clockid_t)clk_id;
}

static const struct wp_presentation_listener presentation_listener = {
	.clock_id = handle_clock_id,
};

static void
handle_sync_output(void *data, struct wp_presentation_feedback *fb, struct wl_output *output)
{
}

/* The host's word, passed on: its time, retrace counter, flags (no zero copy) and refresh. */
static void
handle_presented(void *data, struct wp_presentation_feedback *fb, uint32_t sec_hi, uint32_t sec_lo,
	uint32_t nsec, uint32_t refresh, uint32_t seq_hi, uint32_t seq_lo, uint32_t flags)
{
	struct nested *n = data;
	n->info = (struct pw_frame_info){
		.when = {.tv_sec = (time_t)(((uint64_t)sec_hi << 32) | sec_lo), .tv_nsec = nsec},
		.seq = ((uint64_t)seq_hi << 32) | seq_lo,
		.flags = flags & (PW_FRAME_VSYNC | PW_FRAME_HW_CLOCK | PW_FRAME_HW_COMPLETION),
		.refresh_ns = refresh,
	};
	wp_presentation_feedback_destroy(fb);
	n->feedback = NULL;
	finish_frame(n);
}

/* Not shown (a later commit replaced it): picowl's clock at the answer, nothing claimed. */
static void
handle_discarded(void *data, struct wp_presentation_feedback *fb)
{
	struct nested *n = data;
	n->info = (struct pw_frame_info){0};
	clock_gettime(CLOCK_MONOTONIC, &n->info.when);
	wp_presentation_feedback_destroy(fb);
	n->feedback = NULL;
	finish_frame(n);
}

static const struct wp_presentation_feedback_listener feedback_listener = {
	.sync_output = handle_sync_output,
	.presented = handle_presented,
	.discarded = handle_discarded,
};

static pixman_image_t *
nested_begin_frame(struct pw_backend *backend, int *age)
{
	struct nested *n = (struct nested *)backend;
	if (!n->configured) {
		return NULL;
	}
	/* Buffer ages: with two buffers alternating, what was drawn two frames ago. */
	if (n->bufs[n->back].shm.busy) {
		n->back = !n->back;
		*age = 0;
	} else {
		*age = n->frames >= 2 ? 2 : 0;
	}
	return n->bufs[n->back].image;
}

static bool
nested_present(struct pw_backend *backend, const pixman_region32_t *damage,
	struct pw_present_stats *stats)
{
	struct nested *n = (struct nested *)backend;
	struct host_buffer *b = &n->bufs[n->back];
	*stats = (struct pw_present_stats){.path = PW_PRESENT_FLIP, .engine = PW_COPY_CPU};
	stats->rows = pw_copy_damaged_rows(damage);
	int count;
	const pixman_box32_t *boxes = pixman_region32_rectangles(damage, &count);
	struct wl_surface *surface = n->top.surface;
	wl_surface_attach(surface, b->shm.wl, 0, 0);
	for (int i = 0; i < count; i++) {
		wl_surface_damage_buffer(surface, boxes[i].x1, boxes[i].y1,
			boxes[i].x2 - boxes[i].x1, boxes[i].y2 - boxes[i].y1);
	}
	if (!n->top.frame.callback) {
		pw_client_frame_request(&n->top.frame, surface);
	}
	n->called = false;
	if (n->presentation && n->host_clock == CLOCK_MONOTONIC && !n->feedback) {
		n->feedback = wp_presentation_feedback(n->presentation, surface);
		wp_presentation_feedback_add_listener(n->feedback, &feedback_listener, n);
	}
	wl_surface_commit(surface);
	if (wl_display_flush(n->client.display) < 0 && errno != EAGAIN) {
		pw_log_error("wayland: lost the host compositor: %s\n", strerror(errno));
		return false;
	}
	b->shm.busy = true;
	n->pending = true;
	n->frames++;
	n->back = !n->back;
	return true;
}

static int
handle_host_readable(int fd, uint32_t mask, void *data)
{
	struct nested *n = data;
	if ((mask & (WL_EVENT_HANGUP | WL_EVENT_ERROR)) ||
		wl_display_dispatch(n->client.display) < 0) {
		pw_log_error("wayland: the host compositor went away\n");
		wl_event_source_remove(n->source);
		n->source = NULL;
		return 0;
	}
	wl_display_flush(n->client.display);
	return 0;
}

/* ---------------------------------------------------------------- the host's input */

/* Keys go on as evdev codes: picowl's own keymap applies (the host's is closed unread). */
static void
handle_key(void *data, uint32_t time, uint32_t key, bool pressed)
{
	struct nested *n = data;
	if (input(n) && input(n)->key) {
		input(n)->key(n->base.input_data, time, key, pressed, false);
	}
}

static void
pointer_at(struct nested *n, uint32_t time, double x, double y)
{
	if (input(n) && input(n)->motion_absolute) {
		input(n)->motion_absolute(n->base.input_data, time, x / n->base.width,
			y / n->base.height);
	}
}

static void
handle_pointer_enter(void *data, uint32_t serial, double x, double y)
{
	pointer_at(data, pw_now_msec(), x, y);
}

static void
handle_pointer_motion(void *data, uint32_t time, double x, double y)
{
	pointer_at(data, time, x, y);
}

static void
handle_pointer_button(void *data, uint32_t time, uint32_t button, bool pressed)
{
	struct nested *n = data;
	if (input(n) && input(n)->button) {
		input(n)->button(n->base.input_data, time, button, pressed);
	}
}

static void
handle_pointer_axis(void *data, uint32_t time, uint32_t axis, double value)
{
	struct nested *n = data;
	if (input(n) && input(n)->axis) {
		input(n)->axis(n->base.input_data, time, axis, value);
	}
}

static void
touch_point(struct nested *n, bool down, uint32_t time, int32_t id, double x, double y)
{
	void (*f)(void *, uint32_t, int32_t, double, double) =
		input(n) ? (down ? input(n)->touch_down : input(n)->touch_motion) : NULL;
	if (f) {
		f(n->base.input_data, time, id, x / n->base.width, y / n->base.height);
	}
}

static void
handle_touch_down(void *data, uint32_t time, int32_t id, double x, double y)
{
	touch_point(data, true, time, id, x, y);
}

static void
handle_touch_up(void *data, uint32_t time, int32_t id)
{
	struct nested *n = data;
	if (input(n) && input(n)->touch_up) {
		input(n)->touch_up(n->base.input_data, time, id);
	}
}

static void
handle_touch_motion(void *data, uint32_t time, int32_t id, double x, double y)
{
	touch_point(data, false, time, id, x, y);
}

static void
handle_touch_frame(void *data)
{
	struct nested *n = data;
	if (input(n) && input(n)->touch_frame) {
		input(n)->touch_frame(n->base.input_data);
	}
}

static void
handle_touch_cancel(void *data)
{
	struct nested *n = data;
	if (input(n) && input(n)->touch_cancel) {
		input(n)->touch_cancel(n->base.input_data);
	}
}

static const struct pw_client_input_listener input_listener = {
	.key = handle_key,
	.pointer_enter = handle_pointer_enter,
	.pointer_motion = handle_pointer_motion,
	.pointer_button = handle_pointer_button,
	.pointer_axis = handle_pointer_axis,
	.touch_down = handle_touch_down,
	.touch_up = handle_touch_up,
	.touch_motion = handle_touch_motion,
	.touch_frame = handle_touch_frame,
	.touch_cancel = handle_touch_cancel,
};

/* ---------------------------------------------------------------- the window */

static void
handle_configure(struct pw_client_toplevel *top)
{
	struct nested *n = top->data;
	/* The window keeps picowl's size: a handheld's screen does not resize. */
	if (!n->configured) {
		n->configured = true;
		/* The first frame was refused while unconfigured: ask for it again. */
		if (n->base.events && n->base.events->resumed) {
			n->base.events->resumed(n->base.events_data);
		}
	}
}

static void
handle_close(struct pw_client_toplevel *top)
{
	pw_log_info("wayland: the window was closed\n");
}

static void
nested_destroy(struct pw_backend *backend)
{
	struct nested *n = (struct nested *)backend;
	if (n->source) {
		wl_event_source_remove(n->source);
	}
	for (int i = 0; i < 2; i++) {
		struct host_buffer *b = &n->bufs[i];
		if (b->image) {
			pixman_image_unref(b->image);
		}
		pw_client_buffer_finish(&b->shm);
	}
	/* Disconnecting destroys every object on the host's side, but frees no proxy here. */
	if (n->feedback) {
		wp_presentation_feedback_destroy(n->feedback);
	}
	pw_client_toplevel_finish(&n->top);
	pw_client_disconnect(&n->client);
	free(n);
}

static const struct pw_backend_impl nested_impl = {
	.destroy = nested_destroy,
	.begin_frame = nested_begin_frame,
	.present = nested_present,
};

struct pw_backend *
pw_nested_backend_create(struct wl_event_loop *loop, const struct pw_backend_config *config)
{
	struct nested *n = calloc(1, sizeof(*n));
	if (!n) {
		return NULL;
	}
	n->base.impl = &nested_impl;
	n->base.name = "WL-1";
	n->base.description = "picowl nested window";
	n->base.kind = "wayland";
	n->base.width = config->width;
	n->base.height = config->height;
	n->base.format = config->format;
	n->base.refresh_mhz = config->refresh_mhz;
	/* Only the host knows its refresh: it comes with its feedback, else 0 is reported. */
	n->base.refresh_unknown = true;
	n->base.present = PW_PRESENT_FLIP;
	if (config->present != PW_PRESENT_AUTO && config->present != PW_PRESENT_FLIP) {
		pw_log_warning("wayland: a nested window always swaps two buffers\n");
	}
	const struct pw_client_versions versions = {.compositor = 4,
		.shm = 1,
		.seat = 5,
		.wm_base = 1};
	n->host_clock = -1;
	n->globals[0] = (struct pw_client_global){&wp_presentation_interface, 1,
		(void **)&n->presentation, &presentation_listener, n};
	n->client = (struct pw_client){.name = "picowl: wayland", .data = n, .globals = n->globals};
	pw_client_input_init(&n->client, &input_listener);
	if (!pw_client_connect(&n->client, &versions, -1)) {
		goto err;
	}
	pw_client_roundtrip(&n->client, -1); /* the shm formats */
	if (n->base.format == PW_FORMAT_RGB565 &&
		!pw_client_has_format(&n->client, WL_SHM_FORMAT_RGB565)) {
		n->base.format = PW_FORMAT_XRGB8888; /* every host takes this one */
	}
	for (int i = 0; i < 2; i++) {
		if (!create_buffer(n, &n->bufs[i])) {
			pw_log_error("wayland: cannot create a %dx%d buffer\n", n->base.width,
				n->base.height);
			goto err;
		}
	}
	n->top = (struct pw_client_toplevel){.configure = handle_configure,
		.close = handle_close,
		.data = n};
	n->top.frame.handler = handle_frame_done;
	n->top.frame.data = n;
	pw_client_toplevel_init(&n->top, &n->client, "picowl", "picowl");
	xdg_toplevel_set_min_size(n->top.toplevel, n->base.width, n->base.height);
	xdg_toplevel_set_max_size(n->top.toplevel, n->base.width, n->base.height);
	wl_surface_commit(n->top.surface);
	if (pw_client_roundtrip(&n->client, -1) != 1) {
		goto err;
	}
	n->source = wl_event_loop_add_fd(loop, wl_display_get_fd(n->client.display),
		WL_EVENT_READABLE, handle_host_readable, n);
	if (!n->source) {
		goto err;
	}
	char how[96] = "as the host's wp_presentation says";
	if (!n->presentation || n->host_clock != CLOCK_MONOTONIC) {
		/* weston's is CLOCK_MONOTONIC_RAW: its times cannot be passed on as they are. */
		snprintf(how, sizeof(how),
			"at the host's frame callbacks (its wp_presentation clock %d; no vsync)",
			n->presentation ? (int)n->host_clock : -1);
	}
	pw_log_info("wayland: a %dx%d %s window on %s, presented %s\n", n->base.width,
		n->base.height, pw_format_name(n->base.format),
		getenv("WAYLAND_DISPLAY") ? getenv("WAYLAND_DISPLAY") : "wayland-0", how);
	return &n->base;

err:
	nested_destroy(&n->base);
	return NULL;
}

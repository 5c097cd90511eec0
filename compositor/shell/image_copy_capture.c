/* ext-image-copy-capture: sessions and frames (decisions 4.89, 4.90). */
#include "image_copy_capture.h"

#include <stdlib.h>
#include <time.h>
#include <wayland-server-core.h>

#include "backend.h"
#include "capture_copy.h"
#include "control_windows.h"
#include "desktop.h"
#include "ext-image-copy-capture-v1-protocol.h"
#include "image_capture_source.h"
#include "image_copy_cursor.h"
#include "output.h"
#include "render.h"
#include "request.h"
#include "scale.h"
#include "server.h"
#include "shm.h"
#include "view.h"

#define MANAGER_VERSION 1
/* Past this many rectangles the damage is sent as its bounding box (as screencopy's). */
#define MAX_DAMAGE_RECTS 32

struct pw_image_copy {
	struct pw_server *server;
	struct wl_global *global;
	struct wl_list sessions; /* session.link of sessions not stopped */
	struct wl_event_source *idle; /* completes window frames after a commit */
	struct wl_listener output_frame, output_mode, server_destroy; /* first two: on an output */
};

struct session {
	struct wl_resource *resource;
	struct pw_image_copy *ic;
	struct wl_list link; /* ic->sessions; itself once stopped */
	struct pw_capture_source source;
	bool stopped;
	int32_t width, height; /* the buffer_size sent */
	pixman_region32_t damage; /* buffer coordinates, changed since the last ready */
	struct frame *frame;
};

struct frame {
	struct wl_resource *resource, *buffer;
	struct session *session; /* NULL once the session is gone */
	struct wl_listener buffer_destroy;
	bool captured, done;
};

static void
frame_drop_buffer(struct frame *frame)
{
	if (frame->buffer) {
		wl_list_remove(&frame->buffer_destroy.link);
		frame->buffer = NULL;
	}
}

static void
frame_fail(struct frame *frame, enum ext_image_copy_capture_frame_v1_failure_reason reason)
{
	frame_drop_buffer(frame);
	frame->done = true;
	ext_image_copy_capture_frame_v1_send_failed(frame->resource, reason);
}

/* A captured frame not yet ready or failed. */
static bool
frame_waiting(const struct frame *frame)
{
	return frame && frame->captured && !frame->done;
}

static void
session_stop(struct session *s)
{
	if (s->stopped) {
		return;
	}
	s->stopped = true;
	wl_list_remove(&s->link);
	wl_list_init(&s->link);
	ext_image_copy_capture_session_v1_send_stopped(s->resource);
	if (frame_waiting(s->frame)) {
		frame_fail(s->frame, EXT_IMAGE_COPY_CAPTURE_FRAME_V1_FAILURE_REASON_STOPPED);
	}
}

static struct pw_view *
session_view(struct session *s)
{
	return pw_control_window_find(s->ic->server, s->source.view_id);
}

/* The size of the source's image: false when it has none (the session must stop). */
static bool
source_size(struct session *s, int32_t *width, int32_t *height)
{
	struct pw_output *output = s->ic->server->output;
	if (!output) {
		return false;
	}
	if (s->source.kind == PW_CAPTURE_OUTPUT) {
		pixman_box32_t box = pw_capture_image_box(output);
		*width = box.x2;
		*height = box.y2;
		return true;
	}
	struct pw_view *view = s->source.kind == PW_CAPTURE_TOPLEVEL ? session_view(s) : NULL;
	if (!view) {
		return false;
	}
	struct pw_box box = pw_view_tree_box(view->surface);
	*width = box.width > 0 ? box.width : 1;
	*height = box.height > 0 ? box.height : 1;
	return true;
}

/* Sends the buffer constraints when the size changed (or at first), damaging everything. */
static void
session_constrain(struct session *s, bool first)
{
	int32_t width, height;
	if (!source_size(s, &width, &height)) {
		session_stop(s);
		return;
	}
	if (!first && width == s->width && height == s->height) {
		return;
	}
	s->width = width;
	s->height = height;
	pixman_region32_reset(&s->damage, &(pixman_box32_t){0, 0, width, height});
	ext_image_copy_capture_session_v1_send_buffer_size(s->resource, (uint32_t)width,
		(uint32_t)height);
	uint32_t own = pw_format_shm(s->ic->server->output->backend->format);
	ext_image_copy_capture_session_v1_send_shm_format(s->resource, own);
	if (own != WL_SHM_FORMAT_XRGB8888) {
		/* converted as it copies, as screencopy (4.83) */
		ext_image_copy_capture_session_v1_send_shm_format(s->resource,
			WL_SHM_FORMAT_XRGB8888);
	}
	ext_image_copy_capture_session_v1_send_done(s->resource);
}

static void
frame_ready(struct frame *frame, uint32_t transform)
{
	struct session *s = frame->session;
	ext_image_copy_capture_frame_v1_send_transform(frame->resource, transform);
	int n;
	const pixman_box32_t *rects = pixman_region32_rectangles(&s->damage, &n);
	if (n > MAX_DAMAGE_RECTS) {
		rects = pixman_region32_extents(&s->damage);
		n = 1;
	}
	for (int i = 0; i < n; i++) {
		ext_image_copy_capture_frame_v1_send_damage(frame->resource, rects[i].x1,
			rects[i].y1, rects[i].x2 - rects[i].x1, rects[i].y2 - rects[i].y1);
	}
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	ext_image_copy_capture_frame_v1_send_presentation_time(frame->resource,
		(uint32_t)((uint64_t)now.tv_sec >> 32), (uint32_t)now.tv_sec,
		(uint32_t)now.tv_nsec);
	ext_image_copy_capture_frame_v1_send_ready(frame->resource);
	frame->done = true;
	frame_drop_buffer(frame);
	pixman_region32_clear(&s->damage);
}

/* The output's composited image into the frame's buffer, the whole of it. */
static void
complete_output(struct frame *frame, pixman_image_t *image)
{
	struct session *s = frame->session;
	struct pw_output *output = s->ic->server->output;
	pixman_format_code_t format;
	if (!pw_capture_buffer_fits(output, frame->buffer, s->width, s->height, &format)) {
		frame_fail(frame,
			EXT_IMAGE_COPY_CAPTURE_FRAME_V1_FAILURE_REASON_BUFFER_CONSTRAINTS);
		return;
	}
	if (!pw_capture_copy(frame->buffer, image, (pixman_box32_t){0, 0, s->width, s->height},
		    format)) {
		frame_fail(frame, EXT_IMAGE_COPY_CAPTURE_FRAME_V1_FAILURE_REASON_UNKNOWN);
		return;
	}
	frame_ready(frame, (uint32_t)output->transform);
}

/* The window's own surface tree, drawn into the buffer at scale 1 on black. */
static void
complete_toplevel(struct frame *frame)
{
	struct session *s = frame->session;
	struct pw_view *view = session_view(s);
	if (!view) {
		session_stop(s);
		return;
	}
	pixman_format_code_t format;
	if (!pw_capture_buffer_fits(s->ic->server->output, frame->buffer, s->width, s->height,
		    &format)) {
		frame_fail(frame,
			EXT_IMAGE_COPY_CAPTURE_FRAME_V1_FAILURE_REASON_BUFFER_CONSTRAINTS);
		return;
	}
	struct pw_shm_buffer *shm = pw_shm_buffer_get(frame->buffer);
	struct pw_box box = pw_view_tree_box(view->surface);
	pw_shm_buffer_begin_access(shm);
	pixman_image_t *dst = pixman_image_create_bits_no_clear(format, s->width, s->height,
		pw_shm_buffer_data(shm), shm->stride);
	if (dst) {
		pixman_region32_t whole;
		pixman_region32_init_rect(&whole, 0, 0, (unsigned)s->width, (unsigned)s->height);
		pw_render_fill(dst, &whole, 0x000000);
		pw_render_surface_tree_at(view->surface, -box.x, -box.y, PW_SCALE_ONE,
			(struct pw_box){0, 0, s->width, s->height}, dst, &whole);
		pixman_region32_fini(&whole);
		pixman_image_unref(dst);
	}
	pw_shm_buffer_end_access(shm);
	if (!dst) {
		frame_fail(frame, EXT_IMAGE_COPY_CAPTURE_FRAME_V1_FAILURE_REASON_UNKNOWN);
		return;
	}
	frame_ready(frame, WL_OUTPUT_TRANSFORM_NORMAL);
}

static void
handle_idle(void *data)
{
	struct pw_image_copy *ic = data;
	ic->idle = NULL;
	struct session *s, *tmp;
	wl_list_for_each_safe(s, tmp, &ic->sessions, link) {
		if (s->source.kind == PW_CAPTURE_TOPLEVEL && frame_waiting(s->frame) &&
			pixman_region32_not_empty(&s->damage)) {
			complete_toplevel(s->frame);
		}
	}
}

/* A window frame is drawn once the loop turn is over: never inside a client's commit. */
static void
schedule_idle(struct pw_image_copy *ic)
{
	if (!ic->idle) {
		ic->idle = wl_event_loop_add_idle(ic->server->loop, handle_idle, ic);
	}
}

static void
handle_output_frame(struct wl_listener *listener, void *data)
{
	struct pw_image_copy *ic = wl_container_of(listener, ic, output_frame);
	if (wl_list_empty(&ic->sessions)) { /* the next session adds it again (4.89) */
		ic->server->desktop->window_captures = false;
		wl_list_remove(&listener->link);
		wl_list_init(&listener->link);
		return;
	}
	const struct pw_output_frame *ev = data;
	struct session *s;
	wl_list_for_each(s, &ic->sessions, link) {
		if (s->source.kind != PW_CAPTURE_OUTPUT) {
			continue;
		}
		pixman_region32_t damage;
		pixman_region32_init(&damage);
		pixman_region32_intersect_rect(&damage, ev->damage, 0, 0, (unsigned)s->width,
			(unsigned)s->height);
		pixman_region32_union(&s->damage, &s->damage, &damage);
		pixman_region32_fini(&damage);
		if (frame_waiting(s->frame) && pixman_region32_not_empty(&s->damage)) {
			complete_output(s->frame, ev->image);
		}
	}
}

/* A rotation: new constraints, a frame waiting for the old ones fails (buffer_constraints). */
static void
handle_output_mode(struct wl_listener *listener, void *data)
{
	struct pw_image_copy *ic = wl_container_of(listener, ic, output_mode);
	struct session *s, *tmp;
	wl_list_for_each_safe(s, tmp, &ic->sessions, link) {
		if (s->source.kind == PW_CAPTURE_OUTPUT) {
			session_constrain(s, false);
		}
	}
}

void
pw_image_copy_capture_views_changed(struct pw_server *server)
{
	struct pw_image_copy *ic = server->desktop ? server->desktop->image_copy : NULL;
	if (!ic) {
		return;
	}
	struct session *s, *tmp;
	wl_list_for_each_safe(s, tmp, &ic->sessions, link) {
		if (s->source.kind == PW_CAPTURE_TOPLEVEL && !session_view(s)) {
			session_stop(s);
		}
	}
}

void
pw_image_copy_capture_view_committed(struct pw_view *view)
{
	struct pw_image_copy *ic = view->server->desktop->image_copy;
	struct session *s, *tmp;
	wl_list_for_each_safe(s, tmp, &ic->sessions, link) {
		if (s->source.kind != PW_CAPTURE_TOPLEVEL || s->source.view_id != view->id) {
			continue;
		}
		session_constrain(s, false);
		pixman_region32_reset(&s->damage, &(pixman_box32_t){0, 0, s->width, s->height});
		if (frame_waiting(s->frame)) {
			schedule_idle(ic);
		}
	}
}

static void
handle_buffer_destroy(struct wl_listener *listener, void *data)
{
	struct frame *frame = wl_container_of(listener, frame, buffer_destroy);
	frame_drop_buffer(frame);
	if (frame_waiting(frame)) {
		frame_fail(frame, EXT_IMAGE_COPY_CAPTURE_FRAME_V1_FAILURE_REASON_UNKNOWN);
	}
}

static void
frame_attach_buffer(struct wl_client *client, struct wl_resource *resource,
	struct wl_resource *buffer)
{
	struct frame *frame = wl_resource_get_user_data(resource);
	if (frame->captured) {
		wl_resource_post_error(resource,
			EXT_IMAGE_COPY_CAPTURE_FRAME_V1_ERROR_ALREADY_CAPTURED,
			"attach_buffer after capture");
		return;
	}
	frame_drop_buffer(frame);
	frame->buffer = buffer;
	frame->buffer_destroy.notify = handle_buffer_destroy;
	wl_resource_add_destroy_listener(buffer, &frame->buffer_destroy);
}

/* Every frame copies the whole buffer: the damage is checked, and needs no more. */
static void
frame_damage_buffer(struct wl_client *client, struct wl_resource *resource, int32_t x, int32_t y,
	int32_t width, int32_t height)
{
	struct frame *frame = wl_resource_get_user_data(resource);
	if (frame->captured) {
		wl_resource_post_error(resource,
			EXT_IMAGE_COPY_CAPTURE_FRAME_V1_ERROR_ALREADY_CAPTURED,
			"damage_buffer after capture");
	} else if (x < 0 || y < 0 || width <= 0 || height <= 0) {
		wl_resource_post_error(resource,
			EXT_IMAGE_COPY_CAPTURE_FRAME_V1_ERROR_INVALID_BUFFER_DAMAGE,
			"damage %d,%d %dx%d", x, y, width, height);
	}
}

static void
frame_capture(struct wl_client *client, struct wl_resource *resource)
{
	struct frame *frame = wl_resource_get_user_data(resource);
	if (frame->captured) {
		wl_resource_post_error(resource,
			EXT_IMAGE_COPY_CAPTURE_FRAME_V1_ERROR_ALREADY_CAPTURED,
			"capture sent twice");
		return;
	}
	if (!frame->buffer) {
		wl_resource_post_error(resource, EXT_IMAGE_COPY_CAPTURE_FRAME_V1_ERROR_NO_BUFFER,
			"capture without a buffer");
		return;
	}
	frame->captured = true;
	struct session *s = frame->session;
	if (!s || s->stopped) {
		frame_fail(frame, EXT_IMAGE_COPY_CAPTURE_FRAME_V1_FAILURE_REASON_STOPPED);
		return;
	}
	pixman_format_code_t format;
	if (!pw_capture_buffer_fits(s->ic->server->output, frame->buffer, s->width, s->height,
		    &format)) {
		frame_fail(frame,
			EXT_IMAGE_COPY_CAPTURE_FRAME_V1_FAILURE_REASON_BUFFER_CONSTRAINTS);
		return;
	}
	if (!pixman_region32_not_empty(&s->damage)) {
		/* the next change completes it */
	} else if (s->source.kind == PW_CAPTURE_OUTPUT) {
		pw_output_schedule_repaint(s->ic->server->output);
	} else {
		schedule_idle(s->ic);
	}
}

static const struct ext_image_copy_capture_frame_v1_interface frame_impl = {
	.destroy = pw_request_destroy,
	.attach_buffer = frame_attach_buffer,
	.damage_buffer = frame_damage_buffer,
	.capture = frame_capture,
};

static void
handle_frame_destroy(struct wl_resource *resource)
{
	struct frame *frame = wl_resource_get_user_data(resource);
	frame_drop_buffer(frame);
	if (frame->session) {
		frame->session->frame = NULL;
	}
	free(frame);
}

static void
session_create_frame(struct wl_client *client, struct wl_resource *resource, uint32_t id)
{
	struct session *s = wl_resource_get_user_data(resource);
	if (s->frame) {
		wl_resource_post_error(resource,
			EXT_IMAGE_COPY_CAPTURE_SESSION_V1_ERROR_DUPLICATE_FRAME,
			"create_frame before the last frame was destroyed");
		return;
	}
	struct frame *frame = calloc(1, sizeof(*frame));
	if (!frame ||
		!(frame->resource = wl_resource_create(client,
			  &ext_image_copy_capture_frame_v1_interface,
			  wl_resource_get_version(resource), id))) {
		free(frame);
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(frame->resource, &frame_impl, frame, handle_frame_destroy);
	frame->session = s;
	s->frame = frame;
}

static const struct ext_image_copy_capture_session_v1_interface session_impl = {
	.create_frame = session_create_frame,
	.destroy = pw_request_destroy,
};

/* Its frame lives on, failing (stopped) if it was waiting and at any later capture. */
static void
handle_session_destroy(struct wl_resource *resource)
{
	struct session *s = wl_resource_get_user_data(resource);
	if (s->frame) {
		if (frame_waiting(s->frame)) {
			frame_fail(s->frame,
				EXT_IMAGE_COPY_CAPTURE_FRAME_V1_FAILURE_REASON_STOPPED);
		}
		s->frame->session = NULL;
	}
	wl_list_remove(&s->link);
	pixman_region32_fini(&s->damage);
	free(s);
}

static struct session *
session_create(struct wl_client *client, struct pw_image_copy *ic, uint32_t version, uint32_t id,
	struct pw_capture_source source)
{
	struct session *s = calloc(1, sizeof(*s));
	if (!s ||
		!(s->resource = wl_resource_create(client,
			  &ext_image_copy_capture_session_v1_interface, (int)version, id))) {
		free(s);
		wl_client_post_no_memory(client);
		return NULL;
	}
	s->ic = ic;
	s->source = source;
	pixman_region32_init(&s->damage);
	wl_list_insert(&ic->sessions, &s->link);
	if (ic->output_frame.notify && wl_list_empty(&ic->output_frame.link)) {
		ic->server->desktop->window_captures = true; /* till no session is left */
		wl_signal_add(&ic->server->output->events.frame, &ic->output_frame);
	}
	wl_resource_set_implementation(s->resource, &session_impl, s, handle_session_destroy);
	return s;
}

void
pw_image_copy_capture_stopped_session(struct wl_client *client, struct pw_image_copy *ic,
	int version, uint32_t id)
{
	struct session *s =
		session_create(client, ic, (uint32_t)version, id, (struct pw_capture_source){0});
	if (s) {
		session_stop(s);
	}
}

static void
manager_create_session(struct wl_client *client, struct wl_resource *resource, uint32_t id,
	struct wl_resource *source, uint32_t options)
{
	if (options & ~(uint32_t)EXT_IMAGE_COPY_CAPTURE_MANAGER_V1_OPTIONS_PAINT_CURSORS) {
		wl_resource_post_error(resource,
			EXT_IMAGE_COPY_CAPTURE_MANAGER_V1_ERROR_INVALID_OPTION, "options 0x%x",
			options);
		return;
	}
	struct session *s = session_create(client, wl_resource_get_user_data(resource),
		wl_resource_get_version(resource), id, pw_image_capture_source_get(source));
	if (s) {
		session_constrain(s, true); /* stops it when the source has nothing to capture */
	}
}

/* The cursor never enters: its session stops at once (4.90). */
static void
manager_create_pointer_cursor_session(struct wl_client *client, struct wl_resource *resource,
	uint32_t id, struct wl_resource *source, struct wl_resource *pointer)
{
	pw_image_copy_cursor_create(client, wl_resource_get_user_data(resource),
		wl_resource_get_version(resource), id);
}

static const struct ext_image_copy_capture_manager_v1_interface manager_impl = {
	.create_session = manager_create_session,
	.create_pointer_cursor_session = manager_create_pointer_cursor_session,
	.destroy = pw_request_destroy,
};

static void
bind_manager(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *resource = wl_resource_create(client,
		&ext_image_copy_capture_manager_v1_interface, (int)version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &manager_impl, data, NULL);
}

/* The clients, and so every session, went before: wl_display_destroy_clients comes first. */
static void
handle_server_destroy(struct wl_listener *listener, void *data)
{
	struct pw_image_copy *ic = wl_container_of(listener, ic, server_destroy);
	wl_list_remove(&ic->server_destroy.link);
	if (ic->output_frame.notify) {
		wl_list_remove(&ic->output_frame.link);
		wl_list_remove(&ic->output_mode.link);
	}
	if (ic->idle) {
		wl_event_source_remove(ic->idle);
	}
	wl_global_destroy(ic->global);
	if (ic->server->desktop) {
		ic->server->desktop->image_copy = NULL;
	}
	free(ic);
}

bool
pw_image_copy_capture_create(struct pw_server *server)
{
	struct pw_image_copy *ic = calloc(1, sizeof(*ic));
	if (!ic) {
		return false;
	}
	ic->server = server;
	wl_list_init(&ic->sessions);
	ic->global = wl_global_create(server->display, &ext_image_copy_capture_manager_v1_interface,
		MANAGER_VERSION, ic, bind_manager);
	if (!ic->global) {
		free(ic);
		return false;
	}
	if (server->output) {
		ic->output_frame.notify = handle_output_frame;
		wl_list_init(&ic->output_frame.link); /* a session adds it: frames pay only then */
		ic->output_mode.notify = handle_output_mode;
		wl_signal_add(&server->output->events.mode, &ic->output_mode);
	}
	ic->server_destroy.notify = handle_server_destroy;
	wl_signal_add(&server->destroy, &ic->server_destroy);
	server->desktop->image_copy = ic;
	/* it shows every client's pixels: picowl's own uid only (4.89) */
	return pw_server_add_private_global(server, ic->global);
}

/*
 * wlr-screencopy: copies the composited output into client wl_shm buffers. A frame waits for
 * the output's next frame signal. copy forces one repaint; copy_with_damage forces one only
 * when damage is already waiting, else it rides on repaints that happen anyway, so a pending
 * capture of an idle screen never keeps picowl waking up.
 *
 * Frame contents and damage are in the coordinates of the output image (the buffer, before
 * the output transform), as clients such as grim expect: they apply wl_output.transform.
 */
#include "screencopy.h"

#include <stdint.h>
#include <stdlib.h>
#include <time.h>
#include <wayland-server-core.h>
#include <wayland-server-protocol.h>

#include "backend.h"
#include "capture_copy.h"
#include "damage.h"
#include "output.h"
#include "request.h"
#include "server.h"
#include "shm.h"
#include "wlr-screencopy-unstable-v1-protocol.h"

#define MANAGER_VERSION 3
/* Past this many rectangles the damage is sent as its bounding box. */
#define MAX_DAMAGE_RECTS 32

struct screencopy {
	struct pw_server *server;
	struct pw_output *output; /* NULL once destroyed: every capture fails */
	struct wl_global *global;
	struct wl_list managers; /* manager.link */
	struct wl_list frames; /* frame.link */
	struct wl_listener output_frame;
	struct wl_listener output_destroy;
	struct wl_listener server_destroy;
};

struct manager {
	struct wl_resource *resource;
	struct screencopy *sc;
	struct wl_list link;
	/* Set by the first copy_with_damage: from then on the output damage accumulates. */
	bool tracking;
	pixman_region32_t damage; /* image coordinates, not yet sent to this client */
};

struct frame {
	struct wl_resource *resource;
	struct screencopy *sc;
	struct manager *manager; /* NULL once the manager resource is gone */
	struct wl_list link;
	pixman_box32_t box; /* the captured area, image coordinates */
	uint32_t shm_format;
	pixman_format_code_t pixman_format;
	int32_t stride;
	bool used; /* copy or copy_with_damage was requested */
	bool done; /* ready or failed was sent */
	bool with_damage;
	struct wl_resource *buffer; /* waiting for the next output frame, or NULL */
	struct wl_listener buffer_destroy;
};

/* Clockwise degrees from the image to the logical output, -1 for flipped transforms. */
static int
output_rotation(const struct pw_output *output)
{
	return output->rotation;
}

/*
 * Clips a rectangle in output logical coordinates to the output and maps it into image
 * coordinates. Returns false when nothing is left or the transform is not supported.
 */
static bool
logical_to_image(const struct pw_output *output, int32_t x, int32_t y, int32_t width,
	int32_t height, pixman_box32_t *out)
{
	int rotation = output_rotation(output);
	if (rotation < 0 || width <= 0 || height <= 0) {
		return false;
	}
	int64_t x1 = x > 0 ? x : 0;
	int64_t y1 = y > 0 ? y : 0;
	int64_t x2 = (int64_t)x + width;
	int64_t y2 = (int64_t)y + height;
	if (x2 > output->width) {
		x2 = output->width;
	}
	if (y2 > output->height) {
		y2 = output->height;
	}
	if (x2 <= x1 || y2 <= y1) {
		return false;
	}

	pixman_region32_t logical, image;
	pixman_region32_init_rect(&logical, x1, y1, x2 - x1, y2 - y1);
	pixman_region32_init(&image);
	/* pw_damage_rotate maps image to logical; the inverse turns the rest of the circle. */
	pw_damage_rotate(&logical, (360 - rotation) % 360, output->width, output->height, &image);
	*out = *pixman_region32_extents(&image);
	pixman_region32_fini(&image);
	pixman_region32_fini(&logical);
	return true;
}

static void
frame_drop_buffer(struct frame *frame)
{
	if (frame->buffer) {
		wl_list_remove(&frame->buffer_destroy.link);
		frame->buffer = NULL;
	}
}

static void
frame_fail(struct frame *frame)
{
	if (frame->done) {
		return;
	}
	frame_drop_buffer(frame);
	frame->done = true;
	zwlr_screencopy_frame_v1_send_failed(frame->resource);
}

/* Frees the frame; its resource, if it still exists, goes inert. */
static void
frame_destroy(struct frame *frame)
{
	frame_drop_buffer(frame);
	wl_list_remove(&frame->link);
	wl_resource_set_user_data(frame->resource, NULL);
	free(frame);
}

static void
handle_buffer_destroy(struct wl_listener *listener, void *data)
{
	struct frame *frame = wl_container_of(listener, frame, buffer_destroy);
	frame_fail(frame);
}

static void
send_damage(struct frame *frame, const pixman_region32_t *damage)
{
	int n;
	const pixman_box32_t *rects = pixman_region32_rectangles(damage, &n);
	if (n > MAX_DAMAGE_RECTS) {
		rects = pixman_region32_extents(damage);
		n = 1;
	}
	/* Relative to the frame, which is the client's buffer. */
	for (int i = 0; i < n; i++) {
		zwlr_screencopy_frame_v1_send_damage(frame->resource, rects[i].x1 - frame->box.x1,
			rects[i].y1 - frame->box.y1, rects[i].x2 - rects[i].x1,
			rects[i].y2 - rects[i].y1);
	}
}

/* Copies the output image into the waiting buffer, unless copy_with_damage sees no damage. */
static void
frame_complete(struct frame *frame, pixman_image_t *image)
{
	pixman_region32_t damage;
	pixman_region32_init_rect(&damage, frame->box.x1, frame->box.y1,
		frame->box.x2 - frame->box.x1, frame->box.y2 - frame->box.y1);
	if (frame->with_damage && frame->manager) {
		pixman_region32_intersect(&damage, &damage, &frame->manager->damage);
		if (!pixman_region32_not_empty(&damage)) {
			pixman_region32_fini(&damage);
			return;
		}
	}

	if (!pw_capture_copy(frame->buffer, image, frame->box, frame->pixman_format)) {
		frame_fail(frame);
		pixman_region32_fini(&damage);
		return;
	}
	if (frame->manager && frame->manager->tracking) {
		pixman_region32_subtract(&frame->manager->damage, &frame->manager->damage, &damage);
	}

	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	zwlr_screencopy_frame_v1_send_flags(frame->resource, 0);
	if (frame->with_damage) {
		send_damage(frame, &damage);
	}
	zwlr_screencopy_frame_v1_send_ready(frame->resource, (uint32_t)((uint64_t)now.tv_sec >> 32),
		(uint32_t)now.tv_sec, (uint32_t)now.tv_nsec);
	frame->done = true;
	frame_drop_buffer(frame);
	pixman_region32_fini(&damage);
}

static void
handle_output_frame(struct wl_listener *listener, void *data)
{
	struct screencopy *sc = wl_container_of(listener, sc, output_frame);
	const struct pw_output_frame *ev = data;
	if (sc->managers.next == &sc->managers && sc->frames.next == &sc->frames) {
		return; /* nobody captures: every frame pays nothing */
	}

	pixman_region32_t damage;
	pixman_region32_init(&damage);
	pixman_region32_intersect_rect(&damage, ev->damage, 0, 0, pixman_image_get_width(ev->image),
		pixman_image_get_height(ev->image));
	struct manager *manager;
	wl_list_for_each(manager, &sc->managers, link) {
		if (manager->tracking) {
			pixman_region32_union(&manager->damage, &manager->damage, &damage);
		}
	}
	pixman_region32_fini(&damage);

	struct frame *frame;
	wl_list_for_each(frame, &sc->frames, link) {
		if (frame->buffer) {
			frame_complete(frame, ev->image);
		}
	}
}

static void
output_detach(struct screencopy *sc)
{
	if (!sc->output) {
		return;
	}
	struct frame *frame, *tmp;
	wl_list_for_each_safe(frame, tmp, &sc->frames, link) {
		frame_fail(frame);
		frame_destroy(frame);
	}
	struct manager *manager;
	wl_list_for_each(manager, &sc->managers, link) {
		manager->tracking = false;
		pixman_region32_clear(&manager->damage);
	}
	wl_list_remove(&sc->output_frame.link);
	wl_list_remove(&sc->output_destroy.link);
	sc->output = NULL;
}

static void
handle_output_destroy(struct wl_listener *listener, void *data)
{
	struct screencopy *sc = wl_container_of(listener, sc, output_destroy);
	output_detach(sc);
}

static void
start_copy(struct wl_resource *resource, struct wl_resource *buffer, bool with_damage)
{
	struct frame *frame = wl_resource_get_user_data(resource);
	if (!frame) {
		return;
	}
	if (frame->used) {
		wl_resource_post_error(resource, ZWLR_SCREENCOPY_FRAME_V1_ERROR_ALREADY_USED,
			"frame already used");
		return;
	}
	frame->used = true;
	if (frame->done) {
		return; /* failed before the copy came */
	}

	struct pw_shm_buffer *shm = pw_shm_buffer_get(buffer);
	int32_t width = frame->box.x2 - frame->box.x1;
	bool as_output = shm && shm->format == frame->shm_format && shm->stride == frame->stride;
	bool as_xrgb = shm &&
		wl_resource_get_version(resource) >=
			ZWLR_SCREENCOPY_FRAME_V1_BUFFER_DONE_SINCE_VERSION &&
		shm->format == WL_SHM_FORMAT_XRGB8888 && shm->stride == width * 4;
	if (!shm || shm->read_only || !(as_output || as_xrgb) || shm->width != width ||
		shm->height != frame->box.y2 - frame->box.y1) {
		wl_resource_post_error(resource, ZWLR_SCREENCOPY_FRAME_V1_ERROR_INVALID_BUFFER,
			"buffer does not match a buffer event");
		return;
	}
	if (!as_output) {
		frame->shm_format = WL_SHM_FORMAT_XRGB8888;
		frame->pixman_format = PIXMAN_x8r8g8b8;
		frame->stride = width * 4;
	}
	/* pixman writes whole words: a buffer at an odd offset in its pool cannot take them */
	if ((uintptr_t)pw_shm_buffer_data(shm) % 4 != 0) {
		wl_resource_post_error(resource, ZWLR_SCREENCOPY_FRAME_V1_ERROR_INVALID_BUFFER,
			"the buffer's offset in its pool is not a multiple of 4");
		return;
	}

	frame->buffer = buffer;
	frame->with_damage = with_damage;
	frame->buffer_destroy.notify = handle_buffer_destroy;
	wl_resource_add_destroy_listener(buffer, &frame->buffer_destroy);

	struct manager *manager = frame->manager;
	if (with_damage && manager && !manager->tracking) {
		/* The first copy_with_damage of a client sees everything as damaged. */
		pixman_box32_t whole = pw_capture_image_box(frame->sc->output);
		manager->tracking = true;
		pixman_region32_reset(&manager->damage, &whole);
	}
	if (with_damage && manager) {
		pixman_region32_t pending;
		pixman_region32_init_rect(&pending, frame->box.x1, frame->box.y1,
			frame->box.x2 - frame->box.x1, frame->box.y2 - frame->box.y1);
		pixman_region32_intersect(&pending, &pending, &manager->damage);
		bool now = pixman_region32_not_empty(&pending);
		pixman_region32_fini(&pending);
		if (!now) {
			return; /* the next damaging repaint completes it */
		}
	}
	pw_output_schedule_repaint(frame->sc->output);
}

static void
frame_copy(struct wl_client *client, struct wl_resource *resource, struct wl_resource *buffer)
{
	start_copy(resource, buffer, false);
}

static void
frame_copy_with_damage(struct wl_client *client, struct wl_resource *resource,
	struct wl_resource *buffer)
{
	start_copy(resource, buffer, true);
}

static const struct zwlr_screencopy_frame_v1_interface frame_impl = {
	.copy = frame_copy,
	.destroy = pw_request_destroy,
	.copy_with_damage = frame_copy_with_damage,
};

static void
handle_frame_resource_destroy(struct wl_resource *resource)
{
	struct frame *frame = wl_resource_get_user_data(resource);
	if (frame) {
		frame_destroy(frame);
	}
}

static void
capture(struct wl_client *client, struct wl_resource *manager_resource, uint32_t id,
	struct wl_resource *output_resource, bool whole, int32_t x, int32_t y, int32_t width,
	int32_t height)
{
	struct manager *manager = wl_resource_get_user_data(manager_resource);
	uint32_t version = wl_resource_get_version(manager_resource);
	struct wl_resource *resource =
		wl_resource_create(client, &zwlr_screencopy_frame_v1_interface, version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &frame_impl, NULL, handle_frame_resource_destroy);

	/* Without a struct frame the resource is inert from the start. */
	struct pw_output *output = manager ? manager->sc->output : NULL;
	if (!output || wl_resource_get_user_data(output_resource) != output) {
		zwlr_screencopy_frame_v1_send_failed(resource);
		return;
	}
	pixman_box32_t box;
	if (whole) {
		x = y = 0;
		width = output->width;
		height = output->height;
	}
	if (!logical_to_image(output, x, y, width, height, &box)) {
		zwlr_screencopy_frame_v1_send_failed(resource);
		return;
	}

	struct frame *frame = calloc(1, sizeof(*frame));
	if (!frame) {
		wl_resource_post_no_memory(resource);
		return;
	}
	enum pw_format format = output->backend->format;
	int bytes = (box.x2 - box.x1) * pw_format_bpp(format);
	frame->resource = resource;
	frame->sc = manager->sc;
	frame->manager = manager;
	frame->box = box;
	frame->shm_format = pw_format_shm(format);
	frame->pixman_format = pw_format_pixman(format);
	frame->stride = (bytes + 3) & ~3; /* pixman wants 32-bit aligned rows */
	wl_list_insert(&manager->sc->frames, &frame->link);
	wl_resource_set_user_data(resource, frame);

	zwlr_screencopy_frame_v1_send_buffer(resource, frame->shm_format, box.x2 - box.x1,
		box.y2 - box.y1, frame->stride);
	if (version >= ZWLR_SCREENCOPY_FRAME_V1_BUFFER_DONE_SINCE_VERSION) {
		/* XRGB8888 too, converted as it copies (4.83): what VNC servers take */
		if (frame->shm_format != WL_SHM_FORMAT_XRGB8888) {
			zwlr_screencopy_frame_v1_send_buffer(resource, WL_SHM_FORMAT_XRGB8888,
				box.x2 - box.x1, box.y2 - box.y1, (box.x2 - box.x1) * 4);
		}
		zwlr_screencopy_frame_v1_send_buffer_done(resource);
	}
}

static void
manager_capture_output(struct wl_client *client, struct wl_resource *resource, uint32_t frame,
	int32_t overlay_cursor, struct wl_resource *output)
{
	capture(client, resource, frame, output, true, 0, 0, 0, 0);
}

static void
manager_capture_output_region(struct wl_client *client, struct wl_resource *resource,
	uint32_t frame, int32_t overlay_cursor, struct wl_resource *output, int32_t x, int32_t y,
	int32_t width, int32_t height)
{
	capture(client, resource, frame, output, false, x, y, width, height);
}

static const struct zwlr_screencopy_manager_v1_interface manager_impl = {
	.capture_output = manager_capture_output,
	.capture_output_region = manager_capture_output_region,
	.destroy = pw_request_destroy,
};

/* Frees the manager; its frames live on without it and its resource goes inert. */
static void
manager_destroy(struct manager *manager)
{
	struct frame *frame;
	wl_list_for_each(frame, &manager->sc->frames, link) {
		if (frame->manager == manager) {
			frame->manager = NULL;
		}
	}
	wl_list_remove(&manager->link);
	pixman_region32_fini(&manager->damage);
	wl_resource_set_user_data(manager->resource, NULL);
	free(manager);
}

static void
handle_manager_resource_destroy(struct wl_resource *resource)
{
	struct manager *manager = wl_resource_get_user_data(resource);
	if (manager) {
		manager_destroy(manager);
	}
}

static void
bind_manager(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct screencopy *sc = data;
	struct wl_resource *resource =
		wl_resource_create(client, &zwlr_screencopy_manager_v1_interface, version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	struct manager *manager = calloc(1, sizeof(*manager));
	if (!manager) {
		wl_resource_destroy(resource);
		wl_client_post_no_memory(client);
		return;
	}
	manager->resource = resource;
	manager->sc = sc;
	pixman_region32_init(&manager->damage);
	wl_list_insert(&sc->managers, &manager->link);
	wl_resource_set_implementation(resource, &manager_impl, manager,
		handle_manager_resource_destroy);
}

static void
handle_server_destroy(struct wl_listener *listener, void *data)
{
	struct screencopy *sc = wl_container_of(listener, sc, server_destroy);
	output_detach(sc);
	struct manager *manager, *tmp;
	wl_list_for_each_safe(manager, tmp, &sc->managers, link) {
		manager_destroy(manager);
	}
	wl_global_destroy(sc->global);
	wl_list_remove(&sc->server_destroy.link);
	free(sc);
}

bool
pw_screencopy_create(struct pw_server *server)
{
	struct screencopy *sc = calloc(1, sizeof(*sc));
	if (!sc) {
		return false;
	}
	sc->server = server;
	wl_list_init(&sc->managers);
	wl_list_init(&sc->frames);
	sc->global = wl_global_create(server->display, &zwlr_screencopy_manager_v1_interface,
		MANAGER_VERSION, sc, bind_manager);
	/* It shows every client's pixels: picowl's own uid only (4.78). */
	if (!sc->global || !pw_server_add_private_global(server, sc->global)) {
		if (sc->global) {
			wl_global_destroy(sc->global);
		}
		free(sc);
		return false;
	}
	sc->output = server->output;
	if (sc->output) {
		sc->output_frame.notify = handle_output_frame;
		wl_signal_add(&sc->output->events.frame, &sc->output_frame);
		sc->output_destroy.notify = handle_output_destroy;
		wl_signal_add(&sc->output->events.destroy, &sc->output_destroy);
	}
	sc->server_destroy.notify = handle_server_destroy;
	wl_signal_add(&server->destroy, &sc->server_destroy);
	return true;
}

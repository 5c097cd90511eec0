#include "output.h"

#include <stdio.h>
#include <stdlib.h>
#include <wayland-server-protocol.h>

#include "backend.h"
#include "render.h"
#include "server.h"

#define OUTPUT_VERSION 4

static void
send_info(struct pw_output *output, struct wl_resource *resource)
{
	uint32_t version = (uint32_t)wl_resource_get_version(resource);
	struct pw_backend *backend = output->backend;
	wl_output_send_geometry(resource, 0, 0, 0, 0, WL_OUTPUT_SUBPIXEL_UNKNOWN, "picowl",
		backend->name, output->transform);
	wl_output_send_mode(resource, WL_OUTPUT_MODE_CURRENT | WL_OUTPUT_MODE_PREFERRED,
		backend->width, backend->height, backend->refresh_mhz);
	if (version >= WL_OUTPUT_SCALE_SINCE_VERSION) {
		wl_output_send_scale(resource, 1);
	}
	if (version >= WL_OUTPUT_NAME_SINCE_VERSION) {
		wl_output_send_name(resource, output->name);
		wl_output_send_description(resource, backend->description);
	}
	if (version >= WL_OUTPUT_DONE_SINCE_VERSION) {
		wl_output_send_done(resource);
	}
}

static void
output_release(struct wl_client *client, struct wl_resource *resource)
{
	wl_resource_destroy(resource);
}

static const struct wl_output_interface output_impl = {
	.release = output_release,
};

static void
handle_output_resource_destroy(struct wl_resource *resource)
{
	wl_list_remove(wl_resource_get_link(resource));
}

static void
bind_output(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct pw_output *output = data;
	struct wl_resource *resource =
		wl_resource_create(client, &wl_output_interface, (int)version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &output_impl, output,
		handle_output_resource_destroy);
	wl_list_insert(&output->resources, wl_resource_get_link(resource));
	send_info(output, resource);
}

static uint32_t
timespec_msec(const struct timespec *ts)
{
	return (uint32_t)((int64_t)ts->tv_sec * 1000 + ts->tv_nsec / 1000000);
}

static void
repaint(struct pw_output *output)
{
	struct pw_backend *backend = output->backend;
	int age = 0;
	pixman_image_t *image = backend->impl->begin_frame(backend, &age);
	if (!image) {
		return;
	}
	pixman_region32_t damage;
	pixman_region32_init(&damage);
	if (age == 1) {
		pixman_region32_copy(&damage, &output->damage);
	} else if (age == 2) {
		pixman_region32_union(&damage, &output->damage, &output->previous_damage);
	} else {
		pixman_region32_union_rect(&damage, &damage, 0, 0, output->width, output->height);
	}
	pw_damage_expand(output->damage_mode, &damage, output->width, output->height, &damage);
	pixman_region32_copy(&output->previous_damage, &output->damage);
	pixman_region32_clear(&output->damage);

	pw_render_frame(output->server, image, &damage);
	pw_render_take_frame_callbacks(output->server, &output->frame_callbacks);
	struct pw_output_frame frame = {.image = image, .damage = &damage};
	wl_signal_emit(&output->events.frame, &frame);

	struct pw_present_stats stats;
	if (backend->impl->present(backend, &damage, &stats)) {
		output->frame_pending = true;
		output->frame_seq++;
	}
	pixman_region32_fini(&damage);
}

static void
handle_repaint_idle(void *data)
{
	struct pw_output *output = data;
	output->repaint_idle = NULL;
	if (output->frame_pending) {
		output->repaint_needed = true;
		return;
	}
	output->repaint_needed = false;
	repaint(output);
}

void
pw_output_schedule_repaint(struct pw_output *output)
{
	if (output->frame_pending) {
		output->repaint_needed = true;
		return;
	}
	if (!output->repaint_idle) {
		output->repaint_idle =
			wl_event_loop_add_idle(output->server->loop, handle_repaint_idle, output);
	}
}

static void
handle_frame_done(void *data, const struct timespec *when)
{
	struct pw_output *output = data;
	output->frame_pending = false;
	output->last_present = *when;
	uint32_t msec = timespec_msec(when);
	struct wl_resource *cb, *tmp;
	wl_resource_for_each_safe(cb, tmp, &output->frame_callbacks) {
		wl_callback_send_done(cb, msec);
		wl_resource_destroy(cb);
	}
	wl_signal_emit(&output->events.present, (void *)when);
	if (output->repaint_needed || pixman_region32_not_empty(&output->damage)) {
		pw_output_schedule_repaint(output);
	}
}

static const struct pw_backend_events backend_events = {
	.frame_done = handle_frame_done,
};

void
pw_output_damage_region(struct pw_output *output, const pixman_region32_t *region)
{
	if (!pixman_region32_not_empty(region)) {
		return;
	}
	pixman_region32_union(&output->damage, &output->damage, region);
	pixman_region32_intersect_rect(&output->damage, &output->damage, 0, 0,
		(unsigned)output->width, (unsigned)output->height);
	pw_output_schedule_repaint(output);
}

void
pw_output_damage_box(struct pw_output *output, int x, int y, int width, int height)
{
	if (width <= 0 || height <= 0) {
		return;
	}
	pixman_region32_t region;
	pixman_region32_init_rect(&region, x, y, (unsigned)width, (unsigned)height);
	pw_output_damage_region(output, &region);
	pixman_region32_fini(&region);
}

void
pw_output_damage_whole(struct pw_output *output)
{
	pw_output_damage_box(output, 0, 0, output->width, output->height);
}

struct pw_output *
pw_output_create(struct pw_server *server, struct pw_backend *backend)
{
	struct pw_output *output = calloc(1, sizeof(*output));
	if (!output) {
		return NULL;
	}
	output->server = server;
	output->backend = backend;
	output->width = backend->width;
	output->height = backend->height;
	output->transform = WL_OUTPUT_TRANSFORM_NORMAL;
	output->damage_mode = PW_DAMAGE_ROWS;
	snprintf(output->name, sizeof(output->name), "%s", backend->name);
	wl_list_init(&output->resources);
	wl_list_init(&output->frame_callbacks);
	pixman_region32_init(&output->damage);
	pixman_region32_init(&output->previous_damage);
	wl_signal_init(&output->events.frame);
	wl_signal_init(&output->events.present);
	wl_signal_init(&output->events.destroy);
	output->global = wl_global_create(server->display, &wl_output_interface, OUTPUT_VERSION,
		output, bind_output);
	if (!output->global) {
		pixman_region32_fini(&output->damage);
		pixman_region32_fini(&output->previous_damage);
		free(output);
		return NULL;
	}
	backend->events = &backend_events;
	backend->events_data = output;
	pw_output_damage_whole(output);
	return output;
}

void
pw_output_destroy(struct pw_output *output)
{
	if (!output) {
		return;
	}
	wl_signal_emit_mutable(&output->events.destroy, output);
	output->backend->events = NULL;
	if (output->repaint_idle) {
		wl_event_source_remove(output->repaint_idle);
	}
	struct wl_resource *resource, *tmp;
	wl_resource_for_each_safe(resource, tmp, &output->frame_callbacks) {
		wl_resource_destroy(resource);
	}
	wl_resource_for_each_safe(resource, tmp, &output->resources) {
		wl_list_remove(wl_resource_get_link(resource));
		wl_list_init(wl_resource_get_link(resource));
		wl_resource_set_user_data(resource, NULL);
	}
	wl_global_destroy(output->global);
	pixman_region32_fini(&output->damage);
	pixman_region32_fini(&output->previous_damage);
	free(output);
}

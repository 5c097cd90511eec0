#include "presentation.h"

#include "presentation-time-protocol.h"
#include "server.h"
#include "surface.h"

static void
handle_feedback_resource_destroy(struct wl_resource *resource)
{
	wl_list_remove(wl_resource_get_link(resource));
}

void
pw_presentation_discard(struct wl_list *list)
{
	struct wl_resource *fb, *tmp;
	wl_resource_for_each_safe(fb, tmp, list) {
		wp_presentation_feedback_send_discarded(fb);
		wl_resource_destroy(fb);
	}
}

void
pw_presentation_presented(struct wl_list *list, const struct timespec *when, uint32_t refresh_ns,
	uint64_t seq)
{
	struct wl_resource *fb, *tmp;
	uint64_t sec = (uint64_t)when->tv_sec;
	wl_resource_for_each_safe(fb, tmp, list) {
		/* The frame reached the display paced by its refresh; picowl took no zero copy. */
		wp_presentation_feedback_send_presented(fb, (uint32_t)(sec >> 32), (uint32_t)sec,
			(uint32_t)when->tv_nsec, refresh_ns, (uint32_t)(seq >> 32), (uint32_t)seq,
			WP_PRESENTATION_FEEDBACK_KIND_VSYNC);
		wl_resource_destroy(fb);
	}
}

static void
presentation_destroy(struct wl_client *client, struct wl_resource *resource)
{
	wl_resource_destroy(resource);
}

static void
presentation_feedback(struct wl_client *client, struct wl_resource *resource,
	struct wl_resource *surface_resource, uint32_t id)
{
	struct pw_surface *surface = pw_surface_from_resource(surface_resource);
	struct wl_resource *fb =
		wl_resource_create(client, &wp_presentation_feedback_interface, 1, id);
	if (!fb) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(fb, NULL, NULL, handle_feedback_resource_destroy);
	wl_list_insert(surface->pending.feedbacks.prev, wl_resource_get_link(fb));
	surface->pending.committed |= PW_STATE_FEEDBACK;
}

static const struct wp_presentation_interface presentation_impl = {
	.destroy = presentation_destroy,
	.feedback = presentation_feedback,
};

static void
bind_presentation(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *resource =
		wl_resource_create(client, &wp_presentation_interface, (int)version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &presentation_impl, data, NULL);
	wp_presentation_send_clock_id(resource, CLOCK_MONOTONIC);
}

bool
pw_presentation_create(struct pw_server *server)
{
	return wl_global_create(server->display, &wp_presentation_interface, 1, server,
		       bind_presentation) != NULL;
}

#include "presentation.h"

#include "backend.h"
#include "presentation-time-protocol.h"
#include "request.h"
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

/* The backend's flags are the protocol's kinds, bit for bit. */
_Static_assert((int)PW_FRAME_VSYNC == (int)WP_PRESENTATION_FEEDBACK_KIND_VSYNC &&
		(int)PW_FRAME_HW_CLOCK == (int)WP_PRESENTATION_FEEDBACK_KIND_HW_CLOCK &&
		(int)PW_FRAME_HW_COMPLETION == (int)WP_PRESENTATION_FEEDBACK_KIND_HW_COMPLETION,
	"pw_frame_flags differ from wp_presentation_feedback kinds");

void
pw_presentation_presented(struct wl_list *list, struct wl_list *outputs,
	const struct pw_frame_info *info, uint32_t refresh_ns, uint32_t pace_ns)
{
	struct wl_resource *fb, *tmp;
	uint64_t sec = (uint64_t)info->when.tv_sec;
	wl_resource_for_each_safe(fb, tmp, list) {
		struct wl_client *client = wl_resource_get_client(fb);
		struct wl_resource *out;
		wl_resource_for_each(out, outputs) {
			if (wl_resource_get_client(out) == client) {
				wp_presentation_feedback_send_sync_output(fb, out);
			}
		}
		/* Version 2 may name the rate picowl picked for an output without one (4.94). */
		uint32_t refresh =
			refresh_ns || wl_resource_get_version(fb) < 2 ? refresh_ns : pace_ns;
		/* picowl always copies or composites: never zero copy. */
		wp_presentation_feedback_send_presented(fb, (uint32_t)(sec >> 32), (uint32_t)sec,
			(uint32_t)info->when.tv_nsec, refresh, (uint32_t)(info->seq >> 32),
			(uint32_t)info->seq, info->flags);
		wl_resource_destroy(fb);
	}
}

static void
presentation_feedback(struct wl_client *client, struct wl_resource *resource,
	struct wl_resource *surface_resource, uint32_t id)
{
	struct pw_surface *surface = pw_surface_from_resource(surface_resource);
	struct wl_resource *fb = wl_resource_create(client, &wp_presentation_feedback_interface,
		wl_resource_get_version(resource), id);
	if (!fb) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(fb, NULL, NULL, handle_feedback_resource_destroy);
	wl_list_insert(surface->pending.feedbacks.prev, wl_resource_get_link(fb));
	surface->pending.committed |= PW_STATE_FEEDBACK;
}

static const struct wp_presentation_interface presentation_impl = {
	.destroy = pw_request_destroy,
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
	return wl_global_create(server->display, &wp_presentation_interface, 2, server,
		       bind_presentation) != NULL;
}

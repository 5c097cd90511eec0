/* ext-image-copy-capture's cursor sessions, which never see a cursor (decision 4.90). */
#include "image_copy_cursor.h"

#include <stdbool.h>
#include <stdlib.h>
#include <wayland-server-core.h>

#include "ext-image-copy-capture-v1-protocol.h"
#include "image_copy_capture.h"
#include "request.h"

struct cursor_session {
	struct wl_resource *resource;
	struct pw_image_copy *ic;
	bool got_session;
};

static void
cursor_session_get_capture_session(struct wl_client *client, struct wl_resource *resource,
	uint32_t id)
{
	struct cursor_session *cs = wl_resource_get_user_data(resource);
	if (cs->got_session) {
		wl_resource_post_error(resource,
			EXT_IMAGE_COPY_CAPTURE_CURSOR_SESSION_V1_ERROR_DUPLICATE_SESSION,
			"get_capture_session sent twice");
		return;
	}
	cs->got_session = true;
	pw_image_copy_capture_stopped_session(client, cs->ic, wl_resource_get_version(resource),
		id);
}

static const struct ext_image_copy_capture_cursor_session_v1_interface cursor_session_impl = {
	.destroy = pw_request_destroy,
	.get_capture_session = cursor_session_get_capture_session,
};

static void
handle_cursor_session_destroy(struct wl_resource *resource)
{
	free(wl_resource_get_user_data(resource));
}

void
pw_image_copy_cursor_create(struct wl_client *client, struct pw_image_copy *ic, int version,
	uint32_t id)
{
	struct cursor_session *cs = calloc(1, sizeof(*cs));
	if (!cs ||
		!(cs->resource = wl_resource_create(client,
			  &ext_image_copy_capture_cursor_session_v1_interface, version, id))) {
		free(cs);
		wl_client_post_no_memory(client);
		return;
	}
	cs->ic = ic;
	wl_resource_set_implementation(cs->resource, &cursor_session_impl, cs,
		handle_cursor_session_destroy);
}

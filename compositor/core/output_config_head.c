/* zwlr_output_configuration_head_v1 (output_config_head.h). */
#include "output_config_head.h"

#include <stdlib.h>
#include <wayland-server-protocol.h>

#include "output_management.h"
#include "wlr-output-management-unstable-v1-protocol.h"

static struct pw_output_config_head *
live_head(struct wl_resource *resource)
{
	struct pw_output_config_head *ch = wl_resource_get_user_data(resource);
	return ch && ch->owner ? ch : NULL;
}

static bool
claim_mode(struct wl_resource *resource, struct pw_output_config_head *ch)
{
	if (ch->mode_set) {
		wl_resource_post_error(resource,
			ZWLR_OUTPUT_CONFIGURATION_HEAD_V1_ERROR_ALREADY_SET,
			"the mode is already set");
		return false;
	}
	ch->mode_set = true;
	return true;
}

static void
config_head_set_mode(struct wl_client *client, struct wl_resource *resource,
	struct wl_resource *mode_resource)
{
	struct pw_output_config_head *ch = live_head(resource);
	if (!ch || !claim_mode(resource, ch)) {
		return;
	}
	int index = pw_output_management_mode_index(mode_resource, ch->head);
	if (index == -2) {
		wl_resource_post_error(resource,
			ZWLR_OUTPUT_CONFIGURATION_HEAD_V1_ERROR_INVALID_MODE,
			"the mode is not one of the head's");
		return;
	}
	/* A mode of a stopped manager is gone with its head: the configuration is cancelled. */
	ch->mode_stale = index < 0;
	ch->mode = index;
}

static void
config_head_set_custom_mode(struct wl_client *client, struct wl_resource *resource, int32_t width,
	int32_t height, int32_t refresh)
{
	struct pw_output_config_head *ch = live_head(resource);
	if (!ch || !claim_mode(resource, ch)) {
		return;
	}
	if (width <= 0 || height <= 0 || refresh < 0) {
		wl_resource_post_error(resource,
			ZWLR_OUTPUT_CONFIGURATION_HEAD_V1_ERROR_INVALID_CUSTOM_MODE,
			"custom mode %dx%d@%d is invalid", width, height, refresh);
		return;
	}
	ch->custom = true;
	ch->width = width;
	ch->height = height;
	ch->refresh = refresh;
}

static void
config_head_set_position(struct wl_client *client, struct wl_resource *resource, int32_t x,
	int32_t y)
{
	struct pw_output_config_head *ch = live_head(resource);
	if (!ch) {
		return;
	}
	if (ch->position_set) {
		wl_resource_post_error(resource,
			ZWLR_OUTPUT_CONFIGURATION_HEAD_V1_ERROR_ALREADY_SET,
			"the position is already set");
		return;
	}
	ch->position_set = true;
	ch->x = x;
	ch->y = y;
}

static void
config_head_set_transform(struct wl_client *client, struct wl_resource *resource, int32_t transform)
{
	struct pw_output_config_head *ch = live_head(resource);
	if (!ch) {
		return;
	}
	if (ch->transform_set) {
		wl_resource_post_error(resource,
			ZWLR_OUTPUT_CONFIGURATION_HEAD_V1_ERROR_ALREADY_SET,
			"the transform is already set");
		return;
	}
	if (transform < WL_OUTPUT_TRANSFORM_NORMAL || transform > WL_OUTPUT_TRANSFORM_FLIPPED_270) {
		wl_resource_post_error(resource,
			ZWLR_OUTPUT_CONFIGURATION_HEAD_V1_ERROR_INVALID_TRANSFORM,
			"transform %d is not a wl_output.transform", transform);
		return;
	}
	ch->transform_set = true;
	ch->transform = transform;
}

static void
config_head_set_scale(struct wl_client *client, struct wl_resource *resource, wl_fixed_t scale)
{
	struct pw_output_config_head *ch = live_head(resource);
	if (!ch) {
		return;
	}
	if (ch->scale_set) {
		wl_resource_post_error(resource,
			ZWLR_OUTPUT_CONFIGURATION_HEAD_V1_ERROR_ALREADY_SET,
			"the scale is already set");
		return;
	}
	if (scale <= 0) {
		wl_resource_post_error(resource,
			ZWLR_OUTPUT_CONFIGURATION_HEAD_V1_ERROR_INVALID_SCALE,
			"scale %f is not positive", wl_fixed_to_double(scale));
		return;
	}
	ch->scale_set = true;
	ch->scale = scale;
}

static const struct zwlr_output_configuration_head_v1_interface config_head_impl = {
	.set_mode = config_head_set_mode,
	.set_custom_mode = config_head_set_custom_mode,
	.set_position = config_head_set_position,
	.set_transform = config_head_set_transform,
	.set_scale = config_head_set_scale,
};

static void
handle_config_head_resource_destroy(struct wl_resource *resource)
{
	struct pw_output_config_head *ch = wl_resource_get_user_data(resource);
	if (ch->owner) {
		*ch->owner = NULL;
	}
	free(ch);
}

struct pw_output_config_head *
pw_output_config_head_create(struct wl_client *client, int version, uint32_t id, const void *head,
	struct pw_output_config_head **owner)
{
	*owner = NULL;
	struct pw_output_config_head *ch = calloc(1, sizeof(*ch));
	if (!ch) {
		wl_client_post_no_memory(client);
		return NULL;
	}
	ch->resource = wl_resource_create(client, &zwlr_output_configuration_head_v1_interface,
		version, id);
	if (!ch->resource) {
		free(ch);
		wl_client_post_no_memory(client);
		return NULL;
	}
	wl_resource_set_implementation(ch->resource, &config_head_impl, ch,
		handle_config_head_resource_destroy);
	ch->owner = owner;
	ch->head = head;
	*owner = ch;
	return ch;
}

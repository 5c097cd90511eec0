/*
 * zwlr_output_configuration_head_v1: the properties one configuration sets for the head, each
 * at most once and checked as the protocol says (output_management.c reads them at apply).
 */
#ifndef PW_OUTPUT_CONFIG_HEAD_H
#define PW_OUTPUT_CONFIG_HEAD_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-server-core.h>

struct pw_output_config_head {
	struct wl_resource *resource;
	/* The configuration's pointer to this, cleared when either goes; NULL: inert. */
	struct pw_output_config_head **owner;
	bool mode_set, position_set, transform_set, scale_set;
	bool custom; /* set_custom_mode: width, height, refresh */
	bool mode_stale; /* set_mode named a mode of a stopped manager */
	int mode; /* set_mode's: the index in the backend's modes */
	const void *head; /* the head enable_head named (its manager), for set_mode's check */
	int32_t width, height, refresh;
	int32_t x, y;
	int32_t transform;
	wl_fixed_t scale;
};

/*
 * Creates it for the head `head` and sets *owner to it; *owner NULL after posting no_memory to
 * the client.
 */
struct pw_output_config_head *pw_output_config_head_create(struct wl_client *client, int version,
	uint32_t id, const void *head, struct pw_output_config_head **owner);

#endif

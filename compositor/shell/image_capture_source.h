/*
 * ext-image-capture-source v1 (decision 4.89): what ext-image-copy-capture captures, the output
 * (ext_output_image_capture_source_manager_v1) or one window, named by its
 * ext-foreign-toplevel-list handle (ext_foreign_toplevel_image_capture_source_manager_v1).
 * Both private globals: they show every client's pixels.
 */
#ifndef PW_IMAGE_CAPTURE_SOURCE_H
#define PW_IMAGE_CAPTURE_SOURCE_H

#include <stdbool.h>
#include <stdint.h>

struct pw_server;
struct wl_resource;

/* What a source names: the output, a window (its view id), or nothing that can be captured. */
enum pw_capture_kind { PW_CAPTURE_NONE, PW_CAPTURE_OUTPUT, PW_CAPTURE_TOPLEVEL };

struct pw_capture_source {
	enum pw_capture_kind kind;
	uint32_t view_id; /* PW_CAPTURE_TOPLEVEL's */
};

bool pw_image_capture_source_create(struct pw_server *server);

/* What an ext_image_capture_source_v1 resource names. */
struct pw_capture_source pw_image_capture_source_get(struct wl_resource *source);

#endif

/*
 * ext-image-copy-capture's cursor sessions (decision 4.90): picowl draws no pointer cursor, so
 * there is no cursor image to share: the cursor never enters and the one capture session a
 * cursor session gives stops at once.
 */
#ifndef PW_IMAGE_COPY_CURSOR_H
#define PW_IMAGE_COPY_CURSOR_H

#include <stdint.h>

struct pw_image_copy;
struct wl_client;

void pw_image_copy_cursor_create(struct wl_client *client, struct pw_image_copy *ic, int version,
	uint32_t id);

#endif

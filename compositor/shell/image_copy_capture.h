/*
 * ext-image-copy-capture v1 (decision 4.89): sessions that copy a source (image_capture_source.h)
 * into the client's wl_shm buffers, in the output's own format or XRGB8888 (4.83). An output
 * session copies the composited output as it repaints, a window session the window's own
 * surface tree, drawn at once; a frame after the first waits for damage. A private global.
 * Cursor sessions stop at once (picowl has no cursor image to share, 4.90).
 */
#ifndef PW_IMAGE_COPY_CAPTURE_H
#define PW_IMAGE_COPY_CAPTURE_H

#include <stdbool.h>
#include <stdint.h>

struct pw_image_copy;
struct pw_server;
struct pw_view;
struct wl_client;

bool pw_image_copy_capture_create(struct pw_server *server);

/* Windows came or went (the taskbars' hook, 4.84): sessions of a window gone stop. */
void pw_image_copy_capture_views_changed(struct pw_server *server);

/* A surface of `view`'s tree committed: its sessions see damage. */
void pw_image_copy_capture_view_committed(struct pw_view *view);

/* A session that stops at once: a cursor session's (image_copy_cursor.h). */
void pw_image_copy_capture_stopped_session(struct wl_client *client, struct pw_image_copy *ic,
	int version, uint32_t id);

#endif

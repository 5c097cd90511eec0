/* wp_single_pixel_buffer_manager_v1: wl_buffers of one pixel, one colour. */
#ifndef PW_SINGLE_PIXEL_BUFFER_H
#define PW_SINGLE_PIXEL_BUFFER_H

#include <pixman.h>
#include <stdbool.h>
#include <wayland-server-core.h>

struct pw_server;

/* Creates the wp_single_pixel_buffer_manager_v1 global; false on failure. */
bool pw_single_pixel_buffer_create(struct pw_server *server);
/* Whether `buffer` is a single-pixel buffer; its colour (premultiplied) through *out if so. */
bool pw_single_pixel_buffer_colour(struct wl_resource *buffer, pixman_color_t *out);

#endif

/*
 * What the screen captures share (wlr-screencopy, ext-image-copy-capture, decision 4.89): the
 * output image's box, the shm buffers they take (the output's own format or XRGB8888, 4.83)
 * and the copy into one, converted as it copies.
 */
#ifndef PW_CAPTURE_COPY_H
#define PW_CAPTURE_COPY_H

#include <pixman.h>
#include <stdbool.h>
#include <stdint.h>
#include <wayland-server-core.h>

struct pw_output;

/* The whole output image as a box, in image (display, rotated) coordinates. */
pixman_box32_t pw_capture_image_box(const struct pw_output *output);

/*
 * Whether `buffer` is a wl_shm buffer of width x height in the output's own format or in
 * XRGB8888, rows of at least a row's bytes and a multiple of 4 bytes (pixman writes whole
 * words), at an offset in its pool that is a multiple of 4; *format gets its pixman format.
 */
bool pw_capture_buffer_fits(const struct pw_output *output, struct wl_resource *buffer,
	int32_t width, int32_t height, pixman_format_code_t *format);

/*
 * Copies `box` of `src` into the shm `buffer` (its top left at the box's), converting to
 * `format`; the client's memory is written only between begin and end access. False when the
 * buffer is no shm buffer or the box does not lie inside `src`.
 */
bool pw_capture_copy(struct wl_resource *buffer, pixman_image_t *src, pixman_box32_t box,
	pixman_format_code_t format);

#endif

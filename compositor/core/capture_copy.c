/* The copy the screen captures share (decision 4.89). */
#include "capture_copy.h"

#include <wayland-server-protocol.h>

#include "backend.h"
#include "output.h"
#include "shm.h"

pixman_box32_t
pw_capture_image_box(const struct pw_output *output)
{
	if (output->rotation == 90 || output->rotation == 270) {
		return (pixman_box32_t){0, 0, output->height, output->width};
	}
	return (pixman_box32_t){0, 0, output->width, output->height};
}

bool
pw_capture_buffer_fits(const struct pw_output *output, struct wl_resource *buffer, int32_t width,
	int32_t height, pixman_format_code_t *format)
{
	struct pw_shm_buffer *shm = buffer ? pw_shm_buffer_get(buffer) : NULL;
	if (!shm || shm->width != width || shm->height != height) {
		return false;
	}
	enum pw_format own = output->backend->format;
	int bpp;
	if (shm->format == pw_format_shm(own)) {
		*format = pw_format_pixman(own);
		bpp = pw_format_bpp(own);
	} else if (shm->format == WL_SHM_FORMAT_XRGB8888) {
		*format = PIXMAN_x8r8g8b8;
		bpp = 4;
	} else {
		return false;
	}
	return shm->stride >= width * bpp && shm->stride % 4 == 0 && shm->offset % 4 == 0;
}

bool
pw_capture_copy(struct wl_resource *buffer, pixman_image_t *src, pixman_box32_t box,
	pixman_format_code_t format)
{
	struct pw_shm_buffer *shm = pw_shm_buffer_get(buffer);
	int width = box.x2 - box.x1;
	int height = box.y2 - box.y1;
	if (!shm || box.x2 > pixman_image_get_width(src) || box.y2 > pixman_image_get_height(src)) {
		return false;
	}

	pw_shm_buffer_begin_access(shm);
	pixman_image_t *dst = pixman_image_create_bits_no_clear(format, width, height,
		pw_shm_buffer_data(shm), shm->stride);
	if (dst) {
		pixman_image_composite32(PIXMAN_OP_SRC, src, NULL, dst, box.x1, box.y1, 0, 0, 0, 0,
			width, height);
		pixman_image_unref(dst);
	}
	pw_shm_buffer_end_access(shm);
	return dst != NULL;
}

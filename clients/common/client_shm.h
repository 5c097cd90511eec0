/*
 * shm buffers of the picowl clients (see client.h): anonymous files (memfd), a canvas drawn
 * once and handed over, and a buffer that stays mapped to be drawn again after its release.
 * Every buffer has a pool of its own, destroyed as soon as the buffer is made.
 */
#ifndef PW_CLIENT_SHM_H
#define PW_CLIENT_SHM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <wayland-client.h>

struct pw_client;

/* An anonymous file (memfd) of `size` bytes; -1 with errno on failure. */
int pw_client_memfd(size_t size);
/* Bytes per pixel of an RGB565, XRGB8888 or ARGB8888 buffer; 0 for other formats. */
int pw_client_format_bpp(uint32_t format);

/* A shm file being drawn, then made a buffer: pixels[y * width + x] (pixels16 for RGB565). */
struct pw_client_canvas {
	union {
		void *data;
		uint32_t *pixels;
		uint16_t *pixels16;
	};
	int32_t width, height, stride;
	uint32_t format;
	size_t size;
	int fd;
};

/* Makes and maps the file; false, with a message, on failure (nothing left to finish). */
bool pw_client_canvas_init(struct pw_client_canvas *cv, int32_t width, int32_t height,
	uint32_t format);
/* Unmaps and closes the file; the buffer on it, from a pool of its own (destroyed already). */
struct wl_buffer *pw_client_canvas_finish(struct pw_client_canvas *cv, struct wl_shm *shm);
/* A width x height XRGB8888 buffer, every pixel `argb`; NULL on failure. */
struct wl_buffer *pw_client_solid_buffer(struct pw_client *client, int32_t width, int32_t height,
	uint32_t argb);

/* A buffer kept mapped: drawn while not busy, attached, drawn again once released. The new
 * file reads as zeros. */
struct pw_client_buffer {
	struct wl_buffer *wl; /* NULL: not made, or finished */
	void *data;
	size_t size;
	int32_t width, height, stride;
	uint32_t format;
	/* Attached and not released yet: the caller sets it when it attaches the buffer,
	 * wl_buffer.release clears it. */
	bool busy;
	/* set by the caller, if at all: called at wl_buffer.release with busy cleared; it may
	 * finish the buffer and free its memory */
	void (*release)(struct pw_client_buffer *buffer);
	void *user;
};

/* Makes the file, maps it and makes the buffer; false with errno on failure (nothing left to
 * finish). Keeps `release` and `user`. */
bool pw_client_buffer_init(struct pw_client_buffer *buffer, struct wl_shm *shm, int32_t width,
	int32_t height, uint32_t format);
/* Destroys the buffer and unmaps its memory; accepts one never made (zeroed) or finished. */
void pw_client_buffer_finish(struct pw_client_buffer *buffer);

#endif

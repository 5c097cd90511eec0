/*
 * wl_shm: clients' pixels in shared memory, picowl's own implementation (decision 4.80), so
 * that what a pool maps is charged to its client before it is mapped ([limits] client_mapped).
 *
 * A pool is one mapping of the client's file, made at create_pool and moved by resize (never
 * shrunk). Its buffers hold it: it is unmapped when its resource and its last buffer are gone.
 * The file may shrink under picowl at any time; the pixels are read only between
 * pw_shm_buffer_begin_access and pw_shm_buffer_end_access, where a SIGBUS on the pool maps
 * zeroes over it and end_access gives the buffer's client an invalid_fd error.
 */
#ifndef PW_SHM_H
#define PW_SHM_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-server-core.h>

struct pw_server;
struct pw_shm_pool;

struct pw_shm_buffer {
	struct wl_resource *resource; /* the wl_buffer */
	struct pw_shm_pool *pool;
	size_t offset;
	int32_t width, height, stride;
	uint32_t format; /* enum wl_shm_format */
	bool read_only; /* a dmabuf picowl may only read (4.99): no screencopy into it */
};

/* The wl_shm global, offering ARGB8888, XRGB8888 and RGB565. */
bool pw_shm_create(struct pw_server *server);

/* `buffer` as a shm buffer; NULL when it is another kind of wl_buffer. */
struct pw_shm_buffer *pw_shm_buffer_get(struct wl_resource *buffer);

/*
 * linux_dmabuf.c's buffer (4.99): a wl_buffer `id` on the dmabuf `fd` (taken), its `size` bytes
 * mapped and charged to the client as a pool's are, synced around each access. NULL when it
 * cannot be mapped (errno says why; mapped read-only when it cannot be written) or, errno 0,
 * the client was sent no_memory.
 */
struct pw_shm_buffer *pw_shm_buffer_create_dmabuf(struct wl_client *client, uint32_t id, int fd,
	size_t size, size_t offset, int32_t width, int32_t height, int32_t stride, uint32_t format);

/* The first pixel; valid between begin_access and end_access only (a resize may move it). */
void *pw_shm_buffer_data(const struct pw_shm_buffer *buffer);

#include "shm_access.h" /* pw_shm_buffer_begin_access, pw_shm_buffer_end_access */

#endif

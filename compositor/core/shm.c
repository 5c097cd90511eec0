/* wl_shm, its pools and their buffers (decision 4.80). */
#define _GNU_SOURCE
#include "shm.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-server-protocol.h>

#include "request.h"
#include "server.h"
#include "shm_pool.h"

/* The formats every client may use: the two wl_shm requires, and the handheld's own. */
static const uint32_t formats[] = {
	WL_SHM_FORMAT_ARGB8888,
	WL_SHM_FORMAT_XRGB8888,
	WL_SHM_FORMAT_RGB565,
};

static void
pool_unref(struct pw_shm_pool *pool)
{
	if (--pool->refs > 0) {
		return;
	}
	munmap(pool->data, pool->size);
	pw_budget_unmap(&pool->mapped);
	if (pool->dmabuf_fd >= 0) {
		close(pool->dmabuf_fd);
	}
	free(pool);
}

static const struct wl_buffer_interface buffer_impl = {
	.destroy = pw_request_destroy,
};

struct pw_shm_buffer *
pw_shm_buffer_get(struct wl_resource *buffer)
{
	if (!buffer || !wl_resource_instance_of(buffer, &wl_buffer_interface, &buffer_impl)) {
		return NULL;
	}
	return wl_resource_get_user_data(buffer);
}

void *
pw_shm_buffer_data(const struct pw_shm_buffer *buffer)
{
	return buffer->pool->data + buffer->offset;
}

static void
handle_buffer_resource_destroy(struct wl_resource *resource)
{
	struct pw_shm_buffer *buffer = wl_resource_get_user_data(resource);
	pool_unref(buffer->pool);
	free(buffer);
}

static bool
format_known(uint32_t format)
{
	for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
		if (formats[i] == format) {
			return true;
		}
	}
	return false;
}

static struct pw_shm_buffer *
buffer_create(struct wl_client *client, uint32_t id, struct pw_shm_pool *pool, size_t offset,
	int32_t width, int32_t height, int32_t stride, uint32_t format)
{
	struct pw_shm_buffer *buffer = calloc(1, sizeof(*buffer));
	if (!buffer) {
		wl_client_post_no_memory(client);
		return NULL;
	}
	buffer->resource = wl_resource_create(client, &wl_buffer_interface, 1, id);
	if (!buffer->resource) {
		free(buffer);
		wl_client_post_no_memory(client);
		return NULL;
	}
	buffer->pool = pool;
	buffer->offset = offset;
	buffer->width = width;
	buffer->height = height;
	buffer->stride = stride;
	buffer->format = format;
	pool->refs++;
	wl_resource_set_implementation(buffer->resource, &buffer_impl, buffer,
		handle_buffer_resource_destroy);
	return buffer;
}

static void
pool_create_buffer(struct wl_client *client, struct wl_resource *resource, uint32_t id,
	int32_t offset, int32_t width, int32_t height, int32_t stride, uint32_t format)
{
	struct pw_shm_pool *pool = wl_resource_get_user_data(resource);
	if (!format_known(format)) {
		wl_resource_post_error(resource, WL_SHM_ERROR_INVALID_FORMAT, "invalid format 0x%x",
			format);
		return;
	}
	if (offset < 0 || width <= 0 || height <= 0 || stride < width ||
		INT32_MAX / stride < height ||
		(size_t)offset + (size_t)stride * (size_t)height > pool->size) {
		wl_resource_post_error(resource, WL_SHM_ERROR_INVALID_STRIDE,
			"invalid width, height or stride (%dx%d, %d) at offset %d of a %zu-byte "
			"pool",
			width, height, stride, offset, pool->size);
		return;
	}
	buffer_create(client, id, pool, (size_t)offset, width, height, stride, format);
}

static void
pool_resize(struct wl_client *client, struct wl_resource *resource, int32_t size)
{
	struct pw_shm_pool *pool = wl_resource_get_user_data(resource);
	if (size < 0 || (size_t)size < pool->size) {
		wl_resource_post_error(resource, WL_SHM_ERROR_INVALID_FD,
			"a pool cannot shrink (%zu to %d bytes)", pool->size, size);
		return;
	}
	if ((size_t)size == pool->size) {
		return;
	}
	/* Charged before it is mapped: the address space is what the limit keeps. */
	if (!pw_budget_map(client, &pool->mapped, (size_t)size)) {
		return;
	}
	void *data = mremap(pool->data, pool->size, (size_t)size, MREMAP_MAYMOVE);
	if (data == MAP_FAILED) {
		pw_budget_map(client, &pool->mapped, pool->size);
		wl_resource_post_error(resource, WL_SHM_ERROR_INVALID_FD,
			"cannot map the pool at %d bytes: %s", size, strerror(errno));
		return;
	}
	pool->data = data;
	pool->size = (size_t)size;
}

static const struct wl_shm_pool_interface pool_impl = {
	.create_buffer = pool_create_buffer,
	.destroy = pw_request_destroy,
	.resize = pool_resize,
};

static void
handle_pool_resource_destroy(struct wl_resource *resource)
{
	struct pw_shm_pool *pool = wl_resource_get_user_data(resource);
	pool->resource = NULL;
	pool_unref(pool);
}

static void
shm_create_pool(struct wl_client *client, struct wl_resource *resource, uint32_t id, int32_t fd,
	int32_t size)
{
	if (size <= 0) {
		wl_resource_post_error(resource, WL_SHM_ERROR_INVALID_STRIDE,
			"invalid pool size (%d)", size);
		close(fd);
		return;
	}
	struct pw_shm_pool *pool = calloc(1, sizeof(*pool));
	if (!pool) {
		close(fd);
		wl_client_post_no_memory(client);
		return;
	}
	if (!pw_budget_map(client, &pool->mapped, (size_t)size)) {
		close(fd);
		free(pool);
		return;
	}
	pool->dmabuf_fd = -1;
	pool->data = mmap(NULL, (size_t)size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	close(fd);
	if (pool->data == MAP_FAILED) {
		wl_resource_post_error(resource, WL_SHM_ERROR_INVALID_FD,
			"cannot map the pool's file (%d bytes): %s", size, strerror(errno));
		pw_budget_unmap(&pool->mapped);
		free(pool);
		return;
	}
	pool->size = (size_t)size;
	pool->refs = 1;
	pool->resource = wl_resource_create(client, &wl_shm_pool_interface, 1, id);
	if (!pool->resource) {
		pool_unref(pool);
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(pool->resource, &pool_impl, pool,
		handle_pool_resource_destroy);
}

struct pw_shm_buffer *
pw_shm_buffer_create_dmabuf(struct wl_client *client, uint32_t id, int fd, size_t size,
	size_t offset, int32_t width, int32_t height, int32_t stride, uint32_t format)
{
	struct pw_shm_pool *pool = calloc(1, sizeof(*pool));
	if (!pool) {
		close(fd);
		wl_client_post_no_memory(client);
		errno = 0;
		return NULL;
	}
	pool->dmabuf_fd = fd;
	if (!pw_budget_map(client, &pool->mapped, size)) {
		close(fd);
		free(pool);
		errno = 0;
		return NULL;
	}
	pool->data = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	bool read_only = pool->data == MAP_FAILED && errno == EACCES;
	if (read_only) {
		/* exported without DRM_RDWR: shown, but no screencopy into it (4.99) */
		pool->data = mmap(NULL, size, PROT_READ, MAP_SHARED, fd, 0);
	}
	if (pool->data == MAP_FAILED) {
		int saved = errno;
		pw_budget_unmap(&pool->mapped);
		close(fd);
		free(pool);
		errno = saved;
		return NULL;
	}
	pool->size = size;
	pool->refs = 1; /* dropped below: the buffer is the pool's only holder */
	struct pw_shm_buffer *buffer =
		buffer_create(client, id, pool, offset, width, height, stride, format);
	pool_unref(pool);
	if (!buffer) {
		errno = 0;
	} else {
		buffer->read_only = read_only;
	}
	return buffer;
}

static const struct wl_shm_interface shm_impl = {
	.create_pool = shm_create_pool,
};

static void
bind_shm(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *resource = wl_resource_create(client, &wl_shm_interface, 1, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &shm_impl, data, NULL);
	for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
		wl_shm_send_format(resource, formats[i]);
	}
}

bool
pw_shm_create(struct pw_server *server)
{
	return wl_global_create(server->display, &wl_shm_interface, 1, server, bind_shm) != NULL;
}

/* shm files and buffers of the picowl clients: see client_shm.h. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

#include "client.h"

int
pw_client_memfd(size_t size)
{
	int fd = memfd_create("picowl-client", MFD_CLOEXEC);
	if (fd < 0) {
		return -1;
	}
	int ret;
	do {
		ret = ftruncate(fd, (off_t)size);
	} while (ret < 0 && errno == EINTR);
	if (ret < 0) {
		int err = errno;
		close(fd);
		errno = err;
		return -1;
	}
	return fd;
}

int
pw_client_format_bpp(uint32_t format)
{
	switch (format) {
	case WL_SHM_FORMAT_RGB565:
		return 2;
	case WL_SHM_FORMAT_XRGB8888:
	case WL_SHM_FORMAT_ARGB8888:
		return 4;
	default:
		return 0;
	}
}

static struct wl_buffer *
buffer_from_fd(struct wl_shm *shm, int fd, size_t size, int32_t width, int32_t height,
	int32_t stride, uint32_t format)
{
	struct wl_shm_pool *pool = wl_shm_create_pool(shm, fd, (int32_t)size);
	struct wl_buffer *buffer =
		wl_shm_pool_create_buffer(pool, 0, width, height, stride, format);
	wl_shm_pool_destroy(pool);
	return buffer;
}

bool
pw_client_canvas_init(struct pw_client_canvas *cv, int32_t width, int32_t height, uint32_t format)
{
	cv->width = width;
	cv->height = height;
	cv->format = format;
	cv->stride = width * pw_client_format_bpp(format);
	cv->size = (size_t)cv->stride * (size_t)height;
	cv->fd = pw_client_memfd(cv->size);
	if (cv->fd < 0) {
		perror("memfd");
		return false;
	}
	cv->data = mmap(NULL, cv->size, PROT_READ | PROT_WRITE, MAP_SHARED, cv->fd, 0);
	if (cv->data == MAP_FAILED) {
		perror("mmap");
		close(cv->fd);
		return false;
	}
	return true;
}

struct wl_buffer *
pw_client_canvas_finish(struct pw_client_canvas *cv, struct wl_shm *shm)
{
	munmap(cv->data, cv->size);
	cv->data = NULL;
	struct wl_buffer *buffer = buffer_from_fd(shm, cv->fd, cv->size, cv->width, cv->height,
		cv->stride, cv->format);
	close(cv->fd);
	cv->fd = -1;
	return buffer;
}

struct wl_buffer *
pw_client_solid_buffer(struct pw_client *client, int32_t width, int32_t height, uint32_t argb)
{
	struct pw_client_canvas cv;

	if (!pw_client_canvas_init(&cv, width, height, WL_SHM_FORMAT_XRGB8888)) {
		return NULL;
	}
	for (size_t i = 0; i < cv.size / 4; i++) {
		cv.pixels[i] = argb;
	}
	return pw_client_canvas_finish(&cv, client->shm);
}

static void
handle_buffer_release(void *data, struct wl_buffer *wl)
{
	struct pw_client_buffer *b = data;

	b->busy = false;
	if (b->release) {
		b->release(b);
	}
}

static const struct wl_buffer_listener buffer_listener = {
	.release = handle_buffer_release,
};

bool
pw_client_buffer_init(struct pw_client_buffer *b, struct wl_shm *shm, int32_t width, int32_t height,
	uint32_t format)
{
	b->width = width;
	b->height = height;
	b->format = format;
	b->stride = width * pw_client_format_bpp(format);
	b->size = (size_t)b->stride * (size_t)height;
	b->busy = false;
	int fd = pw_client_memfd(b->size);
	if (fd < 0) {
		return false;
	}
	b->data = mmap(NULL, b->size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (b->data == MAP_FAILED) {
		int err = errno;
		b->data = NULL;
		close(fd);
		errno = err;
		return false;
	}
	b->wl = buffer_from_fd(shm, fd, b->size, width, height, b->stride, format);
	close(fd);
	if (!b->wl) {
		munmap(b->data, b->size);
		b->data = NULL;
		errno = ENOMEM;
		return false;
	}
	wl_buffer_add_listener(b->wl, &buffer_listener, b);
	return true;
}

void
pw_client_buffer_finish(struct pw_client_buffer *b)
{
	if (b->wl) {
		wl_buffer_destroy(b->wl);
		b->wl = NULL;
	}
	if (b->data) {
		munmap(b->data, b->size);
		b->data = NULL;
	}
	b->busy = false;
}

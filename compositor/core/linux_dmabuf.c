/*
 * zwp_linux_dmabuf_v1 version 4 without a GPU (decision 4.99): a single-plane LINEAR dmabuf (a
 * udmabuf, a DRM dumb buffer's PRIME export) is mmapped and becomes a wl_buffer of shm.c's kind,
 * read by the renderer as a pool is, synced around each access (shm_access.c). The feedback
 * names one device (4.100) and one tranche of the formats wl_shm offers.
 */
#define _GNU_SOURCE
#include "linux_dmabuf.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/dma-buf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <wayland-server-protocol.h>

#include "backend.h"
#include "format.h"
#include "linux-dmabuf-unstable-v1-protocol.h"
#include "log.h"
#include "request.h"
#include "server.h"
#include "shm.h"

#define FOURCC(a, b, c, d) \
	((uint32_t)(a) | ((uint32_t)(b) << 8) | ((uint32_t)(c) << 16) | ((uint32_t)(d) << 24))
#define MOD_LINEAR 0
#define MAX_PLANES 4

/* The format table's entries, in its order: the DRM fourcc and the wl_shm format it reads as. */
static const struct {
	uint32_t fourcc;
	uint32_t shm;
} formats[] = {
	{FOURCC('A', 'R', '2', '4'), WL_SHM_FORMAT_ARGB8888},
	{FOURCC('X', 'R', '2', '4'), WL_SHM_FORMAT_XRGB8888},
	{FOURCC('R', 'G', '1', '6'), WL_SHM_FORMAT_RGB565},
};
#define N_FORMATS (sizeof(formats) / sizeof(formats[0]))

struct dmabuf_manager {
	struct wl_global *global;
	int table_fd; /* the format table: a sealed memfd, sent to every feedback */
	size_t table_size;
	dev_t device;
	struct wl_listener server_destroy;
};

struct params {
	struct wl_resource *resource;
	struct {
		int fd; /* -1: not added */
		uint32_t offset, stride;
		uint64_t modifier;
	} planes[MAX_PLANES];
	bool used;
};

static void
params_close(struct params *p)
{
	for (int i = 0; i < MAX_PLANES; i++) {
		if (p->planes[i].fd >= 0) {
			close(p->planes[i].fd);
			p->planes[i].fd = -1;
		}
	}
}

static void
params_add(struct wl_client *client, struct wl_resource *resource, int32_t fd, uint32_t plane_idx,
	uint32_t offset, uint32_t stride, uint32_t modifier_hi, uint32_t modifier_lo)
{
	struct params *p = wl_resource_get_user_data(resource);
	if (p->used) {
		wl_resource_post_error(resource, ZWP_LINUX_BUFFER_PARAMS_V1_ERROR_ALREADY_USED,
			"the params were already used to create a wl_buffer");
	} else if (plane_idx >= MAX_PLANES) {
		wl_resource_post_error(resource, ZWP_LINUX_BUFFER_PARAMS_V1_ERROR_PLANE_IDX,
			"plane index %u is not below %d", plane_idx, MAX_PLANES);
	} else if (p->planes[plane_idx].fd >= 0) {
		wl_resource_post_error(resource, ZWP_LINUX_BUFFER_PARAMS_V1_ERROR_PLANE_SET,
			"plane %u was already set", plane_idx);
	} else {
		p->planes[plane_idx].fd = fd;
		p->planes[plane_idx].offset = offset;
		p->planes[plane_idx].stride = stride;
		p->planes[plane_idx].modifier = (uint64_t)modifier_hi << 32 | modifier_lo;
		return;
	}
	close(fd);
}

/* The import failed: `failed` for create, invalid_wl_buffer for create_immed. */
static void
import_failed(struct params *p, bool immed, const char *why)
{
	pw_log_limited(PW_LOG_WARNING, "a client's dmabuf cannot be imported: %s", why);
	if (immed) {
		wl_resource_post_error(p->resource,
			ZWP_LINUX_BUFFER_PARAMS_V1_ERROR_INVALID_WL_BUFFER, "%s", why);
	} else {
		zwp_linux_buffer_params_v1_send_failed(p->resource);
	}
}

/* Protocol errors for what the client got wrong; false after one. */
static bool
params_valid(struct params *p, int32_t width, int32_t height, uint32_t format, uint32_t *shm)
{
	struct wl_resource *r = p->resource;
	int n = 0;
	while (n < MAX_PLANES && p->planes[n].fd >= 0) {
		n++;
	}
	for (int i = n; i < MAX_PLANES; i++) {
		if (p->planes[i].fd >= 0) {
			wl_resource_post_error(r, ZWP_LINUX_BUFFER_PARAMS_V1_ERROR_INCOMPLETE,
				"plane %d is set but plane %d is not", i, n);
			return false;
		}
	}
	if (n == 0) {
		wl_resource_post_error(r, ZWP_LINUX_BUFFER_PARAMS_V1_ERROR_INCOMPLETE,
			"no plane was added");
		return false;
	}
	if (width <= 0 || height <= 0) {
		wl_resource_post_error(r, ZWP_LINUX_BUFFER_PARAMS_V1_ERROR_INVALID_DIMENSIONS,
			"invalid size %dx%d", width, height);
		return false;
	}
	size_t f = 0;
	while (f < N_FORMATS && formats[f].fourcc != format) {
		f++;
	}
	if (f == N_FORMATS) {
		wl_resource_post_error(r, ZWP_LINUX_BUFFER_PARAMS_V1_ERROR_INVALID_FORMAT,
			"format 0x%08x is not in the format table", format);
		return false;
	}
	if (n > 1) {
		wl_resource_post_error(r, ZWP_LINUX_BUFFER_PARAMS_V1_ERROR_INCOMPLETE,
			"format 0x%08x has one plane, not %d", format, n);
		return false;
	}
	if (p->planes[0].modifier != MOD_LINEAR) {
		wl_resource_post_error(r, ZWP_LINUX_BUFFER_PARAMS_V1_ERROR_INVALID_FORMAT,
			"modifier 0x%016llx: picowl reads LINEAR only",
			(unsigned long long)p->planes[0].modifier);
		return false;
	}
	enum pw_format pf;
	pw_format_from_shm(formats[f].shm, &pf);
	uint64_t bpp = (uint64_t)pw_format_bpp(pf);
	uint32_t offset = p->planes[0].offset, stride = p->planes[0].stride;
	/* As shm_buffer_fits (surface.c): whole aligned pixels, rows no shorter than the width. */
	if (stride % bpp != 0 || offset % bpp != 0 || stride < (uint64_t)width * bpp ||
		stride > INT32_MAX) {
		wl_resource_post_error(r, ZWP_LINUX_BUFFER_PARAMS_V1_ERROR_OUT_OF_BOUNDS,
			"offset %u and stride %u must be multiples of %d bytes per pixel, the "
			"stride no less than width %d times that",
			offset, stride, (int)bpp, width);
		return false;
	}
	*shm = formats[f].shm;
	return true;
}

static void
params_create_common(struct wl_client *client, struct wl_resource *resource, uint32_t id,
	int32_t width, int32_t height, uint32_t format, uint32_t flags)
{
	struct params *p = wl_resource_get_user_data(resource);
	bool immed = id != 0;
	if (p->used) {
		wl_resource_post_error(resource, ZWP_LINUX_BUFFER_PARAMS_V1_ERROR_ALREADY_USED,
			"the params were already used to create a wl_buffer");
		return;
	}
	p->used = true;
	uint32_t shm;
	if (!params_valid(p, width, height, format, &shm)) {
		params_close(p);
		return;
	}
	int fd = p->planes[0].fd;
	uint64_t offset = p->planes[0].offset, stride = p->planes[0].stride;
	off_t size = lseek(fd, 0, SEEK_END);
	struct dma_buf_sync sync = {.flags = DMA_BUF_SYNC_START | DMA_BUF_SYNC_READ};
	if (size <= 0) {
		import_failed(p, immed, "its size cannot be read: not a dmabuf");
	} else if (offset + stride * (uint64_t)height > (uint64_t)size) {
		wl_resource_post_error(resource, ZWP_LINUX_BUFFER_PARAMS_V1_ERROR_OUT_OF_BOUNDS,
			"offset %llu + stride %llu * height %d is past the dmabuf's %lld bytes",
			(unsigned long long)offset, (unsigned long long)stride, height,
			(long long)size);
	} else if (flags != 0) {
		import_failed(p, immed, "picowl takes no flags (y_invert, interlaced)");
	} else if (ioctl(fd, DMA_BUF_IOCTL_SYNC, &sync) < 0) {
		import_failed(p, immed, "the fd is not a dmabuf");
	} else {
		sync.flags = DMA_BUF_SYNC_END | DMA_BUF_SYNC_READ;
		ioctl(fd, DMA_BUF_IOCTL_SYNC, &sync);
		p->planes[0].fd = -1; /* the buffer's now */
		struct pw_shm_buffer *buffer = pw_shm_buffer_create_dmabuf(client, id, fd,
			(size_t)size, (size_t)offset, width, height, (int32_t)stride, shm);
		if (!buffer && errno != 0) {
			char why[96];
			snprintf(why, sizeof(why), "it cannot be mapped: %s", strerror(errno));
			import_failed(p, immed, why);
		} else if (buffer && !immed) {
			zwp_linux_buffer_params_v1_send_created(resource, buffer->resource);
		}
	}
	params_close(p);
}

static void
params_create(struct wl_client *client, struct wl_resource *resource, int32_t width, int32_t height,
	uint32_t format, uint32_t flags)
{
	params_create_common(client, resource, 0, width, height, format, flags);
}

static void
params_create_immed(struct wl_client *client, struct wl_resource *resource, uint32_t id,
	int32_t width, int32_t height, uint32_t format, uint32_t flags)
{
	params_create_common(client, resource, id, width, height, format, flags);
}

static const struct zwp_linux_buffer_params_v1_interface params_impl = {
	.destroy = pw_request_destroy,
	.add = params_add,
	.create = params_create,
	.create_immed = params_create_immed,
};

static void
handle_params_destroy(struct wl_resource *resource)
{
	struct params *p = wl_resource_get_user_data(resource);
	params_close(p);
	free(p);
}

static void
dmabuf_create_params(struct wl_client *client, struct wl_resource *resource, uint32_t id)
{
	struct params *p = calloc(1, sizeof(*p));
	if (!p) {
		wl_client_post_no_memory(client);
		return;
	}
	for (int i = 0; i < MAX_PLANES; i++) {
		p->planes[i].fd = -1;
	}
	p->resource = wl_resource_create(client, &zwp_linux_buffer_params_v1_interface,
		wl_resource_get_version(resource), id);
	if (!p->resource) {
		free(p);
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(p->resource, &params_impl, p, handle_params_destroy);
}

static const struct zwp_linux_dmabuf_feedback_v1_interface feedback_impl = {
	.destroy = pw_request_destroy,
};

/* One feedback for every surface: picowl reads every buffer the same way. */
static void
send_feedback(struct wl_client *client, struct wl_resource *resource, uint32_t id)
{
	struct dmabuf_manager *dm = wl_resource_get_user_data(resource);
	struct wl_resource *fb = wl_resource_create(client, &zwp_linux_dmabuf_feedback_v1_interface,
		wl_resource_get_version(resource), id);
	if (!fb) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(fb, &feedback_impl, NULL, NULL);
	zwp_linux_dmabuf_feedback_v1_send_format_table(fb, dm->table_fd, (uint32_t)dm->table_size);
	struct wl_array device = {
		.size = sizeof(dm->device),
		.alloc = sizeof(dm->device),
		.data = &dm->device,
	};
	zwp_linux_dmabuf_feedback_v1_send_main_device(fb, &device);
	zwp_linux_dmabuf_feedback_v1_send_tranche_target_device(fb, &device);
	zwp_linux_dmabuf_feedback_v1_send_tranche_flags(fb, 0);
	uint16_t indices[N_FORMATS];
	for (size_t i = 0; i < N_FORMATS; i++) {
		indices[i] = (uint16_t)i;
	}
	struct wl_array list = {.size = sizeof(indices), .alloc = sizeof(indices), .data = indices};
	zwp_linux_dmabuf_feedback_v1_send_tranche_formats(fb, &list);
	zwp_linux_dmabuf_feedback_v1_send_tranche_done(fb);
	zwp_linux_dmabuf_feedback_v1_send_done(fb);
}

static void
dmabuf_get_default_feedback(struct wl_client *client, struct wl_resource *resource, uint32_t id)
{
	send_feedback(client, resource, id);
}

static void
dmabuf_get_surface_feedback(struct wl_client *client, struct wl_resource *resource, uint32_t id,
	struct wl_resource *surface)
{
	send_feedback(client, resource, id);
}

static const struct zwp_linux_dmabuf_v1_interface dmabuf_impl = {
	.destroy = pw_request_destroy,
	.create_params = dmabuf_create_params,
	.get_default_feedback = dmabuf_get_default_feedback,
	.get_surface_feedback = dmabuf_get_surface_feedback,
};

static void
bind_dmabuf(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *resource =
		wl_resource_create(client, &zwp_linux_dmabuf_v1_interface, (int)version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &dmabuf_impl, data, NULL);
	/* Before version 4 the formats come as events; from 4 only through the feedback. */
	for (size_t i = 0; i < N_FORMATS && version < 4; i++) {
		if (version >= ZWP_LINUX_DMABUF_V1_MODIFIER_SINCE_VERSION) {
			zwp_linux_dmabuf_v1_send_modifier(resource, formats[i].fourcc, 0,
				MOD_LINEAR);
		} else {
			zwp_linux_dmabuf_v1_send_format(resource, formats[i].fourcc);
		}
	}
}

/* 4.100: the DRM device picowl drives; else one a client can make dmabufs with; else 0. */
static dev_t
main_device(const struct pw_server *server)
{
	if (server->backend && server->backend->device) {
		return server->backend->device;
	}
	static const char *const nodes[] = {"/dev/udmabuf", "/dev/dri/card0"};
	for (size_t i = 0; i < sizeof(nodes) / sizeof(nodes[0]); i++) {
		struct stat st;
		if (stat(nodes[i], &st) == 0 && S_ISCHR(st.st_mode)) {
			return st.st_rdev;
		}
	}
	return 0;
}

static int
format_table(size_t *size)
{
	struct {
		uint32_t format, pad;
		uint64_t modifier;
	} table[N_FORMATS];
	memset(table, 0, sizeof(table));
	for (size_t i = 0; i < N_FORMATS; i++) {
		table[i].format = formats[i].fourcc;
		table[i].modifier = MOD_LINEAR;
	}
	int fd = memfd_create("picowl-dmabuf-formats", MFD_CLOEXEC | MFD_ALLOW_SEALING);
	if (fd < 0) {
		return -1;
	}
	/* Sealed: every client maps the one file, none may change it for the others. */
	if (write(fd, table, sizeof(table)) != (ssize_t)sizeof(table) ||
		fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL) <
			0) {
		close(fd);
		return -1;
	}
	*size = sizeof(table);
	return fd;
}

static void
handle_server_destroy(struct wl_listener *listener, void *data)
{
	struct dmabuf_manager *dm = wl_container_of(listener, dm, server_destroy);
	wl_global_destroy(dm->global);
	wl_list_remove(&dm->server_destroy.link);
	close(dm->table_fd);
	free(dm);
}

bool
pw_linux_dmabuf_create(struct pw_server *server)
{
	struct dmabuf_manager *dm = calloc(1, sizeof(*dm));
	if (!dm) {
		return false;
	}
	dm->device = main_device(server);
	dm->table_fd = format_table(&dm->table_size);
	if (dm->table_fd >= 0) {
		dm->global = wl_global_create(server->display, &zwp_linux_dmabuf_v1_interface, 4,
			dm, bind_dmabuf);
	}
	if (!dm->global) {
		if (dm->table_fd >= 0) {
			close(dm->table_fd);
		}
		free(dm);
		return false;
	}
	dm->server_destroy.notify = handle_server_destroy;
	wl_signal_add(&server->destroy, &dm->server_destroy);
	return true;
}

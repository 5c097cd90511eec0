/*
 * Reading a client's pool when the client may shrink its file at any moment: a SIGBUS on a pool
 * being accessed maps anonymous zeroes over the pool (the access goes on, reading zeroes) and
 * end_access gives the buffer's client an error, as libwayland's own wl_shm does. A SIGBUS
 * anywhere else is picowl's own and gets the handler that was there before.
 */
#define _GNU_SOURCE
#include "shm_access.h"

#include <errno.h>
#include <linux/dma-buf.h>
#include <signal.h>
#include <stdbool.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <wayland-server-protocol.h>

#include "shm.h"
#include "shm_pool.h"

/* The pools with an access open; touched only by the main thread, read by its handler. */
static struct pw_shm_pool *active;
static struct sigaction previous;
static bool installed;

static void
handle_sigbus(int sig, siginfo_t *info, void *context)
{
	uint8_t *address = info->si_addr;
	for (struct pw_shm_pool *pool = active; pool; pool = pool->next_active) {
		if (address >= pool->data && address < pool->data + pool->size) {
			if (mmap(pool->data, pool->size, PROT_READ | PROT_WRITE,
				    MAP_FIXED | MAP_PRIVATE | MAP_ANONYMOUS, -1, 0) != MAP_FAILED) {
				pool->sigbus = true;
				return; /* the faulting access runs again, on zeroes */
			}
			break;
		}
	}
	/* Not a pool's: the fault runs again under the handler picowl had before. */
	sigaction(SIGBUS, &previous, NULL);
}

/* A dmabuf's caches (4.99): written by screencopy, read by the renderer. */
static void
sync_dmabuf(struct pw_shm_pool *pool, uint64_t flags)
{
	struct dma_buf_sync sync = {.flags = flags | DMA_BUF_SYNC_RW};
	if (pool->dmabuf_fd >= 0) {
		while (ioctl(pool->dmabuf_fd, DMA_BUF_IOCTL_SYNC, &sync) < 0 && errno == EINTR) {
		}
	}
}

static void
install(void)
{
	struct sigaction action = {
		.sa_sigaction = handle_sigbus,
		.sa_flags = SA_SIGINFO | SA_NODEFER,
	};
	sigemptyset(&action.sa_mask);
	installed = sigaction(SIGBUS, &action, &previous) == 0;
}

void
pw_shm_buffer_begin_access(struct pw_shm_buffer *buffer)
{
	struct pw_shm_pool *pool = buffer->pool;
	if (!installed) {
		install();
	}
	if (pool->accesses++ == 0) {
		pool->next_active = active;
		active = pool;
		sync_dmabuf(pool, DMA_BUF_SYNC_START);
	}
}

void
pw_shm_buffer_end_access(struct pw_shm_buffer *buffer)
{
	struct pw_shm_pool *pool = buffer->pool;
	if (--pool->accesses == 0) {
		sync_dmabuf(pool, DMA_BUF_SYNC_END);
		for (struct pw_shm_pool **link = &active; *link; link = &(*link)->next_active) {
			if (*link == pool) {
				*link = pool->next_active;
				break;
			}
		}
		pool->next_active = NULL;
	}
	if (pool->sigbus) {
		wl_resource_post_error(buffer->resource, WL_SHM_ERROR_INVALID_FD,
			"error accessing SHM buffer: its file shrank under picowl");
	}
}

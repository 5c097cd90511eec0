/*
 * A wl_shm pool, shared by shm.c (the protocol) and shm_access.c (reading it safely); a
 * linux-dmabuf buffer's mapping is one too (4.99).
 */
#ifndef PW_SHM_POOL_H
#define PW_SHM_POOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "budget.h"

struct pw_shm_pool {
	struct wl_resource *resource; /* NULL once the client destroyed it */
	int refs; /* its resource and each of its buffers */
	uint8_t *data;
	size_t size;
	struct pw_budget_mapping mapped; /* `size`, charged to the client */
	int accesses; /* begin_access calls not yet ended */
	struct pw_shm_pool *next_active; /* in shm_access.c's list while accesses > 0 */
	bool sigbus; /* the file shrank under an access: zeroes are mapped over the pool */
	int dmabuf_fd; /* a linux-dmabuf buffer's plane (4.99), synced around accesses; else -1 */
};

#endif

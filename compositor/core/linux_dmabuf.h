/*
 * zwp_linux_dmabuf_v1 version 4, public (decision 4.99): LINEAR single-plane dmabufs that picowl
 * maps and reads as shm buffers; the feedback's device is 4.100's.
 */
#ifndef PW_LINUX_DMABUF_H
#define PW_LINUX_DMABUF_H

#include <stdbool.h>

struct pw_server;

/* Creates the global; false on failure. */
bool pw_linux_dmabuf_create(struct pw_server *server);

#endif

/* wl_compositor (it creates surfaces, surface.c) and wl_region. */
#ifndef PW_COMPOSITOR_H
#define PW_COMPOSITOR_H

#include <pixman.h>
#include <stdbool.h>
#include <wayland-server-core.h>

struct pw_server;

/* Creates the wl_compositor global; false on failure. */
bool pw_compositor_create(struct pw_server *server);
/* Copies a wl_region resource's region into `dst`. */
void pw_compositor_region_copy(pixman_region32_t *dst, struct wl_resource *region);

#endif

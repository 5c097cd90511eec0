/*
 * The wl_output global: binds a client's wl_output and sends it the output's geometry, mode,
 * scale and name; sends them again to every bound wl_output (a rotation).
 */
#ifndef PW_OUTPUT_GLOBAL_H
#define PW_OUTPUT_GLOBAL_H

#include <stdint.h>
#include <wayland-server-core.h>

struct pw_output;

/* The global's bind (data: the pw_output). */
void pw_output_global_bind(struct wl_client *client, void *data, uint32_t version, uint32_t id);
void pw_output_global_send_info_all(struct pw_output *output);

#endif

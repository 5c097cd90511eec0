/*
 * Request dispatchers without libffi for the interfaces a client uses every frame.
 * libwayland calls a handler through libffi unless the resource has a dispatcher; a direct
 * call is cheaper (decision 4.21). Install with
 * wl_resource_set_dispatcher(resource, pw_dispatch_wl_surface, &impl, data, destroy): the
 * implementation stays the resource's (wl_resource_instance_of works as before).
 */
#ifndef PW_DISPATCH_H
#define PW_DISPATCH_H

#include <stdint.h>
#include <wayland-util.h>

int pw_dispatch_wl_surface(const void *implementation, void *target, uint32_t opcode,
	const struct wl_message *message, union wl_argument *args);

#endif

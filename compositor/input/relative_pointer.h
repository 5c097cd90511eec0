/*
 * zwp_relative_pointer_manager_v1 (relative_pointer.c), offered to every client: a relative
 * pointer hears the motion of relative devices (mice) as libinput measured it, accelerated and
 * not, also while a lock holds the pointer still (4.91). Absolute motion (touch-as-pointer, a
 * tablet, the test hooks) sends none. Internal to compositor/input.
 */
#ifndef PW_RELATIVE_POINTER_H
#define PW_RELATIVE_POINTER_H

#include <stdint.h>

struct pw_seat;
struct pw_relative_pointers;
struct wl_client;

/* The global; NULL on failure. Destroy accepts NULL; its resources go inert. */
struct pw_relative_pointers *pw_relative_pointers_create(struct pw_seat *seat);
void pw_relative_pointers_destroy(struct pw_relative_pointers *rp);

/* Sends relative_motion to `client`'s relative pointers (NULL client: nobody). */
void pw_relative_pointers_motion(struct pw_relative_pointers *rp, struct wl_client *client,
	uint64_t time_usec, double dx, double dy, double dx_unaccel, double dy_unaccel);

#endif

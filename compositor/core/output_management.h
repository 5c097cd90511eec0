/*
 * zwlr_output_manager_v1 (wlr-randr, kanshi) for the one output. A private global (same-uid
 * clients only): changing the output is the user's. (zwlr_gamma_control_manager_v1, private
 * too, is gamma_control.h.)
 */
#ifndef PW_OUTPUT_MANAGEMENT_H
#define PW_OUTPUT_MANAGEMENT_H

#include <stdbool.h>
#include <wayland-server-core.h>

struct pw_server;

/*
 * The output manager: one head (server->output) with the backend's modes (its one current mode
 * when it has no list). A configuration tests or applies a listed mode (set_mode, or a custom
 * mode equal to one) through the backend's set_mode and the transform (a rotation; flips
 * fail), keeps position (0,0) and scale (1), or fails with the reason on stderr, changing
 * nothing; disabling the only head fails, and so does a mode change while the display is off.
 * Every change of the output, by a configuration or by picowl itself (pw_output_set_rotation),
 * is sent to every manager with a new serial; a configuration made with an older one is
 * cancelled.
 */
bool pw_output_management_create(struct pw_server *server);

/*
 * For output_config_head.c: the index of zwlr_output_mode_v1 `mode` among the backend's modes,
 * -1 when its manager stopped (the mode is gone), -2 when it is not a mode of `head`.
 */
int pw_output_management_mode_index(struct wl_resource *mode, const void *head);

#endif

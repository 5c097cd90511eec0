/*
 * zwlr_output_manager_v1 (wlr-randr, kanshi) and zwlr_gamma_control_manager_v1 for the one
 * output. Both are private globals (same-uid clients only): changing the output is the user's.
 */
#ifndef PW_OUTPUT_MANAGEMENT_H
#define PW_OUTPUT_MANAGEMENT_H

#include <stdbool.h>

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
 * The gamma control manager: no backend sets gamma (no display the tests reach has a ramp: see
 * the README), so every control is sent failed.
 */
bool pw_gamma_control_create(struct pw_server *server);

#endif

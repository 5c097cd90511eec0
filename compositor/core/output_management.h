/*
 * zwlr_output_manager_v1 (wlr-randr, kanshi) and zwlr_gamma_control_manager_v1 for the one
 * output. Both are private globals (same-uid clients only): changing the output is the user's.
 */
#ifndef PW_OUTPUT_MANAGEMENT_H
#define PW_OUTPUT_MANAGEMENT_H

#include <stdbool.h>

struct pw_server;

/*
 * The output manager: one head (server->output) with its one mode, the current one. A
 * configuration applies the transform (a rotation; flips fail), keeps the mode, position (0,0)
 * and scale (1) or fails with the reason on stderr; disabling the only head fails. Every change
 * of the output, by a configuration or by picowl itself (pw_output_set_rotation), is sent to
 * every manager with a new serial; a configuration made with an older one is cancelled.
 */
bool pw_output_management_create(struct pw_server *server);

/* The gamma control manager: no backend sets gamma yet, so every control is sent failed. */
bool pw_gamma_control_create(struct pw_server *server);

#endif

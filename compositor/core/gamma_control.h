/*
 * The gamma control manager: picowl applies a control's ramp to every frame itself (4.85); one
 * control holds the output at a time, a broken ramp fails its control alone.
 */
#ifndef PW_GAMMA_CONTROL_H
#define PW_GAMMA_CONTROL_H

#include <stdbool.h>

struct pw_server;

/* Creates the global; false on failure. */
bool pw_gamma_control_create(struct pw_server *server);

#endif

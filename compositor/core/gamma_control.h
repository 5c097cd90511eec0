/*
 * The gamma control manager: a control's ramp goes into the display's own table (4.102), else
 * picowl applies it to every frame itself (4.85); one control holds the output at a time, a
 * broken ramp fails its control alone.
 */
#ifndef PW_GAMMA_CONTROL_H
#define PW_GAMMA_CONTROL_H

#include <stdbool.h>

struct pw_server;

/* Creates the global; false on failure. */
bool pw_gamma_control_create(struct pw_server *server);

#endif

/*
 * The gamma control manager: no backend sets gamma (no display the tests reach has a ramp: see
 * doc/session.md), so every control is sent failed.
 */
#ifndef PW_GAMMA_CONTROL_H
#define PW_GAMMA_CONTROL_H

#include <stdbool.h>

struct pw_server;

/* Creates the global; false on failure. */
bool pw_gamma_control_create(struct pw_server *server);

#endif

/* wp_tearing_control_manager_v1: whether a surface would rather tear than wait for vsync. */
#ifndef PW_TEARING_CONTROL_H
#define PW_TEARING_CONTROL_H

#include <stdbool.h>

struct pw_server;

/* Creates the wp_tearing_control_manager_v1 global; false on failure. */
bool pw_tearing_control_create(struct pw_server *server);

#endif

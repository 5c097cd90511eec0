/* wp_fractional_scale_manager_v1: the scale picowl prefers a surface drawn at. */
#ifndef PW_FRACTIONAL_SCALE_H
#define PW_FRACTIONAL_SCALE_H

#include <stdbool.h>

struct pw_server;

/* Creates the wp_fractional_scale_manager_v1 global; false on failure. */
bool pw_fractional_scale_create(struct pw_server *server);

#endif

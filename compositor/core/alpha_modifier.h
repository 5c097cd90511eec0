/* wp_alpha_modifier_v1: a factor every pixel of a surface is multiplied by as it is drawn. */
#ifndef PW_ALPHA_MODIFIER_H
#define PW_ALPHA_MODIFIER_H

#include <stdbool.h>

struct pw_server;

/* Creates the wp_alpha_modifier_v1 global; false on failure. */
bool pw_alpha_modifier_create(struct pw_server *server);

#endif

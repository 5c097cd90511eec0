/* The zwlr_output_power_manager_v1 global, private: wlopm, swayidle recipes. */
#ifndef PW_OUTPUT_POWER_H
#define PW_OUTPUT_POWER_H

#include <stdbool.h>

struct pw_server;

/* Creates the global; false on failure. */
bool pw_output_power_create(struct pw_server *server);

#endif

/* wp_commit_timing_manager_v1: commits held until a time on the presentation clock (4.97). */
#ifndef PW_COMMIT_TIMING_H
#define PW_COMMIT_TIMING_H

#include <stdbool.h>

struct pw_server;

/* Creates the global; false on failure. */
bool pw_commit_timing_create(struct pw_server *server);

#endif

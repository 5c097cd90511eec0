/* wp_fifo_manager_v1: commits held until the surface's last frame was on screen (4.97). */
#ifndef PW_FIFO_H
#define PW_FIFO_H

#include <stdbool.h>

struct pw_server;

/* Creates the global; false on failure. */
bool pw_fifo_create(struct pw_server *server);

#endif

/* zxdg_output_manager_v1: the output's logical position, size and name. */
#ifndef PW_XDG_OUTPUT_H
#define PW_XDG_OUTPUT_H

#include <stdbool.h>

struct pw_server;

/* Creates the xdg-output global describing server->output; false on failure. */
bool pw_xdg_output_create(struct pw_server *server);

#endif

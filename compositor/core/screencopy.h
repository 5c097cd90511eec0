/* zwlr_screencopy_manager_v1 (what grim uses). */
#ifndef PW_SCREENCOPY_H
#define PW_SCREENCOPY_H

#include <stdbool.h>

struct pw_server;

/* Creates the screencopy global for server->output; false on failure. */
bool pw_screencopy_create(struct pw_server *server);

#endif

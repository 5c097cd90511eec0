/* zxdg_decoration_manager_v1: every toplevel is drawn server side, by its tile's border. */
#ifndef PW_XDG_DECORATION_H
#define PW_XDG_DECORATION_H

#include <stdbool.h>

struct pw_server;

bool pw_xdg_decoration_create(struct pw_server *server);

#endif

/* picowl_control_v1: what picowl-ctl and the panel ask of the shell, and the tiles they see. */
#ifndef PW_CONTROL_H
#define PW_CONTROL_H

#include <stdbool.h>

struct pw_server;

bool pw_control_create(struct pw_server *server);
/* The tiles changed (map, unmap, order, focus, title): tell the control clients, coalesced. */
void pw_control_tiles_changed(struct pw_server *server);
/* The panel settings changed: tell the control clients. */
void pw_control_panel_changed(struct pw_server *server);

#endif

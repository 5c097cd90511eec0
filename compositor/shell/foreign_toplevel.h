/*
 * wlr-foreign-toplevel-management v3 (decision 4.84): taskbars (waybar's wlr/taskbar, sfwbar)
 * list the windows and activate, close or fullscreen one. A private global, as
 * picowl_control_v1. A taskbar hears of a change as it happens (a round trip after a request
 * sees its effect), only what changed, and waits for room in its socket when it reads slowly.
 */
#ifndef PW_FOREIGN_TOPLEVEL_H
#define PW_FOREIGN_TOPLEVEL_H

#include <stdbool.h>

struct pw_server;

bool pw_foreign_toplevel_create(struct pw_server *server);

/* Sends every taskbar what changed: new windows, their title, app_id and states, the closed
 * ones; a taskbar without room in its socket gets it once it has read. */
void pw_foreign_toplevel_update(struct pw_server *server);

#endif

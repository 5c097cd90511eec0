/*
 * wlr-foreign-toplevel-management v3 (decision 4.84): taskbars (waybar's wlr/taskbar, sfwbar)
 * list the windows and activate, close or fullscreen one. A private global, as
 * picowl_control_v1. The handles follow the control protocol's batches (control.c, 4.74):
 * at most once a frame, only what changed.
 */
#ifndef PW_FOREIGN_TOPLEVEL_H
#define PW_FOREIGN_TOPLEVEL_H

#include <stdbool.h>

struct pw_server;

bool pw_foreign_toplevel_create(struct pw_server *server);

/* Whether a taskbar holds the global: the tile batches must run for it too. */
bool pw_foreign_toplevel_wanted(struct pw_server *server);

/* Sends every taskbar what changed since the last batch: new windows, their title, app_id and
 * states, and the closed ones. */
void pw_foreign_toplevel_update(struct pw_server *server);

#endif

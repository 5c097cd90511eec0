/*
 * The panel picowl starts ([panel] command), kept running: when it dies (a signal, or an exit
 * status other than 0) picowl starts it again after a delay that doubles, from 1 s to 64 s,
 * each time it dies within a minute of its start (issue 38, decision 4.75). A panel that exits
 * with status 0 meant to.
 */
#ifndef PW_PANEL_KEEPER_H
#define PW_PANEL_KEEPER_H

#include <sys/types.h>

struct pw_server;

/* Starts the [panel] command, if there is one. */
void pw_panel_keeper_start(struct pw_server *server);
/* A child was reaped with `status` (waitpid's): if it was the panel, it is started again. */
void pw_panel_keeper_reaped(struct pw_server *server, pid_t pid, int status);
/* At the desktop's end: no panel is started again. */
void pw_panel_keeper_finish(struct pw_server *server);

#endif

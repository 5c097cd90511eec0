/* The main loop (run.c). */
#ifndef PW_RUN_H
#define PW_RUN_H

struct pw_server;

/*
 * Runs the event loop until pw_run_terminate. While a frame is in flight and its done
 * event is armed, sleeps on that event and on input only: requests clients send meanwhile
 * wait for the refresh, so a client that keeps up costs one wakeup per frame, not two.
 */
void pw_run_loop(struct pw_server *server);
/* Makes pw_run_loop return. */
void pw_run_terminate(struct pw_server *server);

#endif

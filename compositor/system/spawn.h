/* Starting clients. Pure: no Wayland. */
#ifndef PW_SPAWN_H
#define PW_SPAWN_H

#include <sys/types.h>

/*
 * Starts argv[0] (searched in PATH, to which the folder of picowl's executable is added last)
 * with WAYLAND_DISPLAY=`socket` in its environment, its own session, default signal
 * dispositions and mask, no descriptor of picowl's beyond stdin, stdout and stderr, and the
 * soft descriptor limit picowl was started with (fds.h). Returns the pid, or -1 with errno set.
 */
pid_t pw_spawn(char *const argv[], const char *socket);
/*
 * As pw_spawn, with XDG_ACTIVATION_TOKEN=`token` in the child's environment (NULL: none, an
 * inherited one removed: it was another compositor's).
 */
pid_t pw_spawn_with_token(char *const argv[], const char *socket, const char *token);

/* `pid`, a child, has been reaped: it is no longer ended with the session. */
void pw_spawn_exited(pid_t pid);

/*
 * Ends the session's children: SIGTERM to the session of each child started and not reaped
 * (decision 4.56: clients the session started do not outlive it).
 */
void pw_spawn_end_children(void);

/* Reaps every child that has exited, without blocking. Returns how many. */
int pw_spawn_reap(void);

#endif

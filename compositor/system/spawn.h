/* Starting clients. Pure: no Wayland. */
#ifndef PW_SPAWN_H
#define PW_SPAWN_H

#include <sys/types.h>

/* How long the children have after SIGTERM when the session ends, and after SIGKILL (4.61). */
#define PW_SPAWN_GRACE_MS 2000
#define PW_SPAWN_KILL_WAIT_MS 1000

/*
 * Starts argv[0] (searched in PATH, to which the folder of picowl's executable is added last)
 * with WAYLAND_DISPLAY=`socket`, XDG_SESSION_TYPE=wayland and XDG_CURRENT_DESKTOP=picowl in its
 * environment, its own session, default signal dispositions and mask, no descriptor of
 * picowl's beyond stdin, stdout and stderr, and the soft descriptor limit picowl was started
 * with (fds.h). Returns the pid once the child has exec'd, or -1 with errno set, also when the
 * exec failed (errno: exec's; the child is reaped).
 */
pid_t pw_spawn(char *const argv[], const char *socket);
/*
 * As pw_spawn, with XDG_ACTIVATION_TOKEN=`token` in the child's environment (NULL: none, an
 * inherited one removed: it was another compositor's).
 */
pid_t pw_spawn_with_token(char *const argv[], const char *socket, const char *token);
/*
 * As pw_spawn_with_token; with `output` not NULL the child's stdout and stderr go to one pipe
 * whose read end (non-blocking, close-on-exec, the caller's to close) is stored there.
 */
pid_t pw_spawn_with_output(char *const argv[], const char *socket, const char *token, int *output);

/* `pid`, a child, has been reaped: it is no longer ended with the session. */
void pw_spawn_exited(pid_t pid);

/*
 * Ends the session's children: SIGTERM to the session of each child started and not reaped
 * (decision 4.56: clients the session started do not outlive it), then, if any child or any
 * process of their sessions is still there after PW_SPAWN_GRACE_MS, SIGKILL to those sessions
 * (4.61); returns once they are gone or PW_SPAWN_KILL_WAIT_MS later. Reaps the children.
 */
void pw_spawn_end_children(void);

/* Reaps every child that has exited, without blocking. Returns how many. */
int pw_spawn_reap(void);

#endif

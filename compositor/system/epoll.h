/*
 * One wait a wakeup instead of two. picowl's main loop (compositor/core/run.c) sleeps in a
 * poll over everything but the clients paced by the refresh, then dispatches libwayland's
 * event loop, whose epoll_wait(…, 0) is a second system call for the same readiness. This
 * module replaces epoll_ctl and epoll_wait in the executable (as fds.h does recvmsg and close)
 * and records what is registered in the one epoll set it tracks, the event loop's
 * (wl_event_loop_get_fd): the loop then sleeps in pw_epoll_wait, a ppoll over that set's
 * descriptors, and the next epoll_wait on the set is answered from its results with no system
 * call. Every other set (libinput's) and every other call goes to the kernel unchanged.
 *
 * libwayland registers a dup of each client's socket, so a client is named by its own
 * descriptor only after pw_epoll_alias found the dup (same open file: st_dev and st_ino).
 * Only level-triggered registrations are served (libwayland has no other): a set with an
 * edge-triggered or one-shot one stops being usable (pw_epoll_usable).
 */
#ifndef PW_EPOLL_H
#define PW_EPOLL_H

#include <stdbool.h>
#include <time.h>

/*
 * Tracks the epoll set `epfd`: what it holds is read from /proc/self/fdinfo, and every
 * epoll_ctl on it is recorded from now on. False when another set is tracked already (two
 * servers in one process: the second waits as before) or /proc cannot tell.
 */
bool pw_epoll_track(int epfd);
/* Stops tracking `epfd`, forgetting what it holds; nothing when it is not the tracked set. */
void pw_epoll_untrack(int epfd);
/* A set is tracked and all it holds can be served (no allocation failed, all level-triggered). */
bool pw_epoll_usable(void);

/*
 * `fd` shares its open file with a descriptor registered in the tracked set: `fd` names that
 * registration for pw_epoll_wait's `skip` until it is removed. False when none does. One fstat.
 */
bool pw_epoll_alias(int fd);

/*
 * Sleeps in ppoll on the tracked set's descriptors, each for what it is registered for, but
 * the n_skip registrations that `skip` names by their aliases, for at most `timeout` (NULL:
 * no limit). The next epoll_wait on the set then returns, without a system call, what was
 * ready (and is still registered), the skipped ones as ready for what they are registered for:
 * a read that finds nothing gets EAGAIN. Returns ppoll's result; -1 with errno ENOTSUP when
 * no usable set is tracked. Interrupted (EINTR), the next epoll_wait goes to the kernel.
 */
int pw_epoll_wait(const int *skip, int n_skip, const struct timespec *timeout);

#endif

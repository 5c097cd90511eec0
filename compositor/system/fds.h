/*
 * Descriptors: picowl's limit, and what each client's socket brought in.
 *
 * A client may send descriptors with any message, and libwayland keeps those no request
 * consumes in its connection buffer (up to 1,024 a connection) until the client goes. fds.c
 * replaces recvmsg and close in the executable (as alloc.c replaces malloc): a descriptor
 * that arrives on a watched socket is marked with that socket in a table indexed by
 * descriptor, close unmarks it, and each watched socket counts what it holds. A read that
 * puts a socket over its limit calls the handler, closes what that read brought and fails
 * with EMFILE: libwayland then destroys the client. Both calls cost an array lookup when
 * nothing is watched or no descriptor comes. Pure: no Wayland.
 */
#ifndef PW_FDS_H
#define PW_FDS_H

#include <stdbool.h>

/*
 * Raises the soft RLIMIT_NOFILE to the hard one and remembers the first soft one for the
 * children (pw_fds_restore_limit). Returns the limit in effect (the old one when raising
 * failed), or -1 when it cannot be read.
 */
int pw_fds_raise_limit(void);
/* In a child before exec: the soft limit picowl was started with. */
void pw_fds_restore_limit(void);

/* The default share of one client for a descriptor limit: limit / 32, from 64 to 1,024. */
int pw_fds_default_share(int limit);

/*
 * From now on descriptors received on `sock` count against it, `limit` at most (> 0). Watching
 * ends when `sock` is closed (or pw_fds_unwatch); a descriptor that outlives it counts against
 * nothing. The first watch makes the table, as large as the soft limit then (1,024 to 2^20
 * descriptors, 20 bytes each): a descriptor past it fails its read as one over the limit does.
 * False when out of memory or `sock` is past the table.
 */
bool pw_fds_watch(int sock, int limit);
void pw_fds_unwatch(int sock);
/* Changes the limit of a watched socket; nothing for one that is not. */
void pw_fds_set_limit(int sock, int limit);
/* The descriptors received on `sock` and not closed yet; -1 when it is not watched. */
int pw_fds_held(int sock);

/*
 * Called with a socket whose read put it over its limit (`held` is the count with that read's
 * descriptors), before the read fails; data is the handler's. One handler for the process.
 */
void pw_fds_set_handler(void (*over)(void *data, int sock, int held), void *data);

/* `fd` is about to be closed other than by close() (fclose after fdopen): unmark it. */
void pw_fds_forget(int fd);

#endif

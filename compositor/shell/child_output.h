/*
 * The output of the programs picowl starts, in picowl's log: each line of a child's stdout and
 * stderr as "[SECONDS.MS] NAME[PID]: text" at level info (decision 4.60). Read on the event
 * loop when there is something to read, at most 4096 bytes a turn; at most 16384 bytes of log a
 * second of each child are written, the lines beyond dropped, counted and the count logged, and
 * the pipe left unread for the rest of that second (the child waits once it is full).
 */
#ifndef PW_CHILD_OUTPUT_H
#define PW_CHILD_OUTPUT_H

#include <stdbool.h>
#include <sys/types.h>

struct pw_desktop;
struct pw_server;

/*
 * Watches `fd` (non-blocking; taken over, closed at its end of file or at pw_child_output_finish)
 * for the output of child `pid`, named by the last part of `program`. False when it cannot
 * (out of memory): the fd is closed.
 */
bool pw_child_output_watch(struct pw_server *server, int fd, const char *program, pid_t pid);
/* Every watch ends, what a child has said without a newline logged (the desktop goes). */
void pw_child_output_finish(struct pw_desktop *desktop);

#endif

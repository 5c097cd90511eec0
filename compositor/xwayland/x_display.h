/* An X display number picowl holds for Xwayland: its lock file and its two listening sockets. */
#ifndef PW_X_DISPLAY_H
#define PW_X_DISPLAY_H

#include <stdbool.h>

struct pw_x_display {
	int number; /* N of ":N"; -1 when none is held */
	int fd_unix; /* /tmp/.X11-unix/XN */
	int fd_abstract; /* @/tmp/.X11-unix/XN (Linux's abstract namespace) */
	char name[16]; /* ":N" */
};

/*
 * Takes the first free display number from `first` up (a lock file /tmp/.XN-lock naming
 * picowl's pid, a stale one of a dead process replaced; both sockets bound and listening,
 * close-on-exec). False with a message logged when none of the next 32 is free.
 */
bool pw_x_display_open(struct pw_x_display *display, int first);
/* Closes the sockets and removes the socket file and the lock file. */
void pw_x_display_close(struct pw_x_display *display);

#endif

/* The C tests' descriptor leak check: how many descriptors this process has open. */
#ifndef TEST_FD_COUNT_H
#define TEST_FD_COUNT_H

#include <dirent.h>

/* The entries of /proc/self/fd (the one opendir uses counts too: compare counts, not fds). */
static inline int
fd_count(void)
{
	int n = 0;
	DIR *dir = opendir("/proc/self/fd");
	while (dir && readdir(dir)) {
		n++;
	}
	if (dir) {
		closedir(dir);
	}
	return n;
}

#endif

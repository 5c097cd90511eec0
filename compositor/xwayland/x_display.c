/*
 * The X display picowl listens on before Xwayland runs (decision 4.70): the lock file, the
 * socket file and the abstract socket, the next free number taken as other X servers do.
 */
#include "x_display.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "log.h"

#define SOCKET_DIR "/tmp/.X11-unix"

static void
lock_path(char *path, size_t size, int n)
{
	snprintf(path, size, "/tmp/.X%d-lock", n);
}

/* The pid a lock file names, or -1 when it cannot be read. */
static pid_t
lock_owner(const char *path)
{
	char text[16] = {0};
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		return -1;
	}
	ssize_t n = read(fd, text, sizeof(text) - 1);
	close(fd);
	if (n != 11) { /* "%10d\n", as every X server writes it */
		return -1;
	}
	char *end;
	long pid = strtol(text, &end, 10);
	return end == text || pid <= 0 ? -1 : (pid_t)pid;
}

/* True when display n's lock is ours now. */
static bool
take_lock(int n)
{
	char path[32];
	lock_path(path, sizeof(path), n);
	for (int attempt = 0; attempt < 2; attempt++) {
		int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0444);
		if (fd >= 0) {
			char text[16];
			int len = snprintf(text, sizeof(text), "%10d\n", (int)getpid());
			bool ok = write(fd, text, (size_t)len) == len;
			close(fd);
			if (!ok) {
				unlink(path);
			}
			return ok;
		}
		if (errno != EEXIST) {
			return false;
		}
		/* A lock of a process that is gone is stale; an unreadable one is someone's. */
		pid_t owner = lock_owner(path);
		if (owner < 0 || kill(owner, 0) == 0 || errno != ESRCH || unlink(path) < 0) {
			return false;
		}
	}
	return false;
}

static int
listen_on(const char *path, bool abstract)
{
	struct sockaddr_un addr = {.sun_family = AF_UNIX};
	size_t len = strlen(path);
	size_t offset = abstract ? 1 : 0;
	memcpy(addr.sun_path + offset, path, len);
	socklen_t size = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + offset + len);
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0) {
		return -1;
	}
	if (!abstract) {
		unlink(path); /* the lock is ours: a socket file left is a dead server's */
	}
	if (bind(fd, (struct sockaddr *)&addr, size) < 0 || listen(fd, 16) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

bool
pw_x_display_open(struct pw_x_display *display, int first)
{
	*display = (struct pw_x_display){.number = -1, .fd_unix = -1, .fd_abstract = -1};
	if (mkdir(SOCKET_DIR, 01777) < 0 && errno != EEXIST) {
		pw_log_warning("xwayland: cannot create %s: %s", SOCKET_DIR, strerror(errno));
		return false;
	}
	for (int n = first; n < first + 32; n++) {
		if (!take_lock(n)) {
			continue;
		}
		char path[64];
		snprintf(path, sizeof(path), SOCKET_DIR "/X%d", n);
		/* The abstract name first: a server holding it holds the display. */
		display->fd_abstract = listen_on(path, true);
		if (display->fd_abstract < 0) {
			lock_path(path, sizeof(path), n);
			unlink(path);
			continue;
		}
		display->fd_unix = listen_on(path, false);
		if (display->fd_unix < 0) {
			close(display->fd_abstract);
			display->fd_abstract = -1;
			lock_path(path, sizeof(path), n);
			unlink(path);
			continue;
		}
		display->number = n;
		snprintf(display->name, sizeof(display->name), ":%d", n);
		return true;
	}
	pw_log_warning("xwayland: no free X display from :%d to :%d", first, first + 31);
	return false;
}

void
pw_x_display_close(struct pw_x_display *display)
{
	if (display->number < 0) {
		return;
	}
	char path[64];
	snprintf(path, sizeof(path), SOCKET_DIR "/X%d", display->number);
	unlink(path);
	lock_path(path, sizeof(path), display->number);
	unlink(path);
	close(display->fd_unix);
	close(display->fd_abstract);
	display->number = -1;
	display->fd_unix = display->fd_abstract = -1;
}

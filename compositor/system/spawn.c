#include "spawn.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fds.h"
#include "log.h"

static void
close_other_fds(void)
{
	/* picowl's own descriptors are CLOEXEC; this also catches any that a library leaked. */
	DIR *dir = opendir("/proc/self/fd");
	if (!dir) {
		return;
	}
	int keep = dirfd(dir);
	struct dirent *entry;
	while ((entry = readdir(dir))) {
		int fd = atoi(entry->d_name);
		if (fd > 2 && fd != keep) {
			close(fd);
		}
	}
	closedir(dir);
}

/* The children started and not yet reaped, each the leader of its own session. */
static pid_t *children;
static size_t children_count, children_cap;

static void
remember(pid_t pid)
{
	if (children_count == children_cap) {
		size_t cap = children_cap ? children_cap * 2 : 16;
		pid_t *grown = realloc(children, cap * sizeof(*grown));
		if (!grown) {
			return; /* it runs all the same; it is only not ended with the session */
		}
		children = grown;
		children_cap = cap;
	}
	children[children_count++] = pid;
}

void
pw_spawn_exited(pid_t pid)
{
	for (size_t i = 0; i < children_count; i++) {
		if (children[i] == pid) {
			children[i] = children[--children_count];
			return;
		}
	}
}

void
pw_spawn_end_children(void)
{
	for (size_t i = 0; i < children_count; i++) {
		/* A child just forked may not have made its session yet: then the child alone. */
		if (kill(-children[i], SIGTERM) < 0) {
			kill(children[i], SIGTERM);
		}
	}
	free(children);
	children = NULL;
	children_count = children_cap = 0;
}

/*
 * The folder of picowl's executable goes last in the child's PATH: an installed picowl finds
 * picowl-panel and picowl-terminal beside it in any prefix (4.54), ahead of nothing the user
 * put in PATH. Runs in the child, before exec, so picowl's own environment is left alone.
 */
static void
add_own_folder_to_path(void)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n <= 0) {
		return;
	}
	exe[n] = '\0';
	char *slash = strrchr(exe, '/');
	if (!slash || slash == exe) {
		return;
	}
	*slash = '\0';
	const char *path = getenv("PATH");
	if (!path || !path[0]) {
		path = "/usr/local/bin:/usr/bin:/bin";
	}
	size_t len = strlen(exe);
	for (const char *p = path; p;) {
		const char *end = strchr(p, ':');
		size_t plen = end ? (size_t)(end - p) : strlen(p);
		if (plen == len && strncmp(p, exe, len) == 0) {
			return;
		}
		p = end ? end + 1 : NULL;
	}
	char *grown = malloc(strlen(path) + len + 2);
	if (grown) {
		sprintf(grown, "%s:%s", path, exe);
		setenv("PATH", grown, 1);
		free(grown);
	}
}

pid_t
pw_spawn(char *const argv[], const char *socket)
{
	return pw_spawn_with_token(argv, socket, NULL);
}

pid_t
pw_spawn_with_token(char *const argv[], const char *socket, const char *token)
{
	pid_t pid = fork();
	if (pid > 0) {
		remember(pid);
	}
	if (pid != 0) {
		return pid;
	}
	sigset_t none;
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	for (int sig = 1; sig < NSIG; sig++) {
		signal(sig, SIG_DFL);
	}
	setsid();
	close_other_fds();
	pw_fds_restore_limit();
	if (socket) {
		setenv("WAYLAND_DISPLAY", socket, 1);
	}
	/* A socket fd picowl was given is not the child's; XDG_RUNTIME_DIR is inherited. */
	unsetenv("WAYLAND_SOCKET");
	if (token) {
		setenv("XDG_ACTIVATION_TOKEN", token, 1);
	} else {
		unsetenv("XDG_ACTIVATION_TOKEN");
	}
	add_own_folder_to_path();
	execvp(argv[0], argv);
	pw_log_error("cannot run %s: %s\n", argv[0], strerror(errno));
	_exit(127);
}

int
pw_spawn_reap(void)
{
	int n = 0;
	pid_t pid;
	while ((pid = waitpid(-1, NULL, WNOHANG)) > 0) {
		pw_spawn_exited(pid);
		n++;
	}
	return n;
}

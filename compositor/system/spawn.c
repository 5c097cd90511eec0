#include "spawn.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "clock.h"
#include "fds.h"

static void
close_other_fds(int keep_too)
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
		if (fd > 2 && fd != keep && fd != keep_too) {
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

/* Sends `sig` to each child's session (a child just forked may not have made its own yet). */
static void
signal_children(int sig)
{
	for (size_t i = 0; i < children_count; i++) {
		if (kill(-children[i], sig) < 0) {
			kill(children[i], sig);
		}
	}
}

/* Whether any child, or any process left in a child's session, runs; reaps what exited. */
static bool
any_left(pid_t *groups, size_t count)
{
	pw_spawn_reap();
	if (children_count) {
		return true;
	}
	for (size_t i = 0; i < count; i++) {
		if (kill(-groups[i], 0) == 0) {
			return true;
		}
	}
	return false;
}

/*
 * Waits up to `ms` for the children and their sessions to be gone, woken by SIGCHLD (blocked by
 * the caller); a session's other processes are no children of picowl's, so they are looked at
 * every 50 ms.
 */
static bool
wait_gone(pid_t *groups, size_t count, int ms)
{
	sigset_t chld;
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	int64_t deadline = pw_now_ns() + (int64_t)ms * 1000000;
	while (any_left(groups, count)) {
		int64_t left = deadline - pw_now_ns();
		if (left <= 0) {
			return false;
		}
		struct timespec slice = pw_ns_timespec(left < 50000000 ? left : 50000000);
		sigtimedwait(&chld, NULL, &slice);
	}
	return true;
}

void
pw_spawn_end_children(void)
{
	if (!children_count) {
		free(children);
		children = NULL;
		children_cap = 0;
		return;
	}
	/* The sessions, kept: a child that exits may leave processes of its session behind. */
	size_t count = children_count;
	pid_t *groups = malloc(count * sizeof(*groups));
	if (groups) {
		memcpy(groups, children, count * sizeof(*groups));
	} else {
		count = 0;
	}
	sigset_t chld, old;
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, &old);
	signal_children(SIGTERM);
	if (!wait_gone(groups, count, PW_SPAWN_GRACE_MS)) {
		/* Decision 4.61: what ignores SIGTERM is killed, the wait still bounded. */
		signal_children(SIGKILL);
		for (size_t i = 0; i < count; i++) {
			kill(-groups[i], SIGKILL);
		}
		wait_gone(groups, count, PW_SPAWN_KILL_WAIT_MS);
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	free(groups);
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
	return pw_spawn_with_output(argv, socket, NULL, NULL);
}

pid_t
pw_spawn_with_token(char *const argv[], const char *socket, const char *token)
{
	return pw_spawn_with_output(argv, socket, token, NULL);
}

/* In the child: stdout and stderr to `out` (-1: left alone), then exec; errno to `report`. */
static void __attribute__((noreturn))
run_child(char *const argv[], const char *socket, const char *token, int out, int report)
{
	if (out >= 0) {
		dup2(out, STDOUT_FILENO);
		dup2(out, STDERR_FILENO);
		if (out > STDERR_FILENO) {
			close(out);
		}
	}
	sigset_t none;
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	for (int sig = 1; sig < NSIG; sig++) {
		signal(sig, SIG_DFL);
	}
	setsid();
	close_other_fds(report);
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
	/* The session the child is in, whatever picowl was started from (a VT says "tty"). */
	setenv("XDG_SESSION_TYPE", "wayland", 1);
	setenv("XDG_CURRENT_DESKTOP", "picowl", 1);
	add_own_folder_to_path();
	execvp(argv[0], argv);
	int err = errno;
	while (write(report, &err, sizeof(err)) < 0 && errno == EINTR) {
	}
	_exit(127);
}

/* pipe2(O_CLOEXEC) is GNU's; picowl forks from one thread, so nothing execs in between. */
static int
cloexec_pipe(int fds[2])
{
	if (pipe(fds) < 0) {
		return -1;
	}
	fcntl(fds[0], F_SETFD, FD_CLOEXEC);
	fcntl(fds[1], F_SETFD, FD_CLOEXEC);
	return 0;
}

pid_t
pw_spawn_with_output(char *const argv[], const char *socket, const char *token, int *output)
{
	static bool subreaper;
	if (!subreaper) {
		/* What a child leaves behind becomes picowl's to reap and to end (4.61). */
		prctl(PR_SET_CHILD_SUBREAPER, 1);
		subreaper = true;
	}
	/* Close-on-exec, so exec closes it and the parent reads nothing; else errno comes. */
	int report[2], out[2] = {-1, -1};
	if (cloexec_pipe(report) < 0) {
		return -1;
	}
	if (output && cloexec_pipe(out) < 0) {
		int err = errno;
		close(report[0]);
		close(report[1]);
		errno = err;
		return -1;
	}
	pid_t pid = fork();
	if (pid == 0) {
		close(report[0]);
		if (out[0] >= 0) {
			close(out[0]);
		}
		run_child(argv, socket, token, out[1], report[1]);
	}
	int err = errno;
	close(report[1]);
	if (out[1] >= 0) {
		close(out[1]);
	}
	ssize_t n = -1;
	if (pid > 0) {
		while ((n = read(report[0], &err, sizeof(err))) < 0 && errno == EINTR) {
		}
	}
	close(report[0]);
	if (pid > 0 && n == (ssize_t)sizeof(err)) {
		/* It exits at once: reaped here, never seen by the SIGCHLD handler's owners. */
		waitpid(pid, NULL, 0);
		pid = -1;
	}
	if (pid < 0) {
		if (out[0] >= 0) {
			close(out[0]);
		}
		errno = err;
		return -1;
	}
	remember(pid);
	if (output) {
		fcntl(out[0], F_SETFL, O_NONBLOCK);
		*output = out[0];
	}
	return pid;
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

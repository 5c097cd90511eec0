/*
 * Starting clients (spawn.c). The child is this program again, run as "--child": it checks
 * what pw_spawn promises (WAYLAND_DISPLAY, no WAYLAND_SOCKET, its own session, default
 * signals and mask, no descriptor beyond 0-2, XDG_ACTIVATION_TOKEN only when given,
 * XDG_SESSION_TYPE=wayland and XDG_CURRENT_DESKTOP=picowl) and its exit status says which
 * failed. A failed exec is -1 with exec's errno; the output pipe carries stdout and stderr; the
 * children end with the session, SIGKILL for those that ignore SIGTERM (4.61).
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "spawn.h"

#include "check.h"

/* Bits of the child's exit status, one per broken promise. */
enum {
	BAD_DISPLAY = 1 << 0,
	BAD_SOCKET = 1 << 1,
	BAD_SESSION = 1 << 2,
	BAD_MASK = 1 << 3,
	BAD_SIGNAL = 1 << 4,
	BAD_LEAKED_FD = 1 << 5,
	BAD_STDIO = 1 << 6,
	BAD_TOKEN = 1 << 7,
};

/* argv: --child WANT_DISPLAY LEAKED_FD [WANT_TOKEN] */
static int
child(char **argv)
{
	int bad = 0;
	const char *display = getenv("WAYLAND_DISPLAY");
	if (!display || strcmp(display, argv[2]) != 0) {
		bad |= BAD_DISPLAY;
	}
	if (getenv("WAYLAND_SOCKET")) {
		bad |= BAD_SOCKET;
	}
	if (getsid(0) != getpid()) {
		bad |= BAD_SESSION;
	}
	sigset_t mask;
	sigprocmask(SIG_SETMASK, NULL, &mask);
	if (sigismember(&mask, SIGUSR1) || sigismember(&mask, SIGTERM)) {
		bad |= BAD_MASK;
	}
	struct sigaction sa;
	sigaction(SIGUSR2, NULL, &sa);
	if (sa.sa_handler != SIG_DFL) {
		bad |= BAD_SIGNAL;
	}
	sigaction(SIGPIPE, NULL, &sa);
	if (sa.sa_handler != SIG_DFL) {
		bad |= BAD_SIGNAL;
	}
	if (fcntl(atoi(argv[3]), F_GETFD) != -1 || errno != EBADF) {
		bad |= BAD_LEAKED_FD;
	}
	for (int fd = 0; fd <= 2; fd++) {
		if (fcntl(fd, F_GETFD) == -1) {
			bad |= BAD_STDIO;
		}
	}
	const char *token = getenv("XDG_ACTIVATION_TOKEN");
	if (argv[4] ? !token || strcmp(token, argv[4]) != 0 : token != NULL) {
		bad |= BAD_TOKEN;
	}
	return bad;
}

static char self[4096];

/* The child's exit status, or -1 when it did not exit normally. */
static int
wait_status(pid_t pid)
{
	int status;
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status)) {
		return -1;
	}
	return WEXITSTATUS(status);
}

static void
test_environment(void)
{
	/* What picowl may have when it spawns: a blocked and an ignored signal, a socket fd
	 * it was given, a descriptor without CLOEXEC. */
	sigset_t block;
	sigemptyset(&block);
	sigaddset(&block, SIGUSR1);
	sigaddset(&block, SIGTERM);
	sigprocmask(SIG_BLOCK, &block, NULL);
	signal(SIGUSR2, SIG_IGN);
	signal(SIGPIPE, SIG_IGN);
	setenv("WAYLAND_SOCKET", "7", 1);
	setenv("WAYLAND_DISPLAY", "wayland-parent", 1);
	setenv("XDG_ACTIVATION_TOKEN", "the-host-compositors", 1);
	int leaked = open("/dev/null", O_RDONLY);
	CHECK(leaked > 2);
	char fd[16];
	snprintf(fd, sizeof(fd), "%d", leaked);

	char *argv[] = {self, "--child", "wayland-test-1", fd, NULL};
	pid_t pid = pw_spawn(argv, "wayland-test-1");
	CHECK(pid > 0);
	int status = wait_status(pid);
	if (status != 0) {
		fprintf(stderr, "child: status %d (bits: see enum in %s)\n", status, __FILE__);
	}
	CHECK(status == 0);

	/* socket NULL: WAYLAND_DISPLAY stays what it was. */
	char *inherit[] = {self, "--child", "wayland-parent", fd, NULL};
	pid = pw_spawn(inherit, NULL);
	CHECK(pid > 0 && wait_status(pid) == 0);

	/* The test can fail: a child that sees a different display says so. */
	char *wrong[] = {self, "--child", "wayland-other", fd, NULL};
	pid = pw_spawn(wrong, "wayland-test-1");
	CHECK(pid > 0 && wait_status(pid) == BAD_DISPLAY);

	/* A launch's activation token reaches the child, and only a launch's. */
	char *token[] = {self, "--child", "wayland-test-1", fd, "0123abcd", NULL};
	pid = pw_spawn_with_token(token, "wayland-test-1", "0123abcd");
	CHECK(pid > 0 && wait_status(pid) == 0);
	pid = pw_spawn(token, "wayland-test-1");
	CHECK(pid > 0 && wait_status(pid) == BAD_TOKEN);

	/* The parent is left as it was. */
	sigset_t now;
	sigprocmask(SIG_SETMASK, NULL, &now);
	CHECK(sigismember(&now, SIGUSR1));
	CHECK(strcmp(getenv("WAYLAND_SOCKET"), "7") == 0);
	CHECK(strcmp(getenv("WAYLAND_DISPLAY"), "wayland-parent") == 0);
	CHECK(strcmp(getenv("XDG_ACTIVATION_TOKEN"), "the-host-compositors") == 0);
	unsetenv("XDG_ACTIVATION_TOKEN");
	CHECK(fcntl(leaked, F_GETFD) != -1);
	close(leaked);
	sigprocmask(SIG_UNBLOCK, &block, NULL);
	signal(SIGUSR2, SIG_DFL);
	signal(SIGPIPE, SIG_DFL);
	unsetenv("WAYLAND_SOCKET");
}

static void
test_path_and_failure(void)
{
	/* argv[0] is searched in PATH. */
	char *sh[] = {"sh", "-c", "exit 3", NULL};
	pid_t pid = pw_spawn(sh, "wayland-x");
	CHECK(pid > 0 && wait_status(pid) == 3);
	/* A command that cannot run: -1 with exec's errno, the child already reaped. */
	char *missing[] = {"picowl-test-no-such-command", NULL};
	errno = 0;
	pid = pw_spawn(missing, "wayland-x");
	CHECK(pid == -1 && errno == ENOENT);
	char *notexec[] = {"/dev/null", NULL};
	errno = 0;
	pid = pw_spawn(notexec, "wayland-x");
	CHECK(pid == -1 && errno == EACCES);
	CHECK(waitpid(-1, NULL, WNOHANG) == -1 && errno == ECHILD);

	/* The session's type and desktop, whatever picowl inherited (a VT's "tty"). */
	setenv("XDG_SESSION_TYPE", "tty", 1);
	setenv("XDG_CURRENT_DESKTOP", "sway", 1);
	char *xdg[] = {"sh", "-c",
		"test \"$XDG_SESSION_TYPE\" = wayland && test \"$XDG_CURRENT_DESKTOP\" = picowl",
		NULL};
	pid = pw_spawn(xdg, "wayland-x");
	CHECK(pid > 0 && wait_status(pid) == 0);
	CHECK(strcmp(getenv("XDG_SESSION_TYPE"), "tty") == 0);
	unsetenv("XDG_SESSION_TYPE");
	unsetenv("XDG_CURRENT_DESKTOP");

	/* stdout and stderr into the pipe, stdin left alone. */
	int out = -1;
	char *talk[] = {"sh", "-c", "echo out; echo err >&2", NULL};
	pid = pw_spawn_with_output(talk, NULL, NULL, &out);
	CHECK(pid > 0 && out > 2 && wait_status(pid) == 0);
	char said[64] = "";
	ssize_t n = out > 2 ? read(out, said, sizeof(said) - 1) : -1;
	said[n > 0 ? n : 0] = '\0';
	CHECK(strcmp(said, "out\nerr\n") == 0);
	CHECK(out > 2 && (fcntl(out, F_GETFL) & O_NONBLOCK) && (fcntl(out, F_GETFD) & FD_CLOEXEC));
	if (out > 2) {
		close(out);
	}
	out = -1;
	CHECK(pw_spawn_with_output(missing, NULL, NULL, &out) == -1 && out == -1);

	/* The executable's folder is added to the child's PATH, once, last (an installed
	 * picowl's programs are found beside it); the parent's PATH is left alone. */
	char folder[4096];
	snprintf(folder, sizeof(folder), "%s", self);
	char *slash = strrchr(folder, '/');
	CHECK(slash != NULL);
	if (slash) {
		*slash = '\0';
	}
	char *saved = strdup(getenv("PATH") ? getenv("PATH") : "/usr/bin:/bin");
	setenv("PATH", "/usr/bin:/bin", 1);
	char script[4400];
	snprintf(script, sizeof(script), "test \"$PATH\" = \"/usr/bin:/bin:%s\"", folder);
	char *path_check[] = {"sh", "-c", script, NULL};
	pid = pw_spawn(path_check, "wayland-x");
	CHECK(pid > 0 && wait_status(pid) == 0);
	char twice[4200];
	snprintf(twice, sizeof(twice), "/usr/bin:%s:/bin", folder);
	setenv("PATH", twice, 1);
	snprintf(script, sizeof(script), "test \"$PATH\" = \"%s\"", twice);
	pid = pw_spawn(path_check, "wayland-x");
	CHECK(pid > 0 && wait_status(pid) == 0);
	CHECK(strcmp(getenv("PATH"), twice) == 0);
	setenv("PATH", saved ? saved : "/usr/bin:/bin", 1);
	free(saved);
}

static void
test_reap(void)
{
	/* No child at all: nothing to reap, and no blocking. */
	CHECK(pw_spawn_reap() == 0);

	char *quick[] = {"true", NULL};
	pid_t pids[3];
	for (int i = 0; i < 3; i++) {
		pids[i] = pw_spawn(quick, NULL);
		CHECK(pids[i] > 0);
	}
	/* Until each has exited (without reaping it here). */
	for (int i = 0; i < 3; i++) {
		siginfo_t info;
		CHECK(waitid(P_PID, (id_t)pids[i], &info, WEXITED | WNOWAIT) == 0);
	}
	/* A child still running is not waited for. */
	char *slow[] = {"sleep", "5", NULL};
	pid_t sleeper = pw_spawn(slow, NULL);
	CHECK(sleeper > 0);
	CHECK(pw_spawn_reap() == 3);
	CHECK(pw_spawn_reap() == 0);
	/* The reaped are gone. */
	CHECK(waitpid(pids[0], NULL, WNOHANG) == -1 && errno == ECHILD);
	kill(sleeper, SIGKILL);
	siginfo_t info;
	CHECK(waitid(P_PID, (id_t)sleeper, &info, WEXITED | WNOWAIT) == 0);
	CHECK(pw_spawn_reap() == 1);
}

/*
 * The session's children end with it: a child still running and one that forked a child of its
 * own (in its session) get SIGTERM; a reaped child is forgotten, not signalled; one that ignores
 * SIGTERM, and what it started, are killed after the grace period (4.61). All are reaped.
 */
static void
test_end_children(void)
{
	char *slow[] = {"sleep", "30", NULL};
	char *forking[] = {"sh", "-c", "sleep 30 & wait", NULL};
	char *quick[] = {"true", NULL};
	char *stubborn[] = {"sh", "-c", "trap '' TERM; sleep 30 & echo $!; wait", NULL};
	int out = -1;
	pid_t sleeper = pw_spawn(slow, NULL), parent = pw_spawn(forking, NULL);
	pid_t done = pw_spawn(quick, NULL);
	pid_t deaf = pw_spawn_with_output(stubborn, NULL, NULL, &out);
	CHECK(sleeper > 0 && parent > 0 && done > 0 && deaf > 0);
	/* The stubborn one's own child, which inherits its SIGTERM ignored. */
	char said[32] = "";
	for (int i = 0; i < 500 && !strchr(said, '\n'); i++) {
		ssize_t n = read(out, said + strlen(said), sizeof(said) - 1 - strlen(said));
		if (n < 0) {
			usleep(10000);
		}
	}
	pid_t grandchild = atoi(said);
	CHECK(grandchild > 0);
	siginfo_t info;
	CHECK(waitid(P_PID, (id_t)done, &info, WEXITED | WNOWAIT) == 0);
	CHECK(pw_spawn_reap() == 1);
	pw_spawn_end_children();
	/* Every one reaped, every session empty. */
	CHECK(waitpid(-1, NULL, WNOHANG) == -1 && errno == ECHILD);
	CHECK(kill(-sleeper, 0) == -1 && errno == ESRCH);
	CHECK(kill(-parent, 0) == -1 && errno == ESRCH);
	CHECK(kill(-deaf, 0) == -1 && errno == ESRCH);
	CHECK(kill(grandchild, 0) == -1 && errno == ESRCH);
	/* The pipe's last writer is gone: end of file. */
	char c;
	CHECK(out > 2 && read(out, &c, 1) == 0);
	if (out > 2) {
		close(out);
	}
	/* Nothing left to end: a second call signals nobody. */
	pw_spawn_end_children();
}

int
main(int argc, char **argv)
{
	if ((argc == 4 || argc == 5) && strcmp(argv[1], "--child") == 0) {
		return child(argv);
	}
	if (!realpath("/proc/self/exe", self)) {
		perror("/proc/self/exe");
		return 1;
	}
	test_environment();
	test_path_and_failure();
	test_reap();
	test_end_children();
	return check_summary();
}

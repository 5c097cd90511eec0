/*
 * fds.c: descriptors received on a watched socket are counted until closed, a read over the
 * limit fails with EMFILE after the handler and closes what it brought, descriptors that outlive
 * their socket count against nothing, and the limit goes up and back down for a child.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fds.h"

#include "check.h"

static int over_calls, over_sock, over_held;

static void
handle_over(void *data, int sock, int held)
{
	(void)data;
	over_calls++;
	over_sock = sock;
	over_held = held;
}

/* Sends one byte with `n` copies of `fd`. */
static bool
send_fds(int sock, int fd, int n)
{
	char byte = 'x';
	struct iovec iov = {.iov_base = &byte, .iov_len = 1};
	char control[CMSG_SPACE(28 * sizeof(int))];
	memset(control, 0, sizeof(control));
	struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1};
	if (n > 0) {
		msg.msg_control = control;
		msg.msg_controllen = CMSG_SPACE((size_t)n * sizeof(int));
		struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
		c->cmsg_level = SOL_SOCKET;
		c->cmsg_type = SCM_RIGHTS;
		c->cmsg_len = CMSG_LEN((size_t)n * sizeof(int));
		for (int i = 0; i < n; i++) {
			memcpy(CMSG_DATA(c) + i * sizeof(int), &fd, sizeof(int));
		}
	}
	return sendmsg(sock, &msg, 0) == 1;
}

/* Receives one message; returns recvmsg's result, the descriptors in `fds` (28 at most). */
static ssize_t
receive(int sock, int *fds, int *n)
{
	char byte;
	struct iovec iov = {.iov_base = &byte, .iov_len = 1};
	char control[CMSG_SPACE(28 * sizeof(int))];
	struct msghdr msg = {.msg_iov = &iov,
		.msg_iovlen = 1,
		.msg_control = control,
		.msg_controllen = sizeof(control)};
	ssize_t len = recvmsg(sock, &msg, MSG_CMSG_CLOEXEC);
	*n = 0;
	for (struct cmsghdr *c = CMSG_FIRSTHDR(&msg); len > 0 && c; c = CMSG_NXTHDR(&msg, c)) {
		int k = (int)((c->cmsg_len - CMSG_LEN(0)) / sizeof(int));
		memcpy(fds + *n, CMSG_DATA(c), (size_t)k * sizeof(int));
		*n += k;
	}
	return len;
}

static bool
is_open(int fd)
{
	return fcntl(fd, F_GETFD) >= 0;
}

static int
count_open(void)
{
	int n = 0;
	for (int fd = 0; fd < 1024; fd++) {
		n += is_open(fd);
	}
	return n;
}

static void
test_counting(void)
{
	int base = count_open();
	int sv[2];
	CHECK(socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0);
	int null = open("/dev/null", O_RDONLY | O_CLOEXEC);
	int got[28], n;

	/* Not watched: passed through, nothing counted. */
	CHECK(pw_fds_held(sv[0]) == -1);
	CHECK(send_fds(sv[1], null, 3) && receive(sv[0], got, &n) == 1 && n == 3);
	CHECK(pw_fds_held(sv[0]) == -1);
	for (int i = 0; i < n; i++) {
		close(got[i]);
	}

	CHECK(pw_fds_watch(sv[0], 40));
	CHECK(pw_fds_held(sv[0]) == 0);
	CHECK(send_fds(sv[1], null, 28) && receive(sv[0], got, &n) == 1 && n == 28);
	CHECK(pw_fds_held(sv[0]) == 28);
	close(got[0]);
	close(got[0]); /* twice: EBADF, counted once */
	CHECK(pw_fds_held(sv[0]) == 27);
	int kept = got[1];
	for (int i = 2; i < n; i++) {
		close(got[i]);
	}
	CHECK(pw_fds_held(sv[0]) == 1);
	/* Descriptors without data, and data without descriptors. */
	CHECK(send_fds(sv[1], null, 0) && receive(sv[0], got, &n) == 1 && n == 0);
	CHECK(pw_fds_held(sv[0]) == 1);

	/* Over the limit: the handler, EMFILE, and the read's descriptors closed. */
	pw_fds_set_handler(handle_over, NULL);
	CHECK(send_fds(sv[1], null, 28) && receive(sv[0], got, &n) == 1 && n == 28);
	CHECK(pw_fds_held(sv[0]) == 29);
	int second[28];
	memcpy(second, got, sizeof(second));
	CHECK(send_fds(sv[1], null, 20));
	errno = 0;
	CHECK(receive(sv[0], got, &n) == -1 && errno == EMFILE);
	CHECK(over_calls == 1 && over_sock == sv[0] && over_held == 49);
	CHECK(pw_fds_held(sv[0]) == 29);
	/* the pair, /dev/null, `kept` and the 28 of `second`: the 20 are closed */
	CHECK(count_open() == base + 2 + 1 + 1 + 28);

	/* The limit raised: the same read passes. */
	pw_fds_set_limit(sv[0], 100);
	CHECK(send_fds(sv[1], null, 20) && receive(sv[0], got, &n) == 1 && n == 20);
	CHECK(pw_fds_held(sv[0]) == 49);

	/* The socket closed: watching ends; what it brought counts against nothing after. */
	int old = sv[0];
	close(sv[0]);
	CHECK(pw_fds_held(old) == -1);
	int again[2];
	CHECK(socketpair(AF_UNIX, SOCK_STREAM, 0, again) == 0);
	CHECK(again[0] == old || again[1] == old);
	int sock = again[0] == old ? again[0] : again[1];
	int peer = again[0] == old ? again[1] : again[0];
	CHECK(pw_fds_watch(sock, 40));
	close(kept);
	for (int i = 0; i < 28; i++) {
		close(second[i]);
	}
	for (int i = 0; i < n; i++) {
		close(got[i]);
	}
	CHECK(pw_fds_held(sock) == 0);
	CHECK(send_fds(peer, null, 5) && receive(sock, got, &n) == 1 && n == 5);
	CHECK(pw_fds_held(sock) == 5);
	/* Closed other than by close(): forgotten first. */
	pw_fds_forget(got[0]);
	CHECK(pw_fds_held(sock) == 4);
	for (int i = 0; i < n; i++) {
		close(got[i]);
	}
	CHECK(pw_fds_held(sock) == 0);
	pw_fds_unwatch(sock);
	CHECK(pw_fds_held(sock) == -1);
	pw_fds_set_handler(NULL, NULL);
	close(sock);
	close(peer);
	close(sv[1]);
	close(null);
}

static void
test_limit(void)
{
	CHECK(pw_fds_default_share(1024) == 64);
	CHECK(pw_fds_default_share(4096) == 128);
	CHECK(pw_fds_default_share(20000) == 625);
	CHECK(pw_fds_default_share(1 << 20) == 1024);
	CHECK(pw_fds_default_share(0) == 64);

	struct rlimit start, now;
	CHECK(getrlimit(RLIMIT_NOFILE, &start) == 0);
	if (start.rlim_cur == start.rlim_max && start.rlim_max > 64) {
		/* lower the soft limit first, so that raising it shows */
		struct rlimit low = {.rlim_cur = 64, .rlim_max = start.rlim_max};
		CHECK(setrlimit(RLIMIT_NOFILE, &low) == 0);
	}
	CHECK(getrlimit(RLIMIT_NOFILE, &start) == 0);
	int limit = pw_fds_raise_limit();
	CHECK(getrlimit(RLIMIT_NOFILE, &now) == 0);
	CHECK(now.rlim_cur == now.rlim_max && (rlim_t)limit == now.rlim_cur);
	pid_t pid = fork();
	if (pid == 0) {
		pw_fds_restore_limit();
		struct rlimit child;
		_exit(getrlimit(RLIMIT_NOFILE, &child) == 0 && child.rlim_cur == start.rlim_cur
				? 0
				: 1);
	}
	int status = -1;
	CHECK(pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
		WEXITSTATUS(status) == 0);
	/* raising twice keeps the first soft limit for the children */
	CHECK(pw_fds_raise_limit() == limit);
}

int
main(void)
{
	test_counting();
	test_limit();
	return check_summary();
}

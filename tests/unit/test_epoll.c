/*
 * epoll.c: an untracked set goes to the kernel; the tracked one is answered from the last
 * pw_epoll_wait (what was ready then, a skipped registration as ready, nothing removed since),
 * once, then from the kernel again; a skipped descriptor does not end the wait; a client's
 * socket names the dup registered for it; hangups come first.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "epoll.h"

#include "check.h"

static int
add(int epfd, int fd, uint32_t events, int tag)
{
	struct epoll_event ev = {.events = events, .data.u32 = (uint32_t)tag};
	return epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &ev);
}

/* The tags in `events`, as a bit mask. */
static unsigned
tags(const struct epoll_event *events, int n)
{
	unsigned mask = 0;
	for (int i = 0; i < n; i++) {
		mask |= 1u << events[i].data.u32;
	}
	return mask;
}

static int64_t
now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void
test_untracked(void)
{
	int epfd = epoll_create1(EPOLL_CLOEXEC);
	int p[2];
	CHECK(epfd >= 0 && pipe2(p, O_CLOEXEC | O_NONBLOCK) == 0);
	CHECK(add(epfd, p[0], EPOLLIN, 1) == 0);
	struct epoll_event ev[4];
	CHECK(epoll_wait(epfd, ev, 4, 0) == 0);
	CHECK(write(p[1], "x", 1) == 1);
	CHECK(epoll_wait(epfd, ev, 4, 0) == 1 && ev[0].data.u32 == 1);
	CHECK(!pw_epoll_usable());
	struct timespec zero = {0, 0};
	CHECK(pw_epoll_wait(NULL, 0, &zero) == -1 && errno == ENOTSUP);
	close(p[0]);
	close(p[1]);
	close(epfd);
}

static void
test_tracked(void)
{
	int epfd = epoll_create1(EPOLL_CLOEXEC);
	CHECK(pw_epoll_track(epfd));
	int other = epoll_create1(EPOLL_CLOEXEC);
	CHECK(!pw_epoll_track(other)); /* one set at a time */
	CHECK(pw_epoll_usable());

	int input[2], idle[2], sv[2];
	CHECK(pipe2(input, O_CLOEXEC | O_NONBLOCK) == 0);
	CHECK(pipe2(idle, O_CLOEXEC | O_NONBLOCK) == 0);
	CHECK(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0, sv) == 0);
	/* As libwayland registers a client: a dup of its socket. */
	int dup_fd = fcntl(sv[0], F_DUPFD_CLOEXEC, 0);
	CHECK(add(epfd, input[0], EPOLLIN, 1) == 0);
	CHECK(add(epfd, idle[0], EPOLLIN, 2) == 0);
	CHECK(add(epfd, dup_fd, EPOLLIN, 3) == 0);
	CHECK(pw_epoll_alias(sv[0]));
	CHECK(!pw_epoll_alias(sv[1])); /* the peer's file is not registered */

	/* The paced client's request does not end the wait; it is answered as ready after. */
	CHECK(write(sv[1], "r", 1) == 1);
	int skip = sv[0];
	int64_t t0 = now_ms();
	struct timespec wait = {0, 60 * 1000000};
	CHECK(pw_epoll_wait(&skip, 1, &wait) == 0);
	CHECK(now_ms() - t0 >= 50);
	struct epoll_event ev[8];
	int n = epoll_wait(epfd, ev, 8, 0);
	CHECK(n == 1 && ev[0].data.u32 == 3 && ev[0].events == EPOLLIN);

	/* Input ends it; the answer is the wait's, even once the pipe is drained. */
	CHECK(write(input[1], "i", 1) == 1);
	CHECK(pw_epoll_wait(&skip, 1, NULL) == 1);
	char c;
	CHECK(read(input[0], &c, 1) == 1);
	n = epoll_wait(epfd, ev, 8, 0);
	CHECK(n == 2 && tags(ev, n) == ((1u << 1) | (1u << 3)));
	/* Once: the next call is the kernel's, which sees the client's byte alone. */
	n = epoll_wait(epfd, ev, 8, 0);
	CHECK(n == 1 && ev[0].data.u32 == 3);

	/* Not skipped, the client is polled like the rest; removed, it is not answered. */
	CHECK(pw_epoll_wait(NULL, 0, NULL) == 1);
	CHECK(epoll_ctl(epfd, EPOLL_CTL_DEL, dup_fd, NULL) == 0);
	CHECK(epoll_wait(epfd, ev, 8, 0) == 0);

	/* What a registration is changed to is what is answered. */
	CHECK(add(epfd, dup_fd, EPOLLIN, 3) == 0);
	CHECK(pw_epoll_alias(sv[0]));
	struct epoll_event out = {.events = EPOLLIN | EPOLLOUT, .data.u32 = 4};
	CHECK(epoll_ctl(epfd, EPOLL_CTL_MOD, dup_fd, &out) == 0);
	CHECK(pw_epoll_wait(NULL, 0, NULL) == 1);
	n = epoll_wait(epfd, ev, 8, 0);
	CHECK(n == 1 && ev[0].data.u32 == 4 && ev[0].events == (EPOLLIN | EPOLLOUT));

	/* More ready than asked for: the rest come first next time. */
	CHECK(write(input[1], "i", 1) == 1 && write(idle[1], "j", 1) == 1);
	CHECK(pw_epoll_wait(NULL, 0, NULL) == 3);
	unsigned seen = 0;
	for (int round = 0; round < 3; round++) {
		CHECK(pw_epoll_wait(NULL, 0, NULL) == 3);
		CHECK(epoll_wait(epfd, ev, 1, 0) == 1);
		seen |= tags(ev, 1);
	}
	CHECK(seen == ((1u << 1) | (1u << 2) | (1u << 4)));

	/* A hangup comes before the requests of the same wakeup, served or the kernel's. */
	int gone[2];
	CHECK(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0, gone) == 0);
	CHECK(add(epfd, gone[0], EPOLLIN, 6) == 0);
	close(gone[1]);
	CHECK(pw_epoll_wait(NULL, 0, NULL) == 4);
	n = epoll_wait(epfd, ev, 8, 0);
	CHECK(n == 4 && ev[0].data.u32 == 6 && (ev[0].events & EPOLLHUP));
	n = epoll_wait(epfd, ev, 8, 0);
	CHECK(n == 4 && ev[0].data.u32 == 6 && (ev[0].events & EPOLLHUP));
	CHECK(epoll_ctl(epfd, EPOLL_CTL_DEL, gone[0], NULL) == 0);
	close(gone[0]);

	/* An edge-triggered registration cannot be served. */
	int et[2];
	CHECK(pipe2(et, O_CLOEXEC | O_NONBLOCK) == 0);
	CHECK(add(epfd, et[0], EPOLLIN | EPOLLET, 5) == 0);
	CHECK(!pw_epoll_usable());

	pw_epoll_untrack(other); /* not the tracked set: nothing */
	CHECK(add(other, input[0], EPOLLIN, 1) == 0);
	pw_epoll_untrack(epfd);
	CHECK(!pw_epoll_usable());
	/* A set that holds something already: what it holds is read from /proc. */
	CHECK(write(input[1], "i", 1) == 1);
	CHECK(pw_epoll_track(other) && pw_epoll_usable());
	CHECK(pw_epoll_wait(NULL, 0, NULL) == 1);
	CHECK(epoll_wait(other, ev, 8, 0) == 1 && ev[0].data.u32 == 1 && ev[0].events == EPOLLIN);
	pw_epoll_untrack(other);
	int fds[] = {input[0], input[1], idle[0], idle[1], sv[0], sv[1], dup_fd, et[0], et[1], epfd,
		other};
	for (size_t i = 0; i < sizeof(fds) / sizeof(fds[0]); i++) {
		close(fds[i]);
	}
}

int
main(void)
{
	test_untracked();
	test_tracked();
	return check_summary();
}

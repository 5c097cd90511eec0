/*
 * floor: the least CPU time per frame that any compositor waking once per frame can cost on this
 * machine. No Wayland, no drawing: per frame, exactly what a compositor cannot avoid.
 *
 * usage: floor [--rate HZ] [--frames N] [--warmup N] [--msg BYTES] [--cpus same|apart] [--hold]
 *
 * The process forks a peer (the client) and talks to it over a unix stream socket, like a
 * Wayland connection. Per frame the parent (the compositor):
 *   - wakes in epoll_wait on a timerfd at the refresh rate (its vblank) and reads the timerfd;
 *   - receives one message of --msg bytes (default 64: wl_surface.attach, damage_buffer, frame
 *     and commit) that the peer wrote after the previous frame, with recvmsg as libwayland does;
 *   - sends one message of 32 bytes (wl_callback.done, wl_buffer.release, wl_display.delete_id),
 *     which wakes the peer.
 * The peer answers each message at once, so the next one is waiting at the next expiry: the
 * socket is not in the parent's epoll set, and the parent sleeps once per frame, on the timer.
 * --cpus pins both to the first CPU the process may use (same) or the peer to the second
 * (apart); without it the scheduler places them, as it places a compositor and its client.
 *
 * Output, on stdout (line-buffered):
 *   floor: start                  after the warm-up frames
 *   floor: frames N time S s cpu_ns C per_frame_us U misses M
 *                                 after N more frames; C is the parent's own run time
 *                                 (/proc/self/task/TID/schedstat, all its threads) over those
 *                                 frames, M the frames whose message had not yet arrived
 * With --hold the parent then sleeps until SIGTERM (so a reader of /proc/PID, as run.py, takes
 * its second sample with the parent idle, as it does for the compositors); otherwise it exits.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/timerfd.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define REPLY_BYTES 32
#define MAX_MSG 4096

struct options {
	double rate;
	int frames, warmup, msg;
	int hold;
	const char *cpus; /* NULL, "same" or "apart" */
	int peer_cpu; /* with cpus */
};

static double
now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The process's run time in ns, summed over its threads, as run.py reads it for a compositor. */
static long long
self_run_ns(void)
{
	DIR *dir = opendir("/proc/self/task");
	struct dirent *e;
	long long total = 0;
	if (!dir) {
		return -1;
	}
	while ((e = readdir(dir))) {
		char path[300];
		FILE *f;
		long long ns;
		if (e->d_name[0] == '.') {
			continue;
		}
		snprintf(path, sizeof(path), "/proc/self/task/%s/schedstat", e->d_name);
		f = fopen(path, "r");
		if (!f) {
			continue;
		}
		if (fscanf(f, "%lld", &ns) == 1) {
			total += ns;
		}
		fclose(f);
	}
	closedir(dir);
	return total;
}

static int
send_all(int fd, const char *buf, int len)
{
	struct iovec iov = {.iov_base = (void *)buf, .iov_len = (size_t)len};
	struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1};
	ssize_t n;
	do {
		n = sendmsg(fd, &msg, MSG_NOSIGNAL | MSG_DONTWAIT);
	} while (n < 0 && errno == EINTR);
	return n == len ? 0 : -1;
}

/* The client: answers each 32-byte message with one of len bytes, at once. */
static void
run_peer(int fd, int len)
{
	char in[REPLY_BYTES], out[MAX_MSG];
	memset(out, 0x5a, sizeof(out));
	if (send_all(fd, out, len) < 0) {
		_exit(1);
	}
	for (;;) {
		ssize_t n = recv(fd, in, sizeof(in), MSG_WAITALL);
		if (n <= 0) {
			_exit(n == 0 ? 0 : 1);
		}
		if (send_all(fd, out, len) < 0) {
			_exit(1);
		}
	}
}

/* The nth CPU (0-based) of those this process may run on, or -1. */
static int
allowed_cpu(int nth)
{
	cpu_set_t set;
	if (sched_getaffinity(0, sizeof(set), &set) < 0) {
		return -1;
	}
	for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) {
		if (CPU_ISSET(cpu, &set) && nth-- == 0) {
			return cpu;
		}
	}
	return -1;
}

static int
pin(int cpu)
{
	cpu_set_t set;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

static int
parse(int argc, char **argv, struct options *o)
{
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(arg, "--hold")) {
			o->hold = 1;
			continue;
		}
		if (!val) {
			return -1;
		}
		if (!strcmp(arg, "--rate")) {
			o->rate = atof(val);
		} else if (!strcmp(arg, "--frames")) {
			o->frames = atoi(val);
		} else if (!strcmp(arg, "--warmup")) {
			o->warmup = atoi(val);
		} else if (!strcmp(arg, "--msg")) {
			o->msg = atoi(val);
		} else if (!strcmp(arg, "--cpus") &&
			(!strcmp(val, "same") || !strcmp(val, "apart"))) {
			o->cpus = val;
		} else {
			return -1;
		}
		i++;
	}
	if (o->rate <= 0 || o->frames <= 0 || o->warmup < 0 || o->msg <= 0 || o->msg > MAX_MSG) {
		return -1;
	}
	return 0;
}

int
main(int argc, char **argv)
{
	struct options o = {.rate = 60, .frames = 120, .warmup = 20, .msg = 64};
	int sv[2], tfd, efd, status = 1, misses = 0;
	struct epoll_event ev = {.events = EPOLLIN};
	struct itimerspec its = {0};
	char in[MAX_MSG], out[REPLY_BYTES];
	long long ns0 = 0, ns1;
	double t0 = 0, t1;
	sigset_t hold_set;
	pid_t peer;

	if (parse(argc, argv, &o) < 0) {
		fprintf(stderr,
			"usage: floor [--rate HZ] [--frames N] [--warmup N] [--msg BYTES] "
			"[--cpus same|apart] [--hold]\n");
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	/* --hold sigwaits for SIGTERM: blocked from the start, so an early one is not lost */
	sigemptyset(&hold_set);
	sigaddset(&hold_set, SIGTERM);
	sigaddset(&hold_set, SIGINT);
	if (o.hold) {
		sigprocmask(SIG_BLOCK, &hold_set, NULL);
	}
	if (o.cpus) {
		int mine = allowed_cpu(0), peers = allowed_cpu(strcmp(o.cpus, "apart") ? 0 : 1);
		if (mine < 0 || peers < 0 || pin(mine) < 0) {
			fprintf(stderr, "floor: cannot pin to two CPUs\n");
			return 1;
		}
		o.peer_cpu = peers;
	}
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0) {
		perror("socketpair");
		return 1;
	}
	peer = fork();
	if (peer < 0) {
		perror("fork");
		return 1;
	}
	if (peer == 0) {
		sigprocmask(SIG_UNBLOCK, &hold_set, NULL);
		if (o.cpus && pin(o.peer_cpu) < 0) {
			_exit(1);
		}
		close(sv[0]);
		run_peer(sv[1], o.msg);
	}
	close(sv[1]);
	memset(out, 0xa5, sizeof(out));

	tfd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
	efd = epoll_create1(EPOLL_CLOEXEC);
	if (tfd < 0 || efd < 0 || epoll_ctl(efd, EPOLL_CTL_ADD, tfd, &ev) < 0) {
		perror("timerfd/epoll");
		goto kill_peer;
	}
	its.it_interval.tv_nsec = (long)(1e9 / o.rate) % 1000000000L;
	its.it_interval.tv_sec = (time_t)(1 / o.rate);
	its.it_value = its.it_interval;
	if (timerfd_settime(tfd, 0, &its, NULL) < 0) {
		perror("timerfd_settime");
		goto kill_peer;
	}

	for (int frame = 0; frame < o.warmup + o.frames; frame++) {
		struct iovec iov = {.iov_base = in, .iov_len = (size_t)o.msg};
		char cmsg[CMSG_SPACE(sizeof(int) * 28)];
		struct msghdr msg = {.msg_iov = &iov,
			.msg_iovlen = 1,
			.msg_control = cmsg,
			.msg_controllen = sizeof(cmsg)};
		uint64_t expiries;
		ssize_t n;
		if (frame == o.warmup) {
			printf("floor: start\n");
			ns0 = self_run_ns();
			t0 = now_s();
		}
		if (epoll_wait(efd, &ev, 1, -1) < 0) {
			if (errno == EINTR) {
				frame--;
				continue;
			}
			perror("epoll_wait");
			goto kill_peer;
		}
		if (read(tfd, &expiries, sizeof(expiries)) < 0 && errno != EAGAIN) {
			perror("read timerfd");
			goto kill_peer;
		}
		n = recvmsg(sv[0], &msg, MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
		if (n < 0 && errno == EAGAIN) {
			misses++; /* the peer was late: its message waits for the next frame */
			continue;
		}
		if (n <= 0) {
			fprintf(stderr, "floor: the peer went away\n");
			goto kill_peer;
		}
		if (send_all(sv[0], out, sizeof(out)) < 0) {
			perror("send");
			goto kill_peer;
		}
	}
	ns1 = self_run_ns();
	t1 = now_s();
	printf("floor: frames %d time %.3f s cpu_ns %lld per_frame_us %.1f misses %d\n", o.frames,
		t1 - t0, ns1 - ns0, (double)(ns1 - ns0) / o.frames / 1e3, misses);
	status = 0;
	if (o.hold) {
		int sig;
		sigwait(&hold_set, &sig);
	}
kill_peer:
	shutdown(sv[0], SHUT_RDWR);
	close(sv[0]);
	waitpid(peer, NULL, 0);
	return status;
}

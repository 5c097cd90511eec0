/*
 * recvmsg and close of the executable (see fds.h). They go to the kernel by syscall(), not
 * through libc or a sanitizer's interceptors: this file's definitions are the process's, so
 * looking the next ones up (dlsym) would cost a call each and differ under ASan.
 *
 * picowl has one thread, but a process that embeds the server (WLCS) runs clients on others,
 * and their recvmsg and close come here too. So the table never moves: it is made once, as
 * large as the descriptor limit then, and published with a release store; a thread only ever
 * writes the slots of descriptors it receives or closes (and the server those of its sockets).
 */
#define _GNU_SOURCE
#include "fds.h"

#include <errno.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#define TABLE_MIN 1024
#define TABLE_MAX (1 << 20) /* Linux's default nr_open */

/* One per descriptor number, for both of its roles. Zeroed: nothing. */
struct slot {
	int owner; /* a received descriptor: its socket + 1, 0: none */
	unsigned owner_gen; /* ... and that socket's generation then */
	unsigned gen; /* a socket: bumped whenever watching it starts or ends */
	int limit; /* a watched socket: > 0 */
	int held;
};

static struct {
	struct slot *slots;
	atomic_int n; /* 0 until slots is made */
	void (*over)(void *data, int sock, int held);
	void *data;
	struct rlimit original;
	bool saved;
} fds;

/* The slot of `fd`, or NULL when there is no table or `fd` is past it. */
static struct slot *
slot_of(int fd)
{
	int n = atomic_load_explicit(&fds.n, memory_order_acquire);
	return fd >= 0 && fd < n ? &fds.slots[fd] : NULL;
}

/* Made by the first watch; a descriptor past it cannot be marked (its client then goes). */
static bool
make_table(void)
{
	if (atomic_load_explicit(&fds.n, memory_order_acquire)) {
		return true;
	}
	struct rlimit rl;
	rlim_t n = getrlimit(RLIMIT_NOFILE, &rl) == 0 ? rl.rlim_cur : TABLE_MIN;
	n = n < TABLE_MIN ? TABLE_MIN : n > TABLE_MAX ? TABLE_MAX : n;
	/* Mapped, not calloc'd: glibc would clear every page (decision 4.41), and only the slots
	 * of the descriptors in use are ever touched. */
	void *slots = mmap(NULL, (size_t)n * sizeof(*fds.slots), PROT_READ | PROT_WRITE,
		MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (slots == MAP_FAILED) {
		return false;
	}
	fds.slots = slots;
	atomic_store_explicit(&fds.n, (int)n, memory_order_release);
	return true;
}

int
pw_fds_raise_limit(void)
{
	struct rlimit rl;
	if (getrlimit(RLIMIT_NOFILE, &rl) != 0) {
		return -1;
	}
	if (!fds.saved) {
		fds.original = rl;
		fds.saved = true;
	}
	if (rl.rlim_cur < rl.rlim_max) {
		struct rlimit raised = {.rlim_cur = rl.rlim_max, .rlim_max = rl.rlim_max};
		if (setrlimit(RLIMIT_NOFILE, &raised) == 0) {
			rl = raised;
		}
	}
	return rl.rlim_cur > INT_MAX ? INT_MAX : (int)rl.rlim_cur;
}

void
pw_fds_restore_limit(void)
{
	if (fds.saved) {
		setrlimit(RLIMIT_NOFILE, &fds.original);
	}
}

int
pw_fds_default_share(int limit)
{
	int share = limit / 32;
	return share < 64 ? 64 : share > 1024 ? 1024 : share;
}

bool
pw_fds_watch(int sock, int limit)
{
	struct slot *s = limit > 0 && make_table() ? slot_of(sock) : NULL;
	if (!s) {
		return false;
	}
	s->gen++;
	s->limit = limit;
	s->held = 0;
	return true;
}

void
pw_fds_unwatch(int sock)
{
	struct slot *s = slot_of(sock);
	if (s && s->limit) {
		s->gen++;
		s->limit = 0;
		s->held = 0;
	}
}

void
pw_fds_set_limit(int sock, int limit)
{
	struct slot *s = slot_of(sock);
	if (limit > 0 && s && s->limit) {
		s->limit = limit;
	}
}

int
pw_fds_held(int sock)
{
	const struct slot *s = slot_of(sock);
	return s && s->limit ? s->held : -1;
}

void
pw_fds_set_handler(void (*over)(void *data, int sock, int held), void *data)
{
	fds.over = over;
	fds.data = data;
}

void
pw_fds_forget(int fd)
{
	struct slot *s = slot_of(fd);
	if (!s) {
		return;
	}
	if (s->owner) {
		struct slot *sock = &fds.slots[s->owner - 1];
		if (sock->limit && sock->gen == s->owner_gen) {
			sock->held--;
		}
		s->owner = 0;
	}
	if (s->limit) {
		pw_fds_unwatch(fd);
	}
}

/* Each descriptor of the SCM_RIGHTS messages in `msg`, `fn` called with it. */
static void
for_each_received(struct msghdr *msg, void (*fn)(int fd, int sock, bool *ok), int sock, bool *ok)
{
	if (msg->msg_controllen < sizeof(struct cmsghdr)) {
		return;
	}
	for (struct cmsghdr *c = CMSG_FIRSTHDR(msg); c; c = CMSG_NXTHDR(msg, c)) {
		if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS ||
			c->cmsg_len < CMSG_LEN(0)) {
			continue;
		}
		size_t n = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
		unsigned char *data = CMSG_DATA(c);
		for (size_t i = 0; i < n; i++) {
			int fd;
			memcpy(&fd, data + i * sizeof(int), sizeof(fd));
			fn(fd, sock, ok);
		}
	}
}

static void
mark(int fd, int sock, bool *ok)
{
	struct slot *s = &fds.slots[sock], *f = slot_of(fd);
	if (!f) {
		*ok = false;
		return;
	}
	f->owner = sock + 1;
	f->owner_gen = s->gen;
	s->held++;
}

static void
drop(int fd, int sock, bool *ok)
{
	(void)sock;
	(void)ok;
	pw_fds_forget(fd);
	syscall(SYS_close, fd);
}

ssize_t
recvmsg(int sock, struct msghdr *msg, int flags)
{
	ssize_t len = syscall(SYS_recvmsg, sock, msg, flags);
	if (len < 0 || msg->msg_controllen == 0) {
		return len; /* no descriptor came (most messages) */
	}
	struct slot *s = slot_of(sock);
	if (!s || !s->limit) {
		return len;
	}
	bool marked_all = true;
	for_each_received(msg, mark, sock, &marked_all);
	if (marked_all && s->held <= s->limit) {
		return len;
	}
	if (fds.over) {
		fds.over(fds.data, sock, s->held);
	}
	for_each_received(msg, drop, sock, NULL);
	msg->msg_controllen = 0;
	errno = marked_all ? EMFILE : ENOMEM;
	return -1;
}

int
close(int fd)
{
	pw_fds_forget(fd);
	return (int)syscall(SYS_close, fd);
}

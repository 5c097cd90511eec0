/*
 * epoll_ctl and epoll_wait of the executable (see epoll.h). They reach the kernel by
 * syscall(), as fds.c does, not through libc or a sanitizer's interceptors. epoll_pwait with
 * no signal mask is epoll_wait on every architecture (arm64 has only the former).
 *
 * Only the thread that dispatches the tracked set touches the table; other threads (the
 * clients of a process that embeds the server) only read which set is tracked.
 */
#define _GNU_SOURCE
#include "epoll.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#define SERVED (EPOLLIN | EPOLLPRI | EPOLLOUT | EPOLLRDHUP)

struct entry {
	int fd;
	uint32_t events;
	epoll_data_t data;
	dev_t dev;
	ino_t ino;
	int alias; /* -1: none */
	short revents; /* of the last pw_epoll_wait */
	bool skipped; /* ... which did not poll it */
};

static struct {
	atomic_int epfd; /* the tracked set, -1: none */
	struct entry *entries;
	int n, cap;
	struct pollfd *polled;
	int *polled_entry; /* the entry of each of polled[] */
	int polled_cap, np;
	/* polled[] as the entries and the skip list were when it was built, kept between waits */
	bool dirty;
	int *skip, n_skip, skip_cap; /* the skip list polled[] was built for */
	int *answer, n_answer; /* entries the last wait found ready, then the skipped ones */
	int n_skipped;
	bool broken; /* something registered cannot be served */
	bool primed; /* the next epoll_wait is served from the last pw_epoll_wait */
	bool moved; /* an entry moved since that wait: answer[] is stale, scan the entries */
	int start; /* where the next served answer begins, so that none starves */
} set = {.epfd = -1};

static int
find(int fd)
{
	for (int i = 0; i < set.n; i++) {
		if (set.entries[i].fd == fd) {
			return i;
		}
	}
	return -1;
}

static void
remove_at(int i)
{
	set.entries[i] = set.entries[--set.n];
}

static void
record(int op, int fd, const struct epoll_event *ev)
{
	set.dirty = true;
	set.moved = true;
	int i = find(fd);
	if (op == EPOLL_CTL_DEL) {
		if (i >= 0) {
			remove_at(i);
		}
		return;
	}
	if (!ev || (ev->events & (EPOLLET | EPOLLONESHOT | EPOLLEXCLUSIVE))) {
		set.broken = true;
		return;
	}
	if (op == EPOLL_CTL_MOD) {
		if (i < 0) {
			set.broken = true;
			return;
		}
		set.entries[i].events = ev->events;
		set.entries[i].data = ev->data;
		return;
	}
	if (i >= 0) {
		/* The number's old file was closed without a DEL, which removed it from the set. */
		remove_at(i);
	}
	if (set.n == set.cap) {
		int cap = set.cap ? 2 * set.cap : 32;
		struct entry *entries = realloc(set.entries, (size_t)cap * sizeof(*entries));
		if (!entries) {
			set.broken = true;
			return;
		}
		set.entries = entries;
		set.cap = cap;
	}
	struct stat st;
	bool known = fstat(fd, &st) == 0;
	set.entries[set.n++] = (struct entry){
		.fd = fd,
		.events = ev->events,
		.data = ev->data,
		.dev = known ? st.st_dev : 0,
		.ino = known ? st.st_ino : 0,
		.alias = -1,
	};
}

int
epoll_ctl(int epfd, int op, int fd, struct epoll_event *event)
{
	int r = (int)syscall(SYS_epoll_ctl, epfd, op, fd, event);
	if (r == 0 && epfd >= 0 && epfd == atomic_load_explicit(&set.epfd, memory_order_relaxed)) {
		record(op, fd, event);
	}
	return r;
}

/*
 * Hangups and errors first: a client that went is gone before the others' requests of the same
 * wakeup are read (a lock whose locker died is free for the next locker), as the kernel's ready
 * list, in the order things became ready, mostly gives it; the ppoll knows no order, and the
 * kernel's list keeps whatever the answered waits left in it.
 */
static int
hangups_first(struct epoll_event *events, int n)
{
	int k = 0;
	for (int i = 0; i < n; i++) {
		if (events[i].events & (EPOLLHUP | EPOLLERR)) {
			struct epoll_event ev = events[i];
			memmove(events + k + 1, events + k, (size_t)(i - k) * sizeof(*events));
			events[k++] = ev;
		}
	}
	return n;
}

/* What `e` is answered with: ready, or the skipped one as ready for what it waits for. */
static uint32_t
ready_of(const struct entry *e)
{
	if (e->revents & POLLNVAL) {
		return 0;
	}
	return e->skipped ? e->events & (EPOLLIN | EPOLLOUT)
			  : (uint32_t)e->revents & (e->events | EPOLLERR | EPOLLHUP);
}

/*
 * The answer: hangups and errors first (see hangups_first), each pass starting one further
 * along each time so that none starves when more are ready than fit. `at` lists the candidate
 * entries (NULL: all of them, when entries moved since the wait).
 */
static int
serve(struct epoll_event *events, int maxevents)
{
	set.primed = false;
	const int *at = set.moved ? NULL : set.answer;
	int m = at ? set.n_answer : set.n;
	int k = 0;
	int first = m ? set.start % m : 0;
	for (int pass = 0; pass < 2; pass++) {
		for (int j = 0, c = first; j < m && k < maxevents;
			j++, c = c + 1 == m ? 0 : c + 1) {
			const struct entry *e = &set.entries[at ? at[c] : c];
			uint32_t ready = ready_of(e);
			bool gone = ready & (EPOLLHUP | EPOLLERR);
			if (ready && gone == (pass == 0)) {
				events[k++] =
					(struct epoll_event){.events = ready, .data = e->data};
			}
		}
	}
	set.start = first + 1;
	return k;
}

int
epoll_wait(int epfd, struct epoll_event *events, int maxevents, int timeout)
{
	if (set.primed && maxevents > 0 && epfd >= 0 &&
		epfd == atomic_load_explicit(&set.epfd, memory_order_relaxed)) {
		return serve(events, maxevents);
	}
	int n = (int)syscall(SYS_epoll_pwait, epfd, events, maxevents, timeout, NULL, _NSIG / 8);
	if (n > 1 && epfd == atomic_load_explicit(&set.epfd, memory_order_relaxed)) {
		return hangups_first(events, n);
	}
	return n;
}

/*
 * What `epfd` holds already (wl_display_create registers an eventfd), as Linux lists it: a
 * "tfd: <fd> events: <hex> data: <hex>" line each. False when that cannot be read.
 */
static bool
import(int epfd)
{
	char path[64], line[256];
	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", epfd);
	FILE *f = fopen(path, "re");
	if (!f) {
		return false;
	}
	bool ok = true;
	while (ok && fgets(line, sizeof(line), f)) {
		int fd;
		unsigned events;
		unsigned long long data;
		if (strncmp(line, "tfd:", 4) != 0) {
			continue;
		}
		ok = sscanf(line, "tfd: %d events: %x data: %llx", &fd, &events, &data) == 3;
		struct epoll_event ev = {.events = events, .data.u64 = data};
		if (ok) {
			record(EPOLL_CTL_ADD, fd, &ev);
		}
	}
	fclose(f);
	return ok && !set.broken;
}

bool
pw_epoll_track(int epfd)
{
	int none = -1;
	if (epfd < 0 || !atomic_compare_exchange_strong(&set.epfd, &none, epfd)) {
		return false;
	}
	set.n = 0;
	set.n_answer = set.np = set.n_skip = set.n_skipped = 0;
	set.dirty = set.moved = true;
	set.broken = false;
	set.primed = false;
	set.start = 0;
	if (!import(epfd)) {
		pw_epoll_untrack(epfd);
		return false;
	}
	return true;
}

void
pw_epoll_untrack(int epfd)
{
	if (epfd < 0 || atomic_load(&set.epfd) != epfd) {
		return;
	}
	atomic_store(&set.epfd, -1);
	free(set.entries);
	free(set.polled);
	free(set.polled_entry);
	free(set.skip);
	free(set.answer);
	set.entries = NULL;
	set.polled = NULL;
	set.polled_entry = NULL;
	set.skip = set.answer = NULL;
	set.n = set.cap = set.polled_cap = set.skip_cap = 0;
	set.primed = false;
}

bool
pw_epoll_usable(void)
{
	return atomic_load(&set.epfd) >= 0 && !set.broken;
}

bool
pw_epoll_alias(int fd)
{
	struct stat st;
	if (!pw_epoll_usable() || fstat(fd, &st) != 0) {
		return false;
	}
	for (int i = set.n - 1; i >= 0; i--) {
		struct entry *e = &set.entries[i];
		if (e->ino != 0 && e->dev == st.st_dev && e->ino == st.st_ino) {
			e->alias = fd;
			return true;
		}
	}
	return false;
}

static bool
named(const struct entry *e, const int *skip, int n_skip)
{
	for (int j = 0; e->alias >= 0 && j < n_skip; j++) {
		if (skip[j] == e->alias) {
			return true;
		}
	}
	return false;
}

static bool
reserve_polled(void)
{
	if (set.n <= set.polled_cap) {
		return true;
	}
	int cap = set.cap;
	struct pollfd *polled = realloc(set.polled, (size_t)cap * sizeof(*polled));
	if (!polled) {
		return false;
	}
	set.polled = polled;
	int *polled_entry = realloc(set.polled_entry, (size_t)cap * sizeof(*polled_entry));
	if (!polled_entry) {
		return false;
	}
	set.polled_entry = polled_entry;
	int *answer = realloc(set.answer, (size_t)cap * sizeof(*answer));
	if (!answer) {
		return false;
	}
	set.answer = answer;
	set.polled_cap = cap;
	return true;
}

/* polled[] is still right for `skip`: nothing registered changed and the same are skipped. */
static bool
still_built(const int *skip, int n_skip)
{
	return !set.dirty && n_skip == set.n_skip &&
		(n_skip == 0 || memcmp(skip, set.skip, (size_t)n_skip * sizeof(*skip)) == 0);
}

/* polled[] for the entries but the skipped, which go last in answer[]; false on no memory. */
static bool
build(const int *skip, int n_skip)
{
	if (n_skip > set.skip_cap) {
		int *copy = realloc(set.skip, (size_t)n_skip * sizeof(*copy));
		if (!copy) {
			return false;
		}
		set.skip = copy;
		set.skip_cap = n_skip;
	}
	if (n_skip > 0) {
		memcpy(set.skip, skip, (size_t)n_skip * sizeof(*skip));
	}
	set.n_skip = n_skip;
	set.np = 0;
	set.n_skipped = 0;
	for (int i = 0; i < set.n; i++) {
		struct entry *e = &set.entries[i];
		e->revents = 0;
		e->skipped = named(e, skip, n_skip);
		if (e->skipped) {
			set.n_skipped++;
		} else {
			set.polled[set.np] =
				(struct pollfd){.fd = e->fd, .events = (short)(e->events & SERVED)};
			set.polled_entry[set.np++] = i;
		}
	}
	/* the skipped ones after the polled ones in polled_entry[] */
	for (int i = 0, k = set.np; i < set.n; i++) {
		if (set.entries[i].skipped) {
			set.polled_entry[k++] = i;
		}
	}
	set.dirty = false;
	return true;
}

int
pw_epoll_wait(const int *skip, int n_skip, const struct timespec *timeout)
{
	set.primed = false;
	if (!pw_epoll_usable()) {
		errno = ENOTSUP;
		return -1;
	}
	if (!still_built(skip, n_skip) && (!reserve_polled() || !build(skip, n_skip))) {
		set.dirty = true;
		errno = ENOMEM;
		return -1;
	}
	/* Only the last answer's entries have revents set (any entry's, after a move). */
	for (int i = 0; i < (set.moved ? set.n : set.n_answer); i++) {
		set.entries[set.moved ? i : set.answer[i]].revents = 0;
	}
	set.n_answer = 0;
	int r = ppoll(set.polled, (nfds_t)set.np, timeout, NULL);
	if (r < 0) {
		return r;
	}
	/* The ready ones (ppoll counts them: the scan stops there), then the skipped ones. */
	int n = 0;
	for (int p = 0; p < set.np && n < r; p++) {
		if (set.polled[p].revents) {
			set.entries[set.polled_entry[p]].revents = set.polled[p].revents;
			set.answer[n++] = set.polled_entry[p];
		}
	}
	memcpy(set.answer + n, set.polled_entry + set.np,
		(size_t)set.n_skipped * sizeof(*set.answer));
	set.n_answer = n + set.n_skipped;
	set.moved = false;
	set.primed = true;
	return r;
}

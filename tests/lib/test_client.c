/* The test clients' log and signals: see test_client.h. */
#define _GNU_SOURCE
#include "test_client.h"

#include "client_shm.h"

#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/signalfd.h>
#include <time.h>
#include <unistd.h>

const struct pw_client_versions test_client_versions = {
	.compositor = 4,
	.shm = 1,
	.seat = 5,
	.output = 3,
	.wm_base = 1,
};

static FILE *state;
static const char *line_prefix;

bool
test_client_open(const char *name, const char *path, const char *prefix)
{
	state = fopen(path ? path : "/dev/null", "a");
	if (!state) {
		fprintf(stderr, "%s: cannot open the state file %s\n", name, path);
		return false;
	}
	line_prefix = prefix;
	return true;
}

void
test_client_say(const char *fmt, ...)
{
	char line[4200];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (line_prefix) {
		printf("%s %s\n", line_prefix, line);
		fflush(stdout);
	}
	fprintf(state, "%s\n", line);
	fflush(state);
}

void
test_client_close(void)
{
	if (state) {
		fclose(state);
		state = NULL;
	}
}

int
test_client_signalfd(int signo)
{
	sigset_t mask;
	sigemptyset(&mask);
	sigaddset(&mask, signo);
	sigprocmask(SIG_BLOCK, &mask, NULL);
	return signalfd(-1, &mask, SFD_CLOEXEC);
}

void
test_client_run(struct pw_client *client, const bool *closed, int fd,
	void (*handle_signal)(void *data), void *data)
{
	struct pollfd sig = {fd, POLLIN, 0};
	while (!*closed) {
		if (pw_client_dispatch_fds(client, &sig, 1, -1) < 0) {
			return;
		}
		struct signalfd_siginfo info;
		if ((sig.revents & POLLIN) && read(fd, &info, sizeof(info)) == sizeof(info)) {
			handle_signal(data);
		}
	}
}

int64_t
test_client_now_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

void
test_client_draw_once(struct pw_client_toplevel *top, bool *drawn, uint32_t colour)
{
	if (*drawn) {
		return;
	}
	*drawn = true;
	pw_client_toplevel_commit(top,
		pw_client_solid_buffer(top->client, top->width, top->height, colour));
	test_client_say("drawn");
}

/* The test clients' log and signals: see test_client.h. */
#define _GNU_SOURCE
#include "test_client.h"

#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/signalfd.h>
#include <unistd.h>

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

bool
test_client_take_signal(int fd)
{
	struct signalfd_siginfo info;
	return read(fd, &info, sizeof(info)) == sizeof(info);
}

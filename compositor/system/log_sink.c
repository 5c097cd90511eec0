#include "log_sink.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <syslog.h>
#include <unistd.h>

#include "log.h"

static FILE *file;
static bool syslog_open;

static void
to_syslog(enum pw_log_level level, const char *text, void *data)
{
	static const int priority[] = {
		[PW_LOG_ERROR] = LOG_ERR,
		[PW_LOG_WARNING] = LOG_WARNING,
		[PW_LOG_INFO] = LOG_INFO,
		[PW_LOG_DEBUG] = LOG_DEBUG,
	};
	syslog(priority[level], "%s", text);
}

bool
pw_log_sink_open(const char *target)
{
	if (!target) {
		return true;
	}
	if (strcmp(target, "syslog") == 0) {
		pw_log_sink_close();
		openlog("picowl", LOG_PID, LOG_DAEMON);
		syslog_open = true;
		pw_log_set_sink(to_syslog, NULL);
		return true;
	}
	int fd = open(target, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOCTTY, 0644);
	if (fd < 0) {
		return false;
	}
	FILE *f = fdopen(fd, "a");
	if (!f) {
		int saved = errno;
		close(fd);
		errno = saved;
		return false;
	}
	/* A line a write: a crash loses none, and the lines of a reader (tail -f) come whole. */
	setvbuf(f, NULL, _IOLBF, 0);
	pw_log_sink_close();
	file = f;
	pw_log_set_output(file, NULL);
	return true;
}

void
pw_log_sink_close(void)
{
	pw_log_set_sink(NULL, NULL);
	pw_log_set_output(NULL, NULL);
	if (syslog_open) {
		closelog();
		syslog_open = false;
	}
	if (file) {
		fclose(file);
		file = NULL;
	}
}

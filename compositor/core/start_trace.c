/*
 * The start timeline: see start_trace.h.
 */
#include "start_trace.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <wayland-server-core.h>

#include "log.h"
#include "output.h"
#include "server.h"

static int tracing = -1; /* -1: the environment not read yet */
static struct wl_listener frame;
static struct wl_event_loop *loop;

/* The process's start from field 22 of /proc/self/stat, in seconds of the boot clock. */
static double
exec_time(void)
{
	char buf[512];
	FILE *f = fopen("/proc/self/stat", "r");
	size_t n = f ? fread(buf, 1, sizeof(buf) - 1, f) : 0;
	if (f) {
		fclose(f);
	}
	buf[n] = '\0';
	char *p = strrchr(buf, ')'); /* the command name may hold spaces */
	unsigned long long start = 0;
	if (!p ||
		sscanf(p + 2,
			"%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %*u %*u %*d %*d %*d "
			"%*d %*d %*d %llu",
			&start) != 1) {
		return -1;
	}
	return (double)start / (double)sysconf(_SC_CLK_TCK);
}

void
pw_start_trace(const char *phase)
{
	if (tracing < 0) {
		tracing = getenv("PICOWL_START_TRACE") != NULL;
		if (tracing) {
			pw_log_info("start: exec %.3f", exec_time());
		}
	}
	if (!tracing) {
		return;
	}
	struct timespec ts;
	clock_gettime(CLOCK_BOOTTIME, &ts);
	pw_log_info("start: %s %.3f", phase, ts.tv_sec + ts.tv_nsec / 1e9);
}

/* After the repaint that emitted the frame signal has handed its image to the display. */
static void
handle_idle(void *data)
{
	pw_start_trace("first-frame");
}

static void
handle_frame(struct wl_listener *listener, void *data)
{
	wl_list_remove(&listener->link);
	wl_list_init(&listener->link);
	pw_start_trace("first-repaint");
	wl_event_loop_add_idle(loop, handle_idle, NULL);
}

void
pw_start_trace_first_frame(struct pw_server *server)
{
	if (tracing > 0 && server->output) {
		loop = server->loop;
		frame.notify = handle_frame;
		wl_signal_add(&server->output->events.frame, &frame);
	}
}

#include "child_output.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wayland-server-core.h>

#include "clock.h"
#include "desktop.h"
#include "log.h"
#include "server.h"

/* Decision 4.60: what a turn of the loop reads, and what a second of a child's output logs. */
#define READ_MAX 4096
#define BUDGET_BYTES 16384
#define LINE_BYTES 1024 /* a longer line goes out in pieces of this */

struct pw_child_output {
	struct wl_list link; /* pw_desktop.child_outputs */
	struct wl_event_source *source;
	struct wl_event_source *resume; /* while over its budget: the end of the second */
	int fd;
	struct wl_event_loop *loop;
	char who[64]; /* "name[pid]" */
	int64_t window_ns; /* the start of the second being counted */
	size_t window_bytes;
	unsigned dropped_lines;
	size_t len; /* of the line being gathered */
	char line[LINE_BYTES];
};

static void
report_dropped(struct pw_child_output *co)
{
	if (co->dropped_lines) {
		pw_log_warning("%s: %u line(s) of its output dropped (more than %d bytes a second)",
			co->who, co->dropped_lines, BUDGET_BYTES);
		co->dropped_lines = 0;
	}
}

static void
line_out(struct pw_child_output *co, int64_t now)
{
	if (now - co->window_ns >= 1000000000) {
		report_dropped(co);
		co->window_ns = now;
		co->window_bytes = 0;
	}
	/* What the line costs in the log: its time and name too. */
	size_t cost = co->len + strlen(co->who) + 16;
	if (co->window_bytes + cost > BUDGET_BYTES) {
		co->dropped_lines++;
	} else {
		co->window_bytes += cost;
		pw_log_program(PW_LOG_INFO, co->who, co->line, co->len);
	}
	co->len = 0;
}

static int
handle_resume_timer(void *data)
{
	struct pw_child_output *co = data;
	wl_event_source_fd_update(co->source, WL_EVENT_READABLE);
	return 0;
}

/*
 * Over its budget: the rest of the second unread. The child blocks once the pipe is full, so a
 * flood costs picowl a read a second, not a core (4.60).
 */
static void
pause_reading(struct pw_child_output *co, int64_t now)
{
	if (!co->resume) {
		co->resume = wl_event_loop_add_timer(co->loop, handle_resume_timer, co);
		if (!co->resume) {
			return; /* read on, dropping */
		}
	}
	int64_t left = co->window_ns + 1000000000 - now;
	wl_event_source_fd_update(co->source, 0);
	wl_event_source_timer_update(co->resume, left > 1000000 ? (int)(left / 1000000) : 1);
}

static void
destroy(struct pw_child_output *co)
{
	if (co->len) {
		line_out(co, pw_now_ns());
	}
	report_dropped(co);
	wl_list_remove(&co->link);
	wl_event_source_remove(co->source);
	if (co->resume) {
		wl_event_source_remove(co->resume);
	}
	close(co->fd);
	free(co);
}

static int
handle_output_readable(int fd, uint32_t mask, void *data)
{
	struct pw_child_output *co = data;
	char buf[READ_MAX];
	ssize_t n = read(fd, buf, sizeof(buf));
	if (n < 0 && (errno == EAGAIN || errno == EINTR)) {
		return 0;
	}
	if (n <= 0) {
		/* End of file: the child and all it left holding the pipe are gone. */
		destroy(co);
		return 0;
	}
	int64_t now = pw_now_ns();
	for (ssize_t i = 0; i < n; i++) {
		if (buf[i] == '\n') {
			line_out(co, now);
			continue;
		}
		if (co->len == sizeof(co->line)) {
			line_out(co, now);
		}
		co->line[co->len++] = buf[i];
	}
	if (co->dropped_lines) {
		pause_reading(co, now);
	}
	return 0;
}

bool
pw_child_output_watch(struct pw_server *server, int fd, const char *program, pid_t pid)
{
	struct pw_child_output *co = calloc(1, sizeof(*co));
	if (!co) {
		close(fd);
		return false;
	}
	const char *name = strrchr(program, '/');
	snprintf(co->who, sizeof(co->who), "%.40s[%d]", name ? name + 1 : program, (int)pid);
	co->fd = fd;
	co->loop = server->loop;
	co->window_ns = pw_now_ns();
	co->source = wl_event_loop_add_fd(server->loop, fd, WL_EVENT_READABLE,
		handle_output_readable, co);
	if (!co->source) {
		close(fd);
		free(co);
		return false;
	}
	wl_list_insert(&server->desktop->child_outputs, &co->link);
	return true;
}

void
pw_child_output_finish(struct pw_desktop *desktop)
{
	struct pw_child_output *co, *tmp;
	wl_list_for_each_safe(co, tmp, &desktop->child_outputs, link) {
		destroy(co);
	}
}

/*
 * The start timeline (issue 19): with PICOWL_START_TRACE set in the environment, picowl writes
 * one line to stderr per phase of its start, "picowl: start: <phase> <s>", <s> the boot clock
 * (CLOCK_BOOTTIME, the clock of /proc/uptime) in seconds; the first line carries the process's
 * start time from /proc/self/stat (in clock ticks) as "exec". Without the variable nothing is
 * written and nothing is measured.
 */
#ifndef PW_START_TRACE_H
#define PW_START_TRACE_H

struct pw_server;

/* One line for `phase` (a short word) when tracing. */
void pw_start_trace(const char *phase);
/* When tracing: "first-repaint" after the first repaint, "first-frame" once it is handed to the
 * display (on fbdev: copied into the scanned-out memory, on screen at the next refresh). */
void pw_start_trace_first_frame(struct pw_server *server);

#endif

/*
 * picowl's log lines that clients can make repeat (libwayland's, through the core, and the
 * core's own about clients): on stderr, each line at most once a second. A line that comes
 * again within a second of being shown is counted, not shown; when it is shown again its count
 * goes with it, and the counts still open are written at pw_log_flush. Lines are the same when
 * their text but for digits is (another pid, another count); the last 8 distinct lines are
 * remembered. Only for such lines: a report whose rows differ in numbers goes to stderr as it
 * is. Pure: no Wayland.
 */
#ifndef PW_LOG_H
#define PW_LOG_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>

/* printf-like; one line (a newline is added when missing). */
void pw_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* As pw_log with `prefix` in front of the formatted text (libwayland's wl_log handler). */
void pw_log_v(const char *prefix, const char *fmt, va_list ap);
/* Writes the counts of lines not shown yet and forgets every line. */
void pw_log_flush(void);

/* For tests: where lines go (NULL: stderr) and the clock (NULL: CLOCK_MONOTONIC). */
void pw_log_set_output(FILE *out, int64_t (*now_ns)(void));

#endif

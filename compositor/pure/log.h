/*
 * picowl's log: every message of the compositor and its backends goes through here, on stderr
 * (or the FILE pw_log_set_output names, or a sink), one line each, never cut, as
 * "[SECONDS.MS] picowl: text": CLOCK_MONOTONIC in front, "picowl: " after it (decision 4.60).
 *
 * Levels: error (picowl or a request cannot go on), warning (it goes on, worse than asked),
 * info (what a person running picowl wants to see: the socket, a client started, a reload),
 * debug (for a developer). A line above the level set with pw_log_set_level is dropped; the
 * level is PW_LOG_INFO until set.
 *
 * Lines clients can make repeat (libwayland's, through the core, and the core's own about
 * clients) go through pw_log_limited: each line at most once a second. A line that comes again
 * within a second of being shown is counted, not shown; when it is shown again its count goes
 * with it, and the counts still open are written at pw_log_flush. Lines are the same when their
 * text but for digits is (another pid, another count); the last 8 distinct lines are
 * remembered. Pure: no Wayland.
 */
#ifndef PW_LOG_H
#define PW_LOG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

enum pw_log_level {
	PW_LOG_ERROR,
	PW_LOG_WARNING,
	PW_LOG_INFO,
	PW_LOG_DEBUG,
};

/* Lines of `level` and below are written, the others dropped. */
void pw_log_set_level(enum pw_log_level level);
/* Whether a line of `level` would be written (to skip building a costly one). */
bool pw_log_enabled(enum pw_log_level level);

/* printf-like; one line, "picowl: " in front (a newline is added when missing). */
void pw_log(enum pw_log_level level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void pw_log_va(enum pw_log_level level, const char *fmt, va_list ap);
#define pw_log_error(...) pw_log(PW_LOG_ERROR, __VA_ARGS__)
#define pw_log_warning(...) pw_log(PW_LOG_WARNING, __VA_ARGS__)
#define pw_log_info(...) pw_log(PW_LOG_INFO, __VA_ARGS__)
#define pw_log_debug(...) pw_log(PW_LOG_DEBUG, __VA_ARGS__)

/* As pw_log, each line at most once a second (above). */
void pw_log_limited(enum pw_log_level level, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* As pw_log_limited with `prefix` after "picowl: " (libwayland's wl_log handler). */
void pw_log_limited_va(enum pw_log_level level, const char *prefix, const char *fmt, va_list ap);
/* Writes the counts of limited lines not shown yet and forgets every line. */
void pw_log_flush(void);

/* Each line of `text` (lines end at '\n') as its own line of `level`. */
void pw_log_lines(enum pw_log_level level, const char *text);
/* A line another program wrote (`len` bytes, no newline), `who` ("foot[123]") in place of
 * "picowl". */
void pw_log_program(enum pw_log_level level, const char *who, const char *text, size_t len);

/* Where lines go (NULL: stderr; line-buffered or unbuffered, so each line is one write) and the
 * clock (NULL: CLOCK_MONOTONIC; tests give theirs). */
void pw_log_set_output(FILE *out, int64_t (*now_ns)(void));
/*
 * A sink instead of the file (NULL: the file again): each line's level and text without the
 * timestamp, and without "picowl: " for picowl's own lines (syslog gives its ident).
 */
typedef void (*pw_log_sink_fn)(enum pw_log_level level, const char *text, void *data);
void pw_log_set_sink(pw_log_sink_fn sink, void *data);

#endif

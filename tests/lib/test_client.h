/*
 * The test clients' shared scaffolding: the log a test reads and the signals it sends.
 *
 * Every event a test client reports is one line, appended to its state file (flushed at once:
 * the Python tests poll the file) and, when the client gave a prefix, also written to stdout
 * as "PREFIX LINE" (the harness's log shows it). A test pokes a client with SIGUSR1 (or another
 * signal), which the client reads from a signalfd beside its Wayland connection.
 */
#ifndef TEST_CLIENT_H
#define TEST_CLIENT_H

#include <stdbool.h>

/*
 * Opens PATH (NULL: /dev/null) for appending as the state file; `prefix` (e.g. "@@CLIENT", or
 * NULL for the state file only) starts every line copied to stdout. On failure prints
 * "NAME: cannot open the state file PATH" and returns false.
 */
bool test_client_open(const char *name, const char *path, const char *prefix);
/* One line (printf-like, no newline): to the state file, and to stdout with the prefix. */
void test_client_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Closes the state file. */
void test_client_close(void);

/* Blocks `signo` and returns a signalfd (close-on-exec) that reads it; -1 on failure. */
int test_client_signalfd(int signo);
/* Reads one pending signal from `fd`; true when one was read. */
bool test_client_take_signal(int fd);

#endif

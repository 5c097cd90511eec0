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
#include <stdint.h>

#include "client.h"
#include "client_toplevel.h"

/* What the test clients with a window and input ask for: wl_compositor 4, wl_shm 1, wl_seat 5,
 * wl_output 3, xdg_wm_base 1. */
extern const struct pw_client_versions test_client_versions;

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
/*
 * Dispatches the client's events until *closed is set or the connection ends, and calls
 * handle_signal(data) once for every signal read from `fd` (a test_client_signalfd) meanwhile.
 */
void test_client_run(struct pw_client *client, const bool *closed, int fd,
	void (*handle_signal)(void *data), void *data);

/* The first time it is called for `top` (*drawn false): fills the toplevel at its configured size
 * with `colour` (ARGB), commits and says "drawn"; sets *drawn. Later calls do nothing. */
void test_client_draw_once(struct pw_client_toplevel *top, bool *drawn, uint32_t colour);

/* CLOCK_MONOTONIC in nanoseconds: the clock of wp_presentation's answers in picowl. */
int64_t test_client_now_ns(void);

#endif

/* Where picowl's log goes when not to stderr: a file appended to, or syslog. Pure: no Wayland. */
#ifndef PW_LOG_SINK_H
#define PW_LOG_SINK_H

#include <stdbool.h>

/*
 * `target` "syslog": syslog(3) as "picowl" with LOG_DAEMON, each level mapped to its priority;
 * else a file, opened once (created 0644, appended to, close-on-exec), each line one write.
 * NULL: stderr. Returns false with errno set when the file cannot be opened (the log stays
 * where it was).
 */
bool pw_log_sink_open(const char *target);
/* The log back on stderr; the file closed, syslog closed. */
void pw_log_sink_close(void);

#endif

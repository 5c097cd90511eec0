/* The picowl_counters_v1 global: picowl-ctl reads the counters through it. */
#ifndef PW_COUNTERS_PROTOCOL_H
#define PW_COUNTERS_PROTOCOL_H

#include <stdbool.h>

struct pw_server;

/* Creates the global; false on failure. */
bool pw_counters_protocol_create(struct pw_server *server);

#endif

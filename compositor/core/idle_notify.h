/* The ext_idle_notifier_v1 global, private: swayidle. */
#ifndef PW_IDLE_NOTIFY_H
#define PW_IDLE_NOTIFY_H

#include <stdbool.h>

struct pw_server;

/* Creates the global; false on failure. */
bool pw_idle_notify_create(struct pw_server *server);

#endif

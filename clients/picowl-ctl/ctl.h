/* picowl-ctl's connection to picowl, which every subcommand shares (ctl.c). */
#ifndef PW_CTL_H
#define PW_CTL_H

#include <stdbool.h>

#include "client.h"
#include "client_keys.h"
#include "client_seat.h"

struct ctl {
	struct pw_client client;
	struct pw_client_global globals[3]; /* the two below; the last ends the list */
	struct picowl_counters_v1 *counters;
	struct picowl_control_v1 *control;
	struct pw_client_keys keys; /* inject: picowl's keymap, for keysym names */
	uint32_t control_version; /* bound at most; 0: 4, what the older subcommands listen to */
};

/* Connects and binds the private globals (and with `keyboard` the seat's keyboard, for its
 * keymap); prints why and returns false on failure. */
bool ctl_connect(struct ctl *ctl, bool keyboard);
void ctl_disconnect(struct ctl *ctl);

#endif

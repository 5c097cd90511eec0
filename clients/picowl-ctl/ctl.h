/* picowl-ctl's connection to picowl, which every subcommand shares (ctl.c). */
#ifndef PW_CTL_H
#define PW_CTL_H

#include <stdbool.h>
#include <stdio.h>

#include "client.h"
#include "client_keys.h"
#include "client_seat.h"

/* A tile or window of the last complete list picowl sent. */
struct ctl_item {
	uint32_t id; /* the tile's index, or the window's id */
	char *title, *app_id;
	uint32_t flags;
};

/* A list of tiles or windows: complete once `done`; the next event starts a new one. */
struct ctl_list {
	struct ctl_item *items;
	size_t n, cap;
	bool done, restart;
};

/* What picowl answered on picowl_control_v1: one listener (ctl.c) fills it for every command. */
struct ctl_answer {
	struct ctl_list tiles, windows;
	int pid;
	bool spawned;
	int errors, error_lines;
	bool reloaded;
	uint32_t power_state;
	bool power_done;
	uint32_t calibration_result;
	char *calibration_message;
	bool calibration_done;
	bool failed; /* an action_failed event came (its message is printed) */
	bool json; /* outputs and inputs: print as JSON */
	int outputs, inputs; /* printed so far */
	bool outputs_done, inputs_done;
};

struct ctl {
	struct pw_client client;
	struct pw_client_global globals[3]; /* the two below; the last ends the list */
	struct picowl_counters_v1 *counters;
	struct picowl_control_v1 *control;
	struct pw_client_keys keys; /* inject: picowl's keymap, for keysym names */
	struct ctl_answer answer;
	bool keyboard; /* set before connecting: bind the seat's keyboard too, for its keymap */
	int connected; /* 0: not tried, 1: connected, -1: failed */
};

/*
 * Connects at the first call (after a command checked its arguments: a usage error is 2 with or
 * without a picowl) and binds the private globals; false, after a message, when that failed.
 */
bool ctl_connected(struct ctl *ctl);
void ctl_disconnect(struct ctl *ctl);

/*
 * Connects (ctl_connected); whether picowl_control_v1 is bound at `version` or above; else
 * prints that `what` needs it and returns false.
 */
bool ctl_control(struct ctl *ctl, uint32_t version, const char *what);
/* Dispatches until *flag is set; false (with a message) when the connection broke. */
bool ctl_wait(struct ctl *ctl, const bool *flag);
/* A round trip: what the requests sent caused has come. False (with a message) on an error. */
bool ctl_roundtrip(struct ctl *ctl);
/* The exit status after requests that answer only with action_failed: 0, or 1 when one came. */
int ctl_status(struct ctl *ctl);

/* `s` as a JSON string, quoted and escaped. */
void ctl_json_string(FILE *out, const char *s);

#endif

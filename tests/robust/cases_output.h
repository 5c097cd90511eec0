/*
 * The robust cases' zwlr_output_manager_v1 client (cases_output.c): what the manager, its head
 * and mode and the configurations' answers said, for the cases of cases_output_cases.c.
 */
#ifndef ROBUST_CASES_OUTPUT_H
#define ROBUST_CASES_OUTPUT_H

#include "cases.h"

#define OM_MAX_MODES 32

struct om_mode {
	struct zwlr_output_mode_v1 *proxy; /* NULL: finished */
	int32_t width, height, refresh;
	bool preferred;
};

struct om {
	struct zwlr_output_head_v1 *head;
	struct zwlr_output_mode_v1 *mode; /* the current one; width and height are its size */
	struct om_mode modes[OM_MAX_MODES];
	int n_modes, current;
	uint32_t serial;
	int dones, finished;
	int32_t transform, enabled, width, height;
	bool current_mode, preferred;
	char name[32];
	int succeeded, failed, cancelled;
};

extern struct om om;

/* Listens to c->output_manager and waits for its head, mode and first done; false on failure. */
bool om_need_manager(struct conn *c);
struct zwlr_output_configuration_v1 *om_config_new(struct conn *c, uint32_t serial);
/* enable_head of the head. */
struct zwlr_output_configuration_head_v1 *om_config_head(struct conn *c,
	struct zwlr_output_configuration_v1 *cfg);
/* Sends the configuration (apply or test), waits for its one answer and destroys it. */
bool om_answer(struct conn *c, struct zwlr_output_configuration_v1 *cfg, bool apply);
/* A configuration of `transform` applied or tested; true if its answer was counted in *want. */
bool om_transform_is(struct conn *c, int32_t transform, bool apply, int *want);
/* A listed mode other than the current one, or -1. */
int om_other_mode(void);
/* A configuration of mode `index` applied or tested; true if its answer was counted in *want. */
bool om_mode_is(struct conn *c, int index, bool apply, int *want);
/* Waits for a done after the `before`th; false on timeout. */
bool om_wait_done(struct conn *c, int before, int timeout_ms);

#endif

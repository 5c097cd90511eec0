/* picowl-ctl counters: the per-commit counters over picowl_counters_v1. */
#ifndef PW_CTL_COUNTERS_H
#define PW_CTL_COUNTERS_H

#include <stdbool.h>

#include "ctl.h"

/* counters [--json] [--reset]; argv[0] is the name. Returns the exit status. */
int ctl_counters(struct ctl *ctl, int argc, char **argv);
/* Reads the whole dump (JSON or text) into a malloc'd string (NULL on failure). */
char *ctl_read_counters(struct ctl *ctl, bool json);

#endif

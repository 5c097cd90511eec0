/*
 * The counters' reports (counters_report.c): the aggregates of a stage over the rings, and the
 * whole report as text (for people) or JSON (for tools). Pure: no Wayland.
 */
#ifndef PW_COUNTERS_REPORT_H
#define PW_COUNTERS_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "counters.h"

/* Aggregate of one quantity over the frames or commits in the rings. */
struct pw_stat {
	size_t count;
	double min, median, p95, max, sum;
};

/* Milliseconds; per commit for QUEUE and TOTAL, per frame for the others. */
struct pw_stat pw_counters_report_stage(const struct pw_counters *counters, enum pw_stage stage);

/* The whole report; `json` selects JSON (with every record) over text. */
void pw_counters_report_dump(const struct pw_counters *counters, FILE *out, bool json);

#endif

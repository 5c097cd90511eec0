/* picowl-ctl outputs and inputs (ctl_info.c); argv[0] is the name; the exit status. */
#ifndef PW_CTL_INFO_H
#define PW_CTL_INFO_H

#include "ctl.h"

/* outputs [--json]: name, size, format, rotation, refresh, scale, backend of each output. */
int ctl_outputs(struct ctl *ctl, int argc, char **argv);
/* inputs [--json]: node, capabilities, calibration matrix and name of each input device. */
int ctl_inputs(struct ctl *ctl, int argc, char **argv);

/* An output event's arguments. */
struct ctl_output {
	const char *name;
	int32_t width, height, rotation, refresh; /* refresh in mHz */
	const char *format, *backend;
	int32_t scale;
};

/* For ctl.c's listener: an output event or an input event, as a line or a JSON array's item
 * (ctl->answer.json); the listener closes the array at the done event. */
void ctl_print_output(struct ctl *ctl, const struct ctl_output *output);
void ctl_print_input(struct ctl *ctl, const char *name, const char *sysname, uint32_t caps,
	const char *calibration);

#endif

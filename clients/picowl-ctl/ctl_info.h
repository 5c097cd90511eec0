/* picowl-ctl outputs and inputs (ctl_info.c); argv[0] is the name; the exit status. */
#ifndef PW_CTL_INFO_H
#define PW_CTL_INFO_H

#include "ctl.h"

/* outputs [--json]: name, size, format, rotation, refresh, scale, backend of each output. */
int ctl_outputs(struct ctl *ctl, int argc, char **argv);
/* inputs [--json]: node, capabilities, calibration matrix and name of each input device. */
int ctl_inputs(struct ctl *ctl, int argc, char **argv);

#endif

/* picowl-ctl's session subcommands over picowl_control_v1 (ctl_control.c); argv[0] is the name;
 * each returns the exit status: 0, 1 when picowl refused or failed, 2 on a usage error. */
#ifndef PW_CTL_CONTROL_H
#define PW_CTL_CONTROL_H

#include "ctl.h"

/* spawn [--tile N] COMMAND [ARGS...]: one word is split as the ini's exec; prints the pid. */
int ctl_spawn(struct ctl *ctl, int argc, char **argv);
/* reload: prints the config file's errors (version 6) and fails when there were any. */
int ctl_reload(struct ctl *ctl, int argc, char **argv);
int ctl_focus(struct ctl *ctl, int argc, char **argv);
int ctl_panel(struct ctl *ctl, int argc, char **argv);
/* power off|on|toggle|status */
int ctl_power(struct ctl *ctl, int argc, char **argv);

#endif

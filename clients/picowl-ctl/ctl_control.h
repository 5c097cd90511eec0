/* picowl-ctl's session subcommands over picowl_control_v1; argv[0] is the name; each returns
 * the exit status. */
#ifndef PW_CTL_CONTROL_H
#define PW_CTL_CONTROL_H

#include "ctl.h"

int ctl_spawn(struct ctl *ctl, int argc, char **argv);
int ctl_reload(struct ctl *ctl, int argc, char **argv);
int ctl_focus(struct ctl *ctl, int argc, char **argv);
int ctl_panel(struct ctl *ctl, int argc, char **argv);
int ctl_tiles(struct ctl *ctl, int argc, char **argv);
int ctl_inject(struct ctl *ctl, int argc, char **argv);
/* power off|on|toggle|status */
int ctl_power(struct ctl *ctl, int argc, char **argv);

#endif

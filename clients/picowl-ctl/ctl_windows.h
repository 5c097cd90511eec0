/* picowl-ctl's window subcommands over picowl_control_v1 version 5 (ctl_windows.c). */
#ifndef PW_CTL_WINDOWS_H
#define PW_CTL_WINDOWS_H

#include "ctl.h"

/* windows: one line a window: id, flags, app id, title. */
int ctl_windows(struct ctl *ctl, int argc, char **argv);
/* window activate|close|kill ID */
int ctl_window(struct ctl *ctl, int argc, char **argv);
/* action ACTION...: the words joined by blanks, run as a [bindings] value. */
int ctl_action(struct ctl *ctl, int argc, char **argv);

#endif

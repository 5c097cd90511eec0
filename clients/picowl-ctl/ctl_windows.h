/* picowl-ctl's window subcommands over picowl_control_v1 (ctl_windows.c). */
#ifndef PW_CTL_WINDOWS_H
#define PW_CTL_WINDOWS_H

#include "ctl.h"

/* tiles [--json]: one line a tile: number, flags, app id, title; or a JSON array. */
int ctl_tiles(struct ctl *ctl, int argc, char **argv);
/* windows [--json]: one line a window: id, flags, app id, title; or a JSON array. */
int ctl_windows(struct ctl *ctl, int argc, char **argv);
/* window activate|close|kill ID: 1 when no window ID is open. */
int ctl_window(struct ctl *ctl, int argc, char **argv);
/* action ACTION...: the words joined by blanks, run as a [bindings] value; 1 when picowl
 * answers that it could not (unknown, no such tile, no focused window, spawn failed). */
int ctl_action(struct ctl *ctl, int argc, char **argv);

#endif

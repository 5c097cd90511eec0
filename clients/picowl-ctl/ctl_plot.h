/* picowl-ctl plot: the stage times per frame and a histogram, as SVG. */
#ifndef PW_CTL_PLOT_H
#define PW_CTL_PLOT_H

#include <stdbool.h>

#include "ctl.h"

/* plot FILE.svg; argv[0] is the name. Returns the exit status. */
int ctl_plot(struct ctl *ctl, int argc, char **argv);
/* Draws the plot of a JSON dump into `path` as SVG; false (with a message) on failure. */
bool ctl_write_plot(const char *json, const char *path);

#endif

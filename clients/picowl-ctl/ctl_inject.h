/* picowl-ctl inject (ctl_inject.c): test input through picowl --test-hooks. */
#ifndef PW_CTL_INJECT_H
#define PW_CTL_INJECT_H

#include "ctl.h"

/* inject key K[+K...] | touch down|motion|up|tap X Y [ID] | touch cancel | pointer ... */
int ctl_inject(struct ctl *ctl, int argc, char **argv);

#endif

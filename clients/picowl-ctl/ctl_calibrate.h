/* picowl-ctl calibrate: the touch screen's calibration routine over picowl_control_v1 (4). */
#ifndef PW_CTL_CALIBRATE_H
#define PW_CTL_CALIBRATE_H

struct ctl;

/*
 * calibrate [--timeout MS]: starts picowl's routine and waits for its end; prints the message
 * (the file written, or the ini line to add). Exit status 0 when the matrix was applied, 1
 * when nothing changed (cancelled, too few or unusable taps, busy), 2 on a usage error.
 */
int ctl_calibrate(struct ctl *ctl, int argc, char **argv);

#endif

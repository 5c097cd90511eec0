/*
 * The touch screen's calibration matrix, libinput's six numbers: a point (x, y) given as 0..1
 * across the unrotated display becomes (m[0] x + m[1] y + m[2], m[3] x + m[4] y + m[5]).
 * Pure arithmetic for the calibration routine (compositor/shell/calibrate.c).
 */
#ifndef PW_CALIBRATION_H
#define PW_CALIBRATION_H

#include <stdbool.h>
#include <stddef.h>

/* At least this many taps, at most PW_CALIBRATION_MAX_POINTS, go into a solve. */
#define PW_CALIBRATION_MIN_POINTS 3
#define PW_CALIBRATION_MAX_POINTS 16

/* Applies `m` to (x, y). */
void pw_calibration_apply(const double m[6], double x, double y, double *ox, double *oy);

/* The inverse of the affine map `m` into `inv`; false (inv untouched) when m is singular. */
bool pw_calibration_invert(const double m[6], double inv[6]);

/* `m` = `a` after `b`: m(p) = a(b(p)). */
void pw_calibration_compose(const double a[6], const double b[6], double m[6]);

/*
 * The least-squares matrix taking the `n` measured points `raw` (x, y pairs) to their
 * `target`s. On success fills `m` and returns NULL; otherwise leaves `m` untouched and returns
 * the reason, a sentence for the user: too few taps, taps all at one point, taps on one line.
 */
const char *pw_calibration_solve(const double (*raw)[2], const double (*target)[2], size_t n,
	double m[6]);

/*
 * Writes "a b c d e f" (the ini value of [input] calibration) into buf; the numbers round-trip
 * to within 1e-6. Returns what snprintf returns.
 */
int pw_calibration_format(const double m[6], char *buf, size_t size);

#endif

/*
 * calibration.c: a known distortion of five targets must be undone to 1e-9 (and to a fraction
 * of a pixel with noise), its inverse and composition must agree, and too few taps, taps at one
 * point and taps on one line must be refused with the matrix left as it was.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "calibration.h"

#include "check.h"

static const double targets[5][2] = {{0.125, 0.125}, {0.875, 0.125}, {0.875, 0.875}, {0.125, 0.875},
	{0.5, 0.5}};

static bool
near(const double a[6], const double b[6], double eps)
{
	for (int i = 0; i < 6; i++) {
		if (fabs(a[i] - b[i]) > eps) {
			return false;
		}
	}
	return true;
}

/* The raw points a screen distorted by `d` reports for the targets. */
static void
distort(const double d[6], double raw[5][2])
{
	for (int i = 0; i < 5; i++) {
		pw_calibration_apply(d, targets[i][0], targets[i][1], &raw[i][0], &raw[i][1]);
	}
}

static void
test_exact(void)
{
	/* Scaled, sheared, offset: a resistive panel's worst. */
	const double d[6] = {0.9, 0.05, 0.04, -0.03, 1.1, -0.06};
	double raw[5][2], m[6], inv[6];
	distort(d, raw);
	CHECK(pw_calibration_solve((const double(*)[2])raw, targets, 5, m) == NULL);
	CHECK(pw_calibration_invert(d, inv));
	CHECK(near(m, inv, 1e-9));
	/* Four taps are enough too. */
	CHECK(pw_calibration_solve((const double(*)[2])raw, targets, 4, m) == NULL);
	CHECK(near(m, inv, 1e-9));
	double id[6];
	pw_calibration_compose(m, d, id);
	CHECK(near(id, (const double[6]){1, 0, 0, 0, 1, 0}, 1e-9));
	/* Rotated a quarter turn and mirrored: a panel glued on the other way round. */
	const double q[6] = {0, -1, 1, 1, 0, 0};
	distort(q, raw);
	CHECK(pw_calibration_solve((const double(*)[2])raw, targets, 5, m) == NULL);
	CHECK(pw_calibration_invert(q, inv));
	CHECK(near(m, inv, 1e-9));
}

static void
test_noise(void)
{
	/* A 240x320 panel: +-0.5 raw pixel of noise on each tap leaves every target within 1 px. */
	const double d[6] = {1.05, 0.02, -0.03, 0.01, 0.95, 0.04};
	double raw[5][2], m[6];
	srand(7);
	for (int round = 0; round < 200; round++) {
		distort(d, raw);
		for (int i = 0; i < 5; i++) {
			raw[i][0] += ((rand() % 101) - 50) / 100.0 / 240;
			raw[i][1] += ((rand() % 101) - 50) / 100.0 / 320;
		}
		CHECK(pw_calibration_solve((const double(*)[2])raw, targets, 5, m) == NULL);
		double worst = 0;
		for (int i = 0; i < 5; i++) {
			double x, y, cx, cy;
			pw_calibration_apply(d, targets[i][0], targets[i][1], &x, &y);
			pw_calibration_apply(m, x, y, &cx, &cy);
			worst = fmax(worst,
				fmax(fabs(cx - targets[i][0]) * 240,
					fabs(cy - targets[i][1]) * 320));
		}
		CHECK(worst < 1.0);
	}
}

static void
test_refused(void)
{
	const double keep[6] = {2, 0, 0, 0, 2, 0};
	double m[6];
	double raw[5][2];
	memcpy(m, keep, sizeof(m));
	distort((const double[6]){1, 0, 0, 0, 1, 0}, raw);
	const char *why = pw_calibration_solve((const double(*)[2])raw, targets, 2, m);
	CHECK(why && strstr(why, "too few"));
	CHECK(near(m, keep, 0));
	CHECK(pw_calibration_solve((const double(*)[2])raw, targets, 0, m) != NULL);
	/* Every tap at one point, give or take a raw pixel. */
	for (int i = 0; i < 5; i++) {
		raw[i][0] = 0.4 + i * 0.001;
		raw[i][1] = 0.6;
	}
	why = pw_calibration_solve((const double(*)[2])raw, targets, 5, m);
	CHECK(why && strstr(why, "one point"));
	CHECK(near(m, keep, 0));
	/* On one line (a finger dragged along the diagonal). */
	for (int i = 0; i < 5; i++) {
		raw[i][0] = 0.1 + i * 0.2;
		raw[i][1] = 0.1 + i * 0.2 + (i % 2) * 0.001;
	}
	why = pw_calibration_solve((const double(*)[2])raw, targets, 5, m);
	CHECK(why && strstr(why, "one line"));
	CHECK(near(m, keep, 0));
	raw[2][0] = NAN;
	CHECK(pw_calibration_solve((const double(*)[2])raw, targets, 5, m) != NULL);
	CHECK(near(m, keep, 0));
	double inv[6];
	CHECK(!pw_calibration_invert((const double[6]){1, 2, 0, 2, 4, 0}, inv));
}

static void
test_format(void)
{
	const double m[6] = {1.0526316, -0.021052632, 0.0311, -1e-12, 0.95, 0.04};
	char buf[128];
	CHECK(pw_calibration_format(m, buf, sizeof(buf)) > 0);
	CHECK(strcmp(buf, "1.0526316 -0.021052632 0.0311 0 0.95 0.04") == 0);
	double back[6];
	CHECK(sscanf(buf, "%lf %lf %lf %lf %lf %lf", &back[0], &back[1], &back[2], &back[3],
		      &back[4], &back[5]) == 6);
	CHECK(near(m, back, 1e-6));
}

int
main(void)
{
	test_exact();
	test_noise();
	test_refused();
	test_format();
	return check_summary();
}

/* The calibration matrix: least squares over the taps, and the affine helpers. */
#include "calibration.h"

#include <math.h>
#include <stdio.h>

/* Taps closer together than this (a fraction of the display) are one point. */
#define ONE_POINT 0.01
/* Below this ratio of the spread's two axes the taps lie on one line. */
#define ONE_LINE 0.02

void
pw_calibration_apply(const double m[6], double x, double y, double *ox, double *oy)
{
	*ox = m[0] * x + m[1] * y + m[2];
	*oy = m[3] * x + m[4] * y + m[5];
}

bool
pw_calibration_invert(const double m[6], double inv[6])
{
	double det = m[0] * m[4] - m[1] * m[3];
	if (!isfinite(det) || fabs(det) < 1e-12) {
		return false;
	}
	inv[0] = m[4] / det;
	inv[1] = -m[1] / det;
	inv[3] = -m[3] / det;
	inv[4] = m[0] / det;
	inv[2] = -(inv[0] * m[2] + inv[1] * m[5]);
	inv[5] = -(inv[3] * m[2] + inv[4] * m[5]);
	return true;
}

void
pw_calibration_compose(const double a[6], const double b[6], double m[6])
{
	double r[6] = {
		a[0] * b[0] + a[1] * b[3],
		a[0] * b[1] + a[1] * b[4],
		a[0] * b[2] + a[1] * b[5] + a[2],
		a[3] * b[0] + a[4] * b[3],
		a[3] * b[1] + a[4] * b[4],
		a[3] * b[2] + a[4] * b[5] + a[5],
	};
	for (int i = 0; i < 6; i++) {
		m[i] = r[i];
	}
}

/* Solves the 3x3 system s v = r by Cramer's rule; false when s is singular. */
static bool
solve3(const double s[3][3], const double r[3], double v[3])
{
	double det = s[0][0] * (s[1][1] * s[2][2] - s[1][2] * s[2][1]) -
		s[0][1] * (s[1][0] * s[2][2] - s[1][2] * s[2][0]) +
		s[0][2] * (s[1][0] * s[2][1] - s[1][1] * s[2][0]);
	if (!isfinite(det) || fabs(det) < 1e-18) {
		return false;
	}
	for (int k = 0; k < 3; k++) {
		double t[3][3];
		for (int i = 0; i < 3; i++) {
			for (int j = 0; j < 3; j++) {
				t[i][j] = j == k ? r[i] : s[i][j];
			}
		}
		v[k] = (t[0][0] * (t[1][1] * t[2][2] - t[1][2] * t[2][1]) -
			       t[0][1] * (t[1][0] * t[2][2] - t[1][2] * t[2][0]) +
			       t[0][2] * (t[1][0] * t[2][1] - t[1][1] * t[2][0])) /
			det;
	}
	return true;
}

const char *
pw_calibration_solve(const double (*raw)[2], const double (*target)[2], size_t n, double m[6])
{
	if (n < PW_CALIBRATION_MIN_POINTS) {
		return "too few taps: at least 3 are needed";
	}
	if (n > PW_CALIBRATION_MAX_POINTS) {
		return "too many taps";
	}
	/* Centred, so that the spread says how the taps lie whatever their offset. */
	double cx = 0, cy = 0;
	for (size_t i = 0; i < n; i++) {
		if (!isfinite(raw[i][0]) || !isfinite(raw[i][1])) {
			return "a tap has no position";
		}
		cx += raw[i][0] / (double)n;
		cy += raw[i][1] / (double)n;
	}
	double sxx = 0, syy = 0, sxy = 0, far = 0;
	for (size_t i = 0; i < n; i++) {
		double dx = raw[i][0] - cx, dy = raw[i][1] - cy;
		sxx += dx * dx;
		syy += dy * dy;
		sxy += dx * dy;
		far = fmax(far, fmax(fabs(dx), fabs(dy)));
	}
	if (far < ONE_POINT) {
		return "the taps are all at one point";
	}
	/* The spread's axes are the covariance's eigenvalues; the smaller against the larger. */
	double half = (sxx + syy) / 2, root = sqrt((sxx - syy) * (sxx - syy) / 4 + sxy * sxy);
	if (half - root < ONE_LINE * (half + root)) {
		return "the taps lie on one line";
	}
	/* Normal equations of the centred points: [x y 1] against each target coordinate. */
	double s[3][3] = {{sxx, sxy, 0}, {sxy, syy, 0}, {0, 0, (double)n}};
	double rx[3] = {0}, ry[3] = {0};
	for (size_t i = 0; i < n; i++) {
		double p[3] = {raw[i][0] - cx, raw[i][1] - cy, 1};
		for (int k = 0; k < 3; k++) {
			rx[k] += p[k] * target[i][0];
			ry[k] += p[k] * target[i][1];
		}
	}
	double vx[3], vy[3];
	if (!solve3((const double(*)[3])s, rx, vx) || !solve3((const double(*)[3])s, ry, vy)) {
		return "the taps lie on one line";
	}
	/* Back from centred coordinates: c = v[2] - a cx - b cy. */
	double r[6] = {vx[0], vx[1], vx[2] - vx[0] * cx - vx[1] * cy, vy[0], vy[1],
		vy[2] - vy[0] * cx - vy[1] * cy};
	for (int i = 0; i < 6; i++) {
		if (!isfinite(r[i])) {
			return "the taps give no usable matrix";
		}
	}
	if (fabs(r[0] * r[4] - r[1] * r[3]) < 1e-6) {
		return "the taps give no usable matrix";
	}
	for (int i = 0; i < 6; i++) {
		m[i] = r[i];
	}
	return NULL;
}

int
pw_calibration_format(const double m[6], char *buf, size_t size)
{
	double v[6];
	for (int i = 0; i < 6; i++) {
		/* No "-0" in the file. */
		v[i] = fabs(m[i]) < 5e-9 ? 0 : m[i];
	}
	return snprintf(buf, size, "%.8g %.8g %.8g %.8g %.8g %.8g", v[0], v[1], v[2], v[3], v[4],
		v[5]);
}

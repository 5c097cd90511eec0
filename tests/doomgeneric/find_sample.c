/*
 * Finds a template in a sound stream by normalized cross-correlation, for test_sound.py:
 *
 *   dg-find-sample STREAM TEMPLATE
 *
 * STREAM is raw S16LE stereo (what ALSA's file plugin writes); it is searched as mono, left plus
 * right, so the match does not depend on the sound's separation. TEMPLATE is raw S16LE mono at
 * the stream's rate. Prints "best NCC at FRAME gain G energy E": the offset (in frames) where
 * the correlation is highest, the least-squares gain of the template there and the stream's
 * energy over the window. Offsets where the stream is (nearly) silent are skipped.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static int16_t *
slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		perror(path);
		exit(2);
	}
	size_t cap = 1 << 20, len = 0;
	int16_t *p = malloc(cap * sizeof(*p));
	for (;;) {
		if (!p) {
			fprintf(stderr, "out of memory\n");
			exit(2);
		}
		len += fread(p + len, sizeof(*p), cap - len, f);
		if (len < cap) {
			break;
		}
		cap *= 2;
		p = realloc(p, cap * sizeof(*p));
	}
	fclose(f);
	*n = len;
	return p;
}

int
main(int argc, char **argv)
{
	size_t ns, nt;

	if (argc != 3) {
		fprintf(stderr, "usage: %s STREAM TEMPLATE\n", argv[0]);
		return 2;
	}
	int16_t *stream = slurp(argv[1], &ns);
	int16_t *tpl = slurp(argv[2], &nt);
	size_t frames = ns / 2;
	if (nt == 0 || frames < nt) {
		printf("best 0 at 0 gain 0 energy 0\n");
		return 0;
	}
	double *x = malloc(frames * sizeof(*x));
	double *y = malloc(nt * sizeof(*y));
	if (!x || !y) {
		fprintf(stderr, "out of memory\n");
		return 2;
	}
	for (size_t i = 0; i < frames; i++) {
		x[i] = (double)stream[2 * i] + (double)stream[2 * i + 1];
	}
	double yy = 0;
	for (size_t k = 0; k < nt; k++) {
		y[k] = tpl[k];
		yy += y[k] * y[k];
	}
	/* the window's energy, kept by a running sum */
	double xx = 0;
	for (size_t k = 0; k < nt; k++) {
		xx += x[k] * x[k];
	}
	double best = 0, best_gain = 0, best_xx = 0;
	size_t best_at = 0;
	double quiet = (double)nt * 64.0 * 64.0; /* below about -54 dBFS: silence */
	for (size_t t = 0; t + nt <= frames; t++) {
		if (t > 0) {
			xx += x[t + nt - 1] * x[t + nt - 1] - x[t - 1] * x[t - 1];
		}
		if (xx < quiet || yy == 0) {
			continue;
		}
		double xy = 0;
		for (size_t k = 0; k < nt; k++) {
			xy += x[t + k] * y[k];
		}
		double ncc = xy / sqrt(xx * yy);
		if (ncc > best) {
			best = ncc;
			best_at = t;
			best_gain = xy / yy;
			best_xx = xx;
		}
	}
	printf("best %.4f at %zu gain %.4f energy %.0f\n", best, best_at, best_gain, best_xx);
	free(x);
	free(y);
	free(stream);
	free(tpl);
	return 0;
}

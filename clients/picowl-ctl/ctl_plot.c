/*
 * picowl-ctl plot FILE.svg: the stage times of every frame over time, and their histogram,
 * drawn as SVG with the C library alone.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctl.h"
#include "ctl_counters.h"
#include "ctl_plot.h"

#define W 900
#define H 360 /* each of the two panels */
#define MARGIN 60
#define BINS 40

struct frame {
	double t; /* seconds since the first frame */
	double render, present, picowl, scanout; /* milliseconds */
};

static const struct {
	const char *name, *colour;
	size_t offset;
} series[] = {
	{"render", "#1f77b4", offsetof(struct frame, render)},
	{"present (copy)", "#ff7f0e", offsetof(struct frame, present)},
	{"picowl per frame", "#2ca02c", offsetof(struct frame, picowl)},
	{"present->on screen", "#9467bd", offsetof(struct frame, scanout)},
};
#define NSERIES (sizeof(series) / sizeof(series[0]))

static double
value(const struct frame *f, size_t s)
{
	return *(const double *)((const char *)f + series[s].offset);
}

static bool
field(const char *line, const char *key, long long *out)
{
	const char *p = strstr(line, key);
	return p && sscanf(p + strlen(key), "%lld", out) == 1;
}

/* The frames of picowl's own JSON dump: one record a line in its "frames" array. */
static size_t
parse_frames(const char *json, struct frame **out)
{
	size_t n = 0, cap = 0;
	struct frame *frames = NULL;
	long long t0 = -1;
	for (const char *line = json; line && *line; line = strchr(line, '\n')) {
		line += *line == '\n';
		long long rep, ren, sub, done;
		if (!field(line, "\"t_repaint\": ", &rep) || !field(line, "\"t_render\": ", &ren) ||
			!field(line, "\"t_submit\": ", &sub) ||
			!field(line, "\"t_done\": ", &done)) {
			continue;
		}
		if (n == cap) {
			cap = cap ? cap * 2 : 256;
			struct frame *grown = realloc(frames, cap * sizeof(*frames));
			if (!grown) {
				break;
			}
			frames = grown;
		}
		if (t0 < 0) {
			t0 = rep;
		}
		frames[n++] = (struct frame){
			.t = (double)(rep - t0) / 1e9,
			.render = (double)(ren - rep) / 1e6,
			.present = (double)(sub - ren) / 1e6,
			.picowl = (double)(sub - rep) / 1e6,
			.scanout = (double)(done - sub) / 1e6,
		};
	}
	*out = frames;
	return n;
}

static void
axes(FILE *out, int top, const char *title, const char *xlabel, double xmax, const char *ylabel,
	double ymax)
{
	int x0 = MARGIN, y0 = top + H - MARGIN, w = W - 2 * MARGIN, h = H - 2 * MARGIN;
	fprintf(out, "<text x='%d' y='%d' font-size='15' font-weight='bold'>%s</text>\n", x0,
		top + 24, title);
	fprintf(out, "<rect x='%d' y='%d' width='%d' height='%d' fill='none' stroke='#444'/>\n", x0,
		top + MARGIN, w, h);
	for (int i = 0; i <= 4; i++) {
		fprintf(out, "<text x='%d' y='%d' font-size='11' text-anchor='end'>%.3g</text>\n",
			x0 - 4, y0 - i * h / 4 + 4, ymax * i / 4);
		fprintf(out,
			"<text x='%d' y='%d' font-size='11' text-anchor='middle'>%.3g</text>\n",
			x0 + i * w / 4, y0 + 16, xmax * i / 4);
	}
	fprintf(out, "<text x='%d' y='%d' font-size='12' text-anchor='middle'>%s</text>\n",
		x0 + w / 2, y0 + 34, xlabel);
	fprintf(out,
		"<text x='14' y='%d' font-size='12' transform='rotate(-90 14 %d)' "
		"text-anchor='middle'>%s</text>\n",
		top + H / 2, top + H / 2, ylabel);
}

static void
legend(FILE *out, int top)
{
	for (size_t s = 0; s < NSERIES; s++) {
		int x = W - MARGIN - 150, y = top + MARGIN + 16 + (int)s * 16;
		fprintf(out,
			"<rect x='%d' y='%d' width='12' height='4' fill='%s'/>"
			"<text x='%d' y='%d' font-size='11'>%s</text>\n",
			x, y - 4, series[s].colour, x + 16, y, series[s].name);
	}
}

bool
ctl_write_plot(const char *json, const char *path)
{
	struct frame *frames;
	size_t n = parse_frames(json, &frames);
	if (n == 0) {
		fprintf(stderr, "picowl-ctl plot: the counters hold no finished frame yet\n");
		free(frames);
		return false;
	}
	FILE *out = fopen(path, "w");
	if (!out) {
		fprintf(stderr, "picowl-ctl plot: cannot write %s: %m\n", path);
		free(frames);
		return false;
	}
	double tmax = frames[n - 1].t > 0 ? frames[n - 1].t : 1, vmax = 0;
	for (size_t i = 0; i < n; i++) {
		for (size_t s = 0; s < NSERIES; s++) {
			vmax = fmax(vmax, value(&frames[i], s));
		}
	}
	vmax = vmax > 0 ? vmax * 1.05 : 1;
	int w = W - 2 * MARGIN, h = H - 2 * MARGIN;
	fprintf(out,
		"<?xml version='1.0' encoding='UTF-8'?>\n"
		"<svg xmlns='http://www.w3.org/2000/svg' width='%d' height='%d' "
		"font-family='sans-serif'>\n<rect width='100%%' height='100%%' fill='white'/>\n",
		W, 2 * H);
	axes(out, 0, "picowl: stage times per frame", "time (s)", tmax, "ms", vmax);
	for (size_t s = 0; s < NSERIES; s++) {
		fprintf(out, "<polyline fill='none' stroke-width='1' stroke='%s' points='",
			series[s].colour);
		for (size_t i = 0; i < n; i++) {
			fprintf(out, "%.1f,%.1f ", MARGIN + frames[i].t / tmax * w,
				H - MARGIN - value(&frames[i], s) / vmax * h);
		}
		fprintf(out, "'/>\n");
	}
	legend(out, 0);

	/* Histogram: how many frames took how long, per stage, in BINS bins up to vmax. */
	unsigned counts[NSERIES][BINS] = {{0}};
	unsigned cmax = 1;
	for (size_t i = 0; i < n; i++) {
		for (size_t s = 0; s < NSERIES; s++) {
			int b = (int)(value(&frames[i], s) / vmax * BINS);
			b = b < 0 ? 0 : b >= BINS ? BINS - 1 : b;
			counts[s][b]++;
			cmax = counts[s][b] > cmax ? counts[s][b] : cmax;
		}
	}
	axes(out, H, "histogram", "ms", vmax, "frames", cmax);
	double bw = (double)w / BINS / NSERIES;
	for (size_t s = 0; s < NSERIES; s++) {
		for (int b = 0; b < BINS; b++) {
			double bh = (double)counts[s][b] / cmax * h;
			fprintf(out,
				"<rect x='%.1f' y='%.1f' width='%.1f' height='%.1f' fill='%s'/>\n",
				MARGIN + (double)b * w / BINS + (double)s * bw, 2 * H - MARGIN - bh,
				bw, bh, series[s].colour);
		}
	}
	legend(out, H);
	fprintf(out, "<text x='%d' y='%d' font-size='11'>%zu frames</text>\n</svg>\n", MARGIN,
		2 * H - 8, n);
	free(frames);
	if (fclose(out) != 0) {
		fprintf(stderr, "picowl-ctl plot: cannot write %s: %m\n", path);
		return false;
	}
	return true;
}

int
ctl_plot(struct ctl *ctl, int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "picowl-ctl plot: usage: picowl-ctl plot FILE.svg\n");
		return 2;
	}
	char *json = ctl_read_counters(ctl, true);
	if (!json) {
		return 1;
	}
	bool ok = ctl_write_plot(json, argv[1]);
	free(json);
	return ok ? 0 : 1;
}

/* The counters' aggregates and their dumps, text and JSON: read-only over the rings. */
#include "counters_report.h"

#include "counters_internal.h"
#include "counters_touch.h"

#include <stdlib.h>

#include "modes.h"

static const char *const path_names[] = {"composite", "direct", "none"};

static const char *
surface_name(const struct pw_counters *c, uint32_t surface)
{
	for (size_t i = 0; i < MAX_NAMES; i++) {
		if (c->names[i].id == surface && c->names[i].name[0]) {
			return c->names[i].name;
		}
	}
	return "?";
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static struct pw_stat
stat_of(double *v, size_t n)
{
	struct pw_stat s = {.count = n};
	if (n == 0) {
		return s;
	}
	qsort(v, n, sizeof(*v), cmp_double);
	s.min = v[0];
	s.max = v[n - 1];
	s.median = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
	size_t p = (size_t)(0.95 * (double)(n - 1) + 0.5);
	s.p95 = v[p];
	for (size_t i = 0; i < n; i++) {
		s.sum += v[i];
	}
	return s;
}

/* Complete frames (on screen) in the ring, oldest first; the caller frees. */
static size_t
complete_frames(const struct pw_counters *c, const struct pw_frame_record ***out)
{
	const struct pw_frame_record **list = calloc(c->frame_cap, sizeof(*list));
	size_t n = 0;
	if (!list) {
		*out = NULL;
		return 0;
	}
	uint32_t first = c->last_seq >= c->frame_cap ? c->last_seq - (uint32_t)c->frame_cap + 1 : 1;
	for (uint32_t seq = first; seq && seq <= c->last_seq; seq++) {
		const struct pw_frame_record *f = pw_counters_frame_at(c, seq);
		if (f && f->t_done) {
			list[n++] = f;
		}
	}
	*out = list;
	return n;
}

static double
ms(int64_t ns)
{
	return (double)ns / 1e6;
}

struct pw_stat
pw_counters_report_stage(const struct pw_counters *c, enum pw_stage stage)
{
	struct pw_stat empty = {0};
	if (stage == PW_STAGE_TOUCH) {
		double *v;
		size_t n = pw_counters_touch_effects(c, &v), k = 0;
		for (size_t i = 0; i < n; i++) {
			if (v[i] >= 0) {
				v[k++] = v[i];
			}
		}
		struct pw_stat s = stat_of(v, k);
		free(v);
		return s;
	}
	if (stage == PW_STAGE_QUEUE || stage == PW_STAGE_TOTAL) {
		size_t n = pw_counters_commits_in_ring(c), k = 0;
		double *v = calloc(n ? n : 1, sizeof(*v));
		if (!v) {
			return empty;
		}
		for (size_t i = 0; i < n; i++) {
			const struct pw_commit_record *r = pw_counters_commit_at(c, i);
			const struct pw_frame_record *f = pw_counters_frame_at(c, r->frame);
			if (!f || !f->t_done) {
				continue;
			}
			int64_t end = stage == PW_STAGE_QUEUE ? f->t_repaint : f->t_done;
			v[k++] = ms(end - r->t_commit);
		}
		struct pw_stat s = stat_of(v, k);
		free(v);
		return s;
	}
	const struct pw_frame_record **frames;
	size_t n = complete_frames(c, &frames);
	double *v = calloc(n ? n : 1, sizeof(*v));
	if (!frames || !v) {
		free(frames);
		free(v);
		return empty;
	}
	for (size_t i = 0; i < n; i++) {
		const struct pw_frame_record *f = frames[i];
		switch (stage) {
		case PW_STAGE_RENDER:
			v[i] = ms(f->t_render - f->t_repaint);
			break;
		case PW_STAGE_PRESENT:
			v[i] = ms(f->t_submit - f->t_render);
			break;
		case PW_STAGE_SCANOUT:
			v[i] = ms(f->t_done - f->t_submit);
			break;
		default:
			v[i] = ms(f->t_submit - f->t_repaint);
			break;
		}
	}
	struct pw_stat s = stat_of(v, n);
	free(v);
	free(frames);
	return s;
}

/* Everything the summary says, computed once for both formats. */
struct summary {
	size_t frames, commits;
	double seconds;
	double bytes, rows, copy_ms, picowl_ms;
	double bytes_per_commit, copy_mb_s;
	double fixed_ms, ns_per_byte; /* picowl per frame = fixed + bytes * ns_per_byte */
	bool fit;
	bool fixed_from_empty; /* no fit: the fixed cost is that of frames that moved nothing */
	double vcsw_per_frame, ivcsw_per_frame;
	size_t path_count[3], engine_count[3];
};

/*
 * picowl's time per frame as a fixed cost plus a cost per byte moved: the Theil-Sen line
 * (the median of the pairwise slopes, then the median intercept), which one slow first frame
 * cannot tilt the way it tilts least squares. At most FIT_SAMPLES frames, evenly spread, keep
 * the pairs few on a handheld. Needs frames of at least two sizes.
 */
#define FIT_SAMPLES 160

static bool
fit_cost(const struct pw_frame_record **frames, size_t n, double *fixed_ms, double *ns_per_byte)
{
	size_t m = n < FIT_SAMPLES ? n : FIT_SAMPLES;
	double *x = calloc(m ? m : 1, sizeof(*x)), *y = calloc(m ? m : 1, sizeof(*y));
	double *slopes = calloc(m * m / 2 + 1, sizeof(*slopes));
	size_t k = 0;
	bool ok = false;
	if (!x || !y || !slopes) {
		goto out;
	}
	for (size_t i = 0; i < m; i++) {
		const struct pw_frame_record *f = frames[i * n / m];
		x[i] = f->bytes;
		y[i] = ms(f->t_submit - f->t_repaint);
	}
	for (size_t i = 0; i < m; i++) {
		for (size_t j = i + 1; j < m; j++) {
			if (x[j] != x[i]) {
				slopes[k++] = (y[j] - y[i]) / (x[j] - x[i]);
			}
		}
	}
	/* Two sizes could be one outlier and the rest: ask for three. */
	size_t distinct = 0;
	for (size_t i = 0; i < m && distinct < 3; i++) {
		bool seen = false;
		for (size_t j = 0; j < i && !seen; j++) {
			seen = x[j] == x[i];
		}
		distinct += !seen;
	}
	if (k == 0 || distinct < 3) {
		goto out;
	}
	double slope = stat_of(slopes, k).median;
	if (slope < 0) {
		goto out; /* more bytes never cost less: too few or too noisy frames to fit */
	}
	for (size_t i = 0; i < m; i++) {
		y[i] -= slope * x[i];
	}
	*fixed_ms = stat_of(y, m).median;
	*ns_per_byte = slope * 1e6;
	ok = true;
out:
	free(x);
	free(y);
	free(slopes);
	return ok;
}

/* With one frame size the fit fails, but a frame that moved no bytes costs only the fixed part. */
static bool
fixed_from_empty(const struct pw_frame_record **frames, size_t n, double *fixed_ms)
{
	double *v = calloc(n ? n : 1, sizeof(*v));
	size_t k = 0;
	for (size_t i = 0; v && i < n; i++) {
		if (frames[i]->bytes == 0) {
			v[k++] = ms(frames[i]->t_submit - frames[i]->t_repaint);
		}
	}
	if (k > 0) {
		*fixed_ms = stat_of(v, k).median;
	}
	free(v);
	return k > 0;
}

static struct summary
summarize(const struct pw_counters *c)
{
	struct summary s = {0};
	const struct pw_frame_record **frames;
	size_t n = complete_frames(c, &frames);
	/* The switches of the frames after the first that has them, up to the last that does. */
	double vcsw = 0, ivcsw = 0;
	size_t first = n, last = 0;
	for (size_t i = 0; i < n; i++) {
		const struct pw_frame_record *f = frames[i];
		if (f->sampled) {
			if (first < n) {
				vcsw += f->vcsw;
				ivcsw += f->ivcsw;
			}
			first = first < n ? first : i;
			last = i;
		}
		s.bytes += f->bytes;
		s.rows += f->rows;
		s.copy_ms += ms(f->copy_ns);
		s.picowl_ms += ms(f->t_submit - f->t_repaint);
		s.path_count[f->path < 3 ? f->path : 0]++;
		s.engine_count[f->engine < 3 ? f->engine : 0]++;
		s.commits += f->commits;
	}
	s.frames = n;
	if (n > 0) {
		s.seconds = ms(frames[n - 1]->t_done - frames[0]->t_repaint) / 1000;
		size_t span = first < last ? last - first : 0;
		s.vcsw_per_frame = span ? vcsw / (double)span : 0;
		s.ivcsw_per_frame = span ? ivcsw / (double)span : 0;
		s.fit = fit_cost(frames, n, &s.fixed_ms, &s.ns_per_byte);
		if (!s.fit) {
			s.fixed_from_empty = fixed_from_empty(frames, n, &s.fixed_ms);
		}
	}
	s.bytes_per_commit = s.commits ? s.bytes / (double)s.commits : 0;
	s.copy_mb_s = s.copy_ms > 0 ? s.bytes / 1e6 / (s.copy_ms / 1000) : 0;
	free(frames);
	return s;
}

/* The touch events kept and how many of them a frame on screen shows (touch->on screen). */
static void
dump_touch_text(const struct pw_counters *c, FILE *out)
{
	double *v;
	size_t n = pw_counters_touch_effects(c, &v), shown = 0;
	for (size_t i = 0; i < n; i++) {
		shown += v[i] >= 0;
	}
	free(v);
	fprintf(out,
		"touch: %zu events (the last %d are kept), %zu with their effect on screen "
		"within %.0f ms\n",
		n, TOUCH_RING, shown, ms(PW_TOUCH_EFFECT_NS));
}

static void
dump_text(const struct pw_counters *c, FILE *out)
{
	struct summary s = summarize(c);
	fprintf(out,
		"picowl counters: %zu frames, %zu commits shown, over %.2f s "
		"(the last %zu frames and %zu commits are kept)\n",
		s.frames, s.commits, s.seconds, c->frame_cap, c->commit_cap);
	fprintf(out, "%-20s %7s %9s %9s %9s %9s %11s\n", "stage (ms)", "count", "min", "median",
		"p95", "max", "sum");
	for (int i = 0; i < PW_STAGE_COUNT; i++) {
		struct pw_stat st = pw_counters_report_stage(c, (enum pw_stage)i);
		fprintf(out, "%-20s %7zu %9.3f %9.3f %9.3f %9.3f %11.3f\n",
			pw_counters_stage_name((enum pw_stage)i), st.count, st.min, st.median,
			st.p95, st.max, st.sum);
	}
	fprintf(out,
		"paths: composite %zu, direct %zu, none %zu; engines: cpu %zu, kernel %zu, "
		"dma %zu\n",
		s.path_count[PW_PATH_COMPOSITE], s.path_count[PW_PATH_DIRECT],
		s.path_count[PW_PATH_NONE], s.engine_count[PW_COPY_CPU],
		s.engine_count[PW_COPY_KERNEL], s.engine_count[PW_COPY_DMA]);
	fprintf(out, "moved: %.0f rows, %.0f bytes; %.0f bytes per commit, %.1f rows per frame\n",
		s.rows, s.bytes, s.bytes_per_commit, s.frames ? s.rows / (double)s.frames : 0);
	fprintf(out, "copy: %.3f ms in all, %.2f MB/s\n", s.copy_ms, s.copy_mb_s);
	if (s.fit) {
		fprintf(out,
			"picowl per frame: %.3f ms mean; %.3f ms fixed per commit + %.3f ns "
			"per byte moved (Theil-Sen fit)\n",
			s.frames ? s.picowl_ms / (double)s.frames : 0, s.fixed_ms, s.ns_per_byte);
	} else if (s.fixed_from_empty) {
		fprintf(out,
			"picowl per frame: %.3f ms mean; %.3f ms fixed per commit (median of "
			"the frames that moved no bytes)\n",
			s.frames ? s.picowl_ms / (double)s.frames : 0, s.fixed_ms);
	} else {
		fprintf(out,
			"picowl per frame: %.3f ms mean (fixed cost: needs frames of "
			"three sizes or more, or frames without damage)\n",
			s.frames ? s.picowl_ms / (double)s.frames : 0);
	}
	fprintf(out, "context switches per frame: %.2f voluntary, %.2f involuntary\n",
		s.vcsw_per_frame, s.ivcsw_per_frame);
	dump_touch_text(c, out);

	/* Per surface: commits and their commit->on screen latency. */
	uint32_t seen[MAX_NAMES];
	size_t nseen = 0, n = pw_counters_commits_in_ring(c);
	fprintf(out, "%-8s %-20s %8s %9s %9s %9s\n", "surface", "name", "commits", "median", "p95",
		"max");
	for (size_t i = 0; i < n && nseen < MAX_NAMES; i++) {
		uint32_t id = pw_counters_commit_at(c, i)->surface;
		bool done = false;
		for (size_t j = 0; j < nseen; j++) {
			done |= seen[j] == id;
		}
		if (done) {
			continue;
		}
		seen[nseen++] = id;
		double *v = calloc(n, sizeof(*v));
		size_t k = 0, count = 0;
		for (size_t j = i; v && j < n; j++) {
			const struct pw_commit_record *r = pw_counters_commit_at(c, j);
			if (r->surface != id) {
				continue;
			}
			count++;
			const struct pw_frame_record *f = pw_counters_frame_at(c, r->frame);
			if (f && f->t_done) {
				v[k++] = ms(f->t_done - r->t_commit);
			}
		}
		struct pw_stat st = v ? stat_of(v, k) : (struct pw_stat){0};
		fprintf(out, "%-8u %-20s %8zu %9.3f %9.3f %9.3f\n", id, surface_name(c, id), count,
			st.median, st.p95, st.max);
		free(v);
	}
}

static void
dump_stat_json(FILE *out, const char *name, struct pw_stat st, bool last)
{
	fprintf(out,
		"    \"%s\": {\"count\": %zu, \"min\": %.6f, \"median\": %.6f, \"p95\": %.6f, "
		"\"max\": %.6f, \"sum\": %.6f}%s\n",
		name, st.count, st.min, st.median, st.p95, st.max, st.sum, last ? "" : ",");
}

static void
dump_json(const struct pw_counters *c, FILE *out)
{
	struct summary s = summarize(c);
	fprintf(out,
		"{\n  \"summary\": {\"frames\": %zu, \"commits\": %zu, \"seconds\": %.6f, "
		"\"rows\": %.0f, \"bytes\": %.0f, \"bytes_per_commit\": %.1f, "
		"\"copy_ms\": %.6f, \"copy_mb_per_s\": %.3f, \"picowl_ms_mean\": %.6f, ",
		s.frames, s.commits, s.seconds, s.rows, s.bytes, s.bytes_per_commit, s.copy_ms,
		s.copy_mb_s, s.frames ? s.picowl_ms / (double)s.frames : 0);
	if (s.fit) {
		fprintf(out, "\"fixed_ms_per_commit\": %.6f, \"ns_per_byte\": %.6f, ", s.fixed_ms,
			s.ns_per_byte);
	} else if (s.fixed_from_empty) {
		fprintf(out, "\"fixed_ms_per_commit\": %.6f, ", s.fixed_ms);
	}
	fprintf(out,
		"\"vcsw_per_frame\": %.4f, \"ivcsw_per_frame\": %.4f, "
		"\"paths\": {\"composite\": %zu, \"direct\": %zu, \"none\": %zu}, "
		"\"engines\": {\"cpu\": %zu, \"kernel\": %zu, \"dma\": %zu}},\n",
		s.vcsw_per_frame, s.ivcsw_per_frame, s.path_count[0], s.path_count[1],
		s.path_count[2], s.engine_count[0], s.engine_count[1], s.engine_count[2]);
	fprintf(out, "  \"stages_ms\": {\n");
	for (int i = 0; i < PW_STAGE_COUNT; i++) {
		dump_stat_json(out, pw_counters_stage_name((enum pw_stage)i),
			pw_counters_report_stage(c, (enum pw_stage)i), i == PW_STAGE_COUNT - 1);
	}
	fprintf(out, "  },\n  \"frames\": [");
	const struct pw_frame_record **frames;
	size_t n = complete_frames(c, &frames);
	for (size_t i = 0; i < n; i++) {
		const struct pw_frame_record *f = frames[i];
		fprintf(out,
			"%s\n    {\"seq\": %u, \"t_repaint\": %lld, \"t_render\": %lld, "
			"\"t_submit\": %lld, \"t_done\": %lld, \"copy_ns\": %lld, \"rows\": %u, "
			"\"bytes\": %u, \"commits\": %u, \"path\": \"%s\", \"engine\": \"%s\", "
			"\"vcsw\": %u, \"ivcsw\": %u}",
			i ? "," : "", f->seq, (long long)f->t_repaint, (long long)f->t_render,
			(long long)f->t_submit, (long long)f->t_done, (long long)f->copy_ns,
			f->rows, f->bytes, f->commits, path_names[f->path < 3 ? f->path : 0],
			pw_copy_engine_name((enum pw_copy_engine)(f->engine < 3 ? f->engine : 0)),
			f->vcsw, f->ivcsw);
	}
	free(frames);
	fprintf(out, "\n  ],\n  \"commits\": [");
	size_t nc = pw_counters_commits_in_ring(c);
	for (size_t i = 0; i < nc; i++) {
		const struct pw_commit_record *r = pw_counters_commit_at(c, i);
		fprintf(out,
			"%s\n    {\"t_commit\": %lld, \"surface\": %u, \"name\": \"%s\", "
			"\"frame\": %u}",
			i ? "," : "", (long long)r->t_commit, r->surface,
			surface_name(c, r->surface), r->frame);
	}
	fprintf(out, "\n  ],\n  \"touches\": [");
	double *v;
	size_t nt = pw_counters_touch_effects(c, &v);
	for (size_t i = 0; i < nt; i++) {
		int64_t t;
		uint32_t surface;
		pw_counters_touch_event(c, i, &t, &surface);
		fprintf(out, "%s\n    {\"t\": %lld, \"surface\": %u, \"name\": \"%s\", ",
			i ? "," : "", (long long)t, surface,
			surface ? surface_name(c, surface) : "");
		if (v[i] >= 0) {
			fprintf(out, "\"on_screen_ms\": %.6f}", v[i]);
		} else {
			fprintf(out, "\"on_screen_ms\": null}");
		}
	}
	free(v);
	fprintf(out, "\n  ]\n}\n");
}

void
pw_counters_report_dump(const struct pw_counters *c, FILE *out, bool json)
{
	if (json) {
		dump_json(c, out);
	} else {
		dump_text(c, out);
	}
	fflush(out);
}

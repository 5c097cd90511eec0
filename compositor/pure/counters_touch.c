/*
 * Touch to photon: a touch event's effect is the first frame on screen, begun after it, that
 * shows either a commit of the touched surface's tree (the first such commit after the event)
 * or picowl's own drawing (a frame that moved rows and took no commit). A commit must come
 * before the next touch event aimed at the same tree (that one is then the newest input the
 * frame shows: its latency is the lag of the screen behind the finger), picowl's drawing before
 * the next touch event of all; a commit within PW_TOUCH_EFFECT_NS, picowl's drawing begun
 * within PW_TOUCH_DRAWING_NS. All of it at report time: the
 * hooks cost the frame path nothing.
 */
#include "counters_touch.h"

#include <stdlib.h>

#include "counters_internal.h"

static size_t
touches_in_ring(const struct pw_counters *c)
{
	return c->touch_total < TOUCH_RING ? (size_t)c->touch_total : TOUCH_RING;
}

static const struct pw_touch_record *
touch_at(const struct pw_counters *c, size_t i)
{
	uint64_t base = c->touch_total - touches_in_ring(c);
	return &c->touches[pw_counters_slot(base + i, TOUCH_RING)];
}

void
pw_counters_touch_event(const struct pw_counters *c, size_t i, int64_t *t, uint32_t *surface)
{
	const struct pw_touch_record *r = touch_at(c, i);
	*t = r->t;
	*surface = r->surface;
}

/*
 * When the touch of index i stops owning effects: *commits at the next touch of its tree, 1 s
 * on at most; *drawing at the next touch of any (which may be what picowl draws for), 100 ms on
 * at most.
 */
static void
effect_limits(const struct pw_counters *c, size_t i, size_t n, int64_t *commits, int64_t *drawing)
{
	const struct pw_touch_record *r = touch_at(c, i);
	*commits = r->t + PW_TOUCH_EFFECT_NS;
	*drawing = r->t + PW_TOUCH_DRAWING_NS;
	if (i + 1 < n && touch_at(c, i + 1)->t < *drawing) {
		*drawing = touch_at(c, i + 1)->t;
	}
	for (size_t j = i + 1; j < n; j++) {
		const struct pw_touch_record *next = touch_at(c, j);
		if (next->surface == r->surface) {
			*commits = next->t < *commits ? next->t : *commits;
			break;
		}
	}
}

/* On screen time of the frame of the tree's first commit in [t, limit); 0 if none. */
static int64_t
commit_effect(const struct pw_counters *c, size_t *k, int64_t t, int64_t limit, uint32_t surface)
{
	size_t nc = pw_counters_commits_in_ring(c);
	while (*k < nc && pw_counters_commit_at(c, *k)->t_commit < t) {
		(*k)++;
	}
	for (size_t i = *k; i < nc; i++) {
		const struct pw_commit_record *r = pw_counters_commit_at(c, i);
		if (r->t_commit >= limit) {
			break;
		}
		if (r->surface == surface) {
			const struct pw_frame_record *f = pw_counters_frame_at(c, r->frame);
			return f && f->t_done ? f->t_done : 0;
		}
	}
	return 0;
}

/* On screen time of the first frame of picowl's own drawing begun in [t, limit); 0 if none. */
static int64_t
drawing_effect(const struct pw_counters *c, uint32_t *seq, int64_t t, int64_t limit)
{
	for (; *seq && *seq <= c->last_seq; (*seq)++) {
		const struct pw_frame_record *f = pw_counters_frame_at(c, *seq);
		if (f && f->t_repaint >= t) {
			break;
		}
	}
	for (uint32_t s = *seq; s && s <= c->last_seq; s++) {
		const struct pw_frame_record *f = pw_counters_frame_at(c, s);
		if (!f) {
			continue;
		}
		if (f->t_repaint >= limit) {
			break;
		}
		if (f->t_done && f->rows > 0 && f->commits == 0) {
			return f->t_done;
		}
	}
	return 0;
}

size_t
pw_counters_touch_effects(const struct pw_counters *c, double **ms)
{
	size_t n = touches_in_ring(c);
	*ms = n ? calloc(n, sizeof(**ms)) : NULL;
	if (!*ms) {
		return 0;
	}
	/* What the rings no longer hold cannot be matched: touches older than their oldest. */
	int64_t commits_from =
		c->commit_total > c->commit_cap ? pw_counters_commit_at(c, 0)->t_commit : 0;
	uint32_t seq = c->last_seq >= c->frame_cap ? c->last_seq - (uint32_t)c->frame_cap + 1 : 1;
	const struct pw_frame_record *oldest = pw_counters_frame_at(c, seq);
	int64_t frames_from = c->last_seq >= c->frame_cap && oldest ? oldest->t_repaint : 0;
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		const struct pw_touch_record *r = touch_at(c, i);
		int64_t limit, drawing_limit;
		effect_limits(c, i, n, &limit, &drawing_limit);
		(*ms)[i] = -1;
		if (r->t < commits_from || r->t < frames_from) {
			continue;
		}
		int64_t shown = r->surface ? commit_effect(c, &k, r->t, limit, r->surface) : 0;
		int64_t drawn = drawing_effect(c, &seq, r->t, drawing_limit);
		if (drawn && (!shown || drawn < shown)) {
			shown = drawn;
		}
		if (shown) {
			(*ms)[i] = (double)(shown - r->t) / 1e6;
		}
	}
	return n;
}

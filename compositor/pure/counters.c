/* The counters' rings and the hooks that fill them: nothing here allocates after the create. */
#include "counters_internal.h"

#include <stdlib.h>
#include <string.h>

static const char *const stage_names[PW_STAGE_COUNT] = {
	[PW_STAGE_QUEUE] = "commit->repaint",
	[PW_STAGE_RENDER] = "render",
	[PW_STAGE_PRESENT] = "present (copy)",
	[PW_STAGE_SCANOUT] = "present->on screen",
	[PW_STAGE_PICOWL] = "picowl per frame",
	[PW_STAGE_TOTAL] = "commit->on screen",
	[PW_STAGE_TOUCH] = "touch->on screen",
};

const char *
pw_counters_stage_name(enum pw_stage stage)
{
	return stage_names[stage];
}

struct pw_counters *
pw_counters_create(size_t frames, size_t commits)
{
	struct pw_counters *c = calloc(1, sizeof(*c));
	if (!c) {
		return NULL;
	}
	c->frames = calloc(frames, sizeof(*c->frames));
	c->commits = calloc(commits, sizeof(*c->commits));
	if (!c->frames || !c->commits) {
		pw_counters_destroy(c);
		return NULL;
	}
	c->frame_cap = frames;
	c->commit_cap = commits;
	return c;
}

void
pw_counters_destroy(struct pw_counters *c)
{
	if (!c) {
		return;
	}
	free(c->frames);
	free(c->commits);
	free(c->touches);
	free(c);
}

void
pw_counters_reset(struct pw_counters *c)
{
	memset(c->frames, 0, c->frame_cap * sizeof(*c->frames));
	memset(c->commits, 0, c->commit_cap * sizeof(*c->commits));
	c->commit_total = c->pending_start = 0;
	c->touch_total = 0;
	c->t_reset = 0;
	c->sampled = false;
	/* last_seq stays: a frame in flight keeps its number. */
}

void
pw_counters_name_surface(struct pw_counters *c, uint32_t surface, const char *name)
{
	size_t slot = c->name_next;
	for (size_t i = 0; i < MAX_NAMES; i++) {
		if (c->names[i].id == surface) {
			slot = i;
			break;
		}
	}
	if (slot == c->name_next) {
		c->name_next = (c->name_next + 1) % MAX_NAMES;
	}
	c->names[slot].id = surface;
	snprintf(c->names[slot].name, NAME_LEN, "%s", name ? name : "");
}

void
pw_counters_commit(struct pw_counters *c, uint32_t surface, int64_t t)
{
	struct pw_commit_record *r = &c->commits[pw_counters_slot(c->commit_total, c->commit_cap)];
	*r = (struct pw_commit_record){.t_commit = t, .surface = surface};
	c->commit_total++;
	if (c->commit_total - c->pending_start > c->commit_cap) {
		c->pending_start = c->commit_total - c->commit_cap;
	}
	if (c->t_reset == 0) {
		c->t_reset = t;
	}
}

void
pw_counters_frame_begin(struct pw_counters *c, uint32_t seq, int64_t t)
{
	struct pw_frame_record *f = &c->frames[pw_counters_slot(seq, c->frame_cap)];
	*f = (struct pw_frame_record){.seq = seq, .t_repaint = t, .path = PW_PATH_NONE};
	for (uint64_t i = c->pending_start; i < c->commit_total; i++) {
		c->commits[pw_counters_slot(i, c->commit_cap)].frame = seq;
		f->commits++;
	}
	c->pending_start = c->commit_total;
	c->last_seq = seq;
	if (c->t_reset == 0) {
		c->t_reset = t;
	}
}

void
pw_counters_frame_rendered(struct pw_counters *c, int64_t t, enum pw_path path)
{
	struct pw_frame_record *f = pw_counters_frame_at(c, c->last_seq);
	if (f) {
		f->t_render = t;
		f->path = (uint8_t)path;
	}
}

void
pw_counters_frame_submitted(struct pw_counters *c, int64_t t, uint32_t rows, uint32_t bytes,
	int engine, int64_t copy_ns)
{
	struct pw_frame_record *f = pw_counters_frame_at(c, c->last_seq);
	if (f) {
		f->t_submit = t;
		f->rows = rows;
		f->bytes = bytes;
		f->engine = (uint8_t)engine;
		f->copy_ns = copy_ns;
	}
}

void
pw_counters_frame_done(struct pw_counters *c, int64_t t)
{
	struct pw_frame_record *f = pw_counters_frame_at(c, c->last_seq);
	if (f && f->t_submit && !f->t_done) {
		/* A flip can complete inside the present call, before picowl read its clock. */
		f->t_done = t > f->t_submit ? t : f->t_submit;
		c->last_done_seq = c->last_seq;
	}
}

void
pw_counters_switches(struct pw_counters *c, uint32_t vcsw, uint32_t ivcsw)
{
	struct pw_frame_record *f = pw_counters_frame_at(c, c->last_done_seq);
	if (f && f->t_done) {
		f->vcsw += vcsw;
		f->ivcsw += ivcsw;
		f->sampled = true;
		c->sampled = true;
	}
}

bool
pw_counters_switches_wanted(const struct pw_counters *c)
{
	return !c->sampled;
}

void
pw_counters_touch(struct pw_counters *c, uint32_t surface, int64_t t)
{
	if (!c->touches && !(c->touches = calloc(TOUCH_RING, sizeof(*c->touches)))) {
		return; /* out of memory: the touch goes uncounted, the session on */
	}
	c->touches[pw_counters_slot(c->touch_total, TOUCH_RING)] =
		(struct pw_touch_record){.t = t, .surface = surface};
	c->touch_total++;
	if (c->t_reset == 0) {
		c->t_reset = t;
	}
}

/*
 * The rings of pure/counters.c, shared with the reports (counters_report.c): not for other
 * modules, which go through counters.h.
 */
#ifndef PW_COUNTERS_INTERNAL_H
#define PW_COUNTERS_INTERNAL_H

#include "counters.h"

#define MAX_NAMES 64
#define NAME_LEN 32
#define TOUCH_RING 256 /* a power of two: the touch events kept, 4 kB */

struct pw_touch_record {
	int64_t t;
	uint32_t surface;
};

struct pw_counters {
	struct pw_frame_record *frames;
	size_t frame_cap;
	uint32_t last_seq; /* the frame being built or shown last; 0: none yet */
	uint32_t last_done_seq; /* the frame on screen last */
	bool sampled; /* a frame since the reset has context switches */
	struct pw_commit_record *commits;
	size_t commit_cap;
	uint64_t commit_total; /* commits ever recorded; the ring holds the last commit_cap */
	uint64_t pending_start; /* the first commit not yet in a frame */
	int64_t t_reset;
	struct pw_touch_record *touches; /* TOUCH_RING, made at the first touch: none without one */
	uint64_t touch_total; /* touch events ever recorded; the ring holds the last TOUCH_RING */
	struct {
		uint32_t id;
		char name[NAME_LEN];
	} names[MAX_NAMES];
	size_t name_next;
};

/*
 * The ring slot of record `i`: a mask when the ring is a power of two (picowl's are), as ARMv5
 * divides in software, in a number of steps that depends on `i`.
 */
static inline size_t
pw_counters_slot(uint64_t i, size_t cap)
{
	return (cap & (cap - 1)) == 0 ? (size_t)(i & (cap - 1)) : (size_t)(i % cap);
}

/* The record of frame `seq` while the ring still holds it, else NULL. */
static inline struct pw_frame_record *
pw_counters_frame_at(const struct pw_counters *c, uint32_t seq)
{
	struct pw_frame_record *f = &c->frames[pw_counters_slot(seq, c->frame_cap)];
	return seq && f->seq == seq ? f : NULL;
}

/* How many commits the ring holds: the last commit_cap of commit_total. */
static inline size_t
pw_counters_commits_in_ring(const struct pw_counters *c)
{
	return c->commit_total < c->commit_cap ? (size_t)c->commit_total : c->commit_cap;
}

/* The i-th oldest commit the ring holds. */
static inline const struct pw_commit_record *
pw_counters_commit_at(const struct pw_counters *c, size_t i)
{
	uint64_t base = c->commit_total - pw_counters_commits_in_ring(c);
	return &c->commits[pw_counters_slot(base + i, c->commit_cap)];
}

#endif

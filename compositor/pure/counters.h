/*
 * Per-commit timing counters: every frame's stages and every commit's place in a frame,
 * kept in fixed rings, with aggregates and dumps as text (for people) and JSON (for tools).
 * Pure: no Wayland. Times are CLOCK_MONOTONIC nanoseconds.
 */
#ifndef PW_COUNTERS_H
#define PW_COUNTERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum pw_path {
	PW_PATH_COMPOSITE, /* views composited (pixman and picowl's spans) */
	PW_PATH_DIRECT, /* one fullscreen client's rows converted straight to the display */
	PW_PATH_NONE, /* nothing changed: a frame for callbacks only */
};

struct pw_frame_record {
	uint32_t seq;
	int64_t t_repaint; /* repaint started */
	int64_t t_render; /* composition (or direct copy) done */
	int64_t t_submit; /* handed to the display (picowl's copy, flip or DIRTYFB done) */
	int64_t t_done; /* on screen; 0 while pending */
	int64_t copy_ns; /* picowl's own copy to the display within the present */
	uint32_t rows, bytes;
	uint16_t commits;
	uint8_t path, engine; /* enum pw_path, enum pw_copy_engine */
	uint32_t vcsw, ivcsw; /* picowl's context switches since the last frame that has them */
	bool sampled; /* ... which this one has (pw_counters_switches) */
};

struct pw_commit_record {
	int64_t t_commit;
	uint32_t surface; /* the surface's counter id */
	uint32_t frame; /* seq of the frame that showed it; 0 while pending */
};

struct pw_counters;

/* Rings of `frames` frames and `commits` commits; NULL on allocation failure. */
struct pw_counters *pw_counters_create(size_t frames, size_t commits);
void pw_counters_destroy(struct pw_counters *counters);
void pw_counters_reset(struct pw_counters *counters);

/* Names a surface id for the dumps (app_id or title); copies `name`. */
void pw_counters_name_surface(struct pw_counters *counters, uint32_t surface, const char *name);

/* A commit that changed what a surface shows. */
void pw_counters_commit(struct pw_counters *counters, uint32_t surface, int64_t t);
/* A repaint begins: commits since the last one belong to frame `seq`. */
void pw_counters_frame_begin(struct pw_counters *counters, uint32_t seq, int64_t t);
void pw_counters_frame_rendered(struct pw_counters *counters, int64_t t, enum pw_path path);
void pw_counters_frame_submitted(struct pw_counters *counters, int64_t t, uint32_t rows,
	uint32_t bytes, int engine, int64_t copy_ns);
/* The frame is on screen. */
void pw_counters_frame_done(struct pw_counters *counters, int64_t t);
/*
 * picowl's context switches since the last call, read now (the caller samples them, rarely:
 * a getrusage is a system call): added to the newest frame on screen, which then has them.
 * The summary's switches per frame span the first to the last frame that has them, exact for
 * any sampling period.
 */
void pw_counters_switches(struct pw_counters *counters, uint32_t vcsw, uint32_t ivcsw);
/* No frame since the reset has context switches: the next one should, to start the span. */
bool pw_counters_switches_wanted(const struct pw_counters *counters);
/*
 * A touch event reached picowl at `t`, aimed at the tree of surface id `surface` (0: at none).
 * Touch only, never on the frame path: what it showed is found at report time
 * (counters_touch.c, doc/counters.md "Touch to photon").
 */
void pw_counters_touch(struct pw_counters *counters, uint32_t surface, int64_t t);

enum pw_stage {
	PW_STAGE_QUEUE, /* commit -> repaint start */
	PW_STAGE_RENDER, /* repaint start -> render end */
	PW_STAGE_PRESENT, /* render end -> present submitted (picowl's copy) */
	PW_STAGE_SCANOUT, /* present submitted -> on screen */
	PW_STAGE_PICOWL, /* repaint start -> present submitted: picowl's work per frame */
	PW_STAGE_TOTAL, /* commit -> on screen */
	PW_STAGE_TOUCH, /* touch event -> on screen, per touch event shown (counters_touch.c) */
	PW_STAGE_COUNT,
};

const char *pw_counters_stage_name(enum pw_stage stage);

#endif

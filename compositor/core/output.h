/* The output: wl_output global, damage, repaint scheduling and frame completion. */
#ifndef PW_OUTPUT_H
#define PW_OUTPUT_H

#include <pixman.h>
#include <stdbool.h>
#include <stdint.h>
#include <time.h>
#include <wayland-server-core.h>

#include "damage.h"

struct pw_server;
struct pw_backend;
struct pw_gamma;

#define PW_OUTPUT_MAX_PACED 8
/*
 * The counters sample picowl's context switches every this many frames (and at the first
 * frame after a reset, and at each dump): half the ring of 1,024 frames, which so always
 * holds a span of at least 512 between two samples.
 */
#define PW_OUTPUT_RUSAGE_FRAMES 512

struct pw_output {
	struct pw_server *server;
	struct pw_backend *backend;
	struct wl_global *global;
	struct wl_list resources;
	char name[32];
	int width, height; /* logical, as the clients see it (rotated) */
	int rotation; /* clockwise degrees from logical to the display: 0, 90, 180, 270 */
	int32_t transform; /* WL_OUTPUT_TRANSFORM_* advertised for `rotation` */
	pixman_image_t *scene; /* logical composition target while rotated, else NULL */
	bool scene_stale; /* direct presents went around the scene: redraw it whole */
	enum pw_damage_mode damage_mode;
	/* A gamma control's ramp, applied to what each frame draws (4.85), or NULL; who sets or
	 * clears it damages the whole output. */
	const struct pw_gamma *gamma;

	pixman_region32_t damage; /* output coordinates, not yet repainted */
	pixman_region32_t previous_damage; /* display coordinates: the last frame's, for age 2 */
	bool frame_pending; /* a presented frame is not yet on screen */
	bool repaint_needed; /* repaint once the pending frame is done */
	/* Frames in a row (up to 2) whose first commit came within a refresh; 2: keeps up. */
	int close_frames;
	/* The refresh period in ns and the refresh it is of: a 64-bit division only when it changes
	 * (ARMv5 has no divide instruction). */
	int64_t period;
	int32_t period_mhz;
	uint32_t judged_seq; /* the frame whose first commit set close_frames */
	bool coalesce; /* a client keeps up, paced by its frame callbacks: see run.c */
	/* The clients sent a frame callback at the last present (run.c lets them wait). */
	struct wl_client *paced[PW_OUTPUT_MAX_PACED];
	int n_paced;
	struct pw_output_commits {
		struct wl_client *client;
		int commits;
	} window[PW_OUTPUT_MAX_PACED]; /* commits since the last present, by client */
	int n_window;
	struct wl_event_source *repaint_idle;
	bool repaint_soon; /* repaint once run.c's dispatch returns */
	bool blank; /* the display is off: no repaint, no frame callbacks (power.c) */
	struct wl_list frame_callbacks; /* wl_resource links; sent once the frame is presented */
	struct wl_list feedbacks; /* wp_presentation_feedback links for the frame in flight */
	uint32_t frame_seq;
	long last_nvcsw, last_nivcsw; /* picowl's context switches at the last sample */
	struct timespec last_present;
	int64_t presented_ns; /* when the last frame was presented and its callbacks sent */

	struct {
		/* The logical size or transform changed (a rotation); data: the output. */
		struct wl_signal mode;
		/* After a repaint composited into the image; data: struct pw_output_frame. */
		struct wl_signal frame;
		/* The frame is on screen; data: struct timespec of the present. */
		struct wl_signal present;
		struct wl_signal destroy;
	} events;
};

struct pw_output_frame {
	pixman_image_t *image; /* the whole frame, display (rotated) coordinates */
	const pixman_region32_t *damage; /* what changed in it, display coordinates */
};

struct pw_output *pw_output_create(struct pw_server *server, struct pw_backend *backend);
void pw_output_destroy(struct pw_output *output);

/* Adds output-coordinate damage and schedules a repaint. */
void pw_output_damage_box(struct pw_output *output, int x, int y, int width, int height);
void pw_output_damage_region(struct pw_output *output, const pixman_region32_t *region);
void pw_output_damage_whole(struct pw_output *output);

/* Schedules a repaint even without damage (a frame callback, a capture). */
void pw_output_schedule_repaint(struct pw_output *output);
/* A client committed something for the output (its damage or a frame callback). */
void pw_output_note_commit(struct pw_output *output, struct wl_client *client);
/* Gives the counters picowl's context switches since the last sample (a getrusage). */
void pw_output_sample_switches(struct pw_output *output);
/* run.c: a dispatch of the event loop returned; repaints if one was asked for meanwhile. */
void pw_output_dispatched(struct pw_output *output);

/*
 * Rotates the output (0, 90, 180, 270 degrees clockwise): the logical size swaps for 90 and
 * 270, clients see a new mode, events.mode tells the shell (which re-tiles). False for another
 * angle. Also what takes a new backend size (a mode set), at the same or another angle.
 */
bool pw_output_set_rotation(struct pw_output *output, int degrees);

/*
 * While blank nothing is drawn and no frame callback is sent: damage waits. Unblanking
 * repaints everything (the display may have lost its contents).
 */
void pw_output_set_blank(struct pw_output *output, bool blank);

/* Maps a point given as 0..1 across the unrotated display to logical output coordinates. */
void pw_output_map_display_point(const struct pw_output *output, double x01, double y01, double *x,
	double *y);

#endif

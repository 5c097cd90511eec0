/*
 * picowl's platform layer for doomgeneric: the state shared by its files. Their functions are
 * in dg_wayland.h, dg_input.h and dg_present.h; dg_platform.c implements the engine's DG_*
 * interface (the engine's doomgeneric.h).
 *
 * doomgeneric's interface (DG_Init, DG_DrawFrame, ...) takes no context, so the layer keeps
 * one struct dg for the process (dg_platform.c). A failure the game cannot continue after
 * (no compositor, lost connection) prints one line and exits with status 1: the interface
 * has no way to return it, and the engine itself ends with exit() too.
 */
#ifndef DG_H
#define DG_H

#include <stdbool.h>
#include <stdint.h>

#include "client.h"
#include "client_keys.h"
#include "commit-timing-v1-client-protocol.h"
#include "dg_keys.h"
#include "dg_options.h"
#include "dg_pixels.h"
#include "fifo-v1-client-protocol.h"

struct dg;

struct dg_buffer {
	struct pw_client_buffer shm;
	struct dg *dg;
	uint32_t seq; /* the frame whose content it holds; 0: none yet */
	bool busy; /* attached, not released yet */
	bool stale; /* of an old size or format: destroyed when released */
};

#define DG_STATS_SAMPLES 8192

/* A frame callback later than this (a refresh below 10 Hz) means the window is not shown. */
#define DG_COVERED_MS 100

struct dg_stats {
	uint64_t start_us, first_draw_us, last_draw_us;
	uint64_t first_cpu_us; /* the process's CPU time (user + system) at the first frame */
	int first_gametic, last_gametic; /* the engine's gametic at the first and the last frame */
	uint64_t draw_us; /* inside DG_DrawFrame, waiting included */
	uint64_t wait_us; /* blocked for a frame callback or a buffer (old mode) */
	uint32_t draws; /* DG_DrawFrame calls */
	uint32_t commits; /* wl_surface.commit with a new frame */
	uint32_t unchanged; /* presents skipped: no row changed (-damage rows) */
	uint32_t deferred; /* DG_DrawFrame that could not present at once (new mode) */
	uint32_t covered; /* DG_DrawFrame while the window was covered: nothing presented */
	uint64_t rows_damaged; /* buffer rows damaged, over all commits */
	uint32_t buffers_created;
	uint32_t samples[DG_STATS_SAMPLES]; /* DG_DrawFrame times in us */
};

struct dg {
	struct dg_options opt;
	int fw, fh; /* the game's frame: DOOMGENERIC_RESX x DOOMGENERIC_RESY */
	const uint32_t *frame; /* DG_ScreenBuffer */

	struct pw_client client;
	struct wl_output *output; /* the first, for its transform */
	struct pw_client_toplevel top; /* its frame callback paces the presents */
	/* -presentmode fifo: the surface's fifo and commit timer (NULL: not offered) */
	struct wp_fifo_manager_v1 *fifo_manager;
	struct wp_commit_timing_manager_v1 *timing_manager;
	struct wp_fifo_v1 *fifo;
	struct wp_commit_timer_v1 *timer;
	uint64_t tic_ns; /* the time the last commit asked for, CLOCK_MONOTONIC ns */
	uint32_t format; /* WL_SHM_FORMAT_RGB565 or _XRGB8888 */
	int bpp;

	bool configured;
	int width, height; /* the window's size: configured, or the frame's when 0x0 */
	bool fullscreen;
	/* the output's wl_output.transform (its geometry), and the one a geometry just sent */
	int output_transform, pending_transform;
	/* What the buffers are drawn with (dg_present_turn); sent: the last one sent. */
	int turn, sent_turn;

	/* presenting: see dg_present.c */
	struct dg_fit fit;
	uint16_t *cmap, *rmap;
	uint32_t *prev; /* the last presented frame (-damage rows) */
	uint32_t *row_seq; /* per frame row: the frame that last changed it */
	void *staging; /* the frame in the buffer format (without -present-direct) */
	uint32_t staging_seq;
	uint32_t seq; /* frames presented so far */
	uint32_t committed_seq; /* the frame of the last commit; 0: damage everything */
	struct dg_buffer *buffers[DG_BUFFERS_MAX];
	int nbuffers;
	bool dirty; /* a frame was drawn and is not presented yet */
	/*
	 * Old mode: a frame callback or a buffer did not come within DG_COVERED_MS, so the window
	 * is not shown (covered, or the screen blank). DG_DrawFrame stops waiting until the frame
	 * callback comes back, and the game keeps its pace meanwhile.
	 */
	bool covered;

	/* keys: see dg_input.c */
	struct pw_client_keys xkb;
	struct dg_keyqueue keys;

	struct dg_stats stats;
};

#endif

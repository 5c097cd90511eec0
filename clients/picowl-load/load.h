/*
 * picowl-load: a wl_shm client that draws a known amount of damage per frame, for the
 * benchmarks in tests/bench. The state shared by its files: the command line (options.c), the
 * damage patterns (pattern.c) and the Wayland side (load.c).
 */
#ifndef PW_LOAD_H
#define PW_LOAD_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include "client.h"

#define NUM_BUFFERS 3

enum damage_kind {
	DAMAGE_FULL,
	DAMAGE_ROWS,
	DAMAGE_RECT,
	DAMAGE_NONE,
};

struct options {
	enum damage_kind damage;
	int damage_w, damage_h; /* rows: damage_h rows; rect: damage_w x damage_h */
	uint32_t shm_format;
	int bpp;
	double rate; /* 0: paced by frame callbacks alone */
	long frames; /* 0: no limit */
	long warmup;
	double seconds; /* 0: no limit */
	bool fullscreen;
	bool hold; /* after the last frame: report, stay connected until SIGTERM */
	int width, height;
};

struct load_buffer {
	struct pw_client_buffer shm;
	struct load *load;
	bool retired; /* the size changed while the compositor held it: destroy on release */
};

struct load {
	struct options opt;
	struct pw_client client;
	struct pw_client_toplevel top; /* its frame paces the frames */

	struct load_buffer *buffers[NUM_BUFFERS];
	int width, height; /* current surface size */
	bool configured;
	bool full_damage_next; /* the next frame damages everything (new buffers) */

	bool want_frame; /* a frame is due: draw it when a callback and a buffer allow */
	bool started; /* the warmup is over: frames count from load->warm */
	bool drawn_any;
	bool running;
	bool reported;
	int status;

	long frame; /* frames committed since start, warmup included */
	long counted; /* frames committed since the warmup ended */
	long skipped; /* rate mode: ticks lost because a frame was already due */
	struct timespec start, warm;
};

/* Fills `opt` from argv; prints a message and returns false on a bad argument. --help exits. */
bool parse_options(int argc, char **argv, struct options *opt);

/* The box a frame damages: fixed in place so that every buffer of the pool agrees outside it. */
void load_damage_box(const struct load *load, int *x, int *y, int *w, int *h);
/* Paints the box of `buf`: frame < 0 the background, otherwise a pattern that moves with the
 * frame number. */
void load_paint(const struct load *load, struct load_buffer *buf, int x0, int y0, int w, int h,
	long frame);

#endif

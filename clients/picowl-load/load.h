/*
 * picowl-load: a wl_shm client that draws a known amount of damage per frame, for the
 * benchmarks in tests/bench. The state shared by its files: the command line
 * (load_options.h), the damage patterns (pattern.h) and the Wayland side (load.c).
 */
#ifndef PW_LOAD_H
#define PW_LOAD_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include "client.h"
#include "load_options.h"

#define NUM_BUFFERS 3

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
/* The box a frame damages: fixed in place so that every buffer of the pool agrees outside it. */
#endif

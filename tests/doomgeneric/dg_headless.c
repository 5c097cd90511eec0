/*
 * A headless doomgeneric platform, for measurement only (tests/doomgeneric/bench_real.py): the
 * real engine (libdg-engine.a of a -Ddoomgeneric build) with picowl's sound module (dg_sound.c,
 * dg_mix.c, dg_options.c) and no display at all: DG_DrawFrame counts the frame and shows
 * nothing, DG_SleepMs sleeps, no keys. So `-timedemo demo1` gives the engine's own frame rate
 * and CPU time, against which the same engine under picowl is compared. bench_real.py compiles
 * it with cc next to those objects; it is not part of the meson build.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "doomgeneric.h"

static uint64_t start_us;
static unsigned frames;

static uint64_t
now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

static void
print_frames(void)
{
	fprintf(stderr, "picowl-dg-headless: %u frames in %.1f ms\n", frames,
		(double)(now_us() - start_us) / 1000.0);
}

void
DG_Init(void)
{
	start_us = now_us();
	atexit(print_frames);
}

void
DG_DrawFrame(void)
{
	frames++;
}

void
DG_SleepMs(uint32_t ms)
{
	struct timespec ts = {(time_t)(ms / 1000u), (long)(ms % 1000u) * 1000000L};

	nanosleep(&ts, NULL);
}

uint32_t
DG_GetTicksMs(void)
{
	return (uint32_t)((now_us() - start_us) / 1000u);
}

int
DG_GetKey(int *pressed, unsigned char *key)
{
	(void)pressed;
	(void)key;
	return 0;
}

void
DG_SetWindowTitle(const char *title)
{
	(void)title;
}

int
main(int argc, char **argv)
{
	doomgeneric_Create(argc, argv);
	for (;;) {
		doomgeneric_Tick();
	}
}

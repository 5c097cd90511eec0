/*
 * A stand-in for the doomgeneric engine: it drives a platform layer through doomgeneric's
 * interface the way the engine does (doomgeneric_Create saves the arguments in myargc/myargv,
 * fills in DG_ScreenBuffer and calls DG_Init; each doomgeneric_Tick reads every key with
 * DG_GetKey, waits for the next 35 Hz tic with DG_GetTicksMs and DG_SleepMs, draws the frame
 * into DG_ScreenBuffer and calls DG_DrawFrame) and draws frames the tests can predict.
 *
 * Its options, read from the same argv:
 *   -scene pattern|bands|doom  what to draw (default pattern)
 *   -hold N      pattern: draw frame N every tick, so screenshots are stable
 *   -ticks N     exit(0) after N frames (default: run until killed)
 *   -fast        no 35 Hz pacing: draw as fast as the platform lets it (a timedemo)
 *   -work MS     spend MS ms of CPU on every frame before drawing it (the renderer's share)
 * It prints "standin: key down|up 0xNN" for every key and "standin: done ..." at the end.
 *
 * Frames (x, y in the frame, n the frame's number from 0), XRGB8888:
 *   pattern: r = (5x + 16n) & 255, g = (3y + 8n) & 255, b = (4 (x ^ y) + 4n) & 255
 *   bands:   frame 0 is pattern 0; frame n >= 1 also paints rows [(29n) % (H - 3), + 1 + n % 3)
 *            with r = n & 255, g = 0x55, b = 0x81 (pattern pixels have an even b)
 *   doom:    the top 84 % of rows are pattern n, the rest (a status bar) pattern 0
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doomgeneric.h"

pixel_t *DG_ScreenBuffer;
int myargc;
char **myargv;

enum scene { SCENE_PATTERN, SCENE_BANDS, SCENE_DOOM };

static struct {
	enum scene scene;
	long hold;
	long ticks;
	bool fast;
	long work_ms;
	long n;
	uint32_t start_ms;
} standin = {.hold = -1};

static uint32_t
pattern(int x, int y, long n)
{
	uint32_t r = (uint32_t)(5 * x + 16 * n) & 0xff;
	uint32_t g = (uint32_t)(3 * y + 8 * n) & 0xff;
	uint32_t b = (uint32_t)(4 * (x ^ y) + 4 * n) & 0xff;
	return r << 16 | g << 8 | b;
}

static void
draw_rows(int y0, int y1, long n)
{
	for (int y = y0; y < y1; y++) {
		uint32_t *row = DG_ScreenBuffer + (size_t)y * DOOMGENERIC_RESX;
		for (int x = 0; x < DOOMGENERIC_RESX; x++) {
			row[x] = pattern(x, y, n);
		}
	}
}

static void
draw(long n)
{
	switch (standin.scene) {
	case SCENE_PATTERN:
		draw_rows(0, DOOMGENERIC_RESY, standin.hold >= 0 ? standin.hold : n);
		break;
	case SCENE_BANDS:
		if (n == 0) {
			draw_rows(0, DOOMGENERIC_RESY, 0);
		} else {
			int y0 = (int)((29 * n) % (DOOMGENERIC_RESY - 3));
			int h = 1 + (int)(n % 3);
			uint32_t c = (uint32_t)(n & 0xff) << 16 | 0x55u << 8 | 0x81u;
			for (int y = y0; y < y0 + h; y++) {
				for (int x = 0; x < DOOMGENERIC_RESX; x++) {
					DG_ScreenBuffer[(size_t)y * DOOMGENERIC_RESX + x] = c;
				}
			}
		}
		break;
	case SCENE_DOOM: {
		int view = DOOMGENERIC_RESY * 84 / 100;
		draw_rows(0, view, n);
		if (n == 0) {
			draw_rows(view, DOOMGENERIC_RESY, 0);
		}
		break;
	}
	}
}

static long
number(const char *opt, const char *v)
{
	char *end = NULL;
	long n = v ? strtol(v, &end, 10) : -1;
	if (!v || *end != '\0' || n < 0) {
		fprintf(stderr, "standin: %s needs a number\n", opt);
		exit(2);
	}
	return n;
}

void
doomgeneric_Create(int argc, char **argv)
{
	myargc = argc;
	myargv = argv;
	for (int i = 1; i < argc; i++) {
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (strcmp(argv[i], "-scene") == 0 && v) {
			standin.scene = strcmp(v, "bands") == 0 ? SCENE_BANDS
				: strcmp(v, "doom") == 0        ? SCENE_DOOM
								: SCENE_PATTERN;
			i++;
		} else if (strcmp(argv[i], "-hold") == 0) {
			standin.hold = number("-hold", v);
			i++;
		} else if (strcmp(argv[i], "-ticks") == 0) {
			standin.ticks = number("-ticks", v);
			i++;
		} else if (strcmp(argv[i], "-work") == 0) {
			standin.work_ms = number("-work", v);
			i++;
		} else if (strcmp(argv[i], "-fast") == 0) {
			standin.fast = true;
		}
	}
	DG_ScreenBuffer = malloc((size_t)DOOMGENERIC_RESX * DOOMGENERIC_RESY * sizeof(pixel_t));
	if (!DG_ScreenBuffer) {
		fprintf(stderr, "standin: out of memory\n");
		exit(1);
	}
	DG_Init();
	DG_SetWindowTitle("standin");
	standin.start_ms = DG_GetTicksMs();
	printf("standin: %dx%d\n", DOOMGENERIC_RESX, DOOMGENERIC_RESY);
	fflush(stdout);
}

void
doomgeneric_Tick(void)
{
	int pressed;
	unsigned char key;

	while (DG_GetKey(&pressed, &key)) {
		printf("standin: key %s 0x%02x\n", pressed ? "down" : "up", key);
		fflush(stdout);
	}
	if (!standin.fast) {
		/* the engine's tic: 35 a second, counted from the start */
		uint32_t due = standin.start_ms + (uint32_t)(standin.n * 1000 / 35);
		while ((int32_t)(DG_GetTicksMs() - due) < 0) {
			DG_SleepMs(1);
		}
	}
	if (standin.work_ms > 0) {
		/* busy, as a renderer is: the clock is the platform's */
		uint32_t until = DG_GetTicksMs() + (uint32_t)standin.work_ms;
		while ((int32_t)(DG_GetTicksMs() - until) < 0) {
		}
	}
	draw(standin.n);
	DG_DrawFrame();
	standin.n++;
	if (standin.ticks > 0 && standin.n >= standin.ticks) {
		uint32_t ms = DG_GetTicksMs() - standin.start_ms;
		printf("standin: done %ld frames in %u ms\n", standin.n, ms);
		fflush(stdout);
		exit(0);
	}
}

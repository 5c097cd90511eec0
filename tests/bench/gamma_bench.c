/*
 * gamma_bench: the software gamma (compositor/pure/gamma.c, 4.85) against the copy it rides on,
 * in instructions, for an instruction counter outside (callgrind's --toggle-collect, or
 * qemu-arm with tests/bench/armcount.c and its getppid() marks, nr=64).
 *
 * usage: gamma_bench --count REPS --case N --size WxH | --list | --check
 * Case N runs, between getppid() marks: REPS tints of a whole frame in place (count_gammas),
 * then REPS of the copy that frame rides on (count_copies): the shadow path's memcpy of the
 * frame's bytes (cases 0 and 1), or the composition of an XRGB8888 client's frame into the
 * RGB565 display, pw_pixels_blit (case 2). Prints "count NAME WxH reps REPS bytes B".
 * --check: pw_gamma_span of RGB565 runs of every start and length up to 40, in place and
 * apart, against three lookups a pixel (the ARM build's assembly against the tables); exit 1
 * on a difference (tests/bench/armcount_smoke.py runs it under qemu-arm).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gamma.h"
#include "pixels.h"

struct gamma_case {
	const char *name;
	enum pw_format display; /* the frame the ramp tints */
	bool blit; /* the copy: pw_pixels_blit from XRGB8888, else memcpy of the frame */
};

static const struct gamma_case cases[] = {
	{"rgb565-vs-memcpy", PW_FORMAT_RGB565, false},
	{"xrgb8888-vs-memcpy", PW_FORMAT_XRGB8888, false},
	{"rgb565-vs-blit-from-xrgb8888", PW_FORMAT_RGB565, true},
};
#define N_CASES (int)(sizeof(cases) / sizeof(cases[0]))

static volatile uint8_t sink;

static void *
alloc_filled(size_t size, unsigned seed)
{
	uint8_t *p = aligned_alloc(64, (size + 63) / 64 * 64);
	if (p == NULL) {
		exit(1);
	}
	for (size_t i = 0; i < size; i++) {
		seed = seed * 1103515245u + 12345u;
		p[i] = (uint8_t)(seed >> 16);
	}
	return p;
}

__attribute__((noinline)) static void
count_gammas(const struct pw_gamma *g, const struct pw_pixmap *frame, int reps)
{
	for (int r = 0; r < reps; r++) {
		/* pw_gamma_apply's rows of a one-box region, without pixman (no armel pixman) */
		for (int y = 0; y < frame->height; y++) {
			uint8_t *row = (uint8_t *)frame->data + (size_t)y * (size_t)frame->stride;
			pw_gamma_span(g, row, row, frame->width);
		}
		sink = ((uint8_t *)frame->data)[r];
	}
}

__attribute__((noinline)) static void
count_copies(const struct gamma_case *c, const struct pw_pixmap *dst, const struct pw_pixmap *src,
	int reps)
{
	for (int r = 0; r < reps; r++) {
		if (c->blit) {
			pw_pixels_blit(dst, src, 0, 0, src->width, src->height, 0);
		} else {
			memcpy(dst->data, src->data, (size_t)src->stride * (size_t)src->height);
		}
		sink = ((uint8_t *)dst->data)[r];
	}
}

static int
run(const struct gamma_case *c, int w, int h, int reps)
{
	static uint16_t ramp[256 * 3];
	for (int i = 0; i < 256 * 3; i++) {
		ramp[i] = (uint16_t)((i % 256) * 200); /* a dimming ramp */
	}
	struct pw_gamma g;
	if (!pw_gamma_build(&g, c->display, ramp, 256)) {
		return 1;
	}
	int dbpp = pw_format_bpp(c->display);
	enum pw_format sf = c->blit ? PW_FORMAT_XRGB8888 : c->display;
	int sbpp = pw_format_bpp(sf);
	struct pw_pixmap frame = {alloc_filled((size_t)w * h * dbpp, 1), w, h, w * dbpp,
		c->display};
	struct pw_pixmap src = {alloc_filled((size_t)w * h * sbpp, 2), w, h, w * sbpp, sf};
	/* warm-up: the tables and both buffers in the cache, the code paths resolved */
	count_gammas(&g, &frame, 1);
	count_copies(c, &frame, &src, 1);
	getppid();
	count_gammas(&g, &frame, reps);
	getppid();
	count_copies(c, &frame, &src, reps);
	getppid();
	printf("count %s %dx%d reps %d bytes %zu\n", c->name, w, h, reps,
		(size_t)w * h * (size_t)dbpp);
	free(frame.data);
	free(src.data);
	return 0;
}

static int
check(void)
{
	static uint16_t ramp[256 * 3];
	for (int i = 0; i < 256 * 3; i++) {
		ramp[i] = (uint16_t)(65535 - (i % 256) * 97);
	}
	struct pw_gamma g;
	if (!pw_gamma_build(&g, PW_FORMAT_RGB565, ramp, 256)) {
		return 1;
	}
	uint16_t *src = alloc_filled(128, 7), *dst = alloc_filled(128, 8), *want = malloc(128);
	int bad = 0;
	for (int start = 0; start < 4; start++) {
		for (int n = 0; n <= 40; n++) {
			for (int i = 0; i < n; i++) {
				uint16_t p = src[start + i];
				want[i] =
					(uint16_t)(g.r[p >> 11] | g.g[(p >> 5) & 63] | g.b[p & 31]);
			}
			pw_gamma_span(&g, dst + start, src + start, n);
			bad += memcmp(dst + start, want, (size_t)n * 2) != 0;
			memcpy(dst + start, src + start, (size_t)n * 2);
			pw_gamma_span(&g, dst + start, dst + start, n);
			bad += memcmp(dst + start, want, (size_t)n * 2) != 0;
		}
	}
	printf("check: %d of %d runs differ\n", bad, 4 * 41 * 2);
	free(src);
	free(dst);
	free(want);
	return bad ? 1 : 0;
}

int
main(int argc, char **argv)
{
	int count = 0, only = -1, w = 240, h = 320;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--count") == 0 && i + 1 < argc) {
			count = atoi(argv[++i]);
		} else if (strcmp(argv[i], "--case") == 0 && i + 1 < argc) {
			only = atoi(argv[++i]);
		} else if (strcmp(argv[i], "--size") == 0 && i + 1 < argc) {
			if (sscanf(argv[++i], "%dx%d", &w, &h) != 2 || w <= 0 || h <= 0) {
				return 2;
			}
		} else if (strcmp(argv[i], "--check") == 0) {
			return check();
		} else if (strcmp(argv[i], "--list") == 0) {
			for (int c = 0; c < N_CASES; c++) {
				printf("%d %s\n", c, cases[c].name);
			}
			return 0;
		} else {
			fprintf(stderr,
				"usage: gamma_bench --count REPS --case N [--size WxH] | "
				"--list\n");
			return 2;
		}
	}
	if (count < 1 || only < 0 || only >= N_CASES) {
		fprintf(stderr, "gamma_bench: --count REPS and --case 0..%d\n", N_CASES - 1);
		return 2;
	}
	return run(&cases[only], w, h, count);
}

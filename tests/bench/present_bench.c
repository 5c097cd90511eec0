/*
 * present_bench: the cost of a full-frame direct present (picowl's pw_pixels_blit, the routine
 * the direct path calls) against a memcpy of the same bytes, timed in one run, interleaved.
 *
 * usage: present_bench [--trials N] [--size WxH]...
 * Prints one line per case:
 *   case SRC->DST rot R WxH blit_us B memcpy_us M memcpy_bytes N ratio B/M
 * where B and M are medians over the trials of the time per call, and the ratio is the median
 * of the per-trial ratios (each trial times memcpy and blit back to back, so a noisy neighbour
 * slows both). For RGB565 -> RGB565 the memcpy moves the frame's bytes; for XRGB8888 -> RGB565
 * it moves the source's bytes (twice the destination's), which is what the issue compares.
 *
 * usage: present_bench --count REPS --case N --size WxH
 * Instructions instead of time, for an instruction counter outside (callgrind, qemu-arm with
 * tests/bench/armcount.c): one warm-up call of case N, then REPS calls of pw_pixels_blit in
 * count_blits() and REPS memcpy of the same bytes in count_memcpys() (callgrind's
 * --toggle-collect takes those names), each region between two getppid() calls (armcount's
 * marks, nr=64). Prints "count SRC->DST rot R WxH reps REPS memcpy_bytes B". --list prints
 * the cases, one "N SRC->DST rot R" a line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "pixels.h"

struct bench_case {
	enum pw_format src, dst;
	int rotation;
};

static const struct bench_case cases[] = {
	{PW_FORMAT_RGB565, PW_FORMAT_RGB565, 0},
	{PW_FORMAT_XRGB8888, PW_FORMAT_RGB565, 0},
	{PW_FORMAT_XRGB8888, PW_FORMAT_XRGB8888, 0},
	{PW_FORMAT_RGB565, PW_FORMAT_RGB565, 90},
	{PW_FORMAT_XRGB8888, PW_FORMAT_RGB565, 90},
	{PW_FORMAT_RGB565, PW_FORMAT_RGB565, 180},
	{PW_FORMAT_XRGB8888, PW_FORMAT_RGB565, 180},
	{PW_FORMAT_RGB565, PW_FORMAT_RGB565, 270},
	{PW_FORMAT_XRGB8888, PW_FORMAT_RGB565, 270},
};
#define N_CASES (int)(sizeof(cases) / sizeof(cases[0]))

/* Keeps the compiler from dropping a copy whose result nobody reads. */
static volatile uint8_t sink;

static double
now_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static int
compare_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double
median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof(*v), compare_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static void *
alloc_filled(size_t size, unsigned seed)
{
	uint8_t *p = aligned_alloc(64, (size + 63) / 64 * 64);
	if (p == NULL) {
		return NULL;
	}
	for (size_t i = 0; i < size; i++) {
		seed = seed * 1103515245u + 12345u;
		p[i] = (uint8_t)(seed >> 16);
	}
	return p;
}

/* The regions an instruction counter measures; noinline, so that callgrind sees them. */
__attribute__((noinline)) static void
count_blits(const struct pw_pixmap *dst, const struct pw_pixmap *src, int rotation, int reps)
{
	for (int r = 0; r < reps; r++) {
		pw_pixels_blit(dst, src, 0, 0, src->width, src->height, rotation);
		sink = ((uint8_t *)dst->data)[r];
	}
}

__attribute__((noinline)) static void
count_memcpys(uint8_t *to, const void *from, size_t bytes, int reps)
{
	for (int r = 0; r < reps; r++) {
		memcpy(to, from, bytes);
		sink = to[r];
	}
}

/* Times one case (or, with count > 0, runs it count times for a counter); false on an
 * allocation failure or an unsupported pair. */
static bool
run_case(const struct bench_case *c, int width, int height, int trials, int count)
{
	int sbpp = pw_format_bpp(c->src), dbpp = pw_format_bpp(c->dst);
	bool swap = c->rotation == 90 || c->rotation == 270;
	struct pw_pixmap src = {.width = width,
		.height = height,
		.stride = width * sbpp,
		.format = c->src};
	struct pw_pixmap dst = {
		.width = swap ? height : width,
		.height = swap ? width : height,
		.format = c->dst,
	};
	dst.stride = dst.width * dbpp;
	size_t src_bytes = (size_t)src.stride * (size_t)height;
	size_t dst_bytes = (size_t)dst.stride * (size_t)dst.height;
	/* the memcpy moves what the issue compares against: the frame's or the source's bytes */
	size_t copy_bytes = c->src == c->dst ? dst_bytes : src_bytes;
	bool ok = false;
	double *blit_t = NULL, *copy_t = NULL, *ratio = NULL;
	uint8_t *copy_dst = NULL;

	src.data = alloc_filled(src_bytes, 1);
	dst.data = alloc_filled(dst_bytes, 2);
	copy_dst = alloc_filled(copy_bytes, 3);
	blit_t = calloc((size_t)trials, sizeof(double));
	copy_t = calloc((size_t)trials, sizeof(double));
	ratio = calloc((size_t)trials, sizeof(double));
	if (src.data == NULL || dst.data == NULL || copy_dst == NULL || blit_t == NULL ||
		copy_t == NULL || ratio == NULL) {
		fprintf(stderr, "present_bench: out of memory\n");
		goto out;
	}

	/* Calls per trial: about a millisecond of memcpy, so the clock's resolution does not
	 * matter. */
	int reps = (int)(4e6 / (double)copy_bytes) + 1;
	if (!pw_pixels_blit(&dst, &src, 0, 0, width, height, c->rotation)) {
		fprintf(stderr, "present_bench: pw_pixels_blit refuses %s -> %s\n",
			pw_format_name(c->src), pw_format_name(c->dst));
		goto out;
	}
	memcpy(copy_dst, src.data, copy_bytes);
	if (count > 0) {
		getppid();
		count_blits(&dst, &src, c->rotation, count);
		getppid();
		count_memcpys(copy_dst, src.data, copy_bytes, count);
		getppid();
		printf("count %s->%s rot %d %dx%d reps %d memcpy_bytes %zu\n",
			pw_format_name(c->src), pw_format_name(c->dst), c->rotation, width, height,
			count, copy_bytes);
		ok = true;
		goto out;
	}
	for (int t = 0; t < trials; t++) {
		double t0 = now_us();
		for (int r = 0; r < reps; r++) {
			memcpy(copy_dst, src.data, copy_bytes);
			sink = copy_dst[r % copy_bytes];
		}
		double t1 = now_us();
		for (int r = 0; r < reps; r++) {
			pw_pixels_blit(&dst, &src, 0, 0, width, height, c->rotation);
			sink = ((uint8_t *)dst.data)[r % dst_bytes];
		}
		double t2 = now_us();
		copy_t[t] = (t1 - t0) / reps;
		blit_t[t] = (t2 - t1) / reps;
		ratio[t] = blit_t[t] / copy_t[t];
	}
	double b = median(blit_t, trials), m = median(copy_t, trials), q = median(ratio, trials);
	printf("case %s->%s rot %d %dx%d blit_us %.2f memcpy_us %.2f memcpy_bytes %zu ratio %.3f\n",
		pw_format_name(c->src), pw_format_name(c->dst), c->rotation, width, height, b, m,
		copy_bytes, q);
	fflush(stdout);
	ok = true;
out:
	free(src.data);
	free(dst.data);
	free(copy_dst);
	free(blit_t);
	free(copy_t);
	free(ratio);
	return ok;
}

int
main(int argc, char **argv)
{
	int trials = 31, count = 0, only = -1;
	int sizes[8][2];
	int nsizes = 0;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--trials") == 0 && i + 1 < argc) {
			trials = atoi(argv[++i]);
		} else if (strcmp(argv[i], "--count") == 0 && i + 1 < argc) {
			count = atoi(argv[++i]);
		} else if (strcmp(argv[i], "--case") == 0 && i + 1 < argc) {
			only = atoi(argv[++i]);
		} else if (strcmp(argv[i], "--list") == 0) {
			for (int c = 0; c < N_CASES; c++) {
				printf("%d %s->%s rot %d\n", c, pw_format_name(cases[c].src),
					pw_format_name(cases[c].dst), cases[c].rotation);
			}
			return 0;
		} else if (strcmp(argv[i], "--size") == 0 && i + 1 < argc && nsizes < 8) {
			if (sscanf(argv[++i], "%dx%d", &sizes[nsizes][0], &sizes[nsizes][1]) != 2 ||
				sizes[nsizes][0] <= 0 || sizes[nsizes][1] <= 0) {
				fprintf(stderr, "present_bench: bad size %s\n", argv[i]);
				return 2;
			}
			nsizes++;
		} else {
			fprintf(stderr,
				"usage: present_bench [--trials N] [--size WxH]... | "
				"--count REPS --case N --size WxH | --list\n");
			return 2;
		}
	}
	if (trials < 1) {
		trials = 1;
	}
	if (nsizes == 0) {
		sizes[0][0] = 240;
		sizes[0][1] = 320;
		sizes[1][0] = 640;
		sizes[1][1] = 480;
		nsizes = 2;
	}
	if (only >= N_CASES) {
		fprintf(stderr, "present_bench: no case %d\n", only);
		return 2;
	}
	for (int s = 0; s < nsizes; s++) {
		for (int i = 0; i < N_CASES; i++) {
			if ((only < 0 || i == only) &&
				!run_case(&cases[i], sizes[s][0], sizes[s][1], trials, count)) {
				return 1;
			}
		}
	}
	return 0;
}

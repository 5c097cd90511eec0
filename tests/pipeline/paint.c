/*
 * A test client: shows colour A, then draws colour B over its whole buffer but damages only
 * a small box, and prints "painted WxH" once that frame was shown. What the screen shows
 * then tells which rows the compositor really repainted.
 *
 * paint --color RRGGBB --then RRGGBB --box X,Y,W,H [--fullscreen] [--format rgb565|xrgb8888]
 *       [--then-argb]
 *
 * --then-argb: the last frame is ARGB8888 (not opaque: no direct present) and B only inside
 * the box, as a client that keeps to its damage draws it.
 */
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "client.h"

#define TIMEOUT_MS 10000

/* `rgb` everywhere, or `inside` within `box` (x, y, w, h) when box is not NULL. */
static struct wl_buffer *
make_buffer(struct wl_shm *shm, int width, int height, uint32_t format, uint32_t rgb,
	const int *box, uint32_t inside)
{
	struct pw_client_canvas cv;
	if (!pw_client_canvas_init(&cv, width, height, format)) {
		exit(1);
	}
	for (int i = 0; i < width * height; i++) {
		int x = i % width, y = i / width;
		uint32_t c = box && x >= box[0] && y >= box[1] && x < box[0] + box[2] &&
				y < box[1] + box[3]
			? inside
			: rgb;
		if (format == WL_SHM_FORMAT_RGB565) {
			cv.pixels16[i] = (uint16_t)(((c >> 8) & 0xf800) | ((c >> 5) & 0x07e0) |
				((c >> 3) & 0x1f));
		} else {
			cv.pixels[i] = 0xff000000u | c;
		}
	}
	return pw_client_canvas_finish(&cv, shm);
}

int
main(int argc, char **argv)
{
	uint32_t a = 0xff0000, b = 0x00ff00;
	int bx = 10, by = 10, bw = 10, bh = 10;
	bool fullscreen = false, want565 = false, then_argb = false;
	int transform = 0, scale = 1;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--color") == 0 && i + 1 < argc) {
			a = (uint32_t)strtoul(argv[++i], NULL, 16);
		} else if (strcmp(argv[i], "--then") == 0 && i + 1 < argc) {
			b = (uint32_t)strtoul(argv[++i], NULL, 16);
		} else if (strcmp(argv[i], "--box") == 0 && i + 1 < argc) {
			if (sscanf(argv[++i], "%d,%d,%d,%d", &bx, &by, &bw, &bh) != 4) {
				fprintf(stderr, "paint: --box X,Y,W,H\n");
				return 2;
			}
		} else if (strcmp(argv[i], "--transform") == 0 && i + 1 < argc) {
			transform = atoi(argv[++i]);
		} else if (strcmp(argv[i], "--scale") == 0 && i + 1 < argc) {
			scale = atoi(argv[++i]);
		} else if (strcmp(argv[i], "--then-argb") == 0) {
			then_argb = true;
		} else if (strcmp(argv[i], "--fullscreen") == 0) {
			fullscreen = true;
		} else if (strcmp(argv[i], "--format") == 0 && i + 1 < argc) {
			want565 = strcmp(argv[++i], "rgb565") == 0;
		} else {
			fprintf(stderr, "paint: unknown argument %s\n", argv[i]);
			return 2;
		}
	}
	struct pw_client tc = {.name = "paint"};
	struct pw_client_versions want = {.compositor = 4, .shm = 1, .wm_base = 1};
	if (!pw_client_connect(&tc, &want, TIMEOUT_MS)) {
		return 1;
	}
	struct pw_client_toplevel tl = {0};
	pw_client_toplevel_init(&tl, &tc, NULL, "paint");
	if (fullscreen) {
		xdg_toplevel_set_fullscreen(tl.toplevel, NULL);
	}
	/* The first configure carries the size picowl wants (fullscreen: the output). */
	if (!pw_client_toplevel_wait_configure(&tl, TIMEOUT_MS) ||
		pw_client_roundtrip(&tc, TIMEOUT_MS) != 1) {
		return 1;
	}
	if (tl.width <= 0 || tl.height <= 0) {
		fprintf(stderr, "paint: the configure has no size\n");
		return 1;
	}
	/* The buffer holds the surface transformed and scaled: swapped for 90 and 270. */
	/* Later configures (focus) must not change the buffers' size: keep it apart. */
	int surface_w = tl.width, surface_h = tl.height;
	int bw_ = (transform & 1 ? surface_h : surface_w) * scale;
	int bh_ = (transform & 1 ? surface_w : surface_h) * scale;
	wl_surface_set_buffer_transform(tl.surface, transform);
	wl_surface_set_buffer_scale(tl.surface, scale);
	bool use565 = want565 && pw_client_has_format(&tc, WL_SHM_FORMAT_RGB565);
	uint32_t format = use565 ? WL_SHM_FORMAT_RGB565 : WL_SHM_FORMAT_XRGB8888;
	int box[4] = {bx, by, bw, bh};
	struct wl_buffer *second = then_argb
		? make_buffer(tc.shm, bw_, bh_, WL_SHM_FORMAT_ARGB8888, a, box, b)
		: make_buffer(tc.shm, bw_, bh_, format, b, NULL, 0);
	/* Colour A twice, so that a flip's other buffer holds it too; then B, damaging the box. */
	if (!pw_client_toplevel_show(&tl, make_buffer(tc.shm, bw_, bh_, format, a, NULL, 0),
		    TIMEOUT_MS) ||
		!pw_client_toplevel_show(&tl, make_buffer(tc.shm, bw_, bh_, format, a, NULL, 0),
			TIMEOUT_MS) ||
		!pw_client_toplevel_show_box(&tl, second, bx, by, bw, bh, TIMEOUT_MS)) {
		return 1;
	}
	printf("painted %dx%d\n", surface_w, surface_h);
	fflush(stdout);
	pw_client_dispatch_until(&tc, &tl.closed, -1);
	pw_client_toplevel_finish(&tl);
	pw_client_disconnect(&tc);
	return 0;
}

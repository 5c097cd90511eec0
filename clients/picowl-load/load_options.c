/* picowl-load's command line: damage pattern, format, pace, frame counts. */
#include "load_options.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-client-protocol.h>

static void
usage(FILE *out)
{
	fprintf(out,
		"usage: picowl-load [options]\n"
		"  --damage full|rows:K|rect:WxH|none  what each frame damages (default full)\n"
		"  --format xrgb8888|rgb565             buffer format (default xrgb8888)\n"
		"  --rate HZ           draw at most HZ frames per second (timerfd); default: one\n"
		"                      frame per frame callback\n"
		"  --frames N          exit after N counted frames (after the warmup)\n"
		"  --warmup N          frames before counting starts (default 0); prints "
		"\"start\"\n"
		"  --seconds S         exit after S seconds of counting\n"
		"  --fullscreen        ask to be fullscreen\n"
		"  --size WxH          buffer size when the compositor leaves it to us (240x320)\n"
		"  --oversize          draw at --size whatever the compositor asks (a client\n"
		"                      larger than its tile, scaled to fit)\n"
		"  --alpha F           the surface at a factor F (0 to 1) of wp_alpha_modifier_v1\n"
		"  --hold              after the last frame, report and stay connected (drawing\n"
		"                      nothing) until SIGTERM: a measurement can end before the\n"
		"                      disconnect\n"
		"Prints \"picowl-load: frames N time T s\" at exit.\n");
}

static bool
parse_size(const char *s, int *w, int *h)
{
	char *end;
	long a = strtol(s, &end, 10);
	if (end == s || (*end != 'x' && *end != 'X') || a <= 0 || a > 16384) {
		return false;
	}
	const char *t = end + 1;
	long b = strtol(t, &end, 10);
	if (end == t || *end != '\0' || b <= 0 || b > 16384) {
		return false;
	}
	*w = (int)a;
	*h = (int)b;
	return true;
}

static bool
parse_long(const char *s, long *out)
{
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (errno != 0 || end == s || *end != '\0' || v < 0) {
		return false;
	}
	*out = v;
	return true;
}

static bool
parse_double(const char *s, double *out)
{
	char *end;
	errno = 0;
	double v = strtod(s, &end);
	if (errno != 0 || end == s || *end != '\0' || !(v >= 0)) {
		return false;
	}
	*out = v;
	return true;
}

static bool
parse_damage(const char *s, struct options *opt)
{
	long k;
	if (strcmp(s, "full") == 0) {
		opt->damage = DAMAGE_FULL;
	} else if (strcmp(s, "none") == 0) {
		opt->damage = DAMAGE_NONE;
	} else if (strncmp(s, "rows:", 5) == 0 && parse_long(s + 5, &k) && k > 0 && k < 16384) {
		opt->damage = DAMAGE_ROWS;
		opt->damage_h = (int)k;
	} else if (strncmp(s, "rect:", 5) == 0 &&
		parse_size(s + 5, &opt->damage_w, &opt->damage_h)) {
		opt->damage = DAMAGE_RECT;
	} else {
		return false;
	}
	return true;
}

bool
parse_options(int argc, char **argv, struct options *opt)
{
	*opt = (struct options){
		.damage = DAMAGE_FULL,
		.shm_format = WL_SHM_FORMAT_XRGB8888,
		.bpp = 4,
		.width = 240,
		.height = 320,
	};
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
		bool ok = true;
		if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			usage(stdout);
			exit(0);
		} else if (strcmp(a, "--fullscreen") == 0) {
			opt->fullscreen = true;
			continue;
		} else if (strcmp(a, "--hold") == 0) {
			opt->hold = true;
			continue;
		} else if (strcmp(a, "--oversize") == 0) {
			opt->oversize = true;
			continue;
		}
		if (v == NULL) {
			fprintf(stderr, "picowl-load: %s needs a value (or is unknown)\n", a);
			return false;
		}
		if (strcmp(a, "--damage") == 0) {
			ok = parse_damage(v, opt);
		} else if (strcmp(a, "--format") == 0) {
			if (strcmp(v, "xrgb8888") == 0) {
				opt->shm_format = WL_SHM_FORMAT_XRGB8888;
				opt->bpp = 4;
			} else if (strcmp(v, "rgb565") == 0) {
				opt->shm_format = WL_SHM_FORMAT_RGB565;
				opt->bpp = 2;
			} else {
				ok = false;
			}
		} else if (strcmp(a, "--alpha") == 0) {
			ok = parse_double(v, &opt->alpha) && opt->alpha > 0 && opt->alpha <= 1;
		} else if (strcmp(a, "--rate") == 0) {
			ok = parse_double(v, &opt->rate);
		} else if (strcmp(a, "--frames") == 0) {
			ok = parse_long(v, &opt->frames);
		} else if (strcmp(a, "--warmup") == 0) {
			ok = parse_long(v, &opt->warmup);
		} else if (strcmp(a, "--seconds") == 0) {
			ok = parse_double(v, &opt->seconds);
		} else if (strcmp(a, "--size") == 0) {
			ok = parse_size(v, &opt->width, &opt->height);
		} else {
			fprintf(stderr, "picowl-load: unknown option %s\n", a);
			usage(stderr);
			return false;
		}
		if (!ok) {
			fprintf(stderr, "picowl-load: bad value for %s: %s\n", a, v);
			return false;
		}
		i++;
	}
	return true;
}

#include "dg_options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char dg_options_usage[] =
	"picowl platform options:\n"
	"  -damage rows|full        damage only the rows that changed (default full)\n"
	"  -present-direct          convert the frame straight into the shm buffer\n"
	"  -presentmode old|new|fifo  old: wait for a released buffer (default);\n"
	"                           new: never wait, grow the pool up to -buffers;\n"
	"                           fifo: as new, without frame callbacks: each commit\n"
	"                           waits for the last one's refresh (wp_fifo_v1) and its\n"
	"                           tic's time (wp_commit_timer_v1)\n"
	"  -buffers N               pool bound for -presentmode new and fifo, 2 to 8\n"
	"                           (default 4)\n"
	"  -pixelformat auto|rgb565|xrgb8888  shm format (default auto: RGB565 if offered)\n"
	"  -fullscreen              ask the compositor for fullscreen\n"
	"  -buffer-transform auto|off  auto (default): fullscreen on a rotated output, draw\n"
	"                           the buffer turned to the display's orientation, so that\n"
	"                           the compositor presents it without rotating it\n"
	"  -dgstats                 print frame timings and game tics on exit (SIGTERM too)\n"
	"  -dump-last-frame FILE    on exit, write the frame last shown to FILE, stay until\n"
	"                           killed (for tests)\n"
	"  -audio-mode thread|tick  thread: a mixing thread writes periods (default);\n"
	"                           tick: mixed and written from the game's tick, no thread\n"
	"  -audio-period N          ALSA period in frames, 32 to 16384 (default 512)\n"
	"  -audio-periods N         periods in the ALSA buffer, 2 to 32 (default 4)\n"
	"  -audio-rate N            rate asked of the device, 8000 to 96000 (default 22050)\n"
	"  -audio-device NAME       ALSA PCM (default \"default\"); -nosound: no sound\n";

void
dg_options_defaults(struct dg_options *o)
{
	*o = (struct dg_options){
		.damage = DG_DAMAGE_FULL,
		.presentmode = DG_PRESENT_OLD,
		.pixfmt = DG_PIXFMT_AUTO,
		.buffers = 4,
		.turn = true,
		.audio_mode = DG_AUDIO_THREAD,
		.audio_period = 512,
		.audio_periods = 4,
		.audio_rate = 22050,
		.audio_device = "default",
	};
}

static bool
pick(const char *value, const char *const *names, int n, int *out)
{
	for (int i = 0; i < n; i++) {
		if (strcmp(value, names[i]) == 0) {
			*out = i;
			return true;
		}
	}
	return false;
}

/* A whole number from lo to hi into *out, else a message in err. */
static bool
number(const char *opt, const char *v, int lo, int hi, int *out, char *err, size_t errlen)
{
	char *end = NULL;
	long n = v ? strtol(v, &end, 10) : 0;
	if (!v || *v == '\0' || *end != '\0' || n < lo || n > hi) {
		snprintf(err, errlen, "%s needs a number from %d to %d, not '%s'", opt, lo, hi,
			v ? v : "");
		return false;
	}
	*out = (int)n;
	return true;
}

bool
dg_options_parse(struct dg_options *o, int argc, char **argv, char *err, size_t errlen)
{
	static const char *const damage[] = {"full", "rows"};
	static const char *const mode[] = {"old", "new", "fifo"};
	static const char *const fmt[] = {"auto", "rgb565", "xrgb8888"};
	static const char *const audio[] = {"thread", "tick"};
	static const char *const turn[] = {"auto", "off"};

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
		int n;

		if (strcmp(a, "-present-direct") == 0) {
			o->present_direct = true;
		} else if (strcmp(a, "-fullscreen") == 0) {
			o->fullscreen = true;
		} else if (strcmp(a, "-dgstats") == 0) {
			o->stats = true;
		} else if (strcmp(a, "-damage") == 0) {
			if (!v || !pick(v, damage, 2, &n)) {
				snprintf(err, errlen, "-damage needs rows or full, not '%s'",
					v ? v : "");
				return false;
			}
			o->damage = (enum dg_damage)n;
			i++;
		} else if (strcmp(a, "-buffer-transform") == 0) {
			if (!v || !pick(v, turn, 2, &n)) {
				snprintf(err, errlen,
					"-buffer-transform needs auto or off, not '%s'",
					v ? v : "");
				return false;
			}
			o->turn = n == 0;
			i++;
		} else if (strcmp(a, "-presentmode") == 0) {
			if (!v || !pick(v, mode, 3, &n)) {
				snprintf(err, errlen,
					"-presentmode needs old, new or fifo, not '%s'",
					v ? v : "");
				return false;
			}
			o->presentmode = (enum dg_presentmode)n;
			i++;
		} else if (strcmp(a, "-pixelformat") == 0) {
			if (!v || !pick(v, fmt, 3, &n)) {
				snprintf(err, errlen,
					"-pixelformat needs auto, rgb565 or xrgb8888, not '%s'",
					v ? v : "");
				return false;
			}
			o->pixfmt = (enum dg_pixfmt)n;
			i++;
		} else if (strcmp(a, "-dump-last-frame") == 0) {
			if (!v) {
				snprintf(err, errlen, "-dump-last-frame needs a file name");
				return false;
			}
			o->dump_last_frame = v;
			i++;
		} else if (strcmp(a, "-buffers") == 0) {
			if (!number(a, v, DG_BUFFERS_MIN, DG_BUFFERS_MAX, &o->buffers, err,
				    errlen)) {
				return false;
			}
			i++;
		} else if (strcmp(a, "-audio-mode") == 0) {
			if (!v || !pick(v, audio, 2, &n)) {
				snprintf(err, errlen, "-audio-mode needs thread or tick, not '%s'",
					v ? v : "");
				return false;
			}
			o->audio_mode = (enum dg_audio_mode)n;
			i++;
		} else if (strcmp(a, "-audio-period") == 0) {
			if (!number(a, v, DG_AUDIO_PERIOD_MIN, DG_AUDIO_PERIOD_MAX,
				    &o->audio_period, err, errlen)) {
				return false;
			}
			i++;
		} else if (strcmp(a, "-audio-periods") == 0) {
			if (!number(a, v, DG_AUDIO_PERIODS_MIN, DG_AUDIO_PERIODS_MAX,
				    &o->audio_periods, err, errlen)) {
				return false;
			}
			i++;
		} else if (strcmp(a, "-audio-rate") == 0) {
			if (!number(a, v, DG_AUDIO_RATE_MIN, DG_AUDIO_RATE_MAX, &o->audio_rate, err,
				    errlen)) {
				return false;
			}
			i++;
		} else if (strcmp(a, "-audio-device") == 0) {
			if (!v || *v == '\0') {
				snprintf(err, errlen, "-audio-device needs an ALSA PCM name");
				return false;
			}
			o->audio_device = v;
			i++;
		}
	}
	return true;
}

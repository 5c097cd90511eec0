/*
 * The platform layer's own command-line options. Pure: no Wayland.
 *
 * They are read from the argv the engine hands to doomgeneric_Create (its myargc/myargv), next
 * to the engine's own options; an option this layer does not know is left to the engine.
 */
#ifndef DG_OPTIONS_H
#define DG_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

enum dg_damage {
	DG_DAMAGE_FULL, /* -damage full (default): damage the whole buffer every frame */
	DG_DAMAGE_ROWS, /* -damage rows: compare with the last frame, damage the changed rows */
};

enum dg_presentmode {
	DG_PRESENT_OLD, /* -presentmode old (default): wait for a released buffer, 2 buffers */
	DG_PRESENT_NEW, /* -presentmode new: never wait; grow the pool up to -buffers */
	DG_PRESENT_FIFO, /* -presentmode fifo: as new, paced by fifo barriers and tic times */
};

enum dg_pixfmt {
	DG_PIXFMT_AUTO, /* RGB565 when the compositor offers it, else XRGB8888 */
	DG_PIXFMT_RGB565, /* -pixelformat rgb565: fail if it is not offered */
	DG_PIXFMT_XRGB8888, /* -pixelformat xrgb8888 */
};

#define DG_BUFFERS_MIN 2
#define DG_BUFFERS_MAX 8

enum dg_audio_mode {
	DG_AUDIO_THREAD, /* -audio-mode thread (default): a mixing thread writes periods */
	DG_AUDIO_TICK, /* -audio-mode tick: mixed and written from the game's tick, no thread */
};

#define DG_AUDIO_PERIOD_MIN 32 /* frames */
#define DG_AUDIO_PERIOD_MAX 16384
#define DG_AUDIO_PERIODS_MIN 2
#define DG_AUDIO_PERIODS_MAX 32
#define DG_AUDIO_RATE_MIN 8000
#define DG_AUDIO_RATE_MAX 96000

struct dg_options {
	enum dg_damage damage;
	enum dg_presentmode presentmode;
	enum dg_pixfmt pixfmt;
	bool present_direct; /* -present-direct: game frame straight into the shm buffer */
	bool fullscreen; /* -fullscreen: ask for fullscreen at start */
	bool turn; /* -buffer-transform auto (default) or off: see dg_present_turn */
	bool stats; /* -dgstats: print frame timings on exit */
	int buffers; /* -buffers N: the pool's bound in new mode, default 4 */
	/* sound (dg_sound.c; the engine's own -nosound keeps the device closed) */
	enum dg_audio_mode audio_mode;
	int audio_period; /* -audio-period N: ALSA period in frames, default 512 */
	int audio_periods; /* -audio-periods N: periods in the buffer, default 4 */
	int audio_rate; /* -audio-rate N: the rate asked of the device, default 22050 Hz */
	const char *audio_device; /* -audio-device NAME: the ALSA PCM, default "default" */
	/*
	 * -dump-last-frame FILE (a test option): when the game quits, show its last frame, write
	 * the buffer that shows it to FILE and stay, showing it, until killed (dg_platform.c)
	 */
	const char *dump_last_frame;
};

/* Sets every field to its default. */
void dg_options_defaults(struct dg_options *o);

/*
 * Reads this layer's options out of argv (argv[0] is the program). Unknown arguments are
 * skipped. Returns false with a one-line message in err when a known option has a bad or
 * missing value.
 */
bool dg_options_parse(struct dg_options *o, int argc, char **argv, char *err, size_t errlen);

/* The usage lines of this layer's options. */
extern const char dg_options_usage[];

#endif

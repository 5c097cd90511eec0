/* Command-line options. Pure: no Wayland. */
#ifndef PW_OPTIONS_H
#define PW_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "damage.h"
#include "format.h"
#include "log.h"
#include "modes.h"

struct pw_options {
	const char *backend; /* "auto" (default) */
	int width, height; /* --size WxH, default 240x320 */
	enum pw_format format; /* --format rgb565|xrgb8888, default rgb565 */
	int refresh_mhz; /* --refresh HZ (decimals allowed, e.g. 59.94), default 60000 */
	const char *socket; /* --socket NAME, NULL: first free wayland-N */
	const char *device; /* --device PATH, NULL: the backend's default */
	int rotate; /* --rotate 0|90|180|270, clockwise, default 0 */
	enum pw_damage_mode damage; /* --damage rows|rects|full, default rows */
	enum pw_present_mode present; /* --present auto|shadow|direct|flip, default auto */
	enum pw_copy_engine copy; /* --copy cpu|kernel|dma, default cpu */
	int dma_threshold; /* --dma-threshold PIXELS, default 90 */
	const char *counters; /* --counters FILE, NULL: stderr */
	int counter_frames; /* --counter-frames N, a power of two 16..65536, default 1024 */
	const char *connector; /* --connector NAME (DRM), NULL: the first connected */
	const char *mode; /* --mode WxH[@HZ] (DRM, fbdev), NULL: auto; also sets size */
	enum pw_kms_mode kms; /* --kms auto|atomic|legacy (DRM), default auto */
	const char *config; /* -c/--config FILE, NULL: look it up (see config.h) */
	bool strict; /* --strict: refuse to start on any config error */
	enum pw_log_level log_level; /* --log-level, -v (debug), -q (error); default info */
	const char *log; /* --log FILE or "syslog", NULL: stderr */
	bool counters_at_exit; /* --counters-at-exit: the counters dumped at exit too */
	bool exit_with_command; /* --exit-with-command: exit when the "--" command exits */
	bool test_hooks; /* --test-hooks: input injection over the control protocol */
	bool help; /* --help / -h */
	bool version; /* --version */
	char **command; /* argv after "--", NULL-terminated, NULL if none */
};

/* Sets every field to its default. */
void pw_options_defaults(struct pw_options *opts);

/*
 * Parses argv into `opts` (which holds the defaults first). Strings point into argv.
 * Returns true on success; on failure writes a one-line message naming the bad option
 * and value into `err` and returns false.
 */
bool pw_options_parse(struct pw_options *opts, int argc, char **argv, char *err, size_t errlen);

/*
 * Sets the option `name` (the long name without "--", e.g. "dma-threshold") from `value`, as the
 * command line would; `value` must outlive `opts`. Returns false and leaves `opts` alone when
 * the name is unknown (*expected = NULL) or the value bad (*expected: what would do).
 */
bool pw_options_set(struct pw_options *opts, const char *name, const char *value,
	const char **expected);

/* The text of --help: every option, its argument and default. */
extern const char pw_options_usage[];

#endif

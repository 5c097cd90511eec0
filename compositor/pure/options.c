/*
 * Parsed by hand rather than with getopt: getopt keeps global state (optind) and permutes argv,
 * and the tests parse many argument lists in one process.
 */
#include "options.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define MAX_SIZE 8192
#define MIN_REFRESH_MHZ 1000
#define MAX_REFRESH_MHZ 1000000

const char pw_options_usage[] =
	"Usage: picowl [options] [-- command [args...]]\n"
	"\n"
	"Options (--option=value works too):\n"
	"  --backend NAME   auto (default), headless, fbdev, drm or wayland\n"
	"  --size WxH       output size in pixels, each 1..8192 (default: 240x320)\n"
	"  --format FORMAT  output format, rgb565 or xrgb8888 (default: rgb565)\n"
	"  --refresh HZ     refresh rate, 1..1000, decimals allowed, e.g. 59.94 (default: 60)\n"
	"  --socket NAME    Wayland socket name, no '/' (default: first free wayland-N)\n"
	"  --device PATH    display device, e.g. /dev/fb0 or /dev/dri/card0 (default: the\n"
	"                   backend's first)\n"
	"  --rotate DEG     output rotation clockwise: 0, 90, 180 or 270 (default: 0)\n"
	"  --damage MODE    output damage: auto, rows, rects or full (default: auto)\n"
	"  --present MODE   present path: auto, shadow, direct or flip (default: auto)\n"
	"  --copy ENGINE    copy engine: auto, cpu, kernel or dma (default: auto)\n"
	"  --dma-threshold PIXELS  bands below this go by cpu, 0..1000000 (default: 90)\n"
	"  --counters FILE  where counter dumps go (default: stderr)\n"
	"  --counter-frames N  frames the counters keep, and twice as many commits: a power of\n"
	"                   two, 16..65536 (default: 1024)\n"
	"  --connector NAME DRM connector, e.g. DSI-1 (default: the first connected)\n"
	"  --mode WxH[@HZ]  display mode; sets --size and --refresh too (default: auto)\n"
	"  --kms API        DRM mode setting: auto, atomic or legacy (default: auto)\n"
	"  -c, --config FILE  the config file (default: $XDG_CONFIG_HOME/picowl/picowl.ini,\n"
	"                   else each of $XDG_CONFIG_DIRS' picowl/picowl.ini (/etc/xdg when\n"
	"                   unset), else " PW_SYSCONFDIR "/xdg/picowl/picowl.ini)\n"
	"  --strict         refuse to start when the config file has an error\n"
	"  -v, --verbose    log debug lines too (--log-level debug)\n"
	"  -q, --quiet      log errors only (--log-level error)\n"
	"  --log-level LEVEL  error, warning, info or debug (default: info)\n"
	"  --log FILE       append the log to FILE, or `--log syslog` (default: stderr)\n"
	"  --counters-at-exit  dump the counters at exit too (where --counters says)\n"
	"  --exit-with-command  exit when the command after -- exits, with its status\n"
	"  --test-hooks     let same-user clients inject input (picowl-ctl inject)\n"
	"  -h, --help       print this help and exit\n"
	"  --version        print the version and exit\n"
	"  -- command args  run command, with its arguments, as a client of the compositor\n";

static const char *const backends[] = {"headless", "fbdev", "drm", "wayland", "auto"};

/* A parser stores the value and returns true, or returns false and leaves opts alone. */
typedef bool (*parse_fn)(struct pw_options *opts, const char *value);

/* Digits only: strtol would accept signs, spaces and overflow silently. */
static const char *
parse_uint(const char *s, int max, int *out)
{
	int v = 0;
	const char *p = s;

	for (; *p >= '0' && *p <= '9'; p++) {
		v = v * 10 + (*p - '0');
		if (v > max) {
			return NULL;
		}
	}
	if (p == s) {
		return NULL;
	}
	*out = v;
	return p;
}

static bool
parse_backend(struct pw_options *opts, const char *value)
{
	for (size_t i = 0; i < sizeof(backends) / sizeof(backends[0]); i++) {
		if (strcmp(value, backends[i]) == 0) {
			opts->backend = backends[i];
			return true;
		}
	}
	return false;
}

static bool
parse_size(struct pw_options *opts, const char *value)
{
	int w, h;
	const char *p = parse_uint(value, MAX_SIZE, &w);

	if (!p || *p != 'x') {
		return false;
	}
	p = parse_uint(p + 1, MAX_SIZE, &h);
	if (!p || *p != '\0' || w < 1 || h < 1) {
		return false;
	}
	opts->width = w;
	opts->height = h;
	return true;
}

static bool
parse_format(struct pw_options *opts, const char *value)
{
	enum pw_format format;

	/* argb8888 is a client format; an output has no use for alpha. */
	if (!pw_format_parse(value, &format) || format == PW_FORMAT_ARGB8888) {
		return false;
	}
	opts->format = format;
	return true;
}

static bool
parse_refresh(struct pw_options *opts, const char *value)
{
	int hz, mhz, frac = 0, digits = 0;
	const char *p = parse_uint(value, MAX_REFRESH_MHZ / 1000, &hz);

	if (!p) {
		return false;
	}
	mhz = hz * 1000;
	if (*p == '.') {
		p++;
		if (*p < '0' || *p > '9') {
			return false;
		}
		/* Four digits are enough to round to millihertz; the rest are ignored. */
		for (; *p >= '0' && *p <= '9'; p++) {
			if (digits < 4) {
				frac = frac * 10 + (*p - '0');
				digits++;
			}
		}
		for (; digits < 4; digits++) {
			frac *= 10;
		}
		mhz += (frac + 5) / 10;
	}
	if (*p != '\0' || mhz < MIN_REFRESH_MHZ || mhz > MAX_REFRESH_MHZ) {
		return false;
	}
	opts->refresh_mhz = mhz;
	return true;
}

static bool
parse_socket(struct pw_options *opts, const char *value)
{
	if (value[0] == '\0' || strchr(value, '/')) {
		return false;
	}
	opts->socket = value;
	return true;
}

static bool
parse_device(struct pw_options *opts, const char *value)
{
	if (value[0] == '\0') {
		return false;
	}
	opts->device = value;
	return true;
}

static bool
parse_rotate(struct pw_options *opts, const char *value)
{
	int deg;
	const char *p = parse_uint(value, 270, &deg);
	if (!p || *p != '\0' || deg % 90 != 0) {
		return false;
	}
	opts->rotate = deg;
	return true;
}

static bool
parse_damage(struct pw_options *opts, const char *value)
{
	return pw_damage_mode_parse(value, &opts->damage);
}

static bool
parse_present(struct pw_options *opts, const char *value)
{
	return pw_present_mode_parse(value, &opts->present);
}

static bool
parse_copy(struct pw_options *opts, const char *value)
{
	return pw_copy_engine_parse(value, &opts->copy);
}

static bool
parse_kms(struct pw_options *opts, const char *value)
{
	return pw_kms_mode_parse(value, &opts->kms);
}

static bool
parse_dma_threshold(struct pw_options *opts, const char *value)
{
	int v;
	const char *p = parse_uint(value, 1000000, &v);
	if (!p || *p != '\0') {
		return false;
	}
	opts->dma_threshold = v;
	return true;
}

static bool
parse_counters(struct pw_options *opts, const char *value)
{
	if (value[0] == '\0') {
		return false;
	}
	opts->counters = value;
	return true;
}

/* A power of two, so that the rings index by a mask: ARMv5 divides in software. */
static bool
parse_counter_frames(struct pw_options *opts, const char *value)
{
	int v;
	const char *p = parse_uint(value, 65536, &v);
	if (!p || *p != '\0' || v < 16 || (v & (v - 1)) != 0) {
		return false;
	}
	opts->counter_frames = v;
	return true;
}

static bool
parse_string(const char **out, const char *value)
{
	if (value[0] == '\0') {
		return false;
	}
	*out = value;
	return true;
}

static bool
parse_connector(struct pw_options *opts, const char *value)
{
	return parse_string(&opts->connector, value);
}

static bool
parse_config(struct pw_options *opts, const char *value)
{
	return parse_string(&opts->config, value);
}

static bool
parse_log(struct pw_options *opts, const char *value)
{
	return parse_string(&opts->log, value);
}

static bool
parse_log_level(struct pw_options *opts, const char *value)
{
	static const char *const names[] = {"error", "warning", "info", "debug"};
	for (int i = 0; i < 4; i++) {
		if (strcmp(value, names[i]) == 0) {
			opts->log_level = (enum pw_log_level)i;
			return true;
		}
	}
	return false;
}

/* true or false, for the flags the config file may set. */
static bool
parse_bool(bool *out, const char *value)
{
	if (strcmp(value, "true") != 0 && strcmp(value, "false") != 0) {
		return false;
	}
	*out = value[0] == 't';
	return true;
}

static bool
parse_counters_at_exit(struct pw_options *opts, const char *value)
{
	return parse_bool(&opts->counters_at_exit, value);
}

/* "auto", or WxH with an optional @HZ: the size and refresh follow, a backend reads the rest. */
static bool
parse_mode(struct pw_options *opts, const char *value)
{
	if (strcmp(value, "auto") == 0) {
		opts->mode = NULL;
		return true;
	}
	char size[32];
	const char *at = strchr(value, '@');
	size_t len = at ? (size_t)(at - value) : strlen(value);
	if (len >= sizeof(size)) {
		return false;
	}
	memcpy(size, value, len);
	size[len] = '\0';
	struct pw_options copy = *opts;
	if (!parse_size(&copy, size) || (at && !parse_refresh(&copy, at + 1))) {
		return false;
	}
	*opts = copy;
	opts->mode = value;
	return true;
}

static const struct {
	const char *name;
	parse_fn parse;
	const char *expected;
} options[] = {
	{"backend", parse_backend, "headless, fbdev, drm, wayland or auto"},
	{"size", parse_size, "WIDTHxHEIGHT, each 1..8192, e.g. 240x320"},
	{"format", parse_format, "rgb565 or xrgb8888"},
	{"refresh", parse_refresh, "hertz, 1..1000, e.g. 60 or 59.94"},
	{"socket", parse_socket, "a non-empty name without '/', e.g. wayland-1"},
	{"device", parse_device, "a device path, e.g. /dev/fb0"},
	{"rotate", parse_rotate, "0, 90, 180 or 270"},
	{"damage", parse_damage, "auto, rows, rects or full"},
	{"present", parse_present, "auto, shadow, direct or flip"},
	{"copy", parse_copy, "auto, cpu, kernel or dma"},
	{"dma-threshold", parse_dma_threshold, "pixels, 0..1000000"},
	{"counters", parse_counters, "a file name"},
	{"counter-frames", parse_counter_frames, "a power of two, 16..65536"},
	{"connector", parse_connector, "a connector name, e.g. DSI-1"},
	{"mode", parse_mode, "auto or WIDTHxHEIGHT[@HZ], e.g. 240x320@60"},
	{"config", parse_config, "a file name"},
	{"kms", parse_kms, "auto, atomic or legacy"},
	{"log", parse_log, "a file name or syslog"},
	{"log-level", parse_log_level, "error, warning, info or debug"},
};

/* Set from the config file only: the command line has the flag. */
static const struct {
	const char *name;
	parse_fn parse;
	const char *expected;
} file_options[] = {
	{"counters-at-exit", parse_counters_at_exit, "true or false"},
};

/* Options without a value. */
static const struct {
	const char *name;
	size_t offset;
} flags[] = {
	{"help", offsetof(struct pw_options, help)},
	{"version", offsetof(struct pw_options, version)},
	{"strict", offsetof(struct pw_options, strict)},
	{"test-hooks", offsetof(struct pw_options, test_hooks)},
	{"counters-at-exit", offsetof(struct pw_options, counters_at_exit)},
	{"exit-with-command", offsetof(struct pw_options, exit_with_command)},
};

bool
pw_options_set(struct pw_options *opts, const char *name, const char *value, const char **expected)
{
	*expected = NULL;
	for (size_t k = 0; k < sizeof(options) / sizeof(options[0]); k++) {
		if (strcmp(name, options[k].name) == 0) {
			*expected = options[k].expected;
			return options[k].parse(opts, value);
		}
	}
	for (size_t k = 0; k < sizeof(file_options) / sizeof(file_options[0]); k++) {
		if (strcmp(name, file_options[k].name) == 0) {
			*expected = file_options[k].expected;
			return file_options[k].parse(opts, value);
		}
	}
	return false;
}

void
pw_options_defaults(struct pw_options *opts)
{
	*opts = (struct pw_options){
		.backend = "auto",
		.width = 240,
		.height = 320,
		.format = PW_FORMAT_RGB565,
		.refresh_mhz = 60000,
		.socket = NULL,
		.help = false,
		.version = false,
		.command = NULL,
		.device = NULL,
		.rotate = 0,
		.damage = PW_DAMAGE_AUTO,
		.present = PW_PRESENT_AUTO,
		.copy = PW_COPY_AUTO,
		.dma_threshold = 90,
		.counters = NULL,
		.counter_frames = 1024,
		.connector = NULL,
		.mode = NULL,
		.kms = PW_KMS_AUTO,
		.config = NULL,
		.strict = false,
		.test_hooks = false,
		.log_level = PW_LOG_INFO,
		.log = NULL,
		.counters_at_exit = false,
		.exit_with_command = false,
	};
}

static bool __attribute__((format(printf, 3, 4)))
fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (err && errlen > 0) {
		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	return false;
}

/* Handles one "--name[=value]" argument; may consume the next argument as the value. */
static bool
parse_long(struct pw_options *opts, int argc, char **argv, int *i, char *err, size_t errlen)
{
	const char *arg = argv[*i];
	const char *name = arg + 2;
	const char *eq = strchr(name, '=');
	size_t len = eq ? (size_t)(eq - name) : strlen(name);
	const char *value;

	for (size_t k = 0; k < sizeof(flags) / sizeof(flags[0]); k++) {
		if (strlen(flags[k].name) != len || strncmp(name, flags[k].name, len) != 0) {
			continue;
		}
		if (eq) {
			return fail(err, errlen, "--%.*s: takes no value", (int)len, name);
		}
		*(bool *)((char *)opts + flags[k].offset) = true;
		return true;
	}

	for (size_t k = 0; k < sizeof(options) / sizeof(options[0]); k++) {
		if (strlen(options[k].name) != len || strncmp(name, options[k].name, len) != 0) {
			continue;
		}
		if (eq) {
			value = eq + 1;
		} else if (*i + 1 < argc && argv[*i + 1] && strcmp(argv[*i + 1], "--") != 0) {
			value = argv[++*i];
		} else {
			return fail(err, errlen, "--%s: missing value (expected %s)",
				options[k].name, options[k].expected);
		}
		if (!options[k].parse(opts, value)) {
			return fail(err, errlen, "--%s: bad value \"%s\" (expected %s)",
				options[k].name, value, options[k].expected);
		}
		return true;
	}
	return fail(err, errlen, "unknown option \"%s\" (see --help)", arg);
}

bool
pw_options_parse(struct pw_options *opts, int argc, char **argv, char *err, size_t errlen)
{
	if (err && errlen > 0) {
		err[0] = '\0';
	}
	for (int i = 1; i < argc && argv[i]; i++) {
		const char *arg = argv[i];

		if (strcmp(arg, "--") == 0) {
			opts->command = i + 1 < argc && argv[i + 1] ? &argv[i + 1] : NULL;
			return true;
		}
		if (strcmp(arg, "-h") == 0) {
			opts->help = true;
		} else if (strcmp(arg, "-v") == 0 || strcmp(arg, "--verbose") == 0) {
			opts->log_level = PW_LOG_DEBUG;
		} else if (strcmp(arg, "-q") == 0 || strcmp(arg, "--quiet") == 0) {
			opts->log_level = PW_LOG_ERROR;
		} else if (strcmp(arg, "-c") == 0) {
			if (i + 1 >= argc || !argv[i + 1] || strcmp(argv[i + 1], "--") == 0) {
				return fail(err, errlen,
					"-c: missing value (expected a file name)");
			}
			if (!parse_config(opts, argv[++i])) {
				return fail(err, errlen,
					"-c: bad value \"%s\" (expected a file name)", argv[i]);
			}
		} else if (strncmp(arg, "--", 2) == 0) {
			if (!parse_long(opts, argc, argv, &i, err, errlen)) {
				return false;
			}
		} else if (arg[0] == '-') {
			return fail(err, errlen, "unknown option \"%s\" (see --help)", arg);
		} else {
			return fail(err, errlen,
				"unexpected argument \"%s\" (put a command after \"--\")", arg);
		}
	}
	return true;
}

#include <stdio.h>
#include <string.h>

#include "options.h"

#include "check.h"

/* Parses {"picowl", args..., NULL} into fresh defaults. */
#define PARSE(opts, err, ...) parse(opts, err, (char *[]){"picowl", __VA_ARGS__, NULL})

/* The compound literal PARSE makes ends with the CHECK around it; the options keep pointers
 * into argv (the command), so parse() keeps a copy that outlives it. */
static char *last_argv[32];

static bool
parse(struct pw_options *opts, char *err, char **args)
{
	int argc = 0;

	while (args[argc] && argc < 31) {
		last_argv[argc] = args[argc];
		argc++;
	}
	last_argv[argc] = NULL;
	char **argv = last_argv;
	pw_options_defaults(opts);
	err[0] = '\0';
	return pw_options_parse(opts, argc, argv, err, 256);
}

static void
test_defaults(void)
{
	struct pw_options o;
	char err[256];
	char *argv[] = {"picowl", NULL};

	pw_options_defaults(&o);
	CHECK(strcmp(o.backend, "auto") == 0);
	CHECK(o.width == 240 && o.height == 320);
	CHECK(o.format == PW_FORMAT_RGB565);
	CHECK(o.refresh_mhz == 60000);
	CHECK(o.socket == NULL && o.command == NULL);
	CHECK(o.kms == PW_KMS_AUTO);
	CHECK(o.counter_frames == 1024);
	CHECK(!o.help && !o.version);
	CHECK(pw_options_parse(&o, 1, argv, err, sizeof(err)));
	CHECK(o.width == 240 && o.command == NULL);
}

static void
test_good(void)
{
	struct pw_options o;
	char err[256];

	CHECK(PARSE(&o, err, "--size", "320x240") && o.width == 320 && o.height == 240);
	CHECK(PARSE(&o, err, "--size=1x8192") && o.width == 1 && o.height == 8192);
	CHECK(PARSE(&o, err, "--format", "xrgb8888") && o.format == PW_FORMAT_XRGB8888);
	CHECK(PARSE(&o, err, "--format=rgb565") && o.format == PW_FORMAT_RGB565);
	CHECK(PARSE(&o, err, "--refresh", "59.94") && o.refresh_mhz == 59940);
	CHECK(PARSE(&o, err, "--refresh=60") && o.refresh_mhz == 60000);
	CHECK(PARSE(&o, err, "--refresh", "1") && o.refresh_mhz == 1000);
	CHECK(PARSE(&o, err, "--refresh", "1000") && o.refresh_mhz == 1000000);
	CHECK(PARSE(&o, err, "--refresh", "59.9999") && o.refresh_mhz == 60000);
	CHECK(PARSE(&o, err, "--refresh", "29.97002997") && o.refresh_mhz == 29970);
	CHECK(PARSE(&o, err, "--socket", "wayland-5") && strcmp(o.socket, "wayland-5") == 0);
	CHECK(PARSE(&o, err, "--socket=pw") && strcmp(o.socket, "pw") == 0);
	CHECK(PARSE(&o, err, "--backend", "drm") && strcmp(o.backend, "drm") == 0);
	CHECK(PARSE(&o, err, "--backend=auto") && strcmp(o.backend, "auto") == 0);
	CHECK(PARSE(&o, err, "--kms", "legacy") && o.kms == PW_KMS_LEGACY);
	CHECK(PARSE(&o, err, "--kms=atomic") && o.kms == PW_KMS_ATOMIC);
	CHECK(PARSE(&o, err, "--kms", "legacy", "--kms", "auto") && o.kms == PW_KMS_AUTO);
	CHECK(PARSE(&o, err, "--counter-frames", "16") && o.counter_frames == 16);
	CHECK(PARSE(&o, err, "--counter-frames=65536") && o.counter_frames == 65536);
	CHECK(PARSE(&o, err, "-h") && o.help);
	CHECK(PARSE(&o, err, "--help") && o.help && !o.version);
	CHECK(PARSE(&o, err, "--version") && o.version && !o.help);
	CHECK(err[0] == '\0');

	/* The last of a repeated option wins; strings point into argv. */
	CHECK(PARSE(&o, err, "--size", "10x10", "--size", "20x30") && o.width == 20);
	CHECK(PARSE(&o, err, "--socket", "a", "--size", "5x6", "--socket", "b") &&
		o.socket == last_argv[6]);
}

static void
test_command(void)
{
	struct pw_options o;
	char err[256];

	CHECK(PARSE(&o, err, "--", "foot", "-e", "sh"));
	CHECK(o.command == last_argv + 2);
	CHECK(o.command && strcmp(o.command[0], "foot") == 0 && o.command[3] == NULL);

	CHECK(PARSE(&o, err, "--size", "320x240", "--", "client", "--size", "bogus"));
	CHECK(o.width == 320 && o.command && strcmp(o.command[0], "client") == 0);
	CHECK(o.command && strcmp(o.command[2], "bogus") == 0);

	CHECK(PARSE(&o, err, "--") && o.command == NULL);
	CHECK(PARSE(&o, err, "--", "--") && o.command && strcmp(o.command[0], "--") == 0);

	/* argc is honoured even if argv goes on. */
	char *argv[] = {"picowl", "--", "foot", NULL};
	pw_options_defaults(&o);
	CHECK(pw_options_parse(&o, 2, argv, err, sizeof(err)) && o.command == NULL);
}

/* Each list must fail with a message that names `what`. */
#define BAD(what, ...) check_bad(__LINE__, what, (char *[]){"picowl", __VA_ARGS__, NULL})

static void
check_bad(int line, const char *what, char **argv)
{
	struct pw_options o;
	char err[256];
	bool ok = parse(&o, err, argv);

	if (ok || err[0] == '\0' || !strstr(err, what) || strchr(err, '\n')) {
		fprintf(stderr, "%s:%d: expected failure naming \"%s\", got %s \"%s\"\n", __FILE__,
			line, what, ok ? "success" : "failure", err);
		check_failed++;
	} else {
		check_passed++;
	}
}

static void
test_bad(void)
{
	const char *sizes[] = {"240x", "x320", "0x10", "10x0", "abc", "240x320junk", "240y320",
		"8193x10", "10x8193", "-240x320", "+240x320", " 240x320", "240x320 ", "240 x320",
		"99999999999x1", "240X320", "", "x", "240x-320", "0x0"};

	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		BAD("--size", "--size", (char *)sizes[i]);
	}
	BAD("--size", "--size");
	BAD("--size", "--size", "--", "foot");
	BAD("--size", "--size=240y320");
	BAD("--size", "--size=");

	BAD("--format", "--format", "argb8888");
	BAD("--format", "--format", "bgr565");
	BAD("--format", "--format", "RGB565");
	BAD("--format", "--format");

	const char *refreshes[] = {"0", "0.5", "0.999", "1000.1", "1001", "60.", ".5", "abc",
		"60hz", "-60", "", "60.0.0", "1e2", "99999999999"};
	for (size_t i = 0; i < sizeof(refreshes) / sizeof(refreshes[0]); i++) {
		BAD("--refresh", "--refresh", (char *)refreshes[i]);
	}
	BAD("--refresh", "--refresh");

	BAD("--socket", "--socket", "");
	BAD("--socket", "--socket=");
	BAD("--socket", "--socket", "a/b");
	BAD("--socket", "--socket", "/run/wayland-0");
	BAD("--socket", "--socket");

	BAD("--backend", "--backend", "x11");
	BAD("--backend", "--backend", "");
	BAD("--backend", "--backend");

	BAD("--kms", "--kms", "Legacy");
	BAD("--kms", "--kms", "non-atomic");
	BAD("--kms", "--kms=");
	BAD("--kms", "--kms");
	BAD("auto, atomic or legacy", "--kms", "old");

	const char *frames[] = {"0", "8", "1000", "131072", "-256", "256k", " 256", "",
		"99999999999"};
	for (size_t i = 0; i < sizeof(frames) / sizeof(frames[0]); i++) {
		BAD("--counter-frames", "--counter-frames", (char *)frames[i]);
	}
	BAD("a power of two, 16..65536", "--counter-frames", "24");
	BAD("--counter-frames", "--counter-frames");

	BAD("--foo", "--foo");
	BAD("--foo", "--foo=1");
	BAD("--sizes", "--sizes", "240x320");
	BAD("--siz", "--siz", "240x320");
	BAD("-x", "-x");
	BAD("-", "-");
	BAD("-hv", "-hv");
	BAD("--help", "--help=yes");
	BAD("--version", "--version=1");
	BAD("foot", "foot");
	BAD("foot", "--size", "320x240", "foot", "--", "bar");
	BAD("--foo", "--size", "320x240", "--foo", "--", "bar");
}

static void
test_err_buffer(void)
{
	struct pw_options o;
	char small[8];
	char *argv[] = {"picowl", "--size", "240y320", NULL};

	pw_options_defaults(&o);
	memset(small, 'z', sizeof(small));
	CHECK(!pw_options_parse(&o, 3, argv, small, sizeof(small)));
	CHECK(strlen(small) == sizeof(small) - 1);
	CHECK(!pw_options_parse(&o, 3, argv, NULL, 0));
	/* A failed parse leaves the option it rejected alone. */
	CHECK(o.width == 240 && o.height == 320);
}

static void
test_usage(void)
{
	const char *needles[] = {"--backend NAME", "--size WxH", "--format", "--refresh HZ",
		"--socket NAME", "-h, --help", "--version", "-- command", "headless", "240x320",
		"rgb565", "xrgb8888", "60", "wayland-N", "--kms API", "legacy"};

	for (size_t i = 0; i < sizeof(needles) / sizeof(needles[0]); i++) {
		CHECK(strstr(pw_options_usage, needles[i]) != NULL);
	}
}

int
main(void)
{
	test_defaults();
	test_good();
	test_command();
	test_bad();
	test_err_buffer();
	test_usage();
	return check_summary();
}

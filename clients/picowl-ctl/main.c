/*
 * picowl-ctl: talks to a running picowl over its private protocols.
 * The control subcommands (spawn, reload, focus, inject, ...) and the counters subcommands
 * share this table; each lives in its own file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctl.h"
#include "ctl_calibrate.h"
#include "ctl_control.h"
#include "ctl_counters.h"
#include "ctl_info.h"
#include "ctl_inject.h"
#include "ctl_plot.h"
#include "ctl_windows.h"

static const struct {
	const char *name, *usage;
	int (*run)(struct ctl *ctl, int argc, char **argv);
} commands[] = {
	{"counters", "counters [--json] [--reset]   print (or reset) the per-commit counters",
		ctl_counters},
	{"plot", "plot FILE.svg                 draw the stage times per frame and a histogram",
		ctl_plot},
	{"spawn",
		"spawn [--tile N] CMD [ARGS]   start CMD (one word: split as the ini's exec); its\n"
		"                                first window goes to tile N",
		ctl_spawn},
	{"reload", "reload                        read the config file again; print its errors",
		ctl_reload},
	{"focus", "focus N                       focus the window in tile N", ctl_focus},
	{"tiles", "tiles [--json]                list the tiles: number, state, app id, title",
		ctl_tiles},
	{"windows", "windows [--json]              list the windows: id, state, app id, title",
		ctl_windows},
	{"window", "window activate|close|kill ID  show, close or kill the window ID", ctl_window},
	{"action",
		"action ACTION [ARGS]          run a [bindings] action: close, rotate 90, layout\n"
		"                                monocle, quit...",
		ctl_action},
	{"outputs",
		"outputs [--json]              list the outputs: name, size, format, rotation...",
		ctl_outputs},
	{"inputs", "inputs [--json]               list the input devices and their calibration",
		ctl_inputs},
	{"panel", "panel                         show the panel over a fullscreen window",
		ctl_panel},
	{"power", "power off|on|toggle|status    turn the display off or on; print its state",
		ctl_power},
	{"calibrate", "calibrate [--timeout MS]      calibrate the touch screen by tapping targets",
		ctl_calibrate},
	{"inject",
		"inject key K[+K..] | inject touch down|motion|up|tap X Y [ID] | cancel   test "
		"input\n"
		"                              | inject pointer motion X Y | inject pointer "
		"press|release|click [BTN]\n"
		"                                (picowl --test-hooks only)",
		ctl_inject},
};
#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))

static void
usage(FILE *out)
{
	fprintf(out,
		"Usage: picowl-ctl COMMAND [args]\n       picowl-ctl --version | --help\n\n"
		"Commands:\n");
	for (size_t i = 0; i < NCOMMANDS; i++) {
		fprintf(out, "  %s\n", commands[i].usage);
	}
	fprintf(out,
		"\npicowl-ctl connects to $WAYLAND_DISPLAY. Exit status: 0 done, 1 picowl refused "
		"or\nfailed (a message says why), 2 a usage error.\n");
}

int
main(int argc, char **argv)
{
	if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		usage(argc < 2 ? stderr : stdout);
		return argc < 2 ? 2 : 0;
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("picowl-ctl %s\n", PICOWL_VERSION);
		return 0;
	}
	for (size_t i = 0; i < NCOMMANDS; i++) {
		if (strcmp(argv[1], commands[i].name) != 0) {
			continue;
		}
		struct ctl ctl = {.keyboard = commands[i].run == ctl_inject};
		int status = commands[i].run(&ctl, argc - 1, argv + 1);
		ctl_disconnect(&ctl);
		return status;
	}
	fprintf(stderr, "picowl-ctl: unknown command \"%s\"\n", argv[1]);
	usage(stderr);
	return 2;
}

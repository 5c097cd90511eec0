/*
 * picowl-ctl: talks to a running picowl over its private protocols.
 * The control subcommands (spawn, reload, focus, inject, ...) and the counters subcommands
 * share this table; each lives in its own file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctl.h"
#include "picowl-control-unstable-v1-client-protocol.h"
#include "picowl-counters-unstable-v1-client-protocol.h"

static const struct {
	const char *name, *usage;
	int (*run)(struct ctl *ctl, int argc, char **argv);
} commands[] = {
	{"counters", "counters [--json] [--reset]   print (or reset) the per-commit counters",
		ctl_counters},
	{"plot", "plot FILE.svg                 draw the stage times per frame and a histogram",
		ctl_plot},
	{"spawn", "spawn [--tile N] CMD [ARGS]   start CMD; its first window goes to tile N",
		ctl_spawn},
	{"reload", "reload                        read the config file again", ctl_reload},
	{"focus", "focus N                       focus the window in tile N", ctl_focus},
	{"tiles", "tiles                         list the tiles: number, state, app id, title",
		ctl_tiles},
	{"panel", "panel                         show the panel over a fullscreen window",
		ctl_panel},
	{"power", "power off|on|toggle|status    turn the display off or on; print its state",
		ctl_power},
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
	fprintf(out, "Usage: picowl-ctl COMMAND [args]\n\nCommands:\n");
	for (size_t i = 0; i < NCOMMANDS; i++) {
		fprintf(out, "  %s\n", commands[i].usage);
	}
	fprintf(out, "\npicowl-ctl connects to $WAYLAND_DISPLAY.\n");
}

bool
ctl_connect(struct ctl *ctl, bool keyboard)
{
	static const struct pw_client_input_listener keymap = {.keymap = ctl_handle_keymap};
	const struct pw_client_versions want = {.seat = keyboard ? 5 : 0};

	ctl->globals[0] = (struct pw_client_global){&picowl_counters_v1_interface, 1,
		(void **)&ctl->counters};
	ctl->globals[1] =
		(struct pw_client_global){&picowl_control_v1_interface, 3, (void **)&ctl->control};
	ctl->client.name = "picowl-ctl";
	ctl->client.globals = ctl->globals;
	ctl->client.data = ctl;
	if (keyboard) {
		pw_client_keys_init(&ctl->keys, "picowl-ctl");
		pw_client_input_init(&ctl->client, &keymap);
	}
	if (!pw_client_connect(&ctl->client, &want, -1)) {
		return false;
	}
	/* the seat comes with the registry, its keyboard with the seat, the keymap with that */
	for (int i = 0; keyboard && !ctl->keys.keymap && i < 3; i++) {
		pw_client_roundtrip(&ctl->client, 2000);
	}
	if (!ctl->counters && !ctl->control) {
		fprintf(stderr,
			"picowl-ctl: this compositor offers no picowl counters (not picowl, "
			"or picowl runs as another user)\n");
		return false;
	}
	return true;
}

void
ctl_disconnect(struct ctl *ctl)
{
	pw_client_disconnect(&ctl->client);
	pw_client_keys_finish(&ctl->keys);
}

int
main(int argc, char **argv)
{
	if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		usage(argc < 2 ? stderr : stdout);
		return argc < 2 ? 2 : 0;
	}
	for (size_t i = 0; i < NCOMMANDS; i++) {
		if (strcmp(argv[1], commands[i].name) != 0) {
			continue;
		}
		struct ctl ctl = {0};
		bool keyboard = commands[i].run == ctl_inject;
		int status =
			ctl_connect(&ctl, keyboard) ? commands[i].run(&ctl, argc - 1, argv + 1) : 1;
		ctl_disconnect(&ctl);
		return status;
	}
	fprintf(stderr, "picowl-ctl: unknown command \"%s\"\n", argv[1]);
	usage(stderr);
	return 2;
}

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
	{"inject",
		"inject key K[+K..] | inject touch down|motion|up|tap X Y   test input\n"
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

static void
handle_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface,
	uint32_t version)
{
	struct ctl *ctl = data;
	if (strcmp(interface, picowl_counters_v1_interface.name) == 0) {
		ctl->counters = wl_registry_bind(registry, name, &picowl_counters_v1_interface, 1);
	} else if (strcmp(interface, picowl_control_v1_interface.name) == 0) {
		ctl->control = wl_registry_bind(registry, name, &picowl_control_v1_interface, 1);
	}
}

static void
handle_global_remove(void *data, struct wl_registry *registry, uint32_t name)
{
}

static const struct wl_registry_listener registry_listener = {handle_global, handle_global_remove};

bool
ctl_connect(struct ctl *ctl)
{
	ctl->display = wl_display_connect(NULL);
	if (!ctl->display) {
		fprintf(stderr, "picowl-ctl: cannot connect to picowl (is WAYLAND_DISPLAY set?)\n");
		return false;
	}
	ctl->registry = wl_display_get_registry(ctl->display);
	wl_registry_add_listener(ctl->registry, &registry_listener, ctl);
	if (wl_display_roundtrip(ctl->display) < 0) {
		fprintf(stderr, "picowl-ctl: the compositor closed the connection\n");
		return false;
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
	if (ctl->counters) {
		picowl_counters_v1_destroy(ctl->counters);
	}
	if (ctl->control) {
		picowl_control_v1_destroy(ctl->control);
	}
	if (ctl->registry) {
		wl_registry_destroy(ctl->registry);
	}
	if (ctl->display) {
		wl_display_disconnect(ctl->display);
	}
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
		int status = ctl_connect(&ctl) ? commands[i].run(&ctl, argc - 1, argv + 1) : 1;
		ctl_disconnect(&ctl);
		return status;
	}
	fprintf(stderr, "picowl-ctl: unknown command \"%s\"\n", argv[1]);
	usage(stderr);
	return 2;
}

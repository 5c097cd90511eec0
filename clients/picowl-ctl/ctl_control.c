/* picowl-ctl's session subcommands over picowl_control_v1: spawn, reload, focus, panel, power. */
#include "ctl_control.h"

#include <stdlib.h>
#include <string.h>

#include "config_words.h"
#include "picowl-control-unstable-v1-client-protocol.h"

/* A tile number from 1 in `s`, or -1. */
static int
tile_number(const char *s)
{
	char *end;
	long n = strtol(s, &end, 10);
	return *s && !*end && n >= 1 && n <= 1000000 ? (int)n : -1;
}

int
ctl_spawn(struct ctl *ctl, int argc, char **argv)
{
	int tile = 0, first = 1;
	if (argc > 2 && strcmp(argv[1], "--tile") == 0) {
		tile = tile_number(argv[2]);
		first = 3;
		if (tile < 1) {
			fprintf(stderr, "picowl-ctl: spawn: --tile takes a tile number from 1\n");
			return 2;
		}
	}
	/* One word is a command line split as the ini's exec is (4.62); several are the argv. */
	char **split = first == argc - 1 ? pw_config_words_split(argv[first]) : NULL;
	if (first == argc - 1 && !split) {
		fprintf(stderr, "picowl-ctl: spawn: an empty command or an unbalanced quote\n");
		return 2;
	}
	if (first >= argc || argv[first][0] == '\0') {
		fprintf(stderr, "Usage: picowl-ctl spawn [--tile N] COMMAND [ARGS...]\n");
		free(split);
		return 2;
	}
	char **words = split ? split : argv + first;
	if (!ctl_control(ctl, 1, "spawn")) {
		free(split);
		return 1;
	}
	struct wl_array array;
	wl_array_init(&array);
	for (char **w = words; *w; w++) {
		size_t len = strlen(*w) + 1;
		char *p = wl_array_add(&array, len);
		if (!p) {
			wl_array_release(&array);
			free(split);
			fprintf(stderr, "picowl-ctl: out of memory\n");
			return 1;
		}
		memcpy(p, *w, len);
	}
	picowl_control_v1_spawn(ctl->control, tile, &array);
	wl_array_release(&array);
	bool answered = ctl_wait(ctl, &ctl->answer.spawned);
	if (answered && ctl->answer.pid < 0 && !ctl->answer.failed) {
		/* an older picowl says no more */
		fprintf(stderr, "picowl-ctl: picowl could not start %s\n", words[0]);
	}
	free(split);
	if (!answered || ctl->answer.pid < 0) {
		return 1;
	}
	printf("%d\n", ctl->answer.pid);
	return 0;
}

int
ctl_reload(struct ctl *ctl, int argc, char **argv)
{
	if (argc != 1) {
		fprintf(stderr, "Usage: picowl-ctl reload\n");
		return 2;
	}
	if (!ctl_control(ctl, 1, "reload")) {
		return 1;
	}
	picowl_control_v1_reload(ctl->control);
	if (!ctl_wait(ctl, &ctl->answer.reloaded)) {
		return 1;
	}
	const struct ctl_answer *a = &ctl->answer;
	if (a->errors > a->error_lines && a->error_lines > 0) {
		fprintf(stderr, "... and %d more error(s) (see picowl's log)\n",
			a->errors - a->error_lines);
	}
	if (a->errors < 0) {
		fprintf(stderr, "picowl-ctl: the config was not applied\n");
		return 1;
	}
	if (a->errors > 0) {
		fprintf(stderr, "picowl-ctl: reloaded with %d error(s)%s\n", a->errors,
			a->error_lines ? "" : " (see picowl's log)");
		return 1;
	}
	return 0;
}

int
ctl_focus(struct ctl *ctl, int argc, char **argv)
{
	if (argc != 2 || tile_number(argv[1]) < 1) {
		fprintf(stderr, "Usage: picowl-ctl focus TILE (a tile number from 1)\n");
		return 2;
	}
	if (!ctl_control(ctl, 1, "focus")) {
		return 1;
	}
	picowl_control_v1_focus_tile(ctl->control, tile_number(argv[1]));
	return ctl_status(ctl);
}

int
ctl_panel(struct ctl *ctl, int argc, char **argv)
{
	if (argc != 1) {
		fprintf(stderr, "Usage: picowl-ctl panel\n");
		return 2;
	}
	if (!ctl_control(ctl, 1, "panel")) {
		return 1;
	}
	picowl_control_v1_show_panel(ctl->control);
	return ctl_status(ctl);
}

int
ctl_power(struct ctl *ctl, int argc, char **argv)
{
	static const char *const modes[] = {"off", "on", "toggle"};
	static const char *const states[] = {"off", "on", "dimmed"};
	int mode = -1;
	for (int i = 0; argc == 2 && i < 3; i++) {
		if (strcmp(argv[1], modes[i]) == 0) {
			mode = i;
		}
	}
	if (argc != 2 || (mode < 0 && strcmp(argv[1], "status") != 0)) {
		fprintf(stderr, "Usage: picowl-ctl power off|on|toggle|status\n");
		return 2;
	}
	if (!ctl_control(ctl, 3, "power")) {
		return 1;
	}
	if (mode >= 0) {
		picowl_control_v1_set_power(ctl->control, (uint32_t)mode);
	} else {
		picowl_control_v1_get_power(ctl->control);
	}
	if (!ctl_wait(ctl, &ctl->answer.power_done)) {
		return 1;
	}
	printf("%s\n", ctl->answer.power_state < 3 ? states[ctl->answer.power_state] : "unknown");
	return 0;
}

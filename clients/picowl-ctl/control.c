/* picowl-ctl's session subcommands over picowl_control_v1: spawn, reload, focus, tiles, panel,
 * and the test hooks (inject). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ctl.h"
#include "picowl-control-unstable-v1-client-protocol.h"

struct answer {
	int pid, errors;
	bool spawned, reloaded, tiles_done;
	bool print_tiles;
};

static void
handle_tile(void *data, struct picowl_control_v1 *control, uint32_t index, const char *title,
	const char *app_id, uint32_t flags)
{
	struct answer *a = data;
	if (a->print_tiles) {
		printf("%u\t%s%s\t%s\t%s\n", index,
			flags & PICOWL_CONTROL_V1_TILE_FLAGS_FOCUSED ? "focused" : "-",
			flags & PICOWL_CONTROL_V1_TILE_FLAGS_FULLSCREEN ? ",fullscreen" : "",
			app_id[0] ? app_id : "-", title);
	}
}

static void
handle_tiles_done(void *data, struct picowl_control_v1 *control)
{
	struct answer *a = data;
	a->tiles_done = true;
	a->print_tiles = false; /* one list is enough */
}

static void
handle_panel(void *data, struct picowl_control_v1 *control, uint32_t position, int32_t height,
	uint32_t autohide)
{
}

static void
handle_spawned(void *data, struct picowl_control_v1 *control, int32_t pid)
{
	struct answer *a = data;
	a->pid = pid;
	a->spawned = true;
}

static void
handle_reloaded(void *data, struct picowl_control_v1 *control, int32_t errors)
{
	struct answer *a = data;
	a->errors = errors;
	a->reloaded = true;
}

static const struct picowl_control_v1_listener listener = {
	.tile = handle_tile,
	.tiles_done = handle_tiles_done,
	.panel = handle_panel,
	.spawned = handle_spawned,
	.reloaded = handle_reloaded,
};

/* Listens and checks that the control global is there. */
static bool
start(struct ctl *ctl, struct answer *a)
{
	if (!ctl->control) {
		fprintf(stderr,
			"picowl-ctl: this compositor offers no picowl_control_v1 (not "
			"picowl, or picowl runs as another user)\n");
		return false;
	}
	picowl_control_v1_add_listener(ctl->control, &listener, a);
	return true;
}

/* Waits until *flag is set; false when the connection broke (a protocol error). */
static bool
wait_for(struct ctl *ctl, const bool *flag)
{
	while (!*flag) {
		if (wl_display_dispatch(ctl->client.display) < 0) {
			fprintf(stderr, "picowl-ctl: picowl closed the connection\n");
			return false;
		}
	}
	return true;
}

static bool
finish(struct ctl *ctl)
{
	if (wl_display_roundtrip(ctl->client.display) < 0) {
		fprintf(stderr, "picowl-ctl: picowl refused the request (see its log)\n");
		return false;
	}
	return true;
}

int
ctl_spawn(struct ctl *ctl, int argc, char **argv)
{
	struct answer a = {0};
	int tile = 0, first = 1;
	if (argc > 2 && strcmp(argv[1], "--tile") == 0) {
		tile = atoi(argv[2]);
		first = 3;
		if (tile < 1) {
			fprintf(stderr, "picowl-ctl: spawn: --tile takes a tile number from 1\n");
			return 2;
		}
	}
	if (first >= argc || argv[first][0] == '\0') {
		fprintf(stderr, "Usage: picowl-ctl spawn [--tile N] COMMAND [ARGS...]\n");
		return 2;
	}
	if (!start(ctl, &a)) {
		return 1;
	}
	struct wl_array array;
	wl_array_init(&array);
	for (int i = first; i < argc; i++) {
		size_t len = strlen(argv[i]) + 1;
		char *p = wl_array_add(&array, len);
		if (!p) {
			wl_array_release(&array);
			fprintf(stderr, "picowl-ctl: out of memory\n");
			return 1;
		}
		memcpy(p, argv[i], len);
	}
	picowl_control_v1_spawn(ctl->control, tile, &array);
	wl_array_release(&array);
	if (!wait_for(ctl, &a.spawned)) {
		return 1;
	}
	if (a.pid < 0) {
		fprintf(stderr, "picowl-ctl: picowl could not start %s\n", argv[first]);
		return 1;
	}
	printf("%d\n", a.pid);
	return 0;
}

int
ctl_reload(struct ctl *ctl, int argc, char **argv)
{
	struct answer a = {0};
	if (!start(ctl, &a)) {
		return 1;
	}
	picowl_control_v1_reload(ctl->control);
	if (!wait_for(ctl, &a.reloaded)) {
		return 1;
	}
	if (a.errors < 0) {
		fprintf(stderr, "picowl-ctl: the config was not applied (see picowl's log)\n");
		return 1;
	}
	if (a.errors > 0) {
		fprintf(stderr, "picowl-ctl: reloaded with %d error(s) (see picowl's log)\n",
			a.errors);
		return 1;
	}
	return 0;
}

int
ctl_focus(struct ctl *ctl, int argc, char **argv)
{
	struct answer a = {0};
	if (argc != 2 || atoi(argv[1]) < 1) {
		fprintf(stderr, "Usage: picowl-ctl focus TILE\n");
		return 2;
	}
	if (!start(ctl, &a)) {
		return 1;
	}
	picowl_control_v1_focus_tile(ctl->control, atoi(argv[1]));
	return finish(ctl) ? 0 : 1;
}

int
ctl_panel(struct ctl *ctl, int argc, char **argv)
{
	struct answer a = {0};
	if (!start(ctl, &a)) {
		return 1;
	}
	picowl_control_v1_show_panel(ctl->control);
	return finish(ctl) ? 0 : 1;
}

int
ctl_tiles(struct ctl *ctl, int argc, char **argv)
{
	struct answer a = {.print_tiles = true};
	if (!start(ctl, &a)) {
		return 1;
	}
	return wait_for(ctl, &a.tiles_done) ? 0 : 1;
}

/* evdev key codes by name (the US layout's letters): enough to press any default binding. */
static const struct {
	const char *name;
	int code;
} keys[] = {
	{"esc", 1},
	{"tab", 15},
	{"enter", 28},
	{"return", 28},
	{"space", 57},
	{"backspace", 14},
	{"logo", 125},
	{"super", 125},
	{"leftmeta", 125},
	{"shift", 42},
	{"leftshift", 42},
	{"ctrl", 29},
	{"leftctrl", 29},
	{"alt", 56},
	{"leftalt", 56},
	{"prog1", 148},
	{"prog2", 149},
	{"power", 116},
	{"up", 103},
	{"down", 108},
	{"left", 105},
	{"right", 106},
	{"f1", 59},
	{"f2", 60},
	{"f3", 61},
	{"f4", 62},
	{"f5", 63},
	{"f6", 64},
	{"f7", 65},
	{"f8", 66},
	{"f9", 67},
	{"f10", 68},
	{"f11", 87},
	{"f12", 88},
};
static const char letters[] = "qwertyuiop"
			      "asdfghjkl"
			      "zxcvbnm";
static const int letter_codes[] = {16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 30, 31, 32, 33, 34, 35,
	36, 37, 38, 44, 45, 46, 47, 48, 49, 50};

static int
key_code(const char *name)
{
	if (strncasecmp(name, "KEY_", 4) == 0) {
		name += 4;
	}
	if (isdigit((unsigned char)name[0]) && name[1] == '\0') {
		return name[0] == '0' ? 11 : name[0] - '0' + 1;
	}
	if (isdigit((unsigned char)name[0])) {
		return atoi(name);
	}
	if (name[1] == '\0' && strchr(letters, tolower((unsigned char)name[0]))) {
		return letter_codes[strchr(letters, tolower((unsigned char)name[0])) - letters];
	}
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		if (strcasecmp(name, keys[i].name) == 0) {
			return keys[i].code;
		}
	}
	return -1;
}

static int
inject_key(struct ctl *ctl, const char *combo)
{
	int codes[8], n = 0;
	char buf[128];
	snprintf(buf, sizeof(buf), "%s", combo);
	for (char *save, *part = strtok_r(buf, "+", &save); part;
		part = strtok_r(NULL, "+", &save)) {
		int code = key_code(part);
		if (code < 0 || n == 8) {
			fprintf(stderr, "picowl-ctl: inject key: unknown key \"%s\"\n", part);
			return 2;
		}
		codes[n++] = code;
	}
	for (int i = 0; i < n; i++) {
		picowl_control_v1_inject_key(ctl->control, (uint32_t)codes[i], 1);
	}
	for (int i = n - 1; i >= 0; i--) {
		picowl_control_v1_inject_key(ctl->control, (uint32_t)codes[i], 0);
	}
	return finish(ctl) ? 0 : 1;
}

static int
inject_touch(struct ctl *ctl, const char *what, double x, double y)
{
	wl_fixed_t fx = wl_fixed_from_double(x), fy = wl_fixed_from_double(y);
	if (strcmp(what, "down") == 0 || strcmp(what, "tap") == 0) {
		picowl_control_v1_inject_touch(ctl->control, PICOWL_CONTROL_V1_TOUCH_TYPE_DOWN, 0,
			fx, fy);
	}
	if (strcmp(what, "motion") == 0) {
		picowl_control_v1_inject_touch(ctl->control, PICOWL_CONTROL_V1_TOUCH_TYPE_MOTION, 0,
			fx, fy);
	}
	if (strcmp(what, "up") == 0 || strcmp(what, "tap") == 0) {
		picowl_control_v1_inject_touch(ctl->control, PICOWL_CONTROL_V1_TOUCH_TYPE_UP, 0, fx,
			fy);
	}
	return finish(ctl) ? 0 : 1;
}

int
ctl_inject(struct ctl *ctl, int argc, char **argv)
{
	struct answer a = {0};
	if (argc == 3 && strcmp(argv[1], "key") == 0) {
		return start(ctl, &a) ? inject_key(ctl, argv[2]) : 1;
	}
	if (argc == 5 && strcmp(argv[1], "touch") == 0 &&
		(strcmp(argv[2], "down") == 0 || strcmp(argv[2], "motion") == 0 ||
			strcmp(argv[2], "up") == 0 || strcmp(argv[2], "tap") == 0)) {
		return start(ctl, &a) ? inject_touch(ctl, argv[2], atof(argv[3]), atof(argv[4]))
				      : 1;
	}
	fprintf(stderr,
		"Usage: picowl-ctl inject key KEY[+KEY...]  (e.g. logo+f, KEY_PROG1)\n"
		"       picowl-ctl inject touch down|motion|up|tap X Y\n"
		"picowl must run with --test-hooks.\n");
	return 2;
}

/* picowl-ctl's session subcommands over picowl_control_v1: spawn, reload, focus, tiles, panel,
 * power (version 3), and the test hooks (inject); one listener serves them all. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctl.h"
#include "ctl_control.h"
#include "ctl_keys.h"
#include "picowl-control-unstable-v1-client-protocol.h"

struct answer {
	int pid, errors;
	bool spawned, reloaded, tiles_done;
	bool print_tiles;
	bool power_done;
	uint32_t power_state;
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

static void
handle_power(void *data, struct picowl_control_v1 *control, uint32_t state)
{
	struct answer *a = data;
	a->power_state = state;
	a->power_done = true;
}

static const struct picowl_control_v1_listener listener = {
	.tile = handle_tile,
	.tiles_done = handle_tiles_done,
	.panel = handle_panel,
	.spawned = handle_spawned,
	.reloaded = handle_reloaded,
	.power = handle_power,
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

static int
inject_key(struct ctl *ctl, const char *combo)
{
	int codes[8], n = 0;
	char buf[128];
	snprintf(buf, sizeof(buf), "%s", combo);
	for (char *save, *part = strtok_r(buf, "+", &save); part;
		part = strtok_r(NULL, "+", &save)) {
		bool shift = false;
		int code = ctl_key_code(ctl, part, &shift);
		if (code < 0 || n + shift >= 8) {
			fprintf(stderr,
				"picowl-ctl: inject key: unknown key \"%s\" (not a name of "
				"picowl-ctl's, "
				"an evdev KEY_ name or number, nor a keysym of picowl's keymap)\n",
				part);
			return 2;
		}
		if (shift) {
			codes[n++] = CTL_KEY_SHIFT;
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
inject_touch(struct ctl *ctl, const char *what, double x, double y, int32_t id)
{
	wl_fixed_t fx = wl_fixed_from_double(x), fy = wl_fixed_from_double(y);
	if (strcmp(what, "down") == 0 || strcmp(what, "tap") == 0) {
		picowl_control_v1_inject_touch(ctl->control, PICOWL_CONTROL_V1_TOUCH_TYPE_DOWN, id,
			fx, fy);
	}
	if (strcmp(what, "motion") == 0) {
		picowl_control_v1_inject_touch(ctl->control, PICOWL_CONTROL_V1_TOUCH_TYPE_MOTION,
			id, fx, fy);
	}
	if (strcmp(what, "up") == 0 || strcmp(what, "tap") == 0) {
		picowl_control_v1_inject_touch(ctl->control, PICOWL_CONTROL_V1_TOUCH_TYPE_UP, id,
			fx, fy);
	}
	if (strcmp(what, "cancel") == 0) {
		picowl_control_v1_inject_touch(ctl->control, PICOWL_CONTROL_V1_TOUCH_TYPE_CANCEL, 0,
			0, 0);
	}
	return finish(ctl) ? 0 : 1;
}

/* BTN_LEFT, BTN_RIGHT, BTN_MIDDLE by name, or an evdev code. */
static int
button_code(const char *name)
{
	static const struct {
		const char *name;
		int code;
	} names[] = {{"left", 0x110}, {"right", 0x111}, {"middle", 0x112}};
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (strcmp(name, names[i].name) == 0) {
			return names[i].code;
		}
	}
	char *end;
	long code = strtol(name, &end, 0);
	return *name && !*end && code > 0 && code < 0x300 ? (int)code : -1;
}

static int
inject_pointer(struct ctl *ctl, int argc, char **argv)
{
	if (wl_proxy_get_version((struct wl_proxy *)ctl->control) < 2) {
		fprintf(stderr, "picowl-ctl: inject pointer: this picowl has no pointer hooks\n");
		return 1;
	}
	if (strcmp(argv[2], "motion") == 0) {
		picowl_control_v1_inject_pointer_motion(ctl->control,
			wl_fixed_from_double(atof(argv[3])), wl_fixed_from_double(atof(argv[4])));
		return finish(ctl) ? 0 : 1;
	}
	int code = button_code(argc > 3 ? argv[3] : "left");
	if (code < 0) {
		fprintf(stderr, "picowl-ctl: inject pointer: unknown button \"%s\"\n", argv[3]);
		return 2;
	}
	bool click = strcmp(argv[2], "click") == 0;
	if (click || strcmp(argv[2], "press") == 0) {
		picowl_control_v1_inject_pointer_button(ctl->control, (uint32_t)code, 1);
	}
	if (click || strcmp(argv[2], "release") == 0) {
		picowl_control_v1_inject_pointer_button(ctl->control, (uint32_t)code, 0);
	}
	return finish(ctl) ? 0 : 1;
}

static bool
pointer_args(int argc, char **argv)
{
	if (argc < 3 || strcmp(argv[1], "pointer") != 0) {
		return false;
	}
	if (strcmp(argv[2], "motion") == 0) {
		return argc == 5;
	}
	return (argc == 3 || argc == 4) &&
		(strcmp(argv[2], "press") == 0 || strcmp(argv[2], "release") == 0 ||
			strcmp(argv[2], "click") == 0);
}

int
ctl_inject(struct ctl *ctl, int argc, char **argv)
{
	struct answer a = {0};
	if (argc == 3 && strcmp(argv[1], "key") == 0) {
		return start(ctl, &a) ? inject_key(ctl, argv[2]) : 1;
	}
	if ((argc == 5 || argc == 6) && strcmp(argv[1], "touch") == 0 &&
		(strcmp(argv[2], "down") == 0 || strcmp(argv[2], "motion") == 0 ||
			strcmp(argv[2], "up") == 0 || strcmp(argv[2], "tap") == 0)) {
		int32_t id = argc == 6 ? atoi(argv[5]) : 0;
		return start(ctl, &a) ? inject_touch(ctl, argv[2], atof(argv[3]), atof(argv[4]), id)
				      : 1;
	}
	if (argc == 3 && strcmp(argv[1], "touch") == 0 && strcmp(argv[2], "cancel") == 0) {
		return start(ctl, &a) ? inject_touch(ctl, argv[2], 0, 0, 0) : 1;
	}
	if (pointer_args(argc, argv)) {
		return start(ctl, &a) ? inject_pointer(ctl, argc, argv) : 1;
	}
	fprintf(stderr,
		"Usage: picowl-ctl inject key KEY[+KEY...]  (e.g. logo+f, KEY_PROG1, Escape, "
		"exclam)\n"
		"       picowl-ctl inject touch down|motion|up|tap X Y [ID]\n"
		"       picowl-ctl inject touch cancel\n"
		"       picowl-ctl inject pointer motion X Y\n"
		"       picowl-ctl inject pointer press|release|click [left|right|middle|CODE]\n"
		"picowl must run with --test-hooks.\n");
	return 2;
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
	if (!ctl->control || wl_proxy_get_version((struct wl_proxy *)ctl->control) < 3) {
		fprintf(stderr,
			"picowl-ctl: this picowl has no power control (picowl_control_v1 "
			"version 3)\n");
		return 1;
	}
	struct answer a = {0};
	picowl_control_v1_add_listener(ctl->control, &listener, &a);
	if (mode >= 0) {
		picowl_control_v1_set_power(ctl->control, (uint32_t)mode);
	} else {
		picowl_control_v1_get_power(ctl->control);
	}
	if (!wait_for(ctl, &a.power_done)) {
		return 1;
	}
	printf("%s\n", a.power_state < 3 ? states[a.power_state] : "unknown");
	return 0;
}

/* picowl-ctl inject: keys, touches and the pointer through picowl's test hooks. */
#include "ctl_inject.h"

#include <stdlib.h>
#include <string.h>

#include "ctl_keys.h"
#include "picowl-control-unstable-v1-client-protocol.h"

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
				"picowl-ctl's, a key name of [bindings] on picowl's keymap, nor an "
				"evdev KEY_ name or number)\n",
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
	return ctl_roundtrip(ctl) ? 0 : 1;
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
	return ctl_roundtrip(ctl) ? 0 : 1;
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
	if (!ctl_control(ctl, 2, "inject pointer")) {
		return 1;
	}
	if (strcmp(argv[2], "motion") == 0) {
		picowl_control_v1_inject_pointer_motion(ctl->control,
			wl_fixed_from_double(atof(argv[3])), wl_fixed_from_double(atof(argv[4])));
		return ctl_roundtrip(ctl) ? 0 : 1;
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
	return ctl_roundtrip(ctl) ? 0 : 1;
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
	if (argc == 3 && strcmp(argv[1], "key") == 0) {
		return ctl_control(ctl, 1, "inject") ? inject_key(ctl, argv[2]) : 1;
	}
	if ((argc == 5 || argc == 6) && strcmp(argv[1], "touch") == 0 &&
		(strcmp(argv[2], "down") == 0 || strcmp(argv[2], "motion") == 0 ||
			strcmp(argv[2], "up") == 0 || strcmp(argv[2], "tap") == 0)) {
		int32_t id = argc == 6 ? atoi(argv[5]) : 0;
		return ctl_control(ctl, 1, "inject")
			? inject_touch(ctl, argv[2], atof(argv[3]), atof(argv[4]), id)
			: 1;
	}
	if (argc == 3 && strcmp(argv[1], "touch") == 0 && strcmp(argv[2], "cancel") == 0) {
		return ctl_control(ctl, 1, "inject") ? inject_touch(ctl, argv[2], 0, 0, 0) : 1;
	}
	if (pointer_args(argc, argv)) {
		return ctl_control(ctl, 1, "inject") ? inject_pointer(ctl, argc, argv) : 1;
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

/*
 * picowl-ctl inject's key names: its own short names (the US layout's letters and digits, esc,
 * logo, ...), evdev's (KEY_ESC, or a number), and every key name [bindings] takes (an xkb keysym
 * name such as Escape, exclam, XF86Launch1, or KEY_PROG1: config_binding.c's own function,
 * 4.62), found in the keymap picowl sends on wl_keyboard, on the first level or with Shift.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "config_words.h"
#include "ctl.h"
#include "ctl_keys.h"

/* evdev's key codes are xkb's less 8 */
#define EVDEV_OFFSET 8

void
ctl_handle_keymap(void *data, uint32_t format, int32_t fd, uint32_t size)
{
	struct ctl *ctl = data;
	pw_client_keys_keymap(&ctl->keys, format, fd, size);
}

/* The key and level of `name`'s keysym on the first layout: level 0 before level 1 (Shift). */
static int
keysym_code(struct ctl *ctl, const char *name, bool *shift)
{
	xkb_keysym_t sym = pw_config_words_keysym(name);
	if (sym == XKB_KEY_NoSymbol) {
		return -1;
	}
	struct xkb_keymap *keymap = ctl->keys.keymap;
	if (!keymap) {
		return -1;
	}
	for (xkb_level_index_t level = 0; level < 2; level++) {
		xkb_keycode_t max = xkb_keymap_max_keycode(keymap);
		for (xkb_keycode_t kc = xkb_keymap_min_keycode(keymap); kc <= max; kc++) {
			const xkb_keysym_t *syms;
			int n = xkb_keymap_key_get_syms_by_level(keymap, kc, 0, level, &syms);
			if (n == 1 && syms[0] == sym && kc >= EVDEV_OFFSET) {
				*shift = level == 1;
				return (int)(kc - EVDEV_OFFSET);
			}
		}
	}
	return -1;
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

int
ctl_key_code(struct ctl *ctl, const char *name, bool *shift)
{
	*shift = false;
	const char *full = name;
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
	int code = keysym_code(ctl, full, shift);
	return code >= 0 || full == name ? code : keysym_code(ctl, name, shift);
}

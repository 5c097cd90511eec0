/*
 * The words of config values that picowl-ctl shares (4.62): command lines split as exec and
 * spawn are, and key names as [bindings] takes them. Pure: xkbcommon names only, and nothing
 * else of the config, so that picowl-ctl links this file alone.
 */
#include "config_words.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <xkbcommon/xkbcommon.h>

/*
 * Handheld buttons by their evdev names, as the xkb evdev keycodes map them (KEY_PROG1 is
 * <I156>, XF86Launch1, and so on), so a config can name the button the kernel documents.
 */
static const struct {
	const char *name;
	const char *keysym;
} evdev_names[] = {
	{"KEY_PROG1", "XF86Launch1"},
	{"KEY_PROG2", "XF86Launch2"},
	{"KEY_PROG3", "XF86Launch3"},
	{"KEY_PROG4", "XF86Launch4"},
	{"KEY_POWER", "XF86PowerOff"},
	{"KEY_SLEEP", "XF86Sleep"},
	{"KEY_CAMERA", "XF86WebCam"},
	{"KEY_MAIL", "XF86Mail"},
	{"KEY_CALENDAR", "XF86Calendar"},
	{"KEY_HOMEPAGE", "XF86HomePage"},
	{"KEY_MENU", "Menu"},
	{"KEY_VOLUMEUP", "XF86AudioRaiseVolume"},
	{"KEY_VOLUMEDOWN", "XF86AudioLowerVolume"},
	{"KEY_RECORD", "XF86AudioRecord"},
	{"KEY_ADDRESSBOOK", "XF86Addressbook"},
	{"KEY_UP", "Up"},
	{"KEY_DOWN", "Down"},
	{"KEY_LEFT", "Left"},
	{"KEY_RIGHT", "Right"},
	{"KEY_ENTER", "Return"},
};

uint32_t
pw_config_words_keysym(const char *name)
{
	for (size_t i = 0; i < sizeof(evdev_names) / sizeof(evdev_names[0]); i++) {
		if (strcmp(name, evdev_names[i].name) == 0) {
			name = evdev_names[i].keysym;
			break;
		}
	}
	xkb_keysym_t sym = xkb_keysym_from_name(name, XKB_KEYSYM_NO_FLAGS);
	if (sym == XKB_KEY_NoSymbol) {
		sym = xkb_keysym_from_name(name, XKB_KEYSYM_CASE_INSENSITIVE);
	}
	/* xkb names "+" plus, "," comma...: a lone printable character stands for itself. */
	if (sym == XKB_KEY_NoSymbol && name[0] > ' ' && name[0] < 0x7f && name[1] == '\0') {
		sym = xkb_utf32_to_keysym((uint32_t)name[0]);
	}
	return sym;
}

char **
pw_config_words_split(const char *line)
{
	/* One block: the pointers, then the words (never longer than the line). */
	size_t len = strlen(line);
	size_t max_words = len / 2 + 2;
	char **argv = malloc(max_words * sizeof(char *) + len + 1);
	if (!argv) {
		return NULL;
	}
	char *out = (char *)(argv + max_words);
	size_t n = 0;
	const char *p = line;
	while (true) {
		p += strspn(p, " \t");
		if (*p == '\0') {
			break;
		}
		argv[n++] = out;
		char quote = 0;
		for (; *p && (quote || (*p != ' ' && *p != '\t')); p++) {
			if (quote && *p == quote) {
				quote = 0;
			} else if (!quote && (*p == '\'' || *p == '"')) {
				quote = *p;
			} else if (*p == '\\' && quote != '\'' && p[1]) {
				*out++ = *++p;
			} else {
				*out++ = *p;
			}
		}
		*out++ = '\0';
		if (quote) {
			free(argv);
			return NULL;
		}
	}
	argv[n] = NULL;
	if (n == 0) {
		free(argv);
		return NULL;
	}
	return argv;
}

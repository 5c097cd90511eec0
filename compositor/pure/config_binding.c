/* Key bindings and command lines as the config file writes them. Pure: xkbcommon names only. */
#include "config_binding.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <xkbcommon/xkbcommon.h>

#include "config_keys.h"
#include "config_words.h"

static const struct {
	const char *name;
	uint32_t bit;
} modifiers[] = {
	{"logo", PW_BINDING_LOGO},
	{"super", PW_BINDING_LOGO},
	{"mod4", PW_BINDING_LOGO},
	{"shift", PW_BINDING_SHIFT},
	{"ctrl", PW_BINDING_CTRL},
	{"control", PW_BINDING_CTRL},
	{"alt", PW_BINDING_ALT},
	{"mod1", PW_BINDING_ALT},
};

static bool
parse_combo(const char *combo, struct pw_binding *out, char *err, size_t errlen)
{
	char buf[128];
	if (snprintf(buf, sizeof(buf), "%s", combo) >= (int)sizeof(buf)) {
		return pw_config_keys_fail(err, errlen, "key combination too long");
	}
	out->modifiers = 0;
	char *part = buf;
	char *plus;
	/* Every part before the last '+' is a modifier; "Logo++" binds the plus key. part[0]
	 * first: part + 1 is past the end of an empty part. */
	while (part[0] != '\0' && (plus = strchr(part + 1, '+'))) {
		*plus = '\0';
		size_t i = 0;
		for (; i < sizeof(modifiers) / sizeof(modifiers[0]); i++) {
			if (strcasecmp(part, modifiers[i].name) == 0) {
				out->modifiers |= modifiers[i].bit;
				break;
			}
		}
		if (i == sizeof(modifiers) / sizeof(modifiers[0])) {
			return pw_config_keys_fail(err, errlen,
				"unknown modifier \"%s\" (expected Logo, Shift, Ctrl or Alt)",
				part);
		}
		part = plus + 1;
	}
	if (part[0] == '\0') {
		return pw_config_keys_fail(err, errlen, "no key after the modifiers");
	}
	xkb_keysym_t sym = pw_config_words_keysym(part);
	if (sym == XKB_KEY_NoSymbol) {
		return pw_config_keys_fail(err, errlen,
			"unknown key \"%s\" (expected an xkb keysym name such as j, Return, "
			"XF86Launch1, or KEY_PROG1)",
			part);
	}
	out->keysym = xkb_keysym_to_lower(sym);
	return true;
}

static const struct {
	const char *verb;
	enum pw_action action;
	int min, max, def; /* the argument's range and default; min > max: none */
} actions[] = {
	{"none", PW_ACTION_NONE, 1, 0, 0},
	{"swap", PW_ACTION_SWAP_MASTER, 1, 0, 0},
	{"fullscreen", PW_ACTION_FULLSCREEN, 1, 0, 0},
	{"close", PW_ACTION_CLOSE, 1, 0, 0},
	{"quit", PW_ACTION_QUIT, 1, 0, 0},
	{"reload", PW_ACTION_RELOAD, 1, 0, 0},
	{"counters", PW_ACTION_DUMP_COUNTERS, 1, 0, 0},
	{"panel", PW_ACTION_SHOW_PANEL, 1, 0, 0},
	{"calibrate", PW_ACTION_CALIBRATE, 1, 0, 0},
	{"launcher", PW_ACTION_LAUNCHER, 1, 0, 0},
	{"kill", PW_ACTION_KILL, 1, 0, 0},
	{"tile", PW_ACTION_MOVE_TO_TILE, 1, 64, -1},
	{"rotate", PW_ACTION_ROTATE, 90, 270, 90},
	{"vt", PW_ACTION_SWITCH_VT, 1, 63, -1},
};

static bool
parse_action(char *words[], int n, const char *action, struct pw_binding *out, char *err,
	size_t errlen)
{
	const char *verb = words[0];
	if (strcmp(verb, "focus") == 0 && n == 2 &&
		(strcmp(words[1], "next") == 0 || strcmp(words[1], "prev") == 0)) {
		out->action = words[1][0] == 'n' ? PW_ACTION_FOCUS_NEXT : PW_ACTION_FOCUS_PREV;
		return true;
	}
	if (strcmp(verb, "focus") == 0 && n == 3 && strcmp(words[1], "tile") == 0) {
		out->action = PW_ACTION_FOCUS_TILE;
		if (pw_config_keys_parse_int(words[2], 1, 64, &out->arg)) {
			return true;
		}
	} else if (strcmp(verb, "master") == 0 && (n == 2 || n == 3) &&
		(strcmp(words[1], "grow") == 0 || strcmp(words[1], "shrink") == 0)) {
		out->action = words[1][0] == 'g' ? PW_ACTION_MASTER_GROW : PW_ACTION_MASTER_SHRINK;
		out->arg = 50;
		if (n == 2 || pw_config_keys_parse_int(words[2], 1, 800, &out->arg)) {
			return true;
		}
	} else if (strcmp(verb, "power") == 0 && n == 2) {
		static const char *const how[] = {"off", "on", "toggle"};
		out->action = PW_ACTION_POWER;
		for (int i = 0; i < 3; i++) {
			if (strcmp(words[1], how[i]) == 0) {
				out->arg = i;
				return true;
			}
		}
	} else if (strcmp(verb, "keyboard") == 0) {
		static const char *const how[] = {"show", "hide", "toggle"};
		out->action = PW_ACTION_KEYBOARD;
		for (int i = 0; i < 3 && n == 2; i++) {
			if (strcmp(words[1], how[i]) == 0) {
				out->arg = i;
				return true;
			}
		}
		/* The whole list below would be cut before this, its last entry. */
		return pw_config_keys_fail(err, errlen,
			"bad action \"%s\" (expected keyboard show|hide|toggle)", action);
	} else if (strcmp(verb, "layout") == 0 && n == 2) {
		/* the arg is enum pw_layout_kind's value plus one; 0 cycles */
		static const char *const how[] = {"next", "tile", "monocle"};
		out->action = PW_ACTION_LAYOUT_CYCLE;
		for (int i = 0; i < 3; i++) {
			if (strcmp(words[1], how[i]) == 0) {
				out->arg = i;
				return true;
			}
		}
	} else {
		for (size_t i = 0; i < sizeof(actions) / sizeof(actions[0]); i++) {
			if (strcmp(verb, actions[i].verb) != 0) {
				continue;
			}
			out->action = actions[i].action;
			out->arg = actions[i].def;
			bool takes = actions[i].min <= actions[i].max;
			if (n == 1 && (!takes || actions[i].def >= 0)) {
				return true;
			}
			if (n == 2 && takes &&
				pw_config_keys_parse_int(words[1], actions[i].min, actions[i].max,
					&out->arg) &&
				(out->action != PW_ACTION_ROTATE || out->arg % 90 == 0)) {
				return true;
			}
			break;
		}
	}
	return pw_config_keys_fail(err, errlen,
		"bad action \"%s\" (expected focus next|prev|tile N, swap, fullscreen, master "
		"grow|shrink [PERMILLE], layout next|tile|monocle, close, kill, launcher, quit, "
		"spawn [tile:N] "
		"CMD, tile N, rotate [90|180|270], counters, reload, vt N, panel, "
		"power off|on|toggle, keyboard show|hide|toggle or none)",
		action);
}

/* The actions parse_action matches by more than its verb alone, and spawn; then actions[]. */
static const char *const worded_actions[] = {"focus next", "focus prev", "focus tile",
	"master grow", "master shrink", "layout next", "power off", "power on", "power toggle",
	"keyboard show", "keyboard hide", "keyboard toggle", "spawn"};

const char *
pw_config_binding_action_name(size_t i)
{
	size_t worded = sizeof(worded_actions) / sizeof(worded_actions[0]);
	if (i < worded) {
		return worded_actions[i];
	}
	i -= worded;
	return i < sizeof(actions) / sizeof(actions[0]) ? actions[i].verb : NULL;
}

bool
pw_config_binding_parse(const char *combo, const char *action, struct pw_binding *out, char *err,
	size_t errlen)
{
	*out = (struct pw_binding){0};
	if (!parse_combo(combo, out, err, errlen)) {
		return false;
	}
	return pw_config_binding_parse_action(action, out, err, errlen);
}

bool
pw_config_binding_parse_action(const char *action, struct pw_binding *out, char *err, size_t errlen)
{
	out->action = PW_ACTION_NONE;
	out->arg = 0;
	out->command = NULL;
	const char *rest = action + strspn(action, " \t");
	if (strncmp(rest, "spawn", 5) == 0 && (rest[5] == ' ' || rest[5] == '\t')) {
		const char *command;
		char **argv;
		if (!pw_config_binding_parse_exec(rest + 6, &out->arg, &command) ||
			!(argv = pw_config_binding_split(command))) {
			return pw_config_keys_fail(err, errlen,
				"bad action \"%s\" (expected spawn [tile:N] CMD)", action);
		}
		free(argv);
		out->action = PW_ACTION_SPAWN;
		out->command = strdup(command);
		return out->command ? true : pw_config_keys_fail(err, errlen, "out of memory");
	}
	char **words = pw_config_binding_split(action);
	if (!words) {
		return pw_config_keys_fail(err, errlen, "no action");
	}
	int n = 0;
	while (words[n]) {
		n++;
	}
	bool ok = parse_action(words, n, action, out, err, errlen);
	free(words);
	return ok;
}

const struct pw_binding *
pw_config_binding_find(const struct pw_config *config, uint32_t modifiers, uint32_t keysym)
{
	xkb_keysym_t lower = xkb_keysym_to_lower(keysym);
	for (int i = 0; i < config->binding_count; i++) {
		const struct pw_binding *b = &config->bindings[i];
		if (!b->buttons && b->modifiers == modifiers && b->keysym == lower) {
			return b->action == PW_ACTION_NONE ? NULL : b;
		}
	}
	return NULL;
}

const struct pw_binding *
pw_config_binding_find_button(const struct pw_config *config, uint32_t keysym)
{
	xkb_keysym_t lower = xkb_keysym_to_lower(keysym);
	for (int i = 0; i < config->binding_count; i++) {
		const struct pw_binding *b = &config->bindings[i];
		if (b->buttons && b->keysym == lower) {
			return b->action == PW_ACTION_NONE ? NULL : b;
		}
	}
	return NULL;
}

bool
pw_config_binding_parse_exec(const char *value, int *tile, const char **command)
{
	const char *p = value + strspn(value, " \t");
	*tile = 0;
	if (strncmp(p, "tile:", 5) == 0) {
		char *end;
		long n = strtol(p + 5, &end, 10);
		if (end == p + 5 || (*end != ' ' && *end != '\t') || n < 1 || n > 64) {
			return false;
		}
		*tile = (int)n;
		p = end + strspn(end, " \t");
	}
	*command = p;
	return *p != '\0';
}

char **
pw_config_binding_split(const char *line)
{
	return pw_config_words_split(line);
}

/*
 * config_binding.c on its own: key combinations, actions and their arguments, the lookup of a
 * binding, "tile:N cmd" and the command-line splitter, each with the input it must refuse.
 */
#include <stdlib.h>
#include <string.h>
#include <xkbcommon/xkbcommon-keysyms.h>

#include "config_binding.h"

#include "check.h"

static char err[512];

/* Parses `combo` = `action` into `b`; false (with `err` set) on a refusal. */
static bool
bind(const char *combo, const char *action, struct pw_binding *b)
{
	err[0] = '\0';
	return pw_config_binding_parse(combo, action, b, err, sizeof(err));
}

static bool
bound(const char *combo, const char *action, uint32_t mods, uint32_t sym, enum pw_action act,
	int arg)
{
	struct pw_binding b;
	bool ok = bind(combo, action, &b);
	ok = ok && b.modifiers == mods && b.keysym == sym && b.action == act && b.arg == arg;
	free(b.command);
	return ok;
}

/* A refusal names what was wrong: `want` is a part of the message. */
static bool
refused(const char *combo, const char *action, const char *want)
{
	struct pw_binding b;
	return !bind(combo, action, &b) && strstr(err, want) != NULL;
}

static void
test_combos(void)
{
	const uint32_t L = PW_BINDING_LOGO, S = PW_BINDING_SHIFT, C = PW_BINDING_CTRL,
		       A = PW_BINDING_ALT;

	CHECK(bound("j", "quit", 0, XKB_KEY_j, PW_ACTION_QUIT, 0));
	CHECK(bound("Logo+j", "quit", L, XKB_KEY_j, PW_ACTION_QUIT, 0));
	/* Every alias of every modifier, in any case. */
	CHECK(bound("super+Mod4+LOGO+j", "quit", L, XKB_KEY_j, PW_ACTION_QUIT, 0));
	CHECK(bound("Ctrl+Control+j", "quit", C, XKB_KEY_j, PW_ACTION_QUIT, 0));
	CHECK(bound("Alt+mod1+j", "quit", A, XKB_KEY_j, PW_ACTION_QUIT, 0));
	CHECK(bound("shift+ctrl+alt+logo+j", "quit", L | S | C | A, XKB_KEY_j, PW_ACTION_QUIT, 0));
	/* Letters are kept lower case: Shift is a modifier bit, not the capital. */
	CHECK(bound("Logo+Shift+C", "close", L | S, XKB_KEY_c, PW_ACTION_CLOSE, 0));
	CHECK(bound("Return", "swap", 0, XKB_KEY_Return, PW_ACTION_SWAP_MASTER, 0));
	/* A keysym name in the wrong case is found case-insensitively. */
	CHECK(bound("return", "swap", 0, XKB_KEY_Return, PW_ACTION_SWAP_MASTER, 0));
	CHECK(bound("Logo+plus", "quit", L, XKB_KEY_plus, PW_ACTION_QUIT, 0));
	/* "Logo++" binds the plus key itself. */
	CHECK(bound("Logo++", "quit", L, XKB_KEY_plus, PW_ACTION_QUIT, 0));
	CHECK(bound("+", "quit", 0, XKB_KEY_plus, PW_ACTION_QUIT, 0));
	/* Any lone printable character names its key. */
	CHECK(bound("Logo+,", "quit", L, XKB_KEY_comma, PW_ACTION_QUIT, 0));
	CHECK(bound("Alt+-", "quit", A, XKB_KEY_minus, PW_ACTION_QUIT, 0));
	/* The evdev names of handheld buttons. */
	CHECK(bound("KEY_PROG1", "quit", 0, XKB_KEY_XF86Launch1, PW_ACTION_QUIT, 0));
	CHECK(bound("KEY_PROG4", "quit", 0, XKB_KEY_XF86Launch4, PW_ACTION_QUIT, 0));
	CHECK(bound("Alt+KEY_POWER", "quit", A, XKB_KEY_XF86PowerOff, PW_ACTION_QUIT, 0));
	CHECK(bound("KEY_VOLUMEUP", "quit", 0, XKB_KEY_XF86AudioRaiseVolume, PW_ACTION_QUIT, 0));
	CHECK(bound("XF86Launch1", "quit", 0, XKB_KEY_XF86Launch1, PW_ACTION_QUIT, 0));

	CHECK(refused("Hyper+j", "quit", "unknown modifier \"Hyper\""));
	CHECK(refused("j+Logo", "quit", "unknown modifier \"j\""));
	CHECK(refused("Logo+", "quit", "no key after the modifiers"));
	CHECK(refused("", "quit", "no key after the modifiers"));
	CHECK(refused("Logo+NoSuchKeyName", "quit", "unknown key \"NoSuchKeyName\""));
	CHECK(refused("KEY_PROG9", "quit", "unknown key"));
	/* A combination longer than the parser's buffer is refused, not cut. */
	char longcombo[200];
	memset(longcombo, 'a', sizeof(longcombo) - 1);
	longcombo[sizeof(longcombo) - 1] = '\0';
	CHECK(refused(longcombo, "quit", "too long"));
}

static void
test_actions(void)
{
	const uint32_t j = XKB_KEY_j;

	CHECK(bound("j", "none", 0, j, PW_ACTION_NONE, 0));
	CHECK(bound("j", "focus next", 0, j, PW_ACTION_FOCUS_NEXT, 0));
	CHECK(bound("j", "  focus   prev ", 0, j, PW_ACTION_FOCUS_PREV, 0));
	CHECK(bound("j", "focus tile 1", 0, j, PW_ACTION_FOCUS_TILE, 1));
	CHECK(bound("j", "focus tile 64", 0, j, PW_ACTION_FOCUS_TILE, 64));
	CHECK(bound("j", "swap", 0, j, PW_ACTION_SWAP_MASTER, 0));
	CHECK(bound("j", "fullscreen", 0, j, PW_ACTION_FULLSCREEN, 0));
	CHECK(bound("j", "master grow", 0, j, PW_ACTION_MASTER_GROW, 50));
	CHECK(bound("j", "master shrink 800", 0, j, PW_ACTION_MASTER_SHRINK, 800));
	CHECK(bound("j", "master grow 1", 0, j, PW_ACTION_MASTER_GROW, 1));
	CHECK(bound("j", "layout next", 0, j, PW_ACTION_LAYOUT_CYCLE, 0));
	CHECK(bound("j", "layout tile", 0, j, PW_ACTION_LAYOUT_CYCLE, 1));
	CHECK(bound("j", "layout monocle", 0, j, PW_ACTION_LAYOUT_CYCLE, 2));
	CHECK(bound("j", "close", 0, j, PW_ACTION_CLOSE, 0));
	CHECK(bound("j", "quit", 0, j, PW_ACTION_QUIT, 0));
	CHECK(bound("j", "reload", 0, j, PW_ACTION_RELOAD, 0));
	CHECK(bound("j", "counters", 0, j, PW_ACTION_DUMP_COUNTERS, 0));
	CHECK(bound("j", "panel", 0, j, PW_ACTION_SHOW_PANEL, 0));
	CHECK(bound("j", "calibrate", 0, j, PW_ACTION_CALIBRATE, 0));
	CHECK(bound("j", "launcher", 0, j, PW_ACTION_LAUNCHER, 0));
	CHECK(bound("j", "kill", 0, j, PW_ACTION_KILL, 0));
	CHECK(bound("j", "tile 1", 0, j, PW_ACTION_MOVE_TO_TILE, 1));
	CHECK(bound("j", "tile 64", 0, j, PW_ACTION_MOVE_TO_TILE, 64));
	CHECK(bound("j", "rotate", 0, j, PW_ACTION_ROTATE, 90));
	CHECK(bound("j", "rotate 180", 0, j, PW_ACTION_ROTATE, 180));
	CHECK(bound("j", "rotate 270", 0, j, PW_ACTION_ROTATE, 270));
	CHECK(bound("j", "vt 1", 0, j, PW_ACTION_SWITCH_VT, 1));
	CHECK(bound("j", "vt 63", 0, j, PW_ACTION_SWITCH_VT, 63));
	CHECK(bound("j", "keyboard show", 0, j, PW_ACTION_KEYBOARD, 0));
	CHECK(bound("j", "keyboard hide", 0, j, PW_ACTION_KEYBOARD, 1));
	CHECK(bound("j", "keyboard toggle", 0, j, PW_ACTION_KEYBOARD, 2));

	/* Arguments out of range, missing, extra or not numbers. */
	CHECK(refused("j", "focus tile 0", "bad action \"focus tile 0\""));
	CHECK(refused("j", "focus tile 65", "bad action"));
	CHECK(refused("j", "focus", "bad action"));
	CHECK(refused("j", "focus sideways", "bad action"));
	CHECK(refused("j", "master grow 0", "bad action"));
	CHECK(refused("j", "master grow 801", "bad action"));
	CHECK(refused("j", "master grow 5x", "bad action"));
	CHECK(refused("j", "master", "bad action"));
	CHECK(refused("j", "layout", "bad action"));
	CHECK(refused("j", "layout prev", "bad action"));
	CHECK(refused("j", "keyboard", "expected keyboard show|hide|toggle"));
	CHECK(refused("j", "keyboard up", "bad action \"keyboard up\""));
	CHECK(refused("j", "keyboard show now", "bad action"));
	CHECK(refused("j", "tile", "bad action"));
	CHECK(refused("j", "tile 0", "bad action"));
	CHECK(refused("j", "tile 65", "bad action"));
	CHECK(refused("j", "vt", "bad action"));
	CHECK(refused("j", "vt 64", "bad action"));
	CHECK(refused("j", "rotate 0", "bad action"));
	CHECK(refused("j", "rotate 45", "bad action"));
	CHECK(refused("j", "rotate 360", "bad action"));
	CHECK(refused("j", "close now", "bad action"));
	CHECK(refused("j", "calibrate 5", "bad action"));
	CHECK(refused("j", "launcher now", "bad action"));
	CHECK(refused("j", "kill 9", "bad action"));
	CHECK(refused("j", "quit 1", "bad action"));
	CHECK(refused("j", "Quit", "bad action"));
	CHECK(refused("j", "frobnicate", "bad action"));
	CHECK(refused("j", "", "no action"));
	CHECK(refused("j", "   ", "no action"));
	CHECK(refused("j", "quit 'x", "no action"));
	/* The combination is checked first. */
	CHECK(refused("Hyper+j", "frobnicate", "unknown modifier"));
}

static void
test_spawn(void)
{
	struct pw_binding b;

	CHECK(bind("Logo+Return", "spawn foot -e 'sh -c'", &b));
	CHECK(b.action == PW_ACTION_SPAWN && b.arg == 0 && b.command &&
		strcmp(b.command, "foot -e 'sh -c'") == 0);
	free(b.command);
	CHECK(bind("Logo+Return", "  spawn\ttile:3   foot", &b));
	CHECK(b.action == PW_ACTION_SPAWN && b.arg == 3 && b.command &&
		strcmp(b.command, "foot") == 0);
	free(b.command);
	/* Other actions carry no command. */
	CHECK(bind("j", "quit", &b) && b.command == NULL);

	CHECK(refused("j", "spawn ", "expected spawn [tile:N] CMD"));
	CHECK(refused("j", "spawn tile:2", "expected spawn"));
	CHECK(refused("j", "spawn tile:0 foot", "expected spawn"));
	CHECK(refused("j", "spawn tile:65 foot", "expected spawn"));
	CHECK(refused("j", "spawn foot 'unterminated", "expected spawn"));
	/* "spawn" alone or glued to its command is not a spawn: no command. */
	CHECK(refused("j", "spawn", "bad action"));
	CHECK(refused("j", "spawnfoot", "bad action"));
}

static void
test_find(void)
{
	struct pw_binding bindings[] = {
		{PW_BINDING_LOGO, XKB_KEY_j, PW_ACTION_FOCUS_NEXT, 0, NULL},
		{PW_BINDING_LOGO | PW_BINDING_SHIFT, XKB_KEY_c, PW_ACTION_CLOSE, 0, NULL},
		{PW_BINDING_LOGO, XKB_KEY_k, PW_ACTION_NONE, 0, NULL},
		{0, XKB_KEY_XF86Launch1, PW_ACTION_MOVE_TO_TILE, 2, NULL},
	};
	struct pw_config c = {.bindings = bindings, .binding_count = 4};
	const struct pw_binding *b;

	b = pw_config_binding_find(&c, PW_BINDING_LOGO, XKB_KEY_j);
	CHECK(b == &bindings[0]);
	/* Exactly those modifiers: one more or one less finds nothing. */
	CHECK(!pw_config_binding_find(&c, PW_BINDING_LOGO | PW_BINDING_ALT, XKB_KEY_j));
	CHECK(!pw_config_binding_find(&c, 0, XKB_KEY_j));
	/* The capital a held Shift produces finds the lower-case binding. */
	b = pw_config_binding_find(&c, PW_BINDING_LOGO | PW_BINDING_SHIFT, XKB_KEY_C);
	CHECK(b == &bindings[1]);
	b = pw_config_binding_find(&c, PW_BINDING_LOGO | PW_BINDING_SHIFT, XKB_KEY_c);
	CHECK(b == &bindings[1]);
	/* "none" unbinds: the key is not a binding at all. */
	CHECK(!pw_config_binding_find(&c, PW_BINDING_LOGO, XKB_KEY_k));
	b = pw_config_binding_find(&c, 0, XKB_KEY_XF86Launch1);
	CHECK(b == &bindings[3] && b->arg == 2);
	CHECK(!pw_config_binding_find(&c, 0, XKB_KEY_NoSymbol));
	struct pw_config empty = {0};
	CHECK(!pw_config_binding_find(&empty, PW_BINDING_LOGO, XKB_KEY_j));
}

static void
test_exec(void)
{
	int tile = -1;
	const char *cmd = NULL;

	CHECK(pw_config_binding_parse_exec("foot", &tile, &cmd) && tile == 0 &&
		strcmp(cmd, "foot") == 0);
	CHECK(pw_config_binding_parse_exec(" \t foot -e x", &tile, &cmd) && tile == 0 &&
		strcmp(cmd, "foot -e x") == 0);
	CHECK(pw_config_binding_parse_exec("tile:64\tfoot", &tile, &cmd) && tile == 64 &&
		strcmp(cmd, "foot") == 0);
	CHECK(pw_config_binding_parse_exec("  tile:7   a b", &tile, &cmd) && tile == 7 &&
		strcmp(cmd, "a b") == 0);
	/* A word that only starts like tile: is the command. */
	CHECK(pw_config_binding_parse_exec("tiles:1 x", &tile, &cmd) && tile == 0 &&
		strcmp(cmd, "tiles:1 x") == 0);

	tile = -1;
	CHECK(!pw_config_binding_parse_exec("", &tile, &cmd));
	CHECK(tile == 0);
	CHECK(!pw_config_binding_parse_exec("   ", &tile, &cmd));
	CHECK(!pw_config_binding_parse_exec("tile:65 foot", &tile, &cmd));
	CHECK(!pw_config_binding_parse_exec("tile:-1 foot", &tile, &cmd));
	CHECK(!pw_config_binding_parse_exec("tile: foot", &tile, &cmd));
	CHECK(!pw_config_binding_parse_exec("tile:2x foot", &tile, &cmd));
	CHECK(!pw_config_binding_parse_exec("tile:2foot", &tile, &cmd));
	CHECK(!pw_config_binding_parse_exec("tile:3", &tile, &cmd));
	CHECK(!pw_config_binding_parse_exec("tile:3   ", &tile, &cmd));
}

/* argv as one string "a|b|c", to compare in one CHECK; "(null)" for NULL. */
static const char *
joined(const char *line)
{
	static char out[256];
	char **argv = pw_config_binding_split(line);
	if (!argv) {
		return "(null)";
	}
	out[0] = '\0';
	for (int i = 0; argv[i]; i++) {
		size_t n = strlen(out);
		snprintf(out + n, sizeof(out) - n, "%s%s", i ? "|" : "", argv[i]);
	}
	free(argv);
	return out;
}

static void
test_split(void)
{
	CHECK(strcmp(joined("a"), "a") == 0);
	CHECK(strcmp(joined("a b\tc"), "a|b|c") == 0);
	CHECK(strcmp(joined(" \t a  \t b \t "), "a|b") == 0);
	/* Quotes join and vanish; a quote inside the other kind is a character. */
	CHECK(strcmp(joined("a'b c'd"), "ab cd") == 0);
	CHECK(strcmp(joined("\"it's\" 'say \"hi\"'"), "it's|say \"hi\"") == 0);
	CHECK(strcmp(joined("'' x"), "|x") == 0);
	/* A backslash escapes outside quotes and in double quotes, not in single quotes. */
	CHECK(strcmp(joined("a\\ b"), "a b") == 0);
	CHECK(strcmp(joined("\"a\\\"b\""), "a\"b") == 0);
	CHECK(strcmp(joined("'a\\b'"), "a\\b") == 0);
	CHECK(strcmp(joined("a\\\\b"), "a\\b") == 0);
	/* A backslash at the very end is kept. */
	CHECK(strcmp(joined("a\\"), "a\\") == 0);
	/* No shell: variables, globs and pipes are words. */
	CHECK(strcmp(joined("echo $HOME *.c | wc"), "echo|$HOME|*.c|||wc") == 0);
	/* The most words a line can hold: every other character a one-letter word. */
	CHECK(strcmp(joined("a b c d e f g h i j"), "a|b|c|d|e|f|g|h|i|j") == 0);

	CHECK(pw_config_binding_split("") == NULL);
	CHECK(pw_config_binding_split(" \t ") == NULL);
	CHECK(pw_config_binding_split("'") == NULL);
	CHECK(pw_config_binding_split("a \"b") == NULL);
	CHECK(pw_config_binding_split("a \"b\\\"") == NULL);
}

int
main(void)
{
	test_combos();
	test_actions();
	test_spawn();
	test_find();
	test_exec();
	test_split();
	return check_summary();
}

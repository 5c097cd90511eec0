/*
 * Table-driven: one row per key. A key either maps onto a command-line option (parsed by
 * options.c, so the file and the command line accept the same values) or has its own parser.
 */
#include "config_keys.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "config_binding.h"
#include "config_limits.h"
#include "config_lists.h"

char *
pw_config_keys_strdup(struct pw_config_private *priv, const char *s)
{
	size_t len = strlen(s);
	struct pw_config_pool_string *str = malloc(sizeof(*str) + len + 1);
	if (!str) {
		return NULL;
	}
	memcpy(str->text, s, len + 1);
	str->next = priv->strings;
	priv->strings = str;
	return str->text;
}

bool
pw_config_keys_fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return false;
}

bool
pw_config_keys_parse_int(const char *s, int min, int max, int *out)
{
	char *end;
	long v = strtol(s, &end, 10);
	if (end == s || *end != '\0' || v < min || v > max) {
		return false;
	}
	*out = (int)v;
	return true;
}

static bool
parse_bool(const char *s, bool *out)
{
	static const char *const yes[] = {"true", "yes", "on", "1"};
	static const char *const no[] = {"false", "no", "off", "0"};
	for (size_t i = 0; i < 4; i++) {
		if (strcasecmp(s, yes[i]) == 0 || strcasecmp(s, no[i]) == 0) {
			*out = strcasecmp(s, yes[i]) == 0;
			return true;
		}
	}
	return false;
}

static bool
parse_color(const char *s, uint32_t *out)
{
	if (s[0] == '#') {
		s++;
	} else if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		s += 2;
	}
	if (strlen(s) != 6 || strspn(s, "0123456789abcdefABCDEF") != 6) {
		return false;
	}
	*out = (uint32_t)strtoul(s, NULL, 16);
	return true;
}

/* A ratio such as 0.55 into permille, 0.1..0.9. */
static bool
parse_ratio(const char *s, int *permille)
{
	char *end;
	double v = strtod(s, &end);
	if (end == s || *end != '\0' || !(v >= 0.1 && v <= 0.9)) {
		return false;
	}
	*permille = (int)(v * 1000 + 0.5);
	return true;
}

typedef bool (*key_fn)(struct pw_config_private *priv, const char *value);

#define CONFIG(priv) (&(priv)->config)

static bool
set_string(struct pw_config_private *priv, char **field, const char *value)
{
	char *copy = value[0] ? pw_config_keys_strdup(priv, value) : NULL;
	if (value[0] && !copy) {
		return false;
	}
	*field = copy;
	return true;
}

#define STRING_KEY(name, field)                                                   \
	static bool key_##name(struct pw_config_private *priv, const char *value) \
	{                                                                         \
		return set_string(priv, &CONFIG(priv)->field, value);             \
	}
STRING_KEY(xkb_rules, input.rules)
STRING_KEY(xkb_model, input.model)
STRING_KEY(xkb_layout, input.layout)
STRING_KEY(xkb_variant, input.variant)
STRING_KEY(xkb_options, input.options)
STRING_KEY(keyboard, input.keyboard)
STRING_KEY(pointer, input.pointer)
STRING_KEY(touchscreen, input.touchscreen)

static bool
set_command(struct pw_config_private *priv, char **field, const char *value)
{
	char *copy = pw_config_keys_strdup(priv, value);
	if (copy) {
		*field = copy;
	}
	return copy != NULL;
}

static bool
key_panel_command(struct pw_config_private *priv, const char *value)
{
	return set_command(priv, &CONFIG(priv)->panel.command, value);
}

/* A command line that splits: an empty one is none. */
static bool
key_keyboard_command(struct pw_config_private *priv, const char *value)
{
	char **argv = value[0] ? pw_config_binding_split(value) : NULL;
	free(argv);
	return (!value[0] || argv) && set_command(priv, &CONFIG(priv)->keyboard.command, value);
}

#define INT_KEY(name, field, min, max)                                                  \
	static bool key_##name(struct pw_config_private *priv, const char *value)       \
	{                                                                               \
		return pw_config_keys_parse_int(value, min, max, &CONFIG(priv)->field); \
	}
INT_KEY(master_count, layout.master_count, 0, 64)
INT_KEY(gaps, layout.gap, 0, 1000)
INT_KEY(border_width, border_width, 0, 100)
INT_KEY(bell_time, bell_ms, 0, 10000)
INT_KEY(panel_height, panel.height, 1, 1000)
INT_KEY(panel_timeout, panel.timeout_ms, 100, 3600000)
INT_KEY(repeat_rate, input.repeat_rate, 0, 1000)
INT_KEY(repeat_delay, input.repeat_delay, 0, 10000)
INT_KEY(dim_timeout, power.dim_timeout, 0, 86400)
INT_KEY(client_subsurfaces, limits.client_subsurfaces, 0, 100000)
INT_KEY(client_pools, limits.client_pools, 0, 100000)
INT_KEY(long_press_time, touch.long_press_ms, 0, 10000)
INT_KEY(long_press_radius, touch.long_press_radius, 1, 200)
STRING_KEY(emulate_app_ids, touch.emulate_app_ids)
INT_KEY(xwayland_idle_timeout, xwayland.idle_timeout, 0, 86400)

static bool
key_xwayland_enabled(struct pw_config_private *priv, const char *value)
{
	static const char *const names[] = {"auto", "on", "off"};
	for (int i = 0; i < 3; i++) {
		if (strcmp(value, names[i]) == 0) {
			CONFIG(priv)->xwayland.enabled = (enum pw_xwayland_mode)i;
			return true;
		}
	}
	return false;
}

static bool
key_cursor(struct pw_config_private *priv, const char *value)
{
	static const char *const names[] = {"auto", "always", "never"};
	for (int i = 0; i < 3; i++) {
		if (strcmp(value, names[i]) == 0) {
			CONFIG(priv)->input.cursor = (enum pw_cursor_mode)i;
			return true;
		}
	}
	return false;
}

static bool
key_xwayland_path(struct pw_config_private *priv, const char *value)
{
	return value[0] && set_string(priv, &CONFIG(priv)->xwayland.path, value);
}

static bool
key_pointer_emulation(struct pw_config_private *priv, const char *value)
{
	if (strcmp(value, "auto") == 0 || strcmp(value, "off") == 0) {
		CONFIG(priv)->touch.emulation = value[0] == 'a';
		return true;
	}
	return false;
}

static bool
key_long_press_touch_clients(struct pw_config_private *priv, const char *value)
{
	return parse_bool(value, &CONFIG(priv)->touch.long_press_touch_clients);
}

static bool
key_scroll(struct pw_config_private *priv, const char *value)
{
	if (strcmp(value, "two-finger") == 0 || strcmp(value, "off") == 0) {
		CONFIG(priv)->touch.two_finger_scroll = value[0] == 't';
		return true;
	}
	return false;
}

#define COLOR_KEY(name, field)                                                    \
	static bool key_##name(struct pw_config_private *priv, const char *value) \
	{                                                                         \
		return parse_color(value, &CONFIG(priv)->field);                  \
	}
COLOR_KEY(background, background)
COLOR_KEY(border, border)
COLOR_KEY(border_focused, border_focused)

static bool
key_layout(struct pw_config_private *priv, const char *value)
{
	if (strcmp(value, "tile") == 0 || strcmp(value, "monocle") == 0) {
		CONFIG(priv)->layout.kind = value[0] == 't' ? PW_LAYOUT_TILE : PW_LAYOUT_MONOCLE;
		return true;
	}
	return false;
}

static bool
key_master_ratio(struct pw_config_private *priv, const char *value)
{
	return parse_ratio(value, &CONFIG(priv)->layout.master_permille);
}

static bool
key_position(struct pw_config_private *priv, const char *value)
{
	if (strcmp(value, "top") == 0 || strcmp(value, "bottom") == 0) {
		CONFIG(priv)->panel.position = value[0] == 't' ? PW_PANEL_TOP : PW_PANEL_BOTTOM;
		return true;
	}
	return false;
}

static bool
key_autohide(struct pw_config_private *priv, const char *value)
{
	return parse_bool(value, &CONFIG(priv)->panel.autohide);
}

static bool
key_autoshow(struct pw_config_private *priv, const char *value)
{
	return parse_bool(value, &CONFIG(priv)->keyboard.autoshow);
}

static bool
key_calibration(struct pw_config_private *priv, const char *value)
{
	double m[6];
	const char *p = value;
	for (int i = 0; i < 6; i++) {
		char *end;
		m[i] = strtod(p, &end);
		if (end == p) {
			return false;
		}
		p = end;
	}
	if (p[strspn(p, " \t")] != '\0') {
		return false;
	}
	memcpy(CONFIG(priv)->input.calibration, m, sizeof(m));
	return true;
}

/* auto: blank a real display after 120 s, never headless or nested ones (desktop.c). */
static bool
key_idle_timeout(struct pw_config_private *priv, const char *value)
{
	if (strcmp(value, "auto") == 0) {
		CONFIG(priv)->power.idle_timeout = -1;
		return true;
	}
	return pw_config_keys_parse_int(value, 0, 86400, &CONFIG(priv)->power.idle_timeout);
}

/* A device name in /sys/class/backlight: no path, so the value cannot point elsewhere. */
static bool
key_backlight(struct pw_config_private *priv, const char *value)
{
	if (!value[0] || strchr(value, '/') || strcmp(value, ".") == 0 ||
		strcmp(value, "..") == 0 || strlen(value) > 64) {
		return false;
	}
	return set_string(priv, &CONFIG(priv)->power.backlight, value);
}

INT_KEY(edge_width, gestures.edge_width, 1, 100)
INT_KEY(distance, gestures.distance, 1, 1000)
INT_KEY(swipe_timeout, gestures.timeout_ms, 50, 10000)

/* A swipe's action, as a binding's; a spawn's command goes to the config's strings. */
static bool
set_gesture(struct pw_config_private *priv, enum pw_swipe_edge edge, const char *value)
{
	struct pw_binding b;
	char err[160];
	if (!pw_config_binding_parse_action(value, &b, err, sizeof(err))) {
		return false;
	}
	char *command = b.command ? pw_config_keys_strdup(priv, b.command) : NULL;
	bool ok = !b.command || command;
	free(b.command);
	b.command = command;
	if (ok) {
		CONFIG(priv)->gestures.edge[edge] = b;
	}
	return ok;
}

#define GESTURE_KEY(name, edge)                                                   \
	static bool key_##name(struct pw_config_private *priv, const char *value) \
	{                                                                         \
		return set_gesture(priv, edge, value);                            \
	}
GESTURE_KEY(top, PW_SWIPE_TOP)
GESTURE_KEY(right, PW_SWIPE_RIGHT)
GESTURE_KEY(bottom, PW_SWIPE_BOTTOM)
GESTURE_KEY(left, PW_SWIPE_LEFT)

static const struct key {
	const char *section, *name;
	key_fn parse; /* NULL: the command-line option `option` */
	const char *option; /* or what the value should be */
} keys[] = {
	{"output", "backend", NULL, "backend"},
	{"output", "device", NULL, "device"},
	{"output", "connector", NULL, "connector"},
	{"output", "mode", NULL, "mode"},
	{"output", "kms", NULL, "kms"},
	{"output", "rotation", NULL, "rotate"},
	{"output", "format", NULL, "format"},
	{"layout", "layout", key_layout, "tile or monocle"},
	{"layout", "master_ratio", key_master_ratio, "a ratio, 0.1..0.9"},
	{"layout", "master_count", key_master_count, "an integer, 0..64"},
	{"layout", "gaps", key_gaps, "pixels, 0..1000"},
	{"layout", "border_width", key_border_width, "pixels, 0..100"},
	{"layout", "background", key_background, "a colour, #rrggbb"},
	{"layout", "border", key_border, "a colour, #rrggbb"},
	{"layout", "border_focused", key_border_focused, "a colour, #rrggbb"},
	{"layout", "bell_time", key_bell_time, "milliseconds, 0..10000"},
	{"panel", "command", key_panel_command, "a command line"},
	{"panel", "position", key_position, "top or bottom"},
	{"panel", "height", key_panel_height, "pixels, 1..1000"},
	{"panel", "autohide", key_autohide, "true or false"},
	{"panel", "timeout", key_panel_timeout, "milliseconds, 100..3600000"},
	{"keyboard", "command", key_keyboard_command, "a command line"},
	{"keyboard", "autoshow", key_autoshow, "true or false"},
	{"input", "xkb_rules", key_xkb_rules, "an xkb rules name"},
	{"input", "xkb_model", key_xkb_model, "an xkb model"},
	{"input", "xkb_layout", key_xkb_layout, "xkb layouts, e.g. us,de"},
	{"input", "xkb_variant", key_xkb_variant, "xkb variants"},
	{"input", "xkb_options", key_xkb_options, "xkb options, e.g. ctrl:nocaps"},
	{"input", "repeat_rate", key_repeat_rate, "keys per second, 0..1000"},
	{"input", "repeat_delay", key_repeat_delay, "milliseconds, 0..10000"},
	{"input", "calibration", key_calibration, "six numbers, a b c d e f"},
	{"input", "keyboard", key_keyboard, "a device path"},
	{"input", "pointer", key_pointer, "a device path"},
	{"input", "touchscreen", key_touchscreen, "a device path"},
	{"input", "cursor", key_cursor, "auto, always or never"},
	{"touch", "pointer_emulation", key_pointer_emulation, "auto or off"},
	{"touch", "emulate_app_ids", key_emulate_app_ids, "app_ids, separated by spaces"},
	{"touch", "long_press_time", key_long_press_time, "milliseconds, 0..10000 (0: none)"},
	{"touch", "long_press_radius", key_long_press_radius, "pixels, 1..200"},
	{"touch", "scroll", key_scroll, "two-finger or off"},
	{"touch", "long_press_touch_clients", key_long_press_touch_clients, "true or false"},
	{"power", "idle_timeout", key_idle_timeout, "auto or seconds, 0..86400 (0: never)"},
	{"power", "dim_timeout", key_dim_timeout, "seconds, 0..86400 (0: never)"},
	{"power", "backlight", key_backlight, "auto, none or a /sys/class/backlight name"},
	{"limits", "client_memory", pw_config_limits_memory, "bytes, 0 or 64K..1024M"},
	{"limits", "client_fds", pw_config_limits_fds, "auto or 8..65536 descriptors"},
	{"limits", "client_subsurfaces", key_client_subsurfaces, "0..100000 subsurfaces"},
	{"limits", "client_pools", key_client_pools, "0..100000 pools and buffers"},
	{"limits", "client_mapped", pw_config_limits_mapped, "auto, or bytes: 0 or 1M..3G (1024G)"},
	{"xwayland", "enabled", key_xwayland_enabled, "auto, on or off"},
	{"xwayland", "path", key_xwayland_path, "the Xwayland binary, a path or a name in PATH"},
	{"xwayland", "idle_timeout", key_xwayland_idle_timeout, "seconds, 0..86400 (0: never)"},
	{"gestures", "top", key_top, "a binding's action, e.g. panel, or none"},
	{"gestures", "bottom", key_bottom, "a binding's action, e.g. keyboard toggle, or none"},
	{"gestures", "left", key_left, "a binding's action, e.g. focus prev, or none"},
	{"gestures", "right", key_right, "a binding's action, e.g. focus next, or none"},
	{"gestures", "edge_width", key_edge_width, "pixels, 1..100"},
	{"gestures", "distance", key_distance, "pixels, 1..1000"},
	{"gestures", "timeout", key_swipe_timeout, "milliseconds, 50..10000"},
	{"pipeline", "damage", NULL, "damage"},
	{"pipeline", "present", NULL, "present"},
	{"pipeline", "copy", NULL, "copy"},
	{"pipeline", "dma_threshold", NULL, "dma-threshold"},
	{"pipeline", "counters", NULL, "counters"},
	{"pipeline", "counter_frames", NULL, "counter-frames"},
	{"pipeline", "counters_at_exit", NULL, "counters-at-exit"},
	{"log", "level", NULL, "log-level"},
	{"log", "file", NULL, "log"},
};

const char *
pw_config_keys_name(size_t i, const char **section)
{
	if (i >= sizeof(keys) / sizeof(keys[0])) {
		return NULL;
	}
	*section = keys[i].section;
	return keys[i].name;
}

static const char *const sections[] = {"output", "layout", "panel", "input", "bindings", "buttons",
	"autostart", "pipeline", "power", "limits", "gestures", "touch", "keyboard", "launcher",
	"log", "xwayland"};

/* The default bindings, parsed like the file's so that both accept the same names. */
static const char *const default_bindings[][2] = {
	{"Logo+j", "focus next"},
	{"Logo+k", "focus prev"},
	{"Logo+Return", "swap"},
	{"Logo+f", "fullscreen"},
	{"Logo+h", "master shrink 50"},
	{"Logo+l", "master grow 50"},
	{"Logo+m", "layout next"},
	{"Logo+Shift+c", "close"},
	{"Logo+Shift+q", "quit"},
	{"Logo+p", "panel"},
	{"Logo+Shift+r", "reload"},
	{"KEY_POWER", "power toggle"},
};

const char *
pw_config_keys_expected(size_t i, const char **option)
{
	if (i >= sizeof(keys) / sizeof(keys[0])) {
		return NULL;
	}
	*option = keys[i].parse ? NULL : keys[i].option;
	return keys[i].parse ? keys[i].option : NULL;
}

const char *
pw_config_keys_section_name(size_t i)
{
	return i < sizeof(sections) / sizeof(sections[0]) ? sections[i] : NULL;
}

const char *
pw_config_keys_default_binding(size_t i, const char **action)
{
	if (i >= sizeof(default_bindings) / sizeof(default_bindings[0])) {
		return NULL;
	}
	*action = default_bindings[i][1];
	return default_bindings[i][0];
}

bool
pw_config_keys_section_known(const char *name)
{
	for (size_t i = 0; i < sizeof(sections) / sizeof(sections[0]); i++) {
		if (strcmp(name, sections[i]) == 0) {
			return true;
		}
	}
	return false;
}

bool
pw_config_keys_set(struct pw_config_private *priv, const char *section, const char *key,
	const char *value, char *err, size_t errlen)
{
	struct pw_config *c = CONFIG(priv);
	if (pw_config_lists_has(section)) {
		return pw_config_lists_set(priv, section, key, value, err, errlen);
	}
	if (strcmp(section, "launcher") == 0) {
		return true; /* the panel's: it reads and checks them (decision 4.52) */
	}
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		const struct key *k = &keys[i];
		if (strcmp(k->section, section) != 0 || strcmp(k->name, key) != 0) {
			continue;
		}
		if (k->parse) {
			if (!k->parse(priv, value)) {
				return pw_config_keys_fail(err, errlen,
					"bad value \"%s\" (expected %s)", value, k->option);
			}
			return true;
		}
		/* An empty value keeps the option's default. */
		const char *expected;
		char *copy = value[0] ? pw_config_keys_strdup(priv, value) : NULL;
		if (value[0] && (!copy || !pw_options_set(&c->opts, k->option, copy, &expected))) {
			return pw_config_keys_fail(err, errlen, "bad value \"%s\" (expected %s)",
				value, copy ? expected : "memory");
		}
		return true;
	}
	return pw_config_keys_fail(err, errlen, "unknown key");
}

bool
pw_config_keys_set_defaults(struct pw_config_private *priv)
{
	struct pw_config *c = CONFIG(priv);
	pw_options_defaults(&c->opts);
	pw_layout_defaults(&c->layout);
	c->border_width = 2;
	c->background = 0x000000;
	c->border = 0x333333;
	c->border_focused = 0x4c7899;
	c->bell_ms = 300;
	c->panel.command = "";
	c->panel.position = PW_PANEL_TOP;
	c->panel.height = 16;
	c->panel.autohide = true;
	c->panel.timeout_ms = 3000;
	c->keyboard.command = "";
	c->input.repeat_rate = 25;
	c->input.repeat_delay = 600;
	c->input.calibration[0] = c->input.calibration[4] = 1.0;
	c->touch.emulation = true;
	c->touch.long_press_ms = 500;
	c->touch.long_press_radius = 8;
	c->touch.two_finger_scroll = true;
	c->power.idle_timeout = -1;
	c->power.dim_timeout = 0;
	c->power.backlight = "auto";
	c->limits.client_memory = (size_t)2 << 20; /* decision 4.37 */
	c->limits.client_fds = 0;
	c->limits.client_subsurfaces = 32; /* decision 4.77 */
	c->limits.client_pools = 512; /* decision 4.79 */
	c->limits.client_mapped = pw_config_limits_mapped_auto(); /* decision 4.80 */
	c->xwayland.enabled = PW_XWAYLAND_AUTO;
	c->xwayland.path = "Xwayland";
	c->xwayland.idle_timeout = 60;
	static const char *const default_gestures[PW_SWIPE_EDGES] = {
		[PW_SWIPE_TOP] = "panel",
		[PW_SWIPE_RIGHT] = "focus next",
		[PW_SWIPE_BOTTOM] = "keyboard toggle",
		[PW_SWIPE_LEFT] = "focus prev",
	};
	for (int e = 0; e < PW_SWIPE_EDGES; e++) {
		if (!set_gesture(priv, (enum pw_swipe_edge)e, default_gestures[e])) {
			return false;
		}
	}
	c->gestures.edge_width = 10;
	c->gestures.distance = 40;
	c->gestures.timeout_ms = 500;
	for (size_t i = 0; i < sizeof(default_bindings) / sizeof(default_bindings[0]); i++) {
		struct pw_binding b;
		char err[160];
		bool ok = pw_config_binding_parse(default_bindings[i][0], default_bindings[i][1],
			&b, err, sizeof(err));
		if (!ok || !pw_config_lists_add_binding(priv, &b)) {
			return false;
		}
	}
	return true;
}

/*
 * Table-driven: one row per key. A key either maps onto a command-line option (parsed by
 * options.c, so the file and the command line accept the same values) or has its own parser.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#define MAX_LINE 1024

/* Strings the options point at live as long as the config: a chain of copies. */
struct pool_string {
	struct pool_string *next;
	char text[];
};

struct pw_config_private {
	struct pw_config config;
	struct pool_string *strings;
};

struct parser {
	struct pw_config_private *priv;
	const char *file;
	int line;
	char section[32];
	bool section_known;
	FILE *log;
};

static void __attribute__((format(printf, 3, 4)))
report(struct parser *p, const char *key, const char *fmt, ...)
{
	p->priv->config.errors++;
	if (!p->log) {
		return;
	}
	va_list ap;
	va_start(ap, fmt);
	if (key) {
		fprintf(p->log, "%s:%d: [%s] %s: ", p->file, p->line, p->section, key);
	} else {
		fprintf(p->log, "%s:%d: ", p->file, p->line);
	}
	vfprintf(p->log, fmt, ap);
	fputc('\n', p->log);
	va_end(ap);
}

static char *
pool_strdup(struct pw_config_private *priv, const char *s)
{
	size_t len = strlen(s);
	struct pool_string *str = malloc(sizeof(*str) + len + 1);
	if (!str) {
		return NULL;
	}
	memcpy(str->text, s, len + 1);
	str->next = priv->strings;
	priv->strings = str;
	return str->text;
}

static bool
parse_int(const char *s, int min, int max, int *out)
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
	char *copy = value[0] ? pool_strdup(priv, value) : NULL;
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
key_panel_command(struct pw_config_private *priv, const char *value)
{
	char *copy = pool_strdup(priv, value);
	if (copy) {
		CONFIG(priv)->panel.command = copy;
	}
	return copy != NULL;
}

#define INT_KEY(name, field, min, max)                                            \
	static bool key_##name(struct pw_config_private *priv, const char *value) \
	{                                                                         \
		return parse_int(value, min, max, &CONFIG(priv)->field);          \
	}
INT_KEY(master_count, layout.master_count, 0, 64)
INT_KEY(gaps, layout.gap, 0, 1000)
INT_KEY(border_width, border_width, 0, 100)
INT_KEY(panel_height, panel.height, 1, 1000)
INT_KEY(panel_timeout, panel.timeout_ms, 100, 3600000)
INT_KEY(repeat_rate, input.repeat_rate, 0, 1000)
INT_KEY(repeat_delay, input.repeat_delay, 0, 10000)

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

static const struct key {
	const char *section, *name;
	key_fn parse; /* NULL: the command-line option `option` */
	const char *option; /* or what the value should be */
} keys[] = {
	{"output", "backend", NULL, "backend"},
	{"output", "device", NULL, "device"},
	{"output", "connector", NULL, "connector"},
	{"output", "mode", NULL, "mode"},
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
	{"panel", "command", key_panel_command, "a command line"},
	{"panel", "position", key_position, "top or bottom"},
	{"panel", "height", key_panel_height, "pixels, 1..1000"},
	{"panel", "autohide", key_autohide, "true or false"},
	{"panel", "timeout", key_panel_timeout, "milliseconds, 100..3600000"},
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
	{"pipeline", "damage", NULL, "damage"},
	{"pipeline", "present", NULL, "present"},
	{"pipeline", "copy", NULL, "copy"},
	{"pipeline", "dma_threshold", NULL, "dma-threshold"},
	{"pipeline", "counters", NULL, "counters"},
};

const char *
pw_config_key(size_t i, const char **section)
{
	if (i >= sizeof(keys) / sizeof(keys[0])) {
		return NULL;
	}
	*section = keys[i].section;
	return keys[i].name;
}

static const char *const sections[] = {"output", "layout", "panel", "input", "bindings",
	"autostart", "pipeline"};

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
};

static bool
add_binding(struct pw_config_private *priv, struct pw_binding *binding)
{
	struct pw_config *c = CONFIG(priv);
	for (int i = 0; i < c->binding_count; i++) {
		struct pw_binding *b = &c->bindings[i];
		if (b->modifiers == binding->modifiers && b->keysym == binding->keysym) {
			free(b->command);
			*b = *binding;
			return true;
		}
	}
	struct pw_binding *grown =
		realloc(c->bindings, sizeof(*grown) * (size_t)(c->binding_count + 1));
	if (!grown) {
		return false;
	}
	c->bindings = grown;
	c->bindings[c->binding_count++] = *binding;
	return true;
}

static bool
add_autostart(struct pw_config_private *priv, int tile, const char *command)
{
	struct pw_config *c = CONFIG(priv);
	char *copy = strdup(command);
	struct pw_autostart *grown = copy
		? realloc(c->autostart, sizeof(*grown) * (size_t)(c->autostart_count + 1))
		: NULL;
	if (!grown) {
		free(copy);
		return false;
	}
	c->autostart = grown;
	c->autostart[c->autostart_count++] = (struct pw_autostart){tile, copy};
	return true;
}

static void
set_key(struct parser *p, const char *key, const char *value)
{
	struct pw_config *c = CONFIG(p->priv);
	char err[160];
	if (strcmp(p->section, "bindings") == 0) {
		struct pw_binding binding;
		if (!pw_config_parse_binding(key, value, &binding, err, sizeof(err))) {
			report(p, key, "%s", err);
		} else if (!add_binding(p->priv, &binding)) {
			free(binding.command);
			report(p, key, "out of memory");
		}
		return;
	}
	if (strcmp(p->section, "autostart") == 0) {
		int tile;
		const char *command;
		char **argv;
		if (strcmp(key, "exec") != 0) {
			report(p, key, "unknown key (expected exec)");
		} else if (!pw_config_parse_exec(value, &tile, &command) ||
			!(argv = pw_config_split(command))) {
			report(p, key, "bad value \"%s\" (expected [tile:N] command [args...])",
				value);
		} else {
			free(argv);
			if (!add_autostart(p->priv, tile, command)) {
				report(p, key, "out of memory");
			}
		}
		return;
	}
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		const struct key *k = &keys[i];
		if (strcmp(k->section, p->section) != 0 || strcmp(k->name, key) != 0) {
			continue;
		}
		if (k->parse) {
			if (!k->parse(p->priv, value)) {
				report(p, key, "bad value \"%s\" (expected %s)", value, k->option);
			}
			return;
		}
		/* An empty value keeps the option's default. */
		const char *expected;
		char *copy = value[0] ? pool_strdup(p->priv, value) : NULL;
		if (value[0] && (!copy || !pw_options_set(&c->opts, k->option, copy, &expected))) {
			report(p, key, "bad value \"%s\" (expected %s)", value,
				copy ? expected : "memory");
		}
		return;
	}
	report(p, key, "unknown key");
}

static char *
trim(char *s)
{
	while (*s == ' ' || *s == '\t') {
		s++;
	}
	size_t n = strlen(s);
	while (n > 0 &&
		(s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n' || s[n - 1] == '\r')) {
		s[--n] = '\0';
	}
	return s;
}

static void
parse_line(struct parser *p, char *raw)
{
	char *line = trim(raw);
	if (line[0] == '\0' || line[0] == ';' || line[0] == '#') {
		return;
	}
	if (line[0] == '[') {
		char *end = strchr(line, ']');
		p->section_known = false;
		snprintf(p->section, sizeof(p->section), "%s", "?");
		if (!end || trim(end + 1)[0] != '\0') {
			report(p, NULL, "bad section header \"%s\"", line);
			return;
		}
		*end = '\0';
		char *name = trim(line + 1);
		for (size_t i = 0; i < sizeof(sections) / sizeof(sections[0]); i++) {
			if (strcmp(name, sections[i]) == 0) {
				p->section_known = true;
				snprintf(p->section, sizeof(p->section), "%s", name);
			}
		}
		if (!p->section_known) {
			report(p, NULL, "unknown section [%s]", name);
		}
		return;
	}
	char *eq = strchr(line, '=');
	if (!eq) {
		report(p, NULL, "expected key = value, got \"%s\"", line);
		return;
	}
	*eq = '\0';
	char *key = trim(line), *value = trim(eq + 1);
	if (key[0] == '\0') {
		report(p, NULL, "a line without a key");
	} else if (p->section[0] == '\0') {
		report(p, key, "key outside a section");
	} else if (p->section_known) {
		set_key(p, key, value);
	}
	/* Keys of an unknown section were reported with the section. */
}

static struct pw_config_private *
create_default(void)
{
	struct pw_config_private *priv = calloc(1, sizeof(*priv));
	if (!priv) {
		return NULL;
	}
	struct pw_config *c = CONFIG(priv);
	pw_options_defaults(&c->opts);
	pw_layout_defaults(&c->layout);
	c->border_width = 1;
	c->background = 0x000000;
	c->border = 0x333333;
	c->border_focused = 0x4c7899;
	c->panel.command = "";
	c->panel.position = PW_PANEL_TOP;
	c->panel.height = 16;
	c->panel.autohide = true;
	c->panel.timeout_ms = 3000;
	c->input.repeat_rate = 25;
	c->input.repeat_delay = 600;
	c->input.calibration[0] = c->input.calibration[4] = 1.0;
	for (size_t i = 0; i < sizeof(default_bindings) / sizeof(default_bindings[0]); i++) {
		struct pw_binding b;
		char err[160];
		bool ok = pw_config_parse_binding(default_bindings[i][0], default_bindings[i][1],
			&b, err, sizeof(err));
		if (!ok || !add_binding(priv, &b)) {
			pw_config_destroy(c);
			return NULL;
		}
	}
	return priv;
}

struct pw_config *
pw_config_create_default(void)
{
	struct pw_config_private *priv = create_default();
	return priv ? CONFIG(priv) : NULL;
}

/* Reads `path` into `priv`; a file that cannot be opened is an error. */
static void
read_file(struct pw_config_private *priv, const char *path, FILE *log)
{
	struct parser p = {.priv = priv, .file = path, .log = log};
	FILE *f = fopen(path, "re");
	if (!f) {
		report(&p, NULL, "cannot read the config file: %s", strerror(errno));
		return;
	}
	char buf[MAX_LINE];
	while (fgets(buf, sizeof(buf), f)) {
		p.line++;
		size_t len = strlen(buf);
		if (len == sizeof(buf) - 1 && buf[len - 1] != '\n' && !feof(f)) {
			report(&p, NULL, "line longer than %d characters", MAX_LINE - 2);
			int ch;
			while ((ch = fgetc(f)) != EOF && ch != '\n') {
			}
			continue;
		}
		parse_line(&p, buf);
	}
	fclose(f);
}

struct pw_config *
pw_config_load_file(const char *path, FILE *log)
{
	struct pw_config_private *priv = create_default();
	if (!priv) {
		return NULL;
	}
	if (path) {
		priv->config.path = pool_strdup(priv, path);
		if (!priv->config.path) {
			pw_config_destroy(CONFIG(priv));
			return NULL;
		}
		read_file(priv, path, log);
	}
	return CONFIG(priv);
}

/* -c FILE, else the user's file, else the system's; NULL when there is none. */
static char *
find_file(const char *given, char *buf, size_t len)
{
	if (given) {
		snprintf(buf, len, "%s", given);
		return buf;
	}
	const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
	if (xdg && xdg[0]) {
		snprintf(buf, len, "%s/picowl/picowl.ini", xdg);
	} else if (home && home[0]) {
		snprintf(buf, len, "%s/.config/picowl/picowl.ini", home);
	} else {
		buf[0] = '\0';
	}
	if (buf[0] && access(buf, F_OK) == 0) {
		return buf;
	}
	snprintf(buf, len, "%s", "/etc/xdg/picowl/picowl.ini");
	return access(buf, F_OK) == 0 ? buf : NULL;
}

struct pw_config *
pw_config_load(int argc, char **argv, FILE *log, char *err, size_t errlen)
{
	struct pw_options scratch;
	pw_options_defaults(&scratch);
	if (!pw_options_parse(&scratch, argc, argv, err, errlen)) {
		return NULL;
	}
	char path[4096];
	struct pw_config *config = pw_config_load_file(scratch.help || scratch.version
			? NULL
			: find_file(scratch.config, path, sizeof(path)),
		log);
	if (!config) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	/* Cannot fail: the same arguments parsed above. */
	pw_options_parse(&config->opts, argc, argv, err, errlen);
	config->opts.config = config->path;
	config->argc = argc;
	config->argv = argv;
	return config;
}

struct pw_config *
pw_config_reload(const struct pw_config *config, FILE *log)
{
	char err[256];
	if (!config->argv) {
		return pw_config_load_file(config->path, log);
	}
	return pw_config_load(config->argc, config->argv, log, err, sizeof(err));
}

void
pw_config_destroy(struct pw_config *config)
{
	if (!config) {
		return;
	}
	/* The config is the first member. */
	struct pw_config_private *priv = (struct pw_config_private *)config;
	for (int i = 0; i < config->binding_count; i++) {
		free(config->bindings[i].command);
	}
	free(config->bindings);
	for (int i = 0; i < config->autostart_count; i++) {
		free(config->autostart[i].command);
	}
	free(config->autostart);
	while (priv->strings) {
		struct pool_string *next = priv->strings->next;
		free(priv->strings);
		priv->strings = next;
	}
	free(priv);
}

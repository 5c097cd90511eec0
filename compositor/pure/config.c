/*
 * The ini reader: lines into sections and key = value pairs, every problem reported as
 * FILE:LINE: [section] key: ..., and the file found, loaded, reloaded and freed. What a key
 * means is config_keys.c's.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config_keys.h"

#define MAX_LINE 1024
/* A config file is a few kilobytes; more is a mistake (a log, an image, a device). */
#define MAX_FILE (1024 * 1024)

struct parser {
	struct pw_config_private *priv;
	const char *file;
	int line;
	char section[32];
	bool section_known;
	FILE *log;
	/* A section skipped (a bad header, an unknown name): reported at its end with its keys. */
	char *skipped; /* the header's message, NULL when none is open */
	int skipped_line, skipped_keys, skipped_last;
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
	} else if (p->line > 0) {
		fprintf(p->log, "%s:%d: ", p->file, p->line);
	} else {
		fprintf(p->log, "%s: ", p->file);
	}
	vfprintf(p->log, fmt, ap);
	fputc('\n', p->log);
	va_end(ap);
}

/* The section skipped since its header ends: one message, at the header's line. */
static void
end_skipped(struct parser *p)
{
	if (!p->skipped) {
		return;
	}
	int line = p->line;
	p->line = p->skipped_line;
	if (p->skipped_keys) {
		report(p, NULL, "%s: the %d key%s up to line %d skipped", p->skipped,
			p->skipped_keys, p->skipped_keys == 1 ? "" : "s", p->skipped_last);
	} else {
		report(p, NULL, "%s", p->skipped);
	}
	p->line = line;
	free(p->skipped);
	p->skipped = NULL;
}

/* The header `text` is reported when its section ends; without memory, at once. */
static void
skip_section(struct parser *p, bool bad_header, const char *text)
{
	size_t n = strlen(text) + 32;
	p->skipped = malloc(n);
	if (p->skipped) {
		snprintf(p->skipped, n,
			bad_header ? "bad section header \"%s\"" : "unknown section [%s]", text);
		p->skipped_line = p->line;
		p->skipped_keys = 0;
	} else if (bad_header) {
		report(p, NULL, "bad section header \"%s\"", text);
	} else {
		report(p, NULL, "unknown section [%s]", text);
	}
}

static void
set_key(struct parser *p, const char *key, const char *value)
{
	/* Long enough for any value, which a line of MAX_LINE bounds, and the longest list of what
	 * would do (a binding's actions). */
	char err[MAX_LINE + 512];
	if (!pw_config_keys_set(p->priv, p->section, key, value, err, sizeof(err))) {
		report(p, key, "%s", err);
	}
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
		end_skipped(p);
		p->section_known = false;
		snprintf(p->section, sizeof(p->section), "%s", "?");
		if (!end || trim(end + 1)[0] != '\0') {
			skip_section(p, true, line);
			return;
		}
		*end = '\0';
		char *name = trim(line + 1);
		if (pw_config_keys_section_known(name)) {
			p->section_known = true;
			snprintf(p->section, sizeof(p->section), "%s", name);
		} else {
			skip_section(p, false, name);
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
	} else if (p->skipped) {
		/* Reported with the section, at its end. */
		p->skipped_keys++;
		p->skipped_last = p->line;
	}
}

static struct pw_config_private *
create_default(void)
{
	struct pw_config_private *priv = calloc(1, sizeof(*priv));
	if (!priv) {
		return NULL;
	}
	if (!pw_config_keys_set_defaults(priv)) {
		pw_config_destroy(&priv->config);
		return NULL;
	}
	return priv;
}

struct pw_config *
pw_config_create_default(void)
{
	struct pw_config_private *priv = create_default();
	return priv ? &priv->config : NULL;
}

static const char *
file_kind(mode_t mode)
{
	if (S_ISDIR(mode)) {
		return "a directory";
	}
	if (S_ISFIFO(mode)) {
		return "a FIFO";
	}
	if (S_ISCHR(mode)) {
		return "a character device";
	}
	if (S_ISBLK(mode)) {
		return "a block device";
	}
	if (S_ISSOCK(mode)) {
		return "a socket";
	}
	return "not a regular file";
}

/*
 * Opens `path` for reading if it is a regular file of at most MAX_FILE bytes. O_NONBLOCK: a
 * FIFO's open does not wait for a writer, so the check after it never blocks the session.
 */
static FILE *
open_file(struct parser *p, const char *path)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	if (fd < 0) {
		report(p, NULL, "cannot read the config file: %s", strerror(errno));
		p->priv->config.missing = true;
		return NULL;
	}
	struct stat st;
	const char *why = NULL;
	char size[96];
	if (fstat(fd, &st) != 0) {
		why = strerror(errno);
	} else if (!S_ISREG(st.st_mode)) {
		why = file_kind(st.st_mode);
	} else if (st.st_size > MAX_FILE) {
		snprintf(size, sizeof(size), "%lld bytes, more than the %d a config file may have",
			(long long)st.st_size, MAX_FILE);
		why = size;
	}
	FILE *f = why ? NULL : fdopen(fd, "r");
	if (!f) {
		report(p, NULL, "not read as a config file: %s", why ? why : strerror(errno));
		close(fd);
	}
	return f;
}

/* Reads `path` into `priv`; a file that cannot be read is an error, and unreadable. */
static void
read_file(struct pw_config_private *priv, const char *path, FILE *log)
{
	struct parser p = {.priv = priv, .file = path, .log = log};
	FILE *f = open_file(&p, path);
	if (!f) {
		priv->config.unreadable = true;
		return;
	}
	char buf[MAX_LINE];
	long total = 0;
	while (total <= MAX_FILE && fgets(buf, sizeof(buf), f)) {
		p.line++;
		size_t len = strlen(buf);
		total += (long)len;
		if (len == sizeof(buf) - 1 && buf[len - 1] != '\n' && !feof(f)) {
			report(&p, NULL, "line longer than %d characters", MAX_LINE - 2);
			int ch;
			while ((ch = fgetc(f)) != EOF && ch != '\n' && total++ <= MAX_FILE) {
			}
			continue;
		}
		parse_line(&p, buf);
	}
	end_skipped(&p);
	if (total > MAX_FILE) {
		/* It grew while being read. */
		report(&p, NULL, "the file grew past %d bytes while read; the rest ignored",
			MAX_FILE);
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
		priv->config.path = pw_config_keys_strdup(priv, path);
		if (!priv->config.path) {
			pw_config_destroy(&priv->config);
			return NULL;
		}
		read_file(priv, path, log);
	}
	return &priv->config;
}

/* `dir`/picowl/picowl.ini into `buf` if it exists (decision 4.58). */
static bool
try_dir(const char *dir, size_t dirlen, const char *sub, char *buf, size_t len)
{
	int n = snprintf(buf, len, "%.*s%s/picowl/picowl.ini", (int)dirlen, dir, sub);
	return n > 0 && (size_t)n < len && access(buf, F_OK) == 0;
}

char *
pw_config_find(const char *given, const char *sysconfdir, char *buf, size_t len)
{
	if (given) {
		snprintf(buf, len, "%s", given);
		return buf;
	}
	/* The XDG base directories: relative paths are invalid and ignored. */
	const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
	bool found = xdg && xdg[0] == '/'
		? try_dir(xdg, strlen(xdg), "", buf, len)
		: home && home[0] && try_dir(home, strlen(home), "/.config", buf, len);
	if (found) {
		return buf;
	}
	const char *dirs = getenv("XDG_CONFIG_DIRS");
	if (!dirs || !dirs[0]) {
		dirs = "/etc/xdg";
	}
	for (const char *d = dirs; d;) {
		const char *end = strchr(d, ':');
		size_t n = end ? (size_t)(end - d) : strlen(d);
		if (n > 0 && d[0] == '/' && try_dir(d, n, "", buf, len)) {
			return buf;
		}
		d = end ? end + 1 : NULL;
	}
	return sysconfdir && try_dir(sysconfdir, strlen(sysconfdir), "/xdg", buf, len) ? buf : NULL;
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
			: pw_config_find(scratch.config, PW_SYSCONFDIR, path, sizeof(path)),
		log);
	if (!config) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	/* Only a file named on the command line has to be there. */
	config->missing = config->missing && scratch.config;
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
		struct pw_config_pool_string *next = priv->strings->next;
		free(priv->strings);
		priv->strings = next;
	}
	free(priv);
}

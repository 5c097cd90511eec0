/* .desktop files: the [Desktop Entry] group read, Exec's quoting and field codes (4.52). */
#include "entry.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "font.h"

static void __attribute__((format(printf, 3, 4)))
say(char *msg, size_t msglen, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, msglen, fmt, ap);
	va_end(ap);
}

/* A value's escapes: \s \n \t \r \\ (the Exec quoting comes after). */
static char *
unescape(const char *v, size_t len)
{
	char *out = malloc(len + 1), *o = out;
	if (!out) {
		return NULL;
	}
	for (size_t i = 0; i < len; i++) {
		if (v[i] == '\\' && i + 1 < len && strchr("sntr\\", v[i + 1])) {
			char e = v[++i];
			*o++ = e == 's'    ? ' '
				: e == 'n' ? '\n'
				: e == 't' ? '\t'
				: e == 'r' ? '\r'
					   : '\\';
		} else {
			*o++ = v[i];
		}
	}
	*o = '\0';
	return out;
}

static bool
is_true(const char *v)
{
	return strcmp(v, "true") == 0;
}

/* Whether TryExec names a program that exists: a path, or a name in $PATH. */
static bool
try_exec(const char *prog)
{
	if (strchr(prog, '/')) {
		return access(prog, X_OK) == 0;
	}
	const char *path = getenv("PATH");
	char dir[4096];
	for (const char *p = path ? path : "/usr/bin:/bin"; *p;) {
		size_t n = strcspn(p, ":");
		if (n + strlen(prog) + 2 <= sizeof(dir)) {
			snprintf(dir, sizeof(dir), "%.*s/%s", (int)n, p, prog);
			if (access(dir, X_OK) == 0) {
				return true;
			}
		}
		p += n + (p[n] == ':');
	}
	return false;
}

/* The rank of a Name key for `lang`: 3 Name[ll_CC], 2 Name[ll], 1 Name, 0 another. */
static int
name_rank(const char *key, size_t klen, const char *lang)
{
	if (klen == 4) {
		return 1;
	}
	if (!lang || klen < 7 || key[4] != '[' || key[klen - 1] != ']') {
		return 0;
	}
	size_t llen = klen - 6, full = strcspn(lang, ".@"), ll = strcspn(lang, "_.@");
	if (llen == full && strncmp(key + 5, lang, llen) == 0) {
		return 3;
	}
	return llen == ll && strncmp(key + 5, lang, ll) == 0 ? 2 : 0;
}

enum panel_entry_result
panel_entry_parse(const char *path, const char *data, size_t len, const char *lang,
	struct panel_entry *out, char *msg, size_t msglen)
{
	*out = (struct panel_entry){0};
	msg[0] = '\0';
	if (memchr(data, '\0', len)) {
		say(msg, msglen, "%s: not a text file (a NUL byte)", path);
		return PANEL_ENTRY_BAD;
	}
	for (size_t pos = 0; pos < len;) {
		if (panel_utf8_next(data, len, &pos) == 0xfffd) {
			say(msg, msglen, "%s: not UTF-8", path);
			return PANEL_ENTRY_BAD;
		}
	}
	bool in_entry = false, seen_entry = false, hidden = false, application = false;
	int rank = 0, line = 0;
	char *tryexec = NULL;
	for (const char *p = data, *end = data + len; p < end; p++) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		eol = eol ? eol : end;
		size_t n = (size_t)(eol - p);
		line++;
		while (n && (p[n - 1] == '\r' || p[n - 1] == ' ' || p[n - 1] == '\t')) {
			n--;
		}
		if (n == 0 || p[0] == '#') {
			p = eol;
			continue;
		}
		if (p[0] == '[') {
			if (p[n - 1] != ']' && !msg[0]) {
				say(msg, msglen, "%s:%d: bad group header", path, line);
			}
			bool first = !seen_entry && !in_entry;
			in_entry = n == 15 && strncmp(p, "[Desktop Entry]", 15) == 0;
			if (first && !in_entry) {
				say(msg, msglen, "%s:%d: the first group is not [Desktop Entry]",
					path, line);
				goto bad;
			}
			seen_entry |= in_entry;
			p = eol;
			continue;
		}
		const char *eq = memchr(p, '=', n);
		if (!seen_entry) {
			say(msg, msglen, "%s:%d: a line before the [Desktop Entry] group", path,
				line);
			goto bad;
		}
		if (!eq || eq == p) {
			if (!msg[0]) {
				say(msg, msglen, "%s:%d: not a key=value line", path, line);
			}
			p = eol;
			continue;
		}
		if (!in_entry) {
			p = eol;
			continue;
		}
		size_t klen = (size_t)(eq - p);
		while (klen && (p[klen - 1] == ' ' || p[klen - 1] == '\t')) {
			klen--;
		}
		const char *v = eq + 1;
		while (v < p + n && (*v == ' ' || *v == '\t')) {
			v++;
		}
		size_t vlen = (size_t)(p + n - v);
		char **slot = NULL;
		int r = strncmp(p, "Name", 4) == 0 ? name_rank(p, klen, lang) : 0;
		char *value = NULL;
		if (r > rank) {
			rank = r;
			slot = &out->name;
		} else if (klen == 4 && strncmp(p, "Exec", 4) == 0) {
			slot = &out->exec;
		} else if (klen == 4 && strncmp(p, "Icon", 4) == 0) {
			slot = &out->icon;
		} else if (klen == 7 && strncmp(p, "TryExec", 7) == 0) {
			slot = &tryexec;
		} else if ((klen == 4 && strncmp(p, "Type", 4) == 0) ||
			(klen == 6 && strncmp(p, "Hidden", 6) == 0) ||
			(klen == 9 && strncmp(p, "NoDisplay", 9) == 0) ||
			(klen == 8 && strncmp(p, "Terminal", 8) == 0)) {
			slot = &value;
		}
		if (slot) {
			free(*slot);
			if (!(*slot = unescape(v, vlen))) {
				say(msg, msglen, "%s: out of memory", path);
				goto bad;
			}
		}
		if (value) {
			if (p[0] == 'T' && p[1] == 'y') {
				application = strcmp(value, "Application") == 0;
			} else if (p[0] == 'T') {
				out->terminal = is_true(value);
			} else {
				hidden |= is_true(value);
			}
			free(value);
		}
		p = eol;
	}
	if (!seen_entry) {
		say(msg, msglen, "%s: no [Desktop Entry] group", path);
		goto bad;
	}
	if (hidden || !application || (tryexec && !try_exec(tryexec))) {
		free(tryexec);
		panel_entry_finish(out);
		return PANEL_ENTRY_HIDDEN;
	}
	free(tryexec);
	if (!out->name || !out->exec || !out->exec[0]) {
		say(msg, msglen, "%s: no %s key", path, out->name ? "Exec" : "Name");
		panel_entry_finish(out);
		return PANEL_ENTRY_BAD;
	}
	return PANEL_ENTRY_SHOWN;
bad:
	free(tryexec);
	panel_entry_finish(out);
	return PANEL_ENTRY_BAD;
}

void
panel_entry_finish(struct panel_entry *e)
{
	free(e->name);
	free(e->exec);
	free(e->icon);
	*e = (struct panel_entry){0};
}

struct words {
	char buf[PANEL_ENTRY_MAX_ARGV + 1];
	size_t len;
	int count;
	bool overflow;
};

static void
add(struct words *w, const char *s, size_t n)
{
	if (w->len + n > PANEL_ENTRY_MAX_ARGV) {
		w->overflow = true;
		return;
	}
	memcpy(w->buf + w->len, s, n);
	w->len += n;
}

static void
end_word(struct words *w)
{
	add(w, "", 1);
	w->count++;
}

char **
panel_entry_argv(const char *exec, const char *name, const char *icon, const char *path,
	const char *terminal, char *msg, size_t msglen)
{
	struct words *w = calloc(1, sizeof(*w));
	if (!w) {
		say(msg, msglen, "%s: out of memory", path);
		return NULL;
	}
	for (const char *t = terminal; t && *t;) {
		t += strspn(t, " \t");
		size_t n = strcspn(t, " \t");
		if (n) {
			add(w, t, n);
			end_word(w);
		}
		t += n;
	}
	const char *p = exec;
	while (true) {
		p += strspn(p, " \t");
		if (!*p) {
			break;
		}
		bool quoted = false, literal = false;
		size_t start = w->len;
		for (; *p && (quoted || (*p != ' ' && *p != '\t')); p++) {
			if (*p == '"') {
				quoted = !quoted;
				literal = true; /* "" is an empty argument */
			} else if (quoted && *p == '\\' && p[1] && strchr("\"`$\\", p[1])) {
				add(w, ++p, 1);
				literal = true;
			} else if (*p == '%' && p[1]) {
				char code = *++p;
				if (code == '%') {
					add(w, "%", 1);
					literal = true;
				} else if (code == 'c') {
					add(w, name, strlen(name));
					literal = true;
				} else if (code == 'k') {
					add(w, path, strlen(path));
					literal = true;
				} else if (code == 'i') {
					if (icon && w->len == start) {
						add(w, "--icon", 7);
						w->count++;
						add(w, icon, strlen(icon));
						literal = true;
					}
				} else if (!strchr("fFuUdDnNvm", code)) {
					say(msg, msglen, "%s: Exec has the unknown field code %%%c",
						path, code);
					free(w);
					return NULL;
				}
			} else {
				add(w, p, 1);
				literal = true;
			}
		}
		if (quoted) {
			say(msg, msglen, "%s: Exec has an unterminated quote", path);
			free(w);
			return NULL;
		}
		if (literal) {
			end_word(w);
		}
	}
	if (w->overflow || w->count == 0) {
		say(msg, msglen, "%s: Exec %s", path,
			w->overflow ? "is longer than a spawn request can carry" : "is empty");
		free(w);
		return NULL;
	}
	char **argv = malloc((size_t)(w->count + 1) * sizeof(char *) + w->len);
	if (argv) {
		char *s = (char *)(argv + w->count + 1);
		memcpy(s, w->buf, w->len);
		for (int i = 0; i < w->count; i++, s += strlen(s) + 1) {
			argv[i] = s;
		}
		argv[w->count] = NULL;
	} else {
		say(msg, msglen, "%s: out of memory", path);
	}
	free(w);
	return argv;
}

/* Setting one key in an ini file's text, as config.c reads it (trimmed lines; ; and # comment). */
#include "config_edit.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The line [start, end) without its blanks at both ends, as s and n. */
static void
trimmed(const char *start, const char *end, const char **s, size_t *n)
{
	while (start < end && (*start == ' ' || *start == '\t')) {
		start++;
	}
	while (end > start &&
		(end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r' || end[-1] == '\n')) {
		end--;
	}
	*s = start;
	*n = (size_t)(end - start);
}

static bool
is_word(const char *s, size_t n, const char *word)
{
	const char *e = s + n;
	while (s < e && (*s == ' ' || *s == '\t')) {
		s++;
	}
	while (e > s && (e[-1] == ' ' || e[-1] == '\t')) {
		e--;
	}
	return (size_t)(e - s) == strlen(word) && memcmp(s, word, (size_t)(e - s)) == 0;
}

char *
pw_config_edit_set(const char *text, const char *section, const char *key, const char *value)
{
	/*
	 * One pass: `replace` is the last line of `key` in the last [section]; `after` the end of
	 * that section's last key line, where a new one goes.
	 */
	const char *replace = NULL, *replace_end = NULL, *after = NULL;
	bool inside = false, seen = false;
	for (const char *line = text; *line;) {
		const char *end = strchr(line, '\n');
		end = end ? end + 1 : line + strlen(line);
		const char *s;
		size_t n;
		trimmed(line, end, &s, &n);
		if (n > 0 && s[0] == '[') {
			const char *close = memchr(s, ']', n);
			inside = close && is_word(s + 1, (size_t)(close - s - 1), section);
			if (inside) {
				/* A later section of the same name: its key wins, start again. */
				seen = true;
				replace = NULL;
				after = end;
			}
		} else if (inside && n > 0 && s[0] != ';' && s[0] != '#') {
			after = end;
			const char *eq = memchr(s, '=', n);
			if (eq && is_word(s, (size_t)(eq - s), key)) {
				replace = line;
				replace_end = end;
			}
		}
		line = end;
	}
	size_t len = strlen(text), extra = strlen(section) + strlen(key) + strlen(value) + 16;
	char *out = malloc(len + extra);
	if (!out) {
		return NULL;
	}
	if (replace) {
		size_t head = (size_t)(replace - text);
		bool newline = replace_end > replace && replace_end[-1] == '\n';
		memcpy(out, text, head);
		int k = sprintf(out + head, "%s = %s%s", key, value, newline ? "\n" : "");
		strcpy(out + head + (size_t)k, replace_end);
	} else if (seen) {
		size_t head = (size_t)(after - text);
		bool newline = head > 0 && text[head - 1] == '\n';
		memcpy(out, text, head);
		int k = sprintf(out + head, "%s%s = %s\n", newline ? "" : "\n", key, value);
		strcpy(out + head + (size_t)k, after);
	} else {
		bool newline = len == 0 || text[len - 1] == '\n';
		memcpy(out, text, len);
		sprintf(out + len, "%s%s[%s]\n%s = %s\n", newline ? "" : "\n", len ? "\n" : "",
			section, key, value);
	}
	return out;
}

#include "keymap_text.h"

#include <stdbool.h>
#include <string.h>
#include <strings.h>

static const char *const keywords[] = {"include", "augment", "override", "replace", "alternate"};

static bool
is_ident(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		c == '_';
}

/* Past spaces and the comments xkbcommon's scanner skips ('#' and '//' to the line's end). */
static size_t
skip_blank(const char *text, size_t len, size_t i)
{
	while (i < len) {
		if (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r' ||
			text[i] == '\f' || text[i] == '\v') {
			i++;
		} else if (text[i] == '#' ||
			(text[i] == '/' && i + 1 < len && text[i + 1] == '/')) {
			while (i < len && text[i] != '\n') {
				i++;
			}
		} else {
			break;
		}
	}
	return i;
}

static bool
is_keyword(const char *word, size_t n)
{
	for (size_t k = 0; k < sizeof(keywords) / sizeof(keywords[0]); k++) {
		if (strlen(keywords[k]) == n && strncasecmp(word, keywords[k], n) == 0) {
			return true;
		}
	}
	return false;
}

int
pw_keymap_text_includes(const char *text, size_t len)
{
	int files = 0;
	size_t i = 0;
	while (i < len) {
		if (!is_ident(text[i])) {
			i++;
			continue;
		}
		size_t start = i;
		while (i < len && is_ident(text[i])) {
			i++;
		}
		if (!is_keyword(text + start, i - start)) {
			continue;
		}
		size_t j = skip_blank(text, len, i);
		if (j >= len || text[j] != '"') {
			continue;
		}
		files++;
		for (j++; j < len && text[j] != '"'; j++) {
			if (text[j] == '\\' && j + 1 < len) {
				j++;
			} else if (text[j] == '+' || text[j] == '|') {
				files++;
			} else if (text[j] == '/') {
				return -1;
			}
		}
		i = j + 1;
	}
	return files;
}

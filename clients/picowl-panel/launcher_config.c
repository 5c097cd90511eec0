/* [launcher] of picowl.ini, read by the panel from the file picowl read (decision 4.52). */
#include "launcher_config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool
append(char ***list, int *n, const char *value)
{
	char **l = realloc(*list, (size_t)(*n + 1) * sizeof(char *));
	if (!l) {
		return false;
	}
	*list = l;
	return (l[*n] = strdup(value)) && ++*n;
}

/* Space-separated ids, each appended. */
static void
append_words(char ***list, int *n, char *value)
{
	for (char *save, *w = strtok_r(value, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
		append(list, n, w);
	}
}

static bool
add_entry(struct panel_apps *a, char *value)
{
	char *colon = strchr(value, ':');
	if (!colon || colon == value || !colon[1 + strspn(colon + 1, " \t")]) {
		return false;
	}
	*colon = '\0';
	struct panel_launcher_add *adds =
		realloc(a->adds, (size_t)(a->add_count + 1) * sizeof(*adds));
	if (!adds) {
		return false;
	}
	a->adds = adds;
	char *command = colon + 1 + strspn(colon + 1, " \t");
	adds[a->add_count] = (struct panel_launcher_add){strdup(value), strdup(command)};
	if (!adds[a->add_count].name || !adds[a->add_count].command) {
		free(adds[a->add_count].name);
		free(adds[a->add_count].command);
		return false;
	}
	a->add_count++;
	return true;
}

static char *
trim(char *s)
{
	s += strspn(s, " \t");
	size_t n = strlen(s);
	while (n && strchr(" \t\r\n", s[n - 1])) {
		s[--n] = '\0';
	}
	return s;
}

static FILE *
open_config(char *path, size_t len)
{
	const char *given = getenv("PICOWL_CONFIG");
	if (given) {
		snprintf(path, len, "%s", given);
		return given[0] ? fopen(path, "re") : NULL;
	}
	const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
	if (xdg && xdg[0]) {
		snprintf(path, len, "%s/picowl/picowl.ini", xdg);
	} else {
		snprintf(path, len, "%s/.config/picowl/picowl.ini", home ? home : "");
	}
	FILE *f = fopen(path, "re");
	if (!f) {
		snprintf(path, len, "/etc/xdg/picowl/picowl.ini");
		f = fopen(path, "re");
	}
	return f;
}

void
panel_launcher_config_read(struct panel_apps *a)
{
	char path[4096], line[4096];
	FILE *f = open_config(path, sizeof(path));
	bool in = false;
	for (int n = 1; f && fgets(line, sizeof(line), f); n++) {
		char *l = trim(line);
		if (l[0] == '[') {
			in = strcmp(l, "[launcher]") == 0;
			continue;
		}
		char *eq = strchr(l, '=');
		if (!in || l[0] == '#' || l[0] == ';' || !l[0] || !eq) {
			continue;
		}
		*eq = '\0';
		char *key = trim(l), *value = trim(eq + 1);
		bool ok = true;
		if (strcmp(key, "terminal") == 0) {
			if (!value[0]) {
				continue; /* the default */
			}
			free(a->terminal);
			ok = (a->terminal = strdup(value)) != NULL;
		} else if (strcmp(key, "add") == 0 && !value[0]) {
			continue;
		} else if (strcmp(key, "pin") == 0) {
			append_words(&a->pins, &a->pin_count, value);
		} else if (strcmp(key, "hide") == 0) {
			append_words(&a->hides, &a->hide_count, value);
		} else if (strcmp(key, "add") == 0 && value[0]) {
			ok = add_entry(a, value);
		} else {
			fprintf(stderr,
				"picowl-panel: %s:%d: [launcher] %s: unknown key (expected "
				"terminal, "
				"pin, hide or add)\n",
				path, n, key);
			continue;
		}
		if (!ok) {
			fprintf(stderr,
				"picowl-panel: %s:%d: [launcher] %s: bad value \"%s\" (expected "
				"NAME: COMMAND)\n",
				path, n, key, value);
		}
	}
	if (f) {
		fclose(f);
	}
	if (!a->terminal) {
		a->terminal = strdup("foot");
	}
}

void
panel_launcher_config_free(struct panel_apps *a)
{
	for (int i = 0; i < a->pin_count; i++) {
		free(a->pins[i]);
	}
	for (int i = 0; i < a->hide_count; i++) {
		free(a->hides[i]);
	}
	for (int i = 0; i < a->add_count; i++) {
		free(a->adds[i].name);
		free(a->adds[i].command);
	}
	free(a->pins);
	free(a->hides);
	free(a->adds);
	free(a->terminal);
	a->pins = a->hides = NULL;
	a->adds = NULL;
	a->terminal = NULL;
	a->pin_count = a->hide_count = a->add_count = 0;
}

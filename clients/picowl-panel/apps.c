/* Reading the .desktop files a few at a time, and the [launcher] section (decision 4.52). */
#include "apps.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "entry.h"
#include "launcher_config.h"

static bool
push(struct panel_apps *a, struct panel_app app)
{
	if (a->count == a->cap) {
		int cap = a->cap ? a->cap * 2 : 64;
		struct panel_app *v = realloc(a->v, (size_t)cap * sizeof(*v));
		if (!v) {
			return false;
		}
		a->v = v;
		a->cap = cap;
	}
	a->v[a->count++] = app;
	return true;
}

static void
app_free(struct panel_app *app)
{
	free(app->id);
	free(app->name);
	free(app->exec);
	free(app->icon);
	free(app->path);
	free(app->pixels);
}

static bool
add_dir(struct panel_apps *a, const char *base, size_t n)
{
	if (n == 0 || base[0] != '/') {
		return true; /* the spec: relative paths are ignored */
	}
	char **dirs = realloc(a->dirs, (size_t)(a->dir_count + 1) * sizeof(char *));
	if (!dirs) {
		return false;
	}
	a->dirs = dirs;
	size_t len = n + sizeof("/applications");
	if (!(dirs[a->dir_count] = malloc(len))) {
		return false;
	}
	snprintf(dirs[a->dir_count++], len, "%.*s/applications", (int)n, base);
	return true;
}

bool
panel_apps_start(struct panel_apps *a)
{
	panel_apps_finish(a);
	const char *home = getenv("XDG_DATA_HOME"), *dirs = getenv("XDG_DATA_DIRS");
	char buf[4096];
	if (!home || home[0] != '/') {
		const char *h = getenv("HOME");
		snprintf(buf, sizeof(buf), "%s/.local/share", h ? h : "");
		home = h ? buf : "";
	}
	if (!add_dir(a, home, strlen(home))) {
		return false;
	}
	if (!dirs || !dirs[0]) {
		dirs = "/usr/local/share/:/usr/share/";
	}
	for (const char *p = dirs; *p;) {
		size_t n = strcspn(p, ":");
		size_t m = n;
		while (m > 1 && p[m - 1] == '/') {
			m--;
		}
		if (!add_dir(a, p, m)) {
			return false;
		}
		p += n + (p[n] == ':');
	}
	panel_launcher_config_read(a);
	for (int i = 0; i < a->add_count; i++) {
		struct panel_app app = {.name = a->adds[i].name, .exec = a->adds[i].command};
		a->adds[i] = (struct panel_launcher_add){0};
		if (!push(a, app)) {
			app_free(&app);
		}
	}
	return true;
}

static void
read_file(struct panel_apps *a, const char *dir, const char *name)
{
	char path[4096];
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		if (fd >= 0) {
			close(fd);
		}
		return;
	}
	if (st.st_size > PANEL_ENTRY_MAX_BYTES) {
		fprintf(stderr, "picowl-panel: %s: skipped, larger than %d bytes\n", path,
			PANEL_ENTRY_MAX_BYTES);
		close(fd);
		return;
	}
	char *data = malloc((size_t)st.st_size + 1);
	ssize_t got = data ? read(fd, data, (size_t)st.st_size) : -1;
	close(fd);
	if (got < 0) {
		free(data);
		return;
	}
	const char *lang = getenv("LC_ALL");
	lang = lang && lang[0] ? lang : getenv("LC_MESSAGES");
	lang = lang && lang[0] ? lang : getenv("LANG");
	struct panel_entry e;
	char msg[512];
	enum panel_entry_result r =
		panel_entry_parse(path, data, (size_t)got, lang, &e, msg, sizeof(msg));
	free(data);
	if (msg[0]) {
		fprintf(stderr, "picowl-panel: %s\n", msg);
	}
	if (r == PANEL_ENTRY_BAD) {
		return;
	}
	/* An Exec that cannot be started (a bad quote or field code, too long) is not listed. */
	char **argv = r == PANEL_ENTRY_SHOWN
		? panel_entry_argv(e.exec, e.name, e.icon, path, NULL, msg, sizeof(msg))
		: NULL;
	if (r == PANEL_ENTRY_SHOWN && !argv) {
		fprintf(stderr, "picowl-panel: %s\n", msg);
		panel_entry_finish(&e);
		return;
	}
	free(argv);
	struct panel_app app = {
		.id = strdup(name),
		.name = e.name,
		.exec = e.exec,
		.icon = e.icon,
		.path = strdup(path),
		.terminal = e.terminal,
		.dir = a->dir,
		.hidden = r == PANEL_ENTRY_HIDDEN,
	};
	if (!app.id || !app.path || !push(a, app)) {
		app_free(&app);
	}
}

static int
by_id_then_dir(const void *x, const void *y)
{
	const struct panel_app *a = x, *b = y;
	if (!a->id || !b->id) {
		return a->id ? 1 : b->id ? -1 : 0;
	}
	int c = strcmp(a->id, b->id);
	return c ? c : a->dir - b->dir;
}

static int
by_pin_then_name(const void *x, const void *y)
{
	const struct panel_app *a = x, *b = y;
	if (a->pinned != b->pinned) {
		return a->pinned ? -1 : 1;
	}
	if (a->pinned) {
		return a->pin_order - b->pin_order;
	}
	return strcasecmp(a->name, b->name);
}

static bool
listed(char **list, int n, const char *id, int *index)
{
	for (int i = 0; id && i < n; i++) {
		if (strcmp(list[i], id) == 0) {
			*index = i;
			return true;
		}
	}
	return false;
}

/* The first of each id stays; hidden ones and the [launcher] hides go; pins are marked. */
static void
settle(struct panel_apps *a)
{
	qsort(a->v, (size_t)a->count, sizeof(*a->v), by_id_then_dir);
	int kept = 0, index;
	for (int i = 0; i < a->count; i++) {
		struct panel_app *app = &a->v[i];
		bool later = app->id && i && a->v[i - 1].id && strcmp(a->v[i - 1].id, app->id) == 0;
		/* a later one of an id is hidden by the first, shown or not */
		app->hidden =
			later || app->hidden || listed(a->hides, a->hide_count, app->id, &index);
		app->pinned = listed(a->pins, a->pin_count, app->id, &app->pin_order);
	}
	for (int i = 0; i < a->count; i++) {
		if (a->v[i].hidden) {
			app_free(&a->v[i]);
		} else {
			a->v[kept++] = a->v[i];
		}
	}
	a->count = kept;
	qsort(a->v, (size_t)a->count, sizeof(*a->v), by_pin_then_name);
}

bool
panel_apps_step(struct panel_apps *a, int budget)
{
	while (!a->done && budget > 0) {
		if (a->dir >= a->dir_count) {
			settle(a);
			a->done = true;
			break;
		}
		if (!a->open_dir && !(a->open_dir = opendir(a->dirs[a->dir]))) {
			a->dir++;
			continue;
		}
		struct dirent *d = readdir(a->open_dir);
		if (!d) {
			closedir(a->open_dir);
			a->open_dir = NULL;
			a->dir++;
			continue;
		}
		size_t n = strlen(d->d_name);
		if (n > 8 && strcmp(d->d_name + n - 8, ".desktop") == 0) {
			read_file(a, a->dirs[a->dir], d->d_name);
			a->files++;
			budget--;
		}
	}
	return a->done;
}

void
panel_apps_finish(struct panel_apps *a)
{
	for (int i = 0; i < a->count; i++) {
		app_free(&a->v[i]);
	}
	for (int i = 0; i < a->dir_count; i++) {
		free(a->dirs[i]);
	}
	if (a->open_dir) {
		closedir(a->open_dir);
	}
	panel_launcher_config_free(a);
	free(a->v);
	free(a->dirs);
	*a = (struct panel_apps){0};
}

char **
panel_apps_argv(const struct panel_apps *a, const struct panel_app *app)
{
	char msg[512];
	char **argv = panel_entry_argv(app->exec, app->name, app->icon,
		app->path ? app->path : "[launcher]", app->terminal ? a->terminal : NULL, msg,
		sizeof(msg));
	if (!argv) {
		fprintf(stderr, "picowl-panel: %s\n", msg);
	}
	return argv;
}

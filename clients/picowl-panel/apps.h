/*
 * The launcher's programs (decision 4.52): .desktop files of $XDG_DATA_HOME/applications and
 * each $XDG_DATA_DIRS/applications (a file id found earlier hides the later ones), read a few
 * at a time from the panel's loop, and picowl's config's [launcher] section (pin, add, hide,
 * terminal), which the panel reads from the file picowl read ($PICOWL_CONFIG).
 */
#ifndef PANEL_APPS_H
#define PANEL_APPS_H

#include <stdbool.h>
#include <stdint.h>

struct panel_app {
	char *id; /* the file id ("foot.desktop"), or NULL for an [launcher] add */
	char *name, *exec, *icon, *path;
	bool terminal, pinned;
	int pin_order, dir; /* dir: where it was found, 0 first; hides those of a later dir */
	bool hidden; /* Hidden, NoDisplay...: hides the same id later in the path, then goes */
	/* Its Icon from the icon theme (icon_theme.h), looked up when its row is first shown. */
	uint32_t *pixels;
	bool icon_tried;
};

struct panel_launcher_add {
	char *name, *command;
};

struct panel_apps {
	struct panel_app *v;
	int count, cap;
	char **dirs;
	int dir_count, dir; /* the directory being read */
	void *open_dir; /* DIR * */
	int files; /* read so far, for the progress row */
	bool done;
	char *terminal; /* [launcher] terminal; "foot" by default */
	char **pins, **hides;
	int pin_count, hide_count;
	struct panel_launcher_add *adds; /* moved into v by panel_apps_start */
	int add_count;
};

/* Starts a new reading (dropping the last one's): the dirs and the [launcher] section. */
bool panel_apps_start(struct panel_apps *apps);
/* Reads up to `budget` files; when the last is read sorts the list; true when done. */
bool panel_apps_step(struct panel_apps *apps, int budget);
void panel_apps_finish(struct panel_apps *apps);
/* The argv to spawn `app` (free() it), or NULL with a message on stderr. */
char **panel_apps_argv(const struct panel_apps *apps, const struct panel_app *app);

#endif

/* The menu surface: launcher, window list, kill confirmation (decision 4.52). */
#include "menu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/timerfd.h>

#include "icon_theme.h"
#include "picowl-control-unstable-v1-client-protocol.h"
#include "wlr-layer-shell-unstable-v1-client-protocol.h"

/* .desktop files read per turn of the loop: the socket is served between turns. */
#define FILES_PER_TURN 16
#define CLOSE_GRACE_SECONDS 3

static int
rows_fit(const struct panel_menu *m)
{
	int n = m->height / PANEL_ROW_HEIGHT;
	return n < 3 ? 3 : n;
}

/* The program's icon, read the first time its row shows (decision 4.96); NULL: none. */
static const uint32_t *
app_icon(struct panel_app *app)
{
	if (!app->icon_tried && app->icon) {
		app->icon_tried = true;
		app->pixels = malloc(PANEL_ICON_SIZE * PANEL_ICON_SIZE * sizeof(uint32_t));
		if (app->pixels && !panel_icon_theme_load(app->icon, app->pixels)) {
			free(app->pixels);
			app->pixels = NULL;
		}
	}
	return app->pixels;
}

/* The rows of the menu as text into `rows` (at most max); `count` is the list's length. */
static int
menu_rows(struct panel *p, const char *rows[], const uint32_t *icons[], char text[][200], int max,
	int *count)
{
	struct panel_menu *m = &p->menu;
	int n = 0;
	*count = 0;
	if (m->kind == PANEL_MENU_KILL) {
		snprintf(text[0], sizeof(text[0]), "Kill %s?", m->kill_title);
		rows[0] = text[0];
		rows[1] = "Kill";
		rows[2] = "Cancel";
		return 3;
	}
	if (m->kind == PANEL_MENU_WINDOWS) {
		*count = p->model.window_count;
	} else {
		*count = m->apps.count;
	}
	if (m->first > 0) {
		rows[n++] = "\u2191 back";
	}
	bool more = false;
	for (int i = m->first; i < *count && n < max; i++) {
		if (n == max - 1 && i < *count - 1) {
			more = true;
			break;
		}
		if (m->kind == PANEL_MENU_WINDOWS) {
			const struct panel_window *w = &p->model.windows[i];
			snprintf(text[n], sizeof(text[n]), "%s%s (%s)",
				w->flags & PICOWL_CONTROL_V1_WINDOW_FLAGS_HIDDEN ? "\u00b7 " : "",
				w->title[0] ? w->title : "-", w->app_id[0] ? w->app_id : "-");
			rows[n] = text[n];
			icons[n] = panel_icons_get(&p->icons, w->id);
		} else {
			rows[n] = m->apps.v[i].name;
			icons[n] = app_icon(&m->apps.v[i]);
		}
		n++;
	}
	if (more) {
		rows[n++] = "\u2193 more";
	} else if (m->kind == PANEL_MENU_LAUNCHER && !m->apps.done && n < max) {
		snprintf(text[n], sizeof(text[n]), "reading\u2026 %d", m->apps.files);
		rows[n] = text[n];
		n++;
	}
	return n;
}

static void
menu_redraw(struct panel *p)
{
	struct panel_menu *m = &p->menu;
	if (!m->configured || m->width <= 0 || m->height <= 0) {
		return;
	}
	pixman_image_t *image = panel_buffer_get(p, m->buffers, m->width, m->height);
	if (!image) {
		m->dirty = true;
		return;
	}
	enum { MAX = 64 };
	const char *rows[MAX];
	const uint32_t *icons[MAX] = {NULL};
	static char text[MAX][200];
	int count, max = rows_fit(m) < MAX ? rows_fit(m) : MAX;
	int n = menu_rows(p, rows, icons, text, max, &count);
	panel_draw_rows(&p->model, image, rows, icons, n, m->kind == PANEL_MENU_KILL ? 1 : -1);
	wl_surface_attach(m->surface, p->last_buffer->shm.wl, 0, 0);
	wl_surface_damage_buffer(m->surface, 0, 0, m->width, m->height);
	wl_surface_commit(m->surface);
	m->dirty = false;
	m->progress = m->apps.files;
}

static void
layer_configure(void *data, struct zwlr_layer_surface_v1 *layer, uint32_t serial, uint32_t w,
	uint32_t h)
{
	struct panel *p = data;
	zwlr_layer_surface_v1_ack_configure(layer, serial);
	p->menu.width = (int)w;
	p->menu.height = (int)h;
	p->menu.configured = true;
	menu_redraw(p);
}

static void
close_menu(struct panel *p)
{
	struct panel_menu *m = &p->menu;
	if (m->layer) {
		zwlr_layer_surface_v1_destroy(m->layer);
		wl_surface_destroy(m->surface);
	}
	for (int i = 0; i < 2; i++) {
		panel_buffer_free(&m->buffers[i]);
	}
	panel_apps_finish(&m->apps);
	*m = (struct panel_menu){0};
}

static void
layer_closed(void *data, struct zwlr_layer_surface_v1 *layer)
{
	close_menu(data);
}

static const struct zwlr_layer_surface_v1_listener layer_listener = {layer_configure, layer_closed};

static void
open_menu(struct panel *p, enum panel_menu_kind kind)
{
	struct panel_menu *m = &p->menu;
	if (!m->layer) {
		m->surface = wl_compositor_create_surface(p->client.compositor);
		m->layer = zwlr_layer_shell_v1_get_layer_surface(p->layer_shell, m->surface, NULL,
			ZWLR_LAYER_SHELL_V1_LAYER_OVERLAY, "panel-menu");
		zwlr_layer_surface_v1_add_listener(m->layer, &layer_listener, p);
		zwlr_layer_surface_v1_set_anchor(m->layer,
			ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP | ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM |
				ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT |
				ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT);
		if (zwlr_layer_surface_v1_get_version(m->layer) >= 4) {
			zwlr_layer_surface_v1_set_keyboard_interactivity(m->layer,
				ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_ON_DEMAND);
		}
		wl_surface_commit(m->surface);
	}
	m->kind = kind;
	m->first = 0;
	m->turns = 0;
	if (kind == PANEL_MENU_LAUNCHER && !panel_apps_start(&m->apps)) {
		fprintf(stderr, "picowl-panel: out of memory for the launcher\n");
	}
	menu_redraw(p);
}

void
panel_menu_toggle(struct panel *p, enum panel_menu_kind kind)
{
	if (p->menu.kind == kind) {
		close_menu(p);
	} else {
		open_menu(p, kind);
	}
}

static void
spawn(struct panel *p, const struct panel_app *app)
{
	char **argv = panel_apps_argv(&p->menu.apps, app);
	if (!argv || !p->control) {
		free(argv);
		return;
	}
	struct wl_array array;
	wl_array_init(&array);
	for (int i = 0; argv[i]; i++) {
		size_t n = strlen(argv[i]) + 1;
		char *dst = wl_array_add(&array, n);
		if (dst) {
			memcpy(dst, argv[i], n);
		}
	}
	picowl_control_v1_spawn(p->control, 0, &array);
	wl_array_release(&array);
	free(argv);
}

void
panel_menu_tap(struct panel *p, double x, double y)
{
	struct panel_menu *m = &p->menu;
	const char *rows[64];
	const uint32_t *icons[64] = {NULL};
	static char text[64][200];
	int count, max = rows_fit(m) < 64 ? rows_fit(m) : 64;
	int n = menu_rows(p, rows, icons, text, max, &count);
	int row = (int)y / PANEL_ROW_HEIGHT;
	if (row >= n || y < 0) {
		close_menu(p);
		return;
	}
	if (m->kind == PANEL_MENU_KILL) {
		if (row == 1 && p->control) {
			picowl_control_v1_kill_window(p->control, m->kill_id);
		}
		if (row >= 1) {
			close_menu(p);
		}
		return;
	}
	if (m->first > 0 && row == 0) {
		/* the first page holds max - 1 entries, the others max - 2 */
		m->first = m->first <= max - 1 ? 0 : m->first - (max - 2);
		menu_redraw(p);
		return;
	}
	if (strncmp(rows[row], "\u2193 more", 8) == 0) {
		m->first += max - (m->first > 0 ? 2 : 1);
		menu_redraw(p);
		return;
	}
	int i = m->first + row - (m->first > 0);
	if (i >= count) {
		return; /* the progress row */
	}
	if (m->kind == PANEL_MENU_WINDOWS && p->control) {
		if (picowl_control_v1_get_version(p->control) >= 5) {
			picowl_control_v1_activate_window(p->control, p->model.windows[i].id);
		} else {
			picowl_control_v1_focus_tile(p->control, i + 1); /* the tiles, in order */
		}
	} else if (m->kind == PANEL_MENU_LAUNCHER) {
		spawn(p, &m->apps.v[i]);
	}
	close_menu(p);
}

void
panel_menu_windows_changed(struct panel *p)
{
	if (p->menu.kind == PANEL_MENU_WINDOWS) {
		menu_redraw(p);
	} else if (p->menu.kind == PANEL_MENU_KILL) {
		for (int i = 0; i < p->model.window_count; i++) {
			if (p->model.windows[i].id == p->menu.kill_id) {
				return;
			}
		}
		close_menu(p); /* it went after all: nothing to kill */
	}
}

void
panel_menu_close_window(struct panel *p, const struct panel_window *window)
{
	if (picowl_control_v1_get_version(p->control) < 5) {
		return;
	}
	picowl_control_v1_close_window(p->control, window->id);
	p->closing_id = window->id;
	struct itimerspec when = {.it_value = {CLOSE_GRACE_SECONDS, 0}};
	if (p->close_timer >= 0) {
		timerfd_settime(p->close_timer, 0, &when, NULL);
	}
}

void
panel_menu_close_timeout(struct panel *p)
{
	for (int i = 0; i < p->model.window_count; i++) {
		const struct panel_window *w = &p->model.windows[i];
		if (w->id == p->closing_id) {
			open_menu(p, PANEL_MENU_KILL);
			p->menu.kill_id = w->id;
			snprintf(p->menu.kill_title, sizeof(p->menu.kill_title), "%s",
				w->title[0] ? w->title : w->app_id);
			menu_redraw(p);
			return;
		}
	}
}

bool
panel_menu_busy(struct panel *p)
{
	return p->menu.kind == PANEL_MENU_LAUNCHER && !p->menu.apps.done;
}

void
panel_menu_work(struct panel *p)
{
	struct panel_menu *m = &p->menu;
	if (panel_menu_busy(p)) {
		bool done = panel_apps_step(&m->apps, FILES_PER_TURN);
		m->turns++;
		if (done) {
			fprintf(stderr,
				"picowl-panel: the launcher read %d .desktop files in %d turns of "
				"its loop: %d programs\n",
				m->apps.files, m->turns, m->apps.count);
		}
		/* the list drawn when the first screenful is there, and when all is read */
		if (done || (m->apps.count >= rows_fit(m) && m->progress < rows_fit(m))) {
			m->dirty = true;
		}
	}
	if (m->dirty && (!m->buffers[0].shm.busy || !m->buffers[1].shm.busy)) {
		menu_redraw(p);
	}
}

void
panel_menu_destroy(struct panel *p)
{
	close_menu(p);
}

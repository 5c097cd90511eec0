/* picowl-panel's state, which panel.c (the bar) and menu.c (the menu surface) share. */
#ifndef PANEL_PANEL_H
#define PANEL_PANEL_H

#include "apps.h"
#include "client.h"
#include "client_shm.h"
#include "draw.h"
#include "icons.h"
#include "window_list.h"

struct panel_buffer {
	struct pw_client_buffer shm;
	pixman_image_t *image;
};

enum panel_menu_kind {
	PANEL_MENU_NONE,
	PANEL_MENU_LAUNCHER,
	PANEL_MENU_WINDOWS,
	PANEL_MENU_KILL, /* "Kill TITLE?": Kill, Cancel */
};

struct panel_menu {
	enum panel_menu_kind kind;
	struct wl_surface *surface;
	struct zwlr_layer_surface_v1 *layer;
	struct panel_buffer buffers[2];
	int width, height, first; /* first: the first row shown (pages of a long list) */
	bool configured, dirty;
	struct panel_apps apps;
	int progress; /* files read when last drawn */
	int turns; /* of the loop, while reading */
	uint32_t kill_id; /* the window of the kill confirmation */
	char kill_title[128];
};

struct panel {
	struct pw_client client;
	struct zwlr_layer_shell_v1 *layer_shell;
	struct picowl_control_v1 *control;
	struct wl_surface *surface;
	struct zwlr_layer_surface_v1 *layer;
	struct panel_buffer buffers[2];
	struct panel_buffer *last_buffer; /* the one panel_buffer_get gave */
	int width, height;
	bool bottom;
	bool forced_height, forced_position; /* given on the command line: the config is ignored */
	bool configured, dirty, closed;
	double pointer_x, pointer_y;
	struct panel_model model;
	struct panel_window_list pending; /* the list being received; the model's at windows_done */
	struct panel_icons icons; /* version 8's window_icon, by window id */
	struct panel_hits hits;
	int close_timer; /* timerfd: the closed window still there asks for a kill */
	uint32_t closing_id;
	struct panel_menu menu;
};

void panel_redraw(struct panel *p);
/* A free buffer of that size from `buffers` (marked busy), or NULL. */
pixman_image_t *panel_buffer_get(struct panel *p, struct panel_buffer buffers[2], int width,
	int height);
void panel_buffer_free(struct panel_buffer *b);

#endif

/*
 * picowl-panel's menu (decision 4.52): an overlay layer surface below the bar, rows a finger
 * high: the launcher, the window list or the kill confirmation. A tap on a row acts, a tap
 * below the rows or the same button again closes it.
 */
#ifndef PANEL_MENU_H
#define PANEL_MENU_H

#include "panel.h"

/* Opens `kind`, or closes the menu when it shows `kind` already. */
void panel_menu_toggle(struct panel *p, enum panel_menu_kind kind);
/* A tap at x, y of the menu surface. */
void panel_menu_tap(struct panel *p, double x, double y);
/* The window list changed: the menu shows it anew. */
void panel_menu_windows_changed(struct panel *p);
/* Sends close to `window` and arms the timer after which a kill is offered. */
void panel_menu_close_window(struct panel *p, const struct panel_window *window);
/* The close timer fired: the window still there gets the kill confirmation. */
void panel_menu_close_timeout(struct panel *p);
/* Whether .desktop files are being read (the loop must not sleep). */
bool panel_menu_busy(struct panel *p);
/* Reads some .desktop files and draws what changed. */
void panel_menu_work(struct panel *p);
void panel_menu_destroy(struct panel *p);

#endif

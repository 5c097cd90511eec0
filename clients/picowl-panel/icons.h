/*
 * The windows' icons as picowl_control_v1 version 8 sends them (window_icon, decision 4.96):
 * picowl's scaled pixels, else the icon's name looked up in the icon theme (icon_theme.h). Kept
 * apart from the window list: only the windows that have one cost their pixels.
 */
#ifndef PANEL_ICONS_H
#define PANEL_ICONS_H

#include <stdint.h>

#include "draw.h"

struct panel_icon {
	uint32_t id;
	uint32_t pixels[PANEL_ICON_SIZE * PANEL_ICON_SIZE]; /* premultiplied ARGB */
};

struct panel_icons {
	struct panel_icon *v;
	int count, cap;
};

/*
 * A window_icon event: `pixels` (size square) scaled to PANEL_ICON_SIZE when size > 0, else
 * `name` looked up; neither: the window has no icon.
 */
void panel_icons_put(struct panel_icons *icons, uint32_t id, const char *name, int size,
	const uint32_t *pixels);
/* The window is gone. */
void panel_icons_remove(struct panel_icons *icons, uint32_t id);
/* The window's icon, or NULL. */
const uint32_t *panel_icons_get(const struct panel_icons *icons, uint32_t id);
void panel_icons_finish(struct panel_icons *icons);

#endif

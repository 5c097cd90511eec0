/*
 * An icon by name, as the XDG icon theme specification finds it, cut down to what a handheld
 * has: PNGs of the hicolor theme (apps, the sizes nearest PANEL_ICON_SIZE first) under
 * $XDG_DATA_HOME and $XDG_DATA_DIRS, then /usr/share/pixmaps. No SVG (decision 4.96). Built
 * without libpng (PANEL_PNG undefined) it finds none.
 */
#ifndef PANEL_ICON_THEME_H
#define PANEL_ICON_THEME_H

#include <stdbool.h>
#include <stdint.h>

#include "draw.h"

/* Fills `pixels` (PANEL_ICON_SIZE square, premultiplied ARGB); false when none is found. */
bool panel_icon_theme_load(const char *name, uint32_t *pixels);

#endif

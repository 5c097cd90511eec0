/*
 * picowl-panel: a layer-shell bar with the tiles, the focused title, the battery and a clock.
 * The bar's model, as panel.c fills it and draw.c draws it; reading the clock and the battery.
 */
#ifndef PANEL_DRAW_H
#define PANEL_DRAW_H

#include <pixman.h>
#include <stdbool.h>
#include <stdint.h>

#define PANEL_MAX_TILES 16

struct panel_tile {
	char title[64];
	char app_id[32];
	bool focused, fullscreen;
};

/* What the bar shows; the drawing is a pure function of it. */
struct panel_model {
	struct panel_tile tiles[PANEL_MAX_TILES];
	int tile_count;
	char clock[8]; /* "HH:MM" */
	char battery[8]; /* "87%", "" without a battery */
	uint32_t background, foreground, highlight; /* 0xRRGGBB */
};

/* The glyph of `c` (see font.c). */
/* Draws the bar into `image`; fills `tile_x` with each tile label's right edge (for taps). */
void panel_draw(const struct panel_model *model, pixman_image_t *image, int tile_x[]);
/* The tile (1-based) whose label holds x, or 0. */
int panel_tile_at(const struct panel_model *model, const int tile_x[], int x);
/* Refreshes the clock and battery; true when the text changed. */
bool panel_update_status(struct panel_model *model);

#endif

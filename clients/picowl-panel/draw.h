/*
 * picowl-panel: a layer-shell bar for one finger (decision 4.52): a launcher button, the focused
 * window's title (a tap opens the window list), the battery and the clock, a keyboard button and
 * a close button; and the menu surface's rows. The drawing is a pure function of the model.
 */
#ifndef PANEL_DRAW_H
#define PANEL_DRAW_H

#include <pixman.h>
#include <stdbool.h>
#include <stdint.h>

#define PANEL_MAX_WINDOWS 64
/* A finger's width: the buttons are at least this wide, the menu's rows this high. */
#define PANEL_BUTTON_MIN 24
#define PANEL_ROW_HEIGHT 28
/* A window's icon in the menu's rows (icons.h): picowl's PW_VIEW_ICON_SIZE. */
#define PANEL_ICON_SIZE 24

/* picowl_control_v1's window_flags (draw.c includes no protocol header). */
#define PANEL_WINDOW_FOCUSED 1

struct panel_window {
	uint32_t id, flags; /* picowl_control_v1 window_flags */
	char title[128];
	char app_id[64];
};

/* What the bar shows. */
struct panel_model {
	struct panel_window windows[PANEL_MAX_WINDOWS];
	int window_count;
	char clock[8]; /* "HH:MM" */
	char battery[8]; /* "87%", "" without a battery */
	uint32_t background, foreground, highlight; /* 0xRRGGBB */
};

enum panel_target {
	PANEL_TARGET_NONE,
	PANEL_TARGET_LAUNCHER,
	PANEL_TARGET_TITLE,
	PANEL_TARGET_KEYBOARD,
	PANEL_TARGET_CLOSE,
};

/* Where the bar's targets ended up (x ranges), for taps. */
struct panel_hits {
	int launcher_end, title_end, keyboard_x, close_x;
};

/* The focused window, or NULL. */
const struct panel_window *panel_focused(const struct panel_model *model);
/* Draws the bar into `image` and fills `hits`. */
void panel_draw(const struct panel_model *model, pixman_image_t *image, struct panel_hits *hits);
enum panel_target panel_target_at(const struct panel_hits *hits, int x);
/*
 * Draws UTF-8 `text` from x, cut with an ellipsis before max_x (never past it); characters the
 * font lacks are boxes. Returns the x after the last character drawn.
 */
int panel_draw_text(pixman_image_t *image, int x, int max_x, int y, const char *text, uint32_t rgb);
/*
 * The menu: `rows` of PANEL_ROW_HEIGHT from the top, row `accent` (or -1) highlighted; `icons`
 * (NULL: none) the PANEL_ICON_SIZE square icon before each row's text, or NULL.
 */
void panel_draw_rows(const struct panel_model *model, pixman_image_t *image,
	const char *const rows[], const uint32_t *const icons[], int count, int accent);
/* Refreshes the clock and battery; true when the text changed. */
bool panel_update_status(struct panel_model *model);

#endif

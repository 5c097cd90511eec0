/* Drawing the bar and the menu with pixman and the panel font; the clock and the battery. */
#include "draw.h"

#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "font.h"

#define PAD 2

static pixman_color_t
color(uint32_t rgb)
{
	return (pixman_color_t){
		.red = (uint16_t)(((rgb >> 16) & 0xff) * 0x101),
		.green = (uint16_t)(((rgb >> 8) & 0xff) * 0x101),
		.blue = (uint16_t)((rgb & 0xff) * 0x101),
		.alpha = 0xffff,
	};
}

static void
fill(pixman_image_t *image, int x, int y, int w, int h, uint32_t rgb)
{
	pixman_color_t c = color(rgb);
	pixman_box32_t box = {x, y, x + w, y + h};
	pixman_image_fill_boxes(PIXMAN_OP_SRC, image, &c, 1, &box);
}

static void
draw_glyph(pixman_image_t *image, int x, int y, uint32_t code, pixman_color_t *c)
{
	const uint8_t *rows = panel_font_rows(code);
	pixman_box32_t boxes[PANEL_FONT_HEIGHT * PANEL_FONT_WIDTH];
	int n = 0;
	if (!rows) {
		/* a box: the glyph the font lacks (CJK, emoji...) */
		int x1 = x + 1, x2 = x + PANEL_FONT_WIDTH - 1, y1 = y + 2, y2 = y + 11;
		boxes[n++] = (pixman_box32_t){x1, y1, x2, y1 + 1};
		boxes[n++] = (pixman_box32_t){x1, y2 - 1, x2, y2};
		boxes[n++] = (pixman_box32_t){x1, y1, x1 + 1, y2};
		boxes[n++] = (pixman_box32_t){x2 - 1, y1, x2, y2};
	} else {
		for (int r = 0; r < PANEL_FONT_HEIGHT; r++) {
			for (int col = 0; col < PANEL_FONT_WIDTH; col++) {
				if (rows[r] & (0x80 >> col)) {
					boxes[n++] = (pixman_box32_t){x + col, y + r, x + col + 1,
						y + r + 1};
				}
			}
		}
	}
	if (n) {
		pixman_image_fill_boxes(PIXMAN_OP_SRC, image, c, n, boxes);
	}
}

/* Over the row, by its alpha: the panel's colours show through a round icon. */
static void
draw_icon(pixman_image_t *image, int x, int y, const uint32_t *pixels)
{
	pixman_image_t *icon = pixman_image_create_bits(PIXMAN_a8r8g8b8, PANEL_ICON_SIZE,
		PANEL_ICON_SIZE, (uint32_t *)pixels, PANEL_ICON_SIZE * 4);
	if (icon) {
		pixman_image_composite32(PIXMAN_OP_OVER, icon, NULL, image, 0, 0, 0, 0, x, y,
			PANEL_ICON_SIZE, PANEL_ICON_SIZE);
		pixman_image_unref(icon);
	}
}

int
panel_draw_text(pixman_image_t *image, int x, int max_x, int y, const char *text, uint32_t rgb)
{
	pixman_color_t c = color(rgb);
	size_t len = strlen(text);
	bool cut;
	int cols = max_x > x ? (max_x - x) / PANEL_FONT_WIDTH : 0;
	size_t fit = panel_text_fit(text, len, cols, &cut);
	for (size_t pos = 0; pos < fit; x += PANEL_FONT_WIDTH) {
		draw_glyph(image, x, y, panel_utf8_next(text, fit, &pos), &c);
	}
	if (cut && cols > 0) {
		draw_glyph(image, x, y, PANEL_ELLIPSIS, &c);
		x += PANEL_FONT_WIDTH;
	}
	return x;
}

const struct panel_window *
panel_focused(const struct panel_model *m)
{
	for (int i = 0; i < m->window_count; i++) {
		if (m->windows[i].flags & PANEL_WINDOW_FOCUSED) {
			return &m->windows[i];
		}
	}
	return NULL;
}

/* A button: its glyph centred, a darker edge to tell it from the next. */
static void
button(pixman_image_t *image, int x, int w, int h, const char *label, uint32_t fg, uint32_t bg)
{
	fill(image, x, 0, w, h, bg);
	fill(image, x, 0, 1, h, fg & 0x3f3f3f);
	int lw = (int)panel_text_chars(label, strlen(label)) * PANEL_FONT_WIDTH;
	panel_draw_text(image, x + (w - lw) / 2, x + w, (h - PANEL_FONT_HEIGHT) / 2, label, fg);
}

void
panel_draw(const struct panel_model *m, pixman_image_t *image, struct panel_hits *hits)
{
	int w = pixman_image_get_width(image), h = pixman_image_get_height(image);
	int b = h > PANEL_BUTTON_MIN ? h : PANEL_BUTTON_MIN;
	int ty = (h - PANEL_FONT_HEIGHT) / 2;
	fill(image, 0, 0, w, h, m->background);

	/* launcher | title ... battery clock | keyboard | close */
	hits->close_x = w - b;
	hits->keyboard_x = w - 2 * b;
	hits->launcher_end = b;
	button(image, 0, b, h, "\u2261", m->foreground, m->highlight);
	button(image, hits->keyboard_x, b, h, "Kb", m->foreground, m->background);
	button(image, hits->close_x, b, h, "\u00d7", m->foreground, m->highlight);

	char right[20];
	snprintf(right, sizeof(right), "%s%s%s", m->battery, m->battery[0] ? " " : "", m->clock);
	int rw = panel_text_chars(right, strlen(right)) * PANEL_FONT_WIDTH;
	int rx = hits->keyboard_x - PAD - rw;
	panel_draw_text(image, rx, hits->keyboard_x, ty, right, m->foreground);
	hits->title_end = rx - PAD;
	const struct panel_window *focus = panel_focused(m);
	const char *title = !focus ? "" : focus->title[0] ? focus->title : focus->app_id;
	panel_draw_text(image, b + PAD, hits->title_end, ty, title, m->foreground);
}

enum panel_target
panel_target_at(const struct panel_hits *hits, int x)
{
	return x < hits->launcher_end   ? PANEL_TARGET_LAUNCHER
		: x < hits->title_end   ? PANEL_TARGET_TITLE
		: x >= hits->close_x    ? PANEL_TARGET_CLOSE
		: x >= hits->keyboard_x ? PANEL_TARGET_KEYBOARD
					: PANEL_TARGET_NONE;
}

void
panel_draw_rows(const struct panel_model *m, pixman_image_t *image, const char *const rows[],
	const uint32_t *const icons[], int count, int accent)
{
	int w = pixman_image_get_width(image), h = pixman_image_get_height(image);
	fill(image, 0, 0, w, h, m->background);
	for (int i = 0; i < count && i * PANEL_ROW_HEIGHT < h; i++) {
		int y = i * PANEL_ROW_HEIGHT;
		if (i == accent) {
			fill(image, 0, y, w, PANEL_ROW_HEIGHT, m->highlight);
		}
		fill(image, 0, y + PANEL_ROW_HEIGHT - 1, w, 1, m->highlight);
		int x = 2 * PAD + 2;
		if (icons && icons[i]) {
			draw_icon(image, x, y + (PANEL_ROW_HEIGHT - PANEL_ICON_SIZE) / 2, icons[i]);
			x += PANEL_ICON_SIZE + 2 * PAD;
		}
		panel_draw_text(image, x, w - 2 * PAD,
			y + (PANEL_ROW_HEIGHT - PANEL_FONT_HEIGHT) / 2, rows[i], m->foreground);
	}
}

/* The capacity of the first battery in /sys/class/power_supply, or -1. */
static int
battery_percent(void)
{
	const char *base = "/sys/class/power_supply";
	DIR *dir = opendir(base);
	if (!dir) {
		return -1;
	}
	int percent = -1;
	struct dirent *e;
	while (percent < 0 && (e = readdir(dir))) {
		char path[300], type[32] = "";
		if (e->d_name[0] == '.') {
			continue;
		}
		snprintf(path, sizeof(path), "%s/%s/type", base, e->d_name);
		FILE *f = fopen(path, "re");
		if (!f) {
			continue;
		}
		bool battery = fgets(type, sizeof(type), f) && strncmp(type, "Battery", 7) == 0;
		fclose(f);
		snprintf(path, sizeof(path), "%s/%s/capacity", base, e->d_name);
		if (battery && (f = fopen(path, "re"))) {
			if (fscanf(f, "%d", &percent) != 1) {
				percent = -1;
			}
			fclose(f);
		}
	}
	closedir(dir);
	return percent;
}

bool
panel_update_status(struct panel_model *m)
{
	char clock[8], battery[8] = "";
	time_t now = time(NULL);
	struct tm tm;
	localtime_r(&now, &tm);
	strftime(clock, sizeof(clock), "%H:%M", &tm);
	int percent = battery_percent();
	if (percent >= 0) {
		snprintf(battery, sizeof(battery), "%d%%", percent > 100 ? 100 : percent);
	}
	bool changed = strcmp(clock, m->clock) != 0 || strcmp(battery, m->battery) != 0;
	memcpy(m->clock, clock, sizeof(clock));
	memcpy(m->battery, battery, sizeof(battery));
	return changed;
}

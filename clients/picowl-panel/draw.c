/* Drawing the bar with pixman and the built-in font; reading the clock and the battery. */
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

/* Glyphs scale with the bar: 1 pixel per font dot below 12 pixels of height, then 2, 3... */
static int
scale_of(int height)
{
	int s = (height - 2) / 6;
	return s < 1 ? 1 : s;
}

static int
text_width(const char *text, int scale)
{
	return (int)strlen(text) * 4 * scale;
}

/* Draws `text` from x (clipped at max_x); returns where the next character would go. */
static int
draw_text(pixman_image_t *image, int x, int max_x, int y, const char *text, int scale, uint32_t rgb)
{
	pixman_color_t c = color(rgb);
	for (const char *p = text; *p && x + 3 * scale <= max_x; p++, x += 4 * scale) {
		uint16_t g = panel_glyph(*p);
		pixman_box32_t boxes[15];
		int n = 0;
		for (int bit = 0; bit < 15; bit++) {
			if (g & (1u << bit)) {
				int gx = x + (bit % 3) * scale, gy = y + (bit / 3) * scale;
				boxes[n++] = (pixman_box32_t){gx, gy, gx + scale, gy + scale};
			}
		}
		if (n) {
			pixman_image_fill_boxes(PIXMAN_OP_SRC, image, &c, n, boxes);
		}
	}
	return x;
}

void
panel_draw(const struct panel_model *m, pixman_image_t *image, int tile_x[])
{
	int w = pixman_image_get_width(image), h = pixman_image_get_height(image);
	int s = scale_of(h);
	int ty = (h - 5 * s) / 2;
	fill(image, 0, 0, w, h, m->background);

	/* Tiles on the left: their numbers, the focused one highlighted. */
	int x = PAD;
	const char *title = "";
	for (int i = 0; i < m->tile_count; i++) {
		char label[12];
		snprintf(label, sizeof(label), "%d", i + 1);
		int lw = text_width(label, s) + 2 * PAD;
		if (m->tiles[i].focused) {
			fill(image, x, 0, lw, h, m->highlight);
			title = m->tiles[i].title[0] ? m->tiles[i].title : m->tiles[i].app_id;
		}
		draw_text(image, x + PAD + s / 2, w, ty, label, s, m->foreground);
		x += lw;
		tile_x[i] = x;
	}

	/* Battery and clock on the right, the title between. */
	char right[20];
	snprintf(right, sizeof(right), "%s%s%s", m->battery, m->battery[0] ? " " : "", m->clock);
	int rx = w - PAD - text_width(right, s);
	draw_text(image, rx, w, ty, right, s, m->foreground);
	draw_text(image, x + 2 * PAD, rx - 2 * PAD, ty, title, s, m->foreground);
}

int
panel_tile_at(const struct panel_model *m, const int tile_x[], int x)
{
	int left = PAD;
	for (int i = 0; i < m->tile_count; i++) {
		if (x >= left && x < tile_x[i]) {
			return i + 1;
		}
		left = tile_x[i];
	}
	return 0;
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

/* Icons by name from the hicolor theme's PNGs (decision 4.96). */
#include "icon_theme.h"

#include <pixman.h>
#ifdef PANEL_PNG
#include <png.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Larger PNGs are not read: an icon, not a wallpaper. */
#define MAX_SIDE 512

static const char *const sizes[] = {"24x24", "22x22", "32x32", "16x16", "48x48", "64x64", "128x128",
	"256x256"};

/* The PNG at `path` scaled into `pixels`; false when it cannot be read. */
static bool
load_png(const char *path, uint32_t *pixels)
{
#ifndef PANEL_PNG
	return false;
#else
	png_image img = {.version = PNG_IMAGE_VERSION};
	if (!png_image_begin_read_from_file(&img, path)) {
		return false;
	}
	if (img.width == 0 || img.height == 0 || img.width > MAX_SIDE || img.height > MAX_SIDE) {
		png_image_free(&img);
		return false;
	}
	/* BGRA bytes are a8r8g8b8 words on a little-endian machine, as the PXA boards are. */
	img.format = PNG_FORMAT_BGRA;
	uint32_t *src = malloc(PNG_IMAGE_SIZE(img));
	if (!src || !png_image_finish_read(&img, NULL, src, 0, NULL)) {
		free(src);
		png_image_free(&img);
		return false;
	}
	size_t n = (size_t)img.width * img.height;
	for (size_t i = 0; i < n; i++) {
		uint32_t p = src[i], a = p >> 24;
		src[i] = (a << 24) | ((((p >> 16) & 0xff) * a / 255) << 16) |
			((((p >> 8) & 0xff) * a / 255) << 8) | ((p & 0xff) * a / 255);
	}
	pixman_image_t *s = pixman_image_create_bits(PIXMAN_a8r8g8b8, (int)img.width,
		(int)img.height, src, (int)img.width * 4);
	pixman_image_t *d = pixman_image_create_bits(PIXMAN_a8r8g8b8, PANEL_ICON_SIZE,
		PANEL_ICON_SIZE, pixels, PANEL_ICON_SIZE * 4);
	if (s && d) {
		pixman_transform_t t;
		pixman_transform_init_scale(&t,
			pixman_double_to_fixed((double)img.width / PANEL_ICON_SIZE),
			pixman_double_to_fixed((double)img.height / PANEL_ICON_SIZE));
		pixman_image_set_transform(s, &t);
		pixman_image_set_filter(s, PIXMAN_FILTER_BILINEAR, NULL, 0);
		pixman_image_composite32(PIXMAN_OP_SRC, s, NULL, d, 0, 0, 0, 0, 0, 0,
			PANEL_ICON_SIZE, PANEL_ICON_SIZE);
	}
	bool ok = s && d;
	if (s) {
		pixman_image_unref(s);
	}
	if (d) {
		pixman_image_unref(d);
	}
	free(src);
	return ok;
#endif
}

/* hicolor's apps in `base`/icons, the sizes in order. */
static bool
load_from(const char *base, size_t len, const char *name, uint32_t *pixels)
{
	char path[4096];
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		int n = snprintf(path, sizeof(path), "%.*s/icons/hicolor/%s/apps/%s.png", (int)len,
			base, sizes[i], name);
		if (n > 0 && (size_t)n < sizeof(path) && load_png(path, pixels)) {
			return true;
		}
	}
	return false;
}

bool
panel_icon_theme_load(const char *name, uint32_t *pixels)
{
	/* A name, not a path: the client must not make the panel read any file it likes. */
	if (!name[0] || strchr(name, '/') || strlen(name) > 255) {
		return false;
	}
	char home[4096];
	const char *data_home = getenv("XDG_DATA_HOME"), *h = getenv("HOME");
	if (data_home && data_home[0]) {
		snprintf(home, sizeof(home), "%s", data_home);
	} else {
		snprintf(home, sizeof(home), "%s/.local/share", h ? h : "");
	}
	if (load_from(home, strlen(home), name, pixels)) {
		return true;
	}
	const char *dirs = getenv("XDG_DATA_DIRS");
	if (!dirs || !dirs[0]) {
		dirs = "/usr/local/share:/usr/share";
	}
	for (const char *d = dirs; *d;) {
		size_t len = strcspn(d, ":");
		if (len && load_from(d, len, name, pixels)) {
			return true;
		}
		d += len + (d[len] == ':');
	}
	char path[512];
	snprintf(path, sizeof(path), "/usr/share/pixmaps/%s.png", name);
	return load_png(path, pixels);
}

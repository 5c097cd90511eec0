/* The windows' icons, by window id (decision 4.96). */
#include "icons.h"

#include <pixman.h>
#include <stdlib.h>
#include <string.h>

#include "icon_theme.h"

static struct panel_icon *
find(const struct panel_icons *icons, uint32_t id)
{
	for (int i = 0; i < icons->count; i++) {
		if (icons->v[i].id == id) {
			return &icons->v[i];
		}
	}
	return NULL;
}

/* `src` (size square) scaled into `dst`; false when pixman has no memory. */
static bool
scale(const uint32_t *src, int size, uint32_t *dst)
{
	pixman_image_t *s =
		pixman_image_create_bits(PIXMAN_a8r8g8b8, size, size, (uint32_t *)src, size * 4);
	pixman_image_t *d = pixman_image_create_bits(PIXMAN_a8r8g8b8, PANEL_ICON_SIZE,
		PANEL_ICON_SIZE, dst, PANEL_ICON_SIZE * 4);
	if (s && d) {
		pixman_transform_t t;
		pixman_transform_init_scale(&t,
			pixman_double_to_fixed((double)size / PANEL_ICON_SIZE),
			pixman_double_to_fixed((double)size / PANEL_ICON_SIZE));
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
	return ok;
}

void
panel_icons_put(struct panel_icons *icons, uint32_t id, const char *name, int size,
	const uint32_t *pixels)
{
	struct panel_icon *icon = find(icons, id);
	if (!icon) {
		if (icons->count == icons->cap) {
			int cap = icons->cap ? 2 * icons->cap : 4;
			struct panel_icon *v = realloc(icons->v, (size_t)cap * sizeof(*v));
			if (!v) {
				return;
			}
			icons->v = v;
			icons->cap = cap;
		}
		icon = &icons->v[icons->count++];
		icon->id = id;
	}
	bool ok = false;
	if (size > 0 && pixels) {
		ok = size == PANEL_ICON_SIZE
			? (memcpy(icon->pixels, pixels, sizeof(icon->pixels)), true)
			: scale(pixels, size, icon->pixels);
	} else if (name && name[0]) {
		ok = panel_icon_theme_load(name, icon->pixels);
	}
	if (!ok) {
		panel_icons_remove(icons, id);
	}
}

void
panel_icons_remove(struct panel_icons *icons, uint32_t id)
{
	struct panel_icon *icon = find(icons, id);
	if (icon) {
		*icon = icons->v[--icons->count];
	}
}

const uint32_t *
panel_icons_get(const struct panel_icons *icons, uint32_t id)
{
	const struct panel_icon *icon = find(icons, id);
	return icon ? icon->pixels : NULL;
}

void
panel_icons_finish(struct panel_icons *icons)
{
	free(icons->v);
	*icons = (struct panel_icons){0};
}

/*
 * Rotation convention: the image content turns clockwise, as pixman draws it when the
 * output's transform is built with pixman_transform_rotate() (sin > 0 is clockwise in y-down
 * coordinates) followed by a translation back into the frame. At 90 and 270 degrees the
 * rotated frame is buffer_height wide and buffer_width tall; at 90 the buffer pixel (x, y)
 * lands on (buffer_height - 1 - y, x).
 */
#include "damage.h"

#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Enough for typical damage without touching the heap on every frame. */
#define STACK_BOXES 64

static const char *const mode_names[] = {
	[PW_DAMAGE_ROWS] = "rows",
	[PW_DAMAGE_RECTS] = "rects",
	[PW_DAMAGE_FULL] = "full",
	[PW_DAMAGE_AUTO] = "auto",
};

bool
pw_damage_mode_parse(const char *name, enum pw_damage_mode *out)
{
	for (size_t i = 0; i < sizeof(mode_names) / sizeof(mode_names[0]); i++) {
		if (strcmp(name, mode_names[i]) == 0) {
			*out = (enum pw_damage_mode)i;
			return true;
		}
	}
	return false;
}

const char *
pw_damage_mode_name(enum pw_damage_mode mode)
{
	if ((size_t)mode >= sizeof(mode_names) / sizeof(mode_names[0])) {
		return "unknown";
	}
	return mode_names[mode];
}

static bool
clip_box(const pixman_box32_t *in, int width, int height, pixman_box32_t *out)
{
	out->x1 = in->x1 > 0 ? in->x1 : 0;
	out->y1 = in->y1 > 0 ? in->y1 : 0;
	out->x2 = in->x2 < width ? in->x2 : width;
	out->y2 = in->y2 < height ? in->y2 : height;
	return out->x1 < out->x2 && out->y1 < out->y2;
}

/* Built aside and swapped in, so that `out` may be the region the boxes were read from. */
static void
set_boxes(pixman_region32_t *out, const pixman_box32_t *boxes, int n)
{
	pixman_region32_t tmp;

	pixman_region32_init_rects(&tmp, boxes, n);
	pixman_region32_fini(out);
	*out = tmp;
}

/*
 * pixman keeps rectangles y-x banded: sorted by y1, and the rectangles of one band share
 * y1 and y2, so the row bands come out sorted and only need merging with their predecessor.
 */
static void
expand_rows(const pixman_region32_t *damage, int width, int height, pixman_region32_t *out)
{
	pixman_box32_t stack_boxes[STACK_BOXES], *bands = stack_boxes, clipped;
	int n, nbands = 0;
	const pixman_box32_t *rects = pixman_region32_rectangles(damage, &n);

	if (n > STACK_BOXES) {
		bands = malloc(sizeof(*bands) * (size_t)n);
	}
	if (!bands) {
		/* Out of memory: the full-width band over the extents is a safe superset. */
		pixman_box32_t ext = *pixman_region32_extents(damage);
		ext.x1 = 0;
		ext.x2 = width;
		nbands = clip_box(&ext, width, height, &clipped) ? 1 : 0;
		set_boxes(out, &clipped, nbands);
		return;
	}

	for (int i = 0; i < n; i++) {
		if (!clip_box(&rects[i], width, height, &clipped)) {
			continue;
		}
		if (nbands > 0 && clipped.y1 <= bands[nbands - 1].y2) {
			if (clipped.y2 > bands[nbands - 1].y2) {
				bands[nbands - 1].y2 = clipped.y2;
			}
			continue;
		}
		bands[nbands++] = (pixman_box32_t){0, clipped.y1, width, clipped.y2};
	}
	set_boxes(out, bands, nbands);
	if (bands != stack_boxes) {
		free(bands);
	}
}

/*
 * AUTO's choice, in one pass over the boxes: pixman's bands do not overlap and their boxes
 * share y1, so the rows of the bands add up band by band. Boxes outside the output are
 * clipped first; a band clipped away entirely adds nothing.
 */
static enum pw_damage_mode
choose(const pixman_region32_t *damage, int width, int height)
{
	int n;
	const pixman_box32_t *rects = pixman_region32_rectangles(damage, &n);
	int64_t rect_px = 0, row_px = 0;
	int32_t band_y1 = INT32_MIN;
	pixman_box32_t c;

	for (int i = 0; i < n; i++) {
		if (!clip_box(&rects[i], width, height, &c)) {
			continue;
		}
		int64_t h = c.y2 - c.y1;
		rect_px += (int64_t)(c.x2 - c.x1) * h + PW_DAMAGE_SEGMENT_PX * h;
		if (rects[i].y1 != band_y1) {
			band_y1 = rects[i].y1;
			row_px += (int64_t)width * h + PW_DAMAGE_SEGMENT_PX;
		}
	}
	return row_px <= rect_px ? PW_DAMAGE_ROWS : PW_DAMAGE_RECTS;
}

void
pw_damage_expand(enum pw_damage_mode mode, const pixman_region32_t *damage, int width, int height,
	pixman_region32_t *out)
{
	pixman_box32_t clipped, full = {0, 0, width, height};
	const pixman_box32_t *rects;
	int n;

	if (width <= 0 || height <= 0) {
		pixman_region32_clear(out);
		return;
	}

	if (mode == PW_DAMAGE_AUTO) {
		mode = choose(damage, width, height);
	}
	switch (mode) {
	case PW_DAMAGE_AUTO:
	case PW_DAMAGE_ROWS:
		expand_rows(damage, width, height, out);
		return;
	case PW_DAMAGE_RECTS:
		pixman_region32_intersect_rect(out, damage, 0, 0, (unsigned)width,
			(unsigned)height);
		return;
	case PW_DAMAGE_FULL:
		/* The extents may reach outside the output while no rectangle does. */
		rects = pixman_region32_rectangles(damage, &n);
		for (int i = 0; i < n; i++) {
			if (clip_box(&rects[i], width, height, &clipped)) {
				pixman_region32_reset(out, &full);
				return;
			}
		}
		pixman_region32_clear(out);
		return;
	}
	assert(!"unknown damage mode");
}

int
pw_damage_rows(const pixman_region32_t *region)
{
	int n, rows = 0;
	const pixman_box32_t *rects = pixman_region32_rectangles(region, &n);

	for (int i = 0; i < n; i++) {
		/* Rectangles of one band share y1; bands never overlap. */
		if (i == 0 || rects[i].y1 != rects[i - 1].y1) {
			rows += rects[i].y2 - rects[i].y1;
		}
	}
	return rows;
}

static pixman_box32_t
rotate_box(pixman_box32_t b, int rotation, int w, int h)
{
	switch (rotation) {
	case 90:
		return (pixman_box32_t){h - b.y2, b.x1, h - b.y1, b.x2};
	case 180:
		return (pixman_box32_t){w - b.x2, h - b.y2, w - b.x1, h - b.y1};
	case 270:
		return (pixman_box32_t){b.y1, w - b.x2, b.y2, w - b.x1};
	default:
		return b;
	}
}

void
pw_damage_rotate(const pixman_region32_t *in, int rotation, int buffer_width, int buffer_height,
	pixman_region32_t *out)
{
	pixman_box32_t stack_boxes[STACK_BOXES], *boxes = stack_boxes;
	int n;
	const pixman_box32_t *rects = pixman_region32_rectangles(in, &n);

	rotation = ((rotation % 360) + 360) % 360;
	assert(rotation % 90 == 0);
	if (rotation == 0) {
		pixman_region32_copy(out, in);
		return;
	}

	if (n > STACK_BOXES) {
		boxes = malloc(sizeof(*boxes) * (size_t)n);
	}
	if (!boxes) {
		/* Out of memory: the rotated extents are a safe superset. */
		pixman_box32_t ext = rotate_box(*pixman_region32_extents(in), rotation,
			buffer_width, buffer_height);
		set_boxes(out, &ext, pixman_region32_not_empty(in) ? 1 : 0);
		return;
	}
	for (int i = 0; i < n; i++) {
		boxes[i] = rotate_box(rects[i], rotation, buffer_width, buffer_height);
	}
	set_boxes(out, boxes, n);
	if (boxes != stack_boxes) {
		free(boxes);
	}
}

/* The cursor painted over the scene: built-in shapes, black outlined in white (4.91). */
#include "cursor_draw.h"

#include <string.h>

#include "config.h"
#include "cursor-shape-v1-protocol.h"
#include "cursor.h"
#include "render.h"
#include "scene.h"
#include "server.h"

/* A shape: rows of 'X' (black), '.' (white), ' ' (clear), and its hotspot. */
struct bitmap {
	uint32_t shape;
	int hot_x, hot_y;
	const char *const rows[20];
};

static const struct bitmap bitmaps[] = {
	{WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_DEFAULT, 0, 0,
		{
			"X",
			"XX",
			"X.X",
			"X..X",
			"X...X",
			"X....X",
			"X.....X",
			"X......X",
			"X.......X",
			"X........X",
			"X.....XXXXX",
			"X..X..X",
			"X.X X..X",
			"XX  X..X",
			"X    X..X",
			"     X..X",
			"      XX",
		}},
	{WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_CROSSHAIR, 7, 7,
		{
			"      ...",
			"      .X.",
			"      .X.",
			"      .X.",
			"      .X.",
			"      .X.",
			".......X.......",
			".XXXXXXXXXXXXX.",
			".......X.......",
			"      .X.",
			"      .X.",
			"      .X.",
			"      .X.",
			"      .X.",
			"      ...",
		}},
	{WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_TEXT, 3, 8,
		{
			"XXX.XXX",
			"...X...",
			"  .X.",
			"  .X.",
			"  .X.",
			"  .X.",
			"  .X.",
			"  .X.",
			"  .X.",
			"  .X.",
			"  .X.",
			"  .X.",
			"  .X.",
			"  .X.",
			"  .X.",
			"...X...",
			"XXX.XXX",
		}},
	{WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_NOT_ALLOWED, 6, 6,
		{
			"   .....",
			"  .XXXXX.",
			" .XX...XX.",
			".XXX.   .X.",
			".X.XX.  .X.",
			".X..XX. .X.",
			".X. .XX..X.",
			".X.  .XX.X.",
			".X.   .XXX.",
			" .XX...XX.",
			"  .XXXXX.",
			"   .....",
		}},
};

static const struct bitmap *
bitmap_of(uint32_t shape)
{
	for (size_t i = 1; i < sizeof(bitmaps) / sizeof(bitmaps[0]); i++) {
		if (bitmaps[i].shape == shape) {
			return &bitmaps[i];
		}
	}
	return &bitmaps[0];
}

/*
 * The pixels of `b` that are `c`, with the hotspot at x,y: a box a run, the region made once
 * from them (a union a run copied the region each time: most of a frame's instructions).
 */
static void
pixels_of(pixman_region32_t *out, const struct bitmap *b, char c, int x, int y)
{
	pixman_box32_t boxes[20 * 10]; /* 20 rows of at most 20 pixels: 10 runs each */
	int n_boxes = 0;
	for (int r = 0; r < 20 && b->rows[r]; r++) {
		const char *row = b->rows[r];
		for (int i = 0; row[i] && n_boxes < 20 * 10;) {
			int n = 0;
			while (row[i + n] == c) {
				n++;
			}
			if (n > 0) {
				int x1 = x - b->hot_x + i, y1 = y - b->hot_y + r;
				boxes[n_boxes++] = (pixman_box32_t){x1, y1, x1 + n, y1 + 1};
			}
			i += n > 0 ? n : 1;
		}
	}
	pixman_region32_init_rects(out, boxes, n_boxes);
}

/* Each shape's white and black pixels at hotspot 0,0, made at its first use, kept. */
static pixman_region32_t shape_pixels[sizeof(bitmaps) / sizeof(bitmaps[0])][2];
static bool shape_made[sizeof(bitmaps) / sizeof(bitmaps[0])];

static void
paint(pixman_image_t *target, const pixman_region32_t *damage, const struct bitmap *b, char c,
	int x, int y, uint32_t rgb)
{
	size_t i = (size_t)(b - bitmaps);
	if (!shape_made[i]) {
		pixels_of(&shape_pixels[i][0], b, '.', 0, 0);
		pixels_of(&shape_pixels[i][1], b, 'X', 0, 0);
		shape_made[i] = true;
	}
	pixman_region32_t px;
	pixman_region32_init(&px);
	pixman_region32_copy(&px, &shape_pixels[i][c == 'X']);
	pixman_region32_translate(&px, x, y);
	pixman_region32_intersect(&px, &px, (pixman_region32_t *)damage);
	pw_render_fill(target, &px, rgb);
	pixman_region32_fini(&px);
}

/* The scene, then the cursor over it. */
static void
render_with_cursor(struct pw_server *server, pixman_image_t *target,
	const pixman_region32_t *damage)
{
	int x, y;
	uint32_t shape;

	pw_scene.render(server, target, damage);
	if (server->seat && pw_seat_cursor_drawn(server->seat, &x, &y, &shape)) {
		const struct bitmap *b = bitmap_of(shape);
		pixman_box32_t all = {x - b->hot_x, y - b->hot_y, x - b->hot_x + 20,
			y - b->hot_y + 20};
		if (pixman_region32_contains_rectangle((pixman_region32_t *)damage, &all) ==
			PIXMAN_REGION_OUT) {
			return; /* a frame away from the cursor builds none of its pixels */
		}
		paint(target, damage, b, '.', x, y, 0xffffff);
		paint(target, damage, b, 'X', x, y, 0x000000);
	}
}

/* Nothing goes to the display uncomposited while the cursor shows over it. */
static struct pw_surface *
no_direct_surface(struct pw_server *server)
{
	return NULL;
}

void
pw_cursor_draw_shown(struct pw_server *server, bool shown)
{
	static struct pw_server_shell with_cursor;

	if (!with_cursor.render) {
		with_cursor = pw_scene;
		with_cursor.render = render_with_cursor;
		with_cursor.direct_surface = no_direct_surface;
	}
	/* Only over the plain scene, as the long-press cue (a routine's scene stays). */
	if (shown && server->shell == &pw_scene) {
		pw_server_set_shell(server, &with_cursor);
	} else if (!shown && server->shell == &with_cursor) {
		pw_server_set_shell(server, &pw_scene);
	}
}

void
pw_cursor_draw_apply(struct pw_server *server, const struct pw_config *config)
{
	if (server->seat) {
		pw_seat_set_cursor_mode(server->seat, config->input.cursor, pw_cursor_draw_shown);
	}
}

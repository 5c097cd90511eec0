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

/* The pixels of `b` that are `c`, with the hotspot at x,y. */
static void
pixels_of(pixman_region32_t *out, const struct bitmap *b, char c, int x, int y)
{
	pixman_region32_init(out);
	for (int r = 0; r < 20 && b->rows[r]; r++) {
		const char *row = b->rows[r];
		for (int i = 0; row[i];) {
			int n = 0;
			while (row[i + n] == c) {
				n++;
			}
			if (n > 0) {
				pixman_region32_union_rect(out, out, x - b->hot_x + i,
					y - b->hot_y + r, (unsigned)n, 1);
				i += n;
			} else {
				i++;
			}
		}
	}
}

static void
paint(pixman_image_t *target, const pixman_region32_t *damage, const struct bitmap *b, char c,
	int x, int y, uint32_t rgb)
{
	pixman_region32_t px;

	pixels_of(&px, b, c, x, y);
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

/* Unit tests of the platform layer's pure parts: keys, options, fit, pixels, row changes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xkbcommon/xkbcommon-keysyms.h>

#include "dg_keys.h"
#include "dg_options.h"
#include "dg_pixels.h"
#include "doomkeys.h"

#include "check.h"

static void
test_keys(void)
{
	CHECK(dg_key_from_keysym(XKB_KEY_Up) == KEY_UPARROW);
	CHECK(dg_key_from_keysym(XKB_KEY_Down) == KEY_DOWNARROW);
	CHECK(dg_key_from_keysym(XKB_KEY_Left) == KEY_LEFTARROW);
	CHECK(dg_key_from_keysym(XKB_KEY_Right) == KEY_RIGHTARROW);
	CHECK(dg_key_from_keysym(XKB_KEY_Return) == KEY_ENTER);
	CHECK(dg_key_from_keysym(XKB_KEY_KP_Enter) == KEY_ENTER);
	CHECK(dg_key_from_keysym(XKB_KEY_Escape) == KEY_ESCAPE);
	CHECK(dg_key_from_keysym(XKB_KEY_Control_L) == KEY_FIRE);
	CHECK(dg_key_from_keysym(XKB_KEY_Control_R) == KEY_FIRE);
	CHECK(dg_key_from_keysym(XKB_KEY_space) == KEY_USE);
	CHECK(dg_key_from_keysym(XKB_KEY_Shift_L) == KEY_RSHIFT);
	CHECK(dg_key_from_keysym(XKB_KEY_Alt_L) == KEY_LALT);
	CHECK(dg_key_from_keysym(XKB_KEY_comma) == KEY_STRAFE_L);
	CHECK(dg_key_from_keysym(XKB_KEY_period) == KEY_STRAFE_R);
	CHECK(dg_key_from_keysym(XKB_KEY_F1) == KEY_F1);
	CHECK(dg_key_from_keysym(XKB_KEY_F12) == KEY_F12);
	CHECK(dg_key_from_keysym(XKB_KEY_BackSpace) == KEY_BACKSPACE);
	CHECK(dg_key_from_keysym(XKB_KEY_a) == 'a');
	CHECK(dg_key_from_keysym(XKB_KEY_A) == 'a');
	CHECK(dg_key_from_keysym(XKB_KEY_y) == 'y');
	CHECK(dg_key_from_keysym(XKB_KEY_1) == '1');
	CHECK(dg_key_from_keysym(XKB_KEY_minus) == KEY_MINUS);
	CHECK(dg_key_from_keysym(XKB_KEY_equal) == KEY_EQUALS);
	CHECK(dg_key_from_keysym(XKB_KEY_XF86Launch1) == KEY_FIRE);
	CHECK(dg_key_from_keysym(XKB_KEY_XF86Launch2) == KEY_USE);
	CHECK(dg_key_from_keysym(XKB_KEY_XF86Launch3) == KEY_RSHIFT);
	CHECK(dg_key_from_keysym(XKB_KEY_XF86Launch4) == KEY_ESCAPE);
	CHECK(dg_key_from_keysym(XKB_KEY_XF86AudioRecord) == KEY_TAB);
	CHECK(dg_key_from_keysym(XKB_KEY_XF86AudioRaiseVolume) == KEY_STRAFE_R);
	CHECK(dg_key_from_keysym(XKB_KEY_XF86AudioLowerVolume) == KEY_STRAFE_L);
	CHECK(dg_key_from_keysym(XKB_KEY_XF86PowerOff) == 0);
	CHECK(dg_key_from_keysym(XKB_KEY_Super_L) == 0);
	CHECK(dg_key_from_keysym(XKB_KEY_NoSymbol) == 0);
	int n = 0;
	for (; dg_key_buttons[n].sym; n++) {
		CHECK(dg_key_buttons[n].key != 0 && dg_key_buttons[n].button != NULL);
	}
	CHECK(n == 7);
}

static void
test_keyqueue(void)
{
	struct dg_keyqueue q = {0};
	int pressed;
	unsigned char key;

	CHECK(!dg_keyqueue_pop(&q, &pressed, &key));
	dg_keyqueue_push(&q, true, KEY_FIRE);
	dg_keyqueue_push(&q, true, KEY_FIRE); /* already down: dropped */
	dg_keyqueue_push(&q, false, KEY_USE); /* not down: dropped */
	dg_keyqueue_push(&q, true, 'a');
	CHECK(dg_keyqueue_pop(&q, &pressed, &key) && pressed == 1 && key == KEY_FIRE);
	CHECK(dg_keyqueue_pop(&q, &pressed, &key) && pressed == 1 && key == 'a');
	CHECK(!dg_keyqueue_pop(&q, &pressed, &key));
	dg_keyqueue_release_all(&q);
	CHECK(dg_keyqueue_pop(&q, &pressed, &key) && pressed == 0 && key == 'a');
	CHECK(dg_keyqueue_pop(&q, &pressed, &key) && pressed == 0 && key == KEY_FIRE);
	CHECK(!dg_keyqueue_pop(&q, &pressed, &key));
	/* a full queue keeps releases and drops presses */
	for (int i = 0; i < 200; i++) {
		dg_keyqueue_push(&q, i % 2 == 0, 'x');
	}
	CHECK(q.tail - q.head == DG_KEYQUEUE_SIZE);
	unsigned char last = 0;
	int last_pressed = -1;
	while (dg_keyqueue_pop(&q, &pressed, &key)) {
		last = key;
		last_pressed = pressed;
	}
	CHECK(last == 'x' && last_pressed == 0);
}

static void
test_options(void)
{
	struct dg_options o;
	char err[128];
	char *a1[] = {"doom", "-iwad", "x.wad", "-damage", "rows", "-present-direct",
		"-presentmode", "new", "-fullscreen", "-buffers", "3", "-pixelformat", "xrgb8888",
		"-dgstats", "-timedemo", "demo1"};
	dg_options_defaults(&o);
	CHECK(o.damage == DG_DAMAGE_FULL && o.presentmode == DG_PRESENT_OLD && !o.present_direct &&
		!o.fullscreen && o.buffers == 4 && o.pixfmt == DG_PIXFMT_AUTO);
	CHECK(dg_options_parse(&o, 16, a1, err, sizeof(err)));
	CHECK(o.damage == DG_DAMAGE_ROWS && o.presentmode == DG_PRESENT_NEW && o.present_direct &&
		o.fullscreen && o.buffers == 3 && o.pixfmt == DG_PIXFMT_XRGB8888 && o.stats);
	char *a2[] = {"doom", "-damage", "rects"};
	dg_options_defaults(&o);
	CHECK(!dg_options_parse(&o, 3, a2, err, sizeof(err)) && strstr(err, "-damage"));
	char *a3[] = {"doom", "-presentmode"};
	CHECK(!dg_options_parse(&o, 2, a3, err, sizeof(err)) && strstr(err, "-presentmode"));
	char *a4[] = {"doom", "-buffers", "9"};
	CHECK(!dg_options_parse(&o, 3, a4, err, sizeof(err)));
	char *a5[] = {"doom", "-buffers", "1"};
	CHECK(!dg_options_parse(&o, 3, a5, err, sizeof(err)));
	char *a6[] = {"doom", "-dump-last-frame", "/tmp/f"};
	dg_options_defaults(&o);
	CHECK(!o.dump_last_frame && dg_options_parse(&o, 3, a6, err, sizeof(err)) &&
		strcmp(o.dump_last_frame, "/tmp/f") == 0);
	CHECK(!dg_options_parse(&o, 2, a6, err, sizeof(err)) && strstr(err, "-dump-last-frame"));
	dg_options_defaults(&o);
	CHECK(o.turn);
	char *a7[] = {"doom", "-buffer-transform", "off"};
	CHECK(dg_options_parse(&o, 3, a7, err, sizeof(err)) && !o.turn);
	char *a8[] = {"doom", "-buffer-transform", "auto"};
	CHECK(dg_options_parse(&o, 3, a8, err, sizeof(err)) && o.turn);
	char *a9[] = {"doom", "-buffer-transform", "90"};
	CHECK(!dg_options_parse(&o, 3, a9, err, sizeof(err)) && strstr(err, "-buffer-transform") &&
		strstr(err, "'90'"));
	CHECK(!dg_options_parse(&o, 2, a9, err, sizeof(err)) && strstr(err, "-buffer-transform"));
}

/*
 * A turned buffer, checked against the rule of wl_surface.set_buffer_transform: buffer pixel
 * (bx, by) shows the surface pixel the inverse transform takes it to.
 */
static void
test_turn(void)
{
	enum { W = 5, H = 3 };
	for (int t = 0; t < 4; t++) {
		int bw = t & 1 ? H : W, bh = t & 1 ? W : H;
		bool seen[W * H] = {false};
		for (int y = 0; y < H; y++) {
			for (int x = 0; x < W; x++) {
				int bx, by, sx, sy;
				dg_turn_point(t, W, H, x, y, &bx, &by);
				CHECK(bx >= 0 && bx < bw && by >= 0 && by < bh);
				switch (t) { /* wl_output transforms turn counter-clockwise */
				case 1:
					sx = W - 1 - by, sy = bx;
					break;
				case 2:
					sx = W - 1 - bx, sy = H - 1 - by;
					break;
				case 3:
					sx = by, sy = H - 1 - bx;
					break;
				default:
					sx = bx, sy = by;
				}
				CHECK(sx == x && sy == y);
				seen[by * bw + bx] = true;
				/* the step to the next pixel of the row, counted as pixels and rows
				 */
				if (x + 1 < W) {
					int nx, ny;
					dg_turn_point(t, W, H, x + 1, y, &nx, &ny);
					CHECK(dg_turn_step(t, 1, 100) ==
						(nx - bx) + 100 * (ny - by));
				}
			}
		}
		int n = 0;
		for (int i = 0; i < W * H; i++) {
			n += seen[i];
		}
		CHECK(n == W * H);
		/* a box's buffer box holds exactly the buffer pixels of its pixels */
		int box[4] = {1, 1, 3, 2};
		dg_turn_box(t, W, H, box);
		CHECK(box[2] * box[3] == 6);
		for (int y = 1; y < 3; y++) {
			for (int x = 1; x < 4; x++) {
				int bx, by;
				dg_turn_point(t, W, H, x, y, &bx, &by);
				CHECK(bx >= box[0] && bx < box[0] + box[2] && by >= box[1] &&
					by < box[1] + box[3]);
			}
		}
	}
	/* a turned row: XRGB8888 to RGB565 down a column, sampled */
	uint32_t src[4] = {0x00ff0000, 0x0000ff00, 0x000000ff, 0x00ffffff};
	uint16_t col[4 * 3] = {0};
	uint16_t cmap[3] = {3, 1, 0};
	dg_put_8888_565((uint8_t *)&col[2], 3 * 2, src, cmap, 3);
	CHECK(col[2] == 0xffff && col[5] == 0x07e0 && col[8] == 0xf800 && col[0] == 0);
	uint32_t rev[4] = {0};
	dg_put_8888((uint8_t *)&rev[3], -4, src, NULL, 4);
	CHECK(rev[0] == src[3] && rev[3] == src[0]);
	uint16_t s16[2] = {7, 9}, d16[2] = {0};
	dg_put_565((uint8_t *)&d16[1], -2, s16, NULL, 2);
	CHECK(d16[0] == 9 && d16[1] == 7);
}

static void
test_fit(void)
{
	struct dg_fit f;

	/* the handheld build in the brief's 238x158 tile: scaled down, width limits */
	dg_fit_compute(&f, 320, 200, 238, 158);
	CHECK(f.k == 0 && f.dw == 238 && f.dh == 148 && f.dx == 0 && f.dy == 5);
	/* in picowl's portrait tile 238x318 */
	dg_fit_compute(&f, 320, 200, 238, 318);
	CHECK(f.k == 0 && f.dw == 238 && f.dh == 148 && f.dx == 0 && f.dy == 85);
	/* fullscreen portrait and landscape */
	dg_fit_compute(&f, 320, 200, 240, 320);
	CHECK(f.k == 0 && f.dw == 240 && f.dh == 150 && f.dy == 85);
	dg_fit_compute(&f, 320, 200, 320, 240);
	CHECK(f.k == 1 && f.dw == 320 && f.dh == 200 && f.dx == 0 && f.dy == 20);
	/* height limits */
	dg_fit_compute(&f, 320, 200, 318, 100);
	CHECK(f.k == 0 && f.dh == 100 && f.dw == 160 && f.dx == 79 && f.dy == 0);
	/* integer factors */
	dg_fit_compute(&f, 64, 40, 238, 318);
	CHECK(f.k == 3 && f.dw == 192 && f.dh == 120 && f.dx == 23 && f.dy == 99);
	dg_fit_compute(&f, 320, 200, 640, 480);
	CHECK(f.k == 2 && f.dw == 640 && f.dh == 400 && f.dy == 40);
	/* never empty */
	dg_fit_compute(&f, 320, 200, 1, 1);
	CHECK(f.dw >= 1 && f.dh >= 1);

	uint16_t cmap[640], rmap[480];
	dg_fit_compute(&f, 64, 40, 238, 318);
	dg_fit_maps(&f, 64, 40, cmap, rmap);
	CHECK(cmap[0] == 0 && cmap[2] == 0 && cmap[3] == 1 && cmap[191] == 63);
	CHECK(rmap[119] == 39 && !dg_map_is_identity(cmap, f.dw));
	dg_fit_compute(&f, 320, 200, 238, 158);
	dg_fit_maps(&f, 320, 200, cmap, rmap);
	CHECK(cmap[0] == 0 && cmap[1] == 1 && cmap[237] == 237 * 320 / 238);
	CHECK(rmap[147] == 147 * 200 / 148);
	dg_fit_compute(&f, 320, 200, 320, 240);
	dg_fit_maps(&f, 320, 200, cmap, rmap);
	CHECK(dg_map_is_identity(cmap, f.dw) && dg_map_is_identity(rmap, f.dh));
}

static void
test_pixels(void)
{
	CHECK(dg_xrgb_to_rgb565(0x00000000) == 0x0000);
	CHECK(dg_xrgb_to_rgb565(0x00ffffff) == 0xffff);
	CHECK(dg_xrgb_to_rgb565(0x00ff0000) == 0xf800);
	CHECK(dg_xrgb_to_rgb565(0x0000ff00) == 0x07e0);
	CHECK(dg_xrgb_to_rgb565(0x000000ff) == 0x001f);
	CHECK(dg_xrgb_to_rgb565(0xff123456) == ((0x12 >> 3) << 11 | (0x34 >> 2) << 5 | 0x56 >> 3));

	uint32_t src[8] = {0x00ff0000, 0x0000ff00, 0x000000ff, 0x00ffffff, 1, 2, 3, 4};
	uint16_t d16[8];
	uint32_t d32[8];
	uint16_t cmap[4] = {0, 0, 3, 7};
	dg_convert_row_565(d16, src, 4);
	CHECK(d16[0] == 0xf800 && d16[1] == 0x07e0 && d16[2] == 0x001f && d16[3] == 0xffff);
	dg_sample_row_8888_565(d16, src, cmap, 4);
	CHECK(d16[0] == 0xf800 && d16[1] == 0xf800 && d16[2] == 0xffff &&
		d16[3] == dg_xrgb_to_rgb565(4));
	dg_sample_row_8888(d32, src, cmap, 4);
	CHECK(d32[0] == src[0] && d32[1] == src[0] && d32[2] == src[3] && d32[3] == src[7]);
	uint16_t s16[8] = {10, 11, 12, 13, 14, 15, 16, 17};
	dg_sample_row_565(d16, s16, cmap, 4);
	CHECK(d16[0] == 10 && d16[1] == 10 && d16[2] == 13 && d16[3] == 17);
}

static void
test_rows_diff(void)
{
	enum { W = 5, H = 4 };
	uint32_t cur[W * H] = {0}, prev[W * H] = {0}, seq[H] = {1, 1, 1, 1};

	CHECK(dg_rows_diff(cur, prev, W, H, seq, 2) == 0);
	CHECK(seq[0] == 1 && seq[3] == 1);
	cur[1 * W + 4] = 7;
	cur[3 * W + 0] = 9;
	CHECK(dg_rows_diff(cur, prev, W, H, seq, 3) == 2);
	CHECK(seq[0] == 1 && seq[1] == 3 && seq[2] == 1 && seq[3] == 3);
	CHECK(prev[1 * W + 4] == 7 && prev[3 * W] == 9);
	CHECK(dg_rows_diff(cur, prev, W, H, seq, 4) == 0);
	CHECK(seq[1] == 3);
}

int
main(void)
{
	test_keys();
	test_keyqueue();
	test_options();
	test_fit();
	test_pixels();
	test_turn();
	test_rows_diff();
	return check_summary();
}

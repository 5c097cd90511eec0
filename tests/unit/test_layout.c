#include <stdio.h>
#include <string.h>

#include "layout.h"

#include "check.h"

#define MAX_TILES 8

static bool
box_eq(struct pw_box a, int x, int y, int w, int h)
{
	return a.x == x && a.y == y && a.width == w && a.height == h;
}

static void
arrange(enum pw_layout_kind kind, int mcount, int gap, struct pw_box area, int count,
	struct pw_box *out)
{
	struct pw_layout_params p;

	pw_layout_defaults(&p);
	p.kind = kind;
	p.master_count = mcount;
	p.gap = gap;
	pw_layout_arrange(&p, area, count, out);
}

static void
test_exact(void)
{
	struct pw_box b[MAX_TILES];
	struct pw_box portrait = {0, 0, 240, 320}, landscape = {0, 0, 320, 240};

	arrange(PW_LAYOUT_TILE, 1, 0, portrait, 1, b);
	CHECK(box_eq(b[0], 0, 0, 240, 320));
	arrange(PW_LAYOUT_TILE, 1, 0, landscape, 1, b);
	CHECK(box_eq(b[0], 0, 0, 320, 240));

	arrange(PW_LAYOUT_TILE, 1, 0, portrait, 2, b);
	CHECK(box_eq(b[0], 0, 0, 240, 160));
	CHECK(box_eq(b[1], 0, 160, 240, 160));
	arrange(PW_LAYOUT_TILE, 1, 0, landscape, 2, b);
	CHECK(box_eq(b[0], 0, 0, 160, 240));
	CHECK(box_eq(b[1], 160, 0, 160, 240));

	arrange(PW_LAYOUT_TILE, 1, 0, landscape, 3, b);
	CHECK(box_eq(b[0], 0, 0, 160, 240));
	CHECK(box_eq(b[1], 160, 0, 160, 120));
	CHECK(box_eq(b[2], 160, 120, 160, 120));
	arrange(PW_LAYOUT_TILE, 1, 0, portrait, 3, b);
	CHECK(box_eq(b[0], 0, 0, 240, 160));
	CHECK(box_eq(b[1], 0, 160, 120, 160));
	CHECK(box_eq(b[2], 120, 160, 120, 160));

	arrange(PW_LAYOUT_TILE, 1, 0, landscape, 4, b);
	CHECK(box_eq(b[1], 160, 0, 160, 80));
	CHECK(box_eq(b[2], 160, 80, 160, 80));
	CHECK(box_eq(b[3], 160, 160, 160, 80));
	arrange(PW_LAYOUT_TILE, 1, 0, portrait, 4, b);
	CHECK(box_eq(b[0], 0, 0, 240, 160));
	CHECK(box_eq(b[3], 160, 160, 80, 160));

	/* Remainder pixels go to the first tiles: 320 in 3 is 107, 107, 106. */
	arrange(PW_LAYOUT_TILE, 0, 0, (struct pw_box){0, 0, 400, 320}, 3, b);
	CHECK(box_eq(b[0], 0, 0, 400, 107));
	CHECK(box_eq(b[1], 0, 107, 400, 107));
	CHECK(box_eq(b[2], 0, 214, 400, 106));

	/* Two masters, offset area. */
	arrange(PW_LAYOUT_TILE, 2, 0, (struct pw_box){10, 20, 320, 240}, 3, b);
	CHECK(box_eq(b[0], 10, 20, 160, 120));
	CHECK(box_eq(b[1], 10, 140, 160, 120));
	CHECK(box_eq(b[2], 170, 20, 160, 240));

	/* count <= master_count: the masters share the whole area. */
	arrange(PW_LAYOUT_TILE, 2, 0, landscape, 2, b);
	CHECK(box_eq(b[0], 0, 0, 320, 120));
	CHECK(box_eq(b[1], 0, 120, 320, 120));

	arrange(PW_LAYOUT_TILE, 1, 4, landscape, 2, b);
	CHECK(box_eq(b[0], 4, 4, 154, 232));
	CHECK(box_eq(b[1], 162, 4, 154, 232));

	struct pw_layout_params p;
	pw_layout_defaults(&p);
	p.master_permille = 250;
	pw_layout_arrange(&p, landscape, 2, b);
	CHECK(box_eq(b[0], 0, 0, 80, 240));
	CHECK(box_eq(b[1], 80, 0, 240, 240));
}

static void
test_defaults_and_boxes(void)
{
	struct pw_layout_params p;
	struct pw_box b[MAX_TILES], sentinel = {-7, -7, -7, -7};

	pw_layout_defaults(&p);
	CHECK(p.kind == PW_LAYOUT_TILE);
	CHECK(p.master_permille == 500);
	CHECK(p.master_count == 1);
	CHECK(p.gap == 0);

	b[0] = sentinel;
	pw_layout_arrange(&p, (struct pw_box){0, 0, 240, 320}, 0, b);
	CHECK(box_eq(b[0], -7, -7, -7, -7));
	pw_layout_arrange(&p, (struct pw_box){0, 0, 240, 320}, -1, b);
	CHECK(box_eq(b[0], -7, -7, -7, -7));

	struct pw_box box = {10, 20, 5, 3};
	CHECK(pw_box_contains(box, 10, 20));
	CHECK(pw_box_contains(box, 14, 22));
	CHECK(!pw_box_contains(box, 15, 22));
	CHECK(!pw_box_contains(box, 14, 23));
	CHECK(!pw_box_contains(box, 9, 20));
	CHECK(!pw_box_contains(box, 10, 19));
	CHECK(!pw_box_empty(box));
	CHECK(pw_box_empty((struct pw_box){0, 0, 0, 5}));
	CHECK(pw_box_empty((struct pw_box){0, 0, 5, -1}));
	CHECK(!pw_box_contains((struct pw_box){0, 0, 0, 5}, 0, 0));
}

static void
test_monocle(void)
{
	struct pw_box b[MAX_TILES];
	struct pw_box area = {5, 6, 240, 320};

	arrange(PW_LAYOUT_MONOCLE, 1, 0, area, 3, b);
	for (int i = 0; i < 3; i++) {
		CHECK(box_eq(b[i], 5, 6, 240, 320));
	}
	arrange(PW_LAYOUT_MONOCLE, 1, 3, area, 2, b);
	for (int i = 0; i < 2; i++) {
		CHECK(box_eq(b[i], 8, 9, 234, 314));
	}
}

static bool
overlaps(struct pw_box a, struct pw_box b)
{
	return !pw_box_empty(a) && !pw_box_empty(b) && a.x < b.x + b.width && b.x < a.x + a.width &&
		a.y < b.y + b.height && b.y < a.y + a.height;
}

/*
 * With uniform gaps, growing each box and the inner area by the gap on the right and bottom
 * turns "boxes and gaps cover the area" into "the grown boxes tile the grown area".
 */
static int
check_cover(const struct pw_box *b, int n, struct pw_box inner, int gap)
{
	struct pw_box g[MAX_TILES];
	long sum = 0;
	int bad = 0;

	for (int i = 0; i < n; i++) {
		g[i] = (struct pw_box){b[i].x, b[i].y, b[i].width + gap, b[i].height + gap};
		bad += g[i].x < inner.x || g[i].y < inner.y;
		bad += g[i].x + g[i].width > inner.x + inner.width + gap;
		bad += g[i].y + g[i].height > inner.y + inner.height + gap;
		for (int j = 0; j < i; j++) {
			bad += overlaps(g[i], g[j]);
		}
		sum += (long)g[i].width * g[i].height;
	}
	return bad + (sum != (long)(inner.width + gap) * (inner.height + gap));
}

static int
check_properties(struct pw_box area, int count, int mcount, int gap, int permille)
{
	struct pw_layout_params p;
	struct pw_box b[MAX_TILES], inner;
	int bad = 0, used;
	bool big = area.width >= 100 && area.height >= 100;

	pw_layout_defaults(&p);
	p.master_count = mcount;
	p.gap = gap;
	p.master_permille = permille;
	pw_layout_arrange(&p, area, count, b);

	for (int i = 0; i < count; i++) {
		bad += b[i].width < 0 || b[i].height < 0;
		bad += b[i].x < area.x || b[i].y < area.y;
		bad += b[i].x + b[i].width > area.x + area.width;
		bad += b[i].y + b[i].height > area.y + area.height;
		bad += big && (b[i].width < 1 || b[i].height < 1);
	}
	/* Gaps that leave no room for the tiles are dropped; tile 0 shows which was used. */
	used = b[0].x - area.x;
	bad += (used != gap && used != 0) || b[0].y - area.y != used;
	bad += big && used != gap && gap < 40;
	inner = (struct pw_box){area.x + used, area.y + used, area.width - 2 * used,
		area.height - 2 * used};
	bad += check_cover(b, count, inner, used);
	if (bad) {
		fprintf(stderr, "  area %dx%d count %d masters %d gap %d permille %d\n", area.width,
			area.height, count, mcount, gap, permille);
	}
	return bad;
}

static void
test_properties(void)
{
	const struct pw_box areas[] = {
		{0, 0, 240, 320},
		{0, 0, 320, 240},
		{3, 9, 100, 100},
		{0, 0, 641, 479},
		{0, 0, 7, 3},
		{0, 0, 3, 50},
		{0, 0, 1, 1},
		{0, 0, 2, 2},
		{0, 0, 0, 0},
	};
	const int gaps[] = {0, 1, 5, 40};
	const int permilles[] = {100, 333, 500, 900};

	for (size_t a = 0; a < sizeof(areas) / sizeof(areas[0]); a++) {
		for (int count = 1; count <= MAX_TILES; count++) {
			for (int mcount = 0; mcount <= 3; mcount++) {
				for (size_t g = 0; g < sizeof(gaps) / sizeof(gaps[0]); g++) {
					for (size_t pm = 0; pm < 4; pm++) {
						CHECK(check_properties(areas[a], count, mcount,
							      gaps[g], permilles[pm]) == 0);
					}
				}
			}
		}
	}
}

/* The orientation given wins over the area's shape (a portrait output less a keyboard). */
static void
test_orientation(void)
{
	struct pw_layout_params p;
	struct pw_box b[2];
	struct pw_box wide = {0, 20, 240, 184}, tall = {0, 0, 240, 320};

	pw_layout_defaults(&p);
	p.orientation = PW_LAYOUT_ORIENT_PORTRAIT;
	pw_layout_arrange(&p, wide, 2, b);
	CHECK(box_eq(b[0], 0, 20, 240, 92));
	CHECK(box_eq(b[1], 0, 112, 240, 92));
	p.orientation = PW_LAYOUT_ORIENT_AREA;
	pw_layout_arrange(&p, wide, 2, b);
	CHECK(box_eq(b[0], 0, 20, 120, 184));
	p.orientation = PW_LAYOUT_ORIENT_LANDSCAPE;
	pw_layout_arrange(&p, tall, 2, b);
	CHECK(box_eq(b[0], 0, 0, 120, 320));
	CHECK(box_eq(b[1], 120, 0, 120, 320));
}

int
main(void)
{
	test_exact();
	test_defaults_and_boxes();
	test_monocle();
	test_properties();
	test_orientation();
	return check_summary();
}

/*
 * Everything is computed for a landscape area; a portrait one is transposed on the way in
 * and its boxes transposed back on the way out.
 */
#include "layout.h"

static int
max_int(int a, int b)
{
	return a > b ? a : b;
}

static int
min_int(int a, int b)
{
	return a < b ? a : b;
}

static struct pw_box
transpose(struct pw_box box)
{
	return (struct pw_box){box.y, box.x, box.height, box.width};
}

/*
 * Splits `length` pixels from `start` into n spans separated by `gap`; the first
 * remainder spans get one pixel more, so the spans and gaps add up to `length` exactly.
 */
static void
split(int start, int length, int n, int gap, int *pos, int *size, int i)
{
	int avail = max_int(length - (n - 1) * gap, 0);
	int base = avail / n, extra = avail % n;

	*pos = start + i * (base + gap) + min_int(i, extra);
	*size = base + (i < extra ? 1 : 0);
}

/* Tiles in one column (n tiles stacked vertically) spanning `col`. */
static void
column(struct pw_box col, int n, int gap, struct pw_box *out)
{
	for (int i = 0; i < n; i++) {
		out[i].x = col.x;
		out[i].width = col.width;
		split(col.y, col.height, n, gap, &out[i].y, &out[i].height, i);
	}
}

/* Whether `gap` leaves at least one pixel per tile; if not, the gaps are dropped. */
static bool
gap_fits(struct pw_box area, int gap, int nmaster, int nstack)
{
	int w = area.width - 2 * gap, h = area.height - 2 * gap;
	int rows = max_int(nmaster, nstack);

	if (nmaster > 0 && nstack > 0 && w - gap < 2) {
		return false;
	}
	return w >= 1 && h - (rows - 1) * gap >= rows;
}

static void
tile(const struct pw_layout_params *params, struct pw_box area, int count, struct pw_box *out)
{
	int nmaster = min_int(max_int(params->master_count, 0), count);
	int nstack = count - nmaster;
	int gap = max_int(params->gap, 0);
	struct pw_box inner, master, stack;

	if (!gap_fits(area, gap, nmaster, nstack)) {
		gap = 0;
	}
	inner = (struct pw_box){area.x + gap, area.y + gap, area.width - 2 * gap,
		area.height - 2 * gap};

	if (nmaster == 0 || nstack == 0) {
		column(inner, count, gap, out);
		return;
	}

	int avail = inner.width - gap;
	int permille = min_int(max_int(params->master_permille, 100), 900);
	int mw = (avail * permille + 500) / 1000;
	mw = avail >= 2 ? min_int(max_int(mw, 1), avail - 1) : avail;

	master = (struct pw_box){inner.x, inner.y, mw, inner.height};
	stack = (struct pw_box){inner.x + mw + gap, inner.y, avail - mw, inner.height};
	column(master, nmaster, gap, out);
	column(stack, nstack, gap, out + nmaster);
}

void
pw_layout_defaults(struct pw_layout_params *params)
{
	*params = (struct pw_layout_params){
		.kind = PW_LAYOUT_TILE,
		.master_permille = 500,
		.master_count = 1,
		.gap = 0,
		.orientation = PW_LAYOUT_ORIENT_AREA,
	};
}

void
pw_layout_arrange(const struct pw_layout_params *params, struct pw_box area, int count,
	struct pw_box *out)
{
	bool portrait = params->orientation == PW_LAYOUT_ORIENT_AREA
		? area.height > area.width
		: params->orientation == PW_LAYOUT_ORIENT_PORTRAIT;

	if (count <= 0 || !out) {
		return;
	}
	area.width = max_int(area.width, 0);
	area.height = max_int(area.height, 0);
	if (portrait) {
		area = transpose(area);
	}

	if (params->kind == PW_LAYOUT_MONOCLE) {
		int gap = max_int(params->gap, 0);
		struct pw_box box = {area.x + gap, area.y + gap, area.width - 2 * gap,
			area.height - 2 * gap};

		if (pw_box_empty(box)) {
			box = area;
		}
		for (int i = 0; i < count; i++) {
			out[i] = box;
		}
	} else {
		tile(params, area, count, out);
	}

	if (portrait) {
		for (int i = 0; i < count; i++) {
			out[i] = transpose(out[i]);
		}
	}
}

bool
pw_box_contains(struct pw_box box, int x, int y)
{
	return !pw_box_empty(box) && x >= box.x && x < box.x + box.width && y >= box.y &&
		y < box.y + box.height;
}

bool
pw_box_empty(struct pw_box box)
{
	return box.width <= 0 || box.height <= 0;
}

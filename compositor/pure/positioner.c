#include "positioner.h"

static bool
has_edge(uint32_t edge, bool first_axis_low, bool x_axis)
{
	/* first_axis_low: asks for the left (x) or top (y) side. */
	switch (edge) {
	case PW_POS_TOP:
		return !x_axis && first_axis_low;
	case PW_POS_BOTTOM:
		return !x_axis && !first_axis_low;
	case PW_POS_LEFT:
		return x_axis && first_axis_low;
	case PW_POS_RIGHT:
		return x_axis && !first_axis_low;
	case PW_POS_TOP_LEFT:
		return first_axis_low;
	case PW_POS_BOTTOM_LEFT:
		return x_axis ? first_axis_low : !first_axis_low;
	case PW_POS_TOP_RIGHT:
		return x_axis ? !first_axis_low : first_axis_low;
	case PW_POS_BOTTOM_RIGHT:
		return !first_axis_low;
	default:
		return false;
	}
}

/* One axis: anchor point in the anchor rect, then the popup laid by the gravity. */
static int
place_axis(int rect_pos, int rect_size, int size, int offset, uint32_t anchor, uint32_t gravity,
	bool x_axis)
{
	int point = rect_pos + rect_size / 2;
	if (has_edge(anchor, true, x_axis)) {
		point = rect_pos;
	} else if (has_edge(anchor, false, x_axis)) {
		point = rect_pos + rect_size;
	}
	int pos = point - size / 2;
	if (has_edge(gravity, true, x_axis)) {
		pos = point - size;
	} else if (has_edge(gravity, false, x_axis)) {
		pos = point;
	}
	return pos + offset;
}

static uint32_t
flip(uint32_t edge, bool x_axis)
{
	static const uint32_t flip_x[] = {PW_POS_NONE, PW_POS_TOP, PW_POS_BOTTOM, PW_POS_RIGHT,
		PW_POS_LEFT, PW_POS_TOP_RIGHT, PW_POS_BOTTOM_RIGHT, PW_POS_TOP_LEFT,
		PW_POS_BOTTOM_LEFT};
	static const uint32_t flip_y[] = {PW_POS_NONE, PW_POS_BOTTOM, PW_POS_TOP, PW_POS_LEFT,
		PW_POS_RIGHT, PW_POS_BOTTOM_LEFT, PW_POS_TOP_LEFT, PW_POS_BOTTOM_RIGHT,
		PW_POS_TOP_RIGHT};
	if (edge > PW_POS_BOTTOM_RIGHT) {
		return edge;
	}
	return x_axis ? flip_x[edge] : flip_y[edge];
}

static bool
outside(int pos, int size, int lo, int len)
{
	return pos < lo || pos + size > lo + len;
}

static void
adjust_axis(const struct pw_positioner_rules *r, bool x_axis, int lo, int len, int *pos, int *size)
{
	int rect_pos = x_axis ? r->anchor_rect.x : r->anchor_rect.y;
	int rect_size = x_axis ? r->anchor_rect.width : r->anchor_rect.height;
	int offset = x_axis ? r->offset_x : r->offset_y;
	uint32_t flip_bit = x_axis ? PW_ADJUST_FLIP_X : PW_ADJUST_FLIP_Y;
	uint32_t resize_bit = x_axis ? PW_ADJUST_RESIZE_X : PW_ADJUST_RESIZE_Y;

	*pos = place_axis(rect_pos, rect_size, *size, offset, r->anchor, r->gravity, x_axis);
	if (outside(*pos, *size, lo, len) && (r->constraint_adjustment & flip_bit)) {
		int flipped = place_axis(rect_pos, rect_size, *size, -offset,
			flip(r->anchor, x_axis), flip(r->gravity, x_axis), x_axis);
		if (!outside(flipped, *size, lo, len)) {
			*pos = flipped;
		}
	}
	/* Sliding is what keeps a popup on a small screen; picowl slides even if not asked. */
	if (*pos + *size > lo + len) {
		*pos = lo + len - *size;
	}
	if (*pos < lo) {
		*pos = lo;
	}
	if (*pos + *size > lo + len && (r->constraint_adjustment & resize_bit)) {
		*size = lo + len - *pos;
	}
	if (*size > len) {
		*size = len;
	}
}

/* Values far past any output are cut down, so that placing never overflows an int. */
static int
limit(int v)
{
	const int max = 1 << 20;
	return v < -max ? -max : v > max ? max : v;
}

static struct pw_box
limit_box(struct pw_box b)
{
	return (struct pw_box){limit(b.x), limit(b.y), limit(b.width), limit(b.height)};
}

struct pw_box
pw_positioner_place(const struct pw_positioner_rules *rules, struct pw_box bounds)
{
	struct pw_positioner_rules r = *rules;
	r.width = limit(r.width);
	r.height = limit(r.height);
	r.offset_x = limit(r.offset_x);
	r.offset_y = limit(r.offset_y);
	r.anchor_rect = limit_box(r.anchor_rect);
	bounds = limit_box(bounds);
	struct pw_box box = {0, 0, r.width, r.height};
	adjust_axis(&r, true, bounds.x, bounds.width, &box.x, &box.width);
	adjust_axis(&r, false, bounds.y, bounds.height, &box.y, &box.height);
	if (box.width < 1) {
		box.width = 1;
	}
	if (box.height < 1) {
		box.height = 1;
	}
	return box;
}

/*
 * Hostile cases: the per-client memory budget (compositor/core/budget.h) at its default, 2 MiB,
 * and the bounds on rectangles that keep a request's time and memory small.
 */
#include <stdint.h>
#include <stdio.h>

#include "cases.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define WAIT_MS 10000

/*
 * Sends in batches of what libwayland-client's 4 KiB buffer holds, with a round trip between
 * them; stops at the error. Were the client still writing when picowl drops it, its write
 * would fail first and the error would never be read.
 */
static bool
batch_done(struct conn *c, int i)
{
	return i % 100 == 99 && pw_client_roundtrip(&c->tc, WAIT_MS) != 1;
}

/* 2,000 disjoint rectangles in one region: past the region's 1,024. */
static bool
region_many_rects(struct conn *c)
{
	struct wl_region *region = wl_compositor_create_region(c->tc.compositor);
	for (int i = 0; i < 2000; i++) {
		wl_region_add(region, (i % 100) * 2, (i / 100) * 2, 1, 1);
		if (batch_done(c, i)) {
			break;
		}
	}
	return true;
}

/* 1,000 disjoint rectangles (legal), then 1,000 holes punched: subtract grows a region too. */
static bool
region_many_holes(struct conn *c)
{
	struct wl_region *region = wl_compositor_create_region(c->tc.compositor);
	wl_region_add(region, 0, 0, 4000, 4000);
	for (int i = 0; i < 2000; i++) {
		wl_region_subtract(region, (i % 100) * 4 + 1, (i / 100) * 4 + 1, 1, 1);
		if (batch_done(c, i)) {
			break;
		}
	}
	return true;
}

/* 20,000 disjoint damage rectangles, then a commit: legal; picowl keeps their extents. */
static bool
damage_many_rects(struct conn *c)
{
	if (!conn_map(c, false)) {
		return false;
	}
	for (int i = 0; i < 20000; i++) {
		wl_surface_damage_buffer(c->top.surface, (i % 200) * 2, (i / 200) * 2, 1, 1);
		if (i % 100 == 99 && pw_client_roundtrip(&c->tc, WAIT_MS) != 1) {
			return false;
		}
	}
	wl_surface_attach(c->top.surface, c->top.buffer, 0, 0);
	wl_surface_commit(c->top.surface);
	return pw_client_roundtrip(&c->tc, WAIT_MS) == 1;
}

/* Regions of 1,000 rectangles (each legal) on one surface after another: the surfaces'
 * copies of them are charged, 2 MiB is reached. */
static bool
opaque_regions(struct conn *c)
{
	struct wl_region *region = wl_compositor_create_region(c->tc.compositor);
	for (int i = 0; i < 1000; i++) {
		wl_region_add(region, (i % 100) * 2, (i / 100) * 2, 1, 1);
		batch_done(c, i);
	}
	for (int i = 0; i < 2000; i++) {
		struct wl_surface *s = wl_compositor_create_surface(c->tc.compositor);
		wl_surface_set_opaque_region(s, region);
		wl_surface_set_input_region(s, region);
		if (i % 20 == 19 && pw_client_roundtrip(&c->tc, WAIT_MS) != 1) {
			break;
		}
	}
	return true;
}

/* 10,000 surfaces: some 15 MB charged. */
static bool
many_surfaces(struct conn *c)
{
	for (int i = 0; i < 10000; i++) {
		wl_compositor_create_surface(c->tc.compositor);
		if (batch_done(c, i)) {
			break;
		}
	}
	return true;
}

/* 5,000 data sources of 64 mime types each (some 2.5 KiB of requests: a round trip each). */
static bool
many_sources(struct conn *c)
{
	char mime[64];
	for (int i = 0; i < 5000; i++) {
		struct wl_data_source *s = wl_data_device_manager_create_data_source(c->ddm);
		for (int m = 0; m < 64; m++) {
			snprintf(mime, sizeof(mime), "application/x-picowl-budget-%d", m);
			wl_data_source_offer(s, mime);
		}
		if (pw_client_roundtrip(&c->tc, WAIT_MS) != 1) {
			break;
		}
	}
	return true;
}

static const struct rcase cases[] = {
	{"budget-region-2000-rects", region_many_rects, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_NO_MEMORY},
	{"budget-region-2000-holes", region_many_holes, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_NO_MEMORY},
	{"budget-damage-20000-rects", damage_many_rects, EXPECT_NONE},
	{"budget-opaque-regions", opaque_regions, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_NO_MEMORY},
	{"budget-10000-surfaces", many_surfaces, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_NO_MEMORY},
	{"budget-5000-sources", many_sources, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_NO_MEMORY},
};

const struct group budget_group = {"budget", cases, N(cases), NULL};

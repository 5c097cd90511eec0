/*
 * Hostile cases: the per-client memory budget (compositor/core/budget.h) at its default, 2 MiB,
 * the bounds on rectangles that keep a request's time and memory small, and the counts of
 * subsurfaces and of wl_shm pools and buffers at their defaults, 32 and 512, and the address
 * space of a client's pools at its default, 64 MiB.
 */
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

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

#define SUBSURFACES 32 /* [limits] client_subsurfaces' default (4.77) */
#define LAYER_COMMITS 50

/* picowl's CPU time per commit of c's toplevel, each waiting for its frame callback, in us. */
static long long
cpu_per_commit(struct conn *c, pid_t pid)
{
	long long t0 = picowl_cpu_ns(pid);
	for (int i = 0; i < LAYER_COMMITS; i++) {
		pw_client_toplevel_commit(&c->top, NULL);
		if (pw_client_dispatch_until(&c->tc, &c->top.frame.done, WAIT_MS) != 1) {
			return -1;
		}
	}
	return (picowl_cpu_ns(pid) - t0) / LAYER_COMMITS / 1000;
}

/*
 * A fullscreen toplevel, then 32 translucent subsurfaces of its size sharing one buffer, every
 * root commit damaging the whole: picowl composites each layer at every repaint. Prints picowl's
 * CPU time per commit with none and with 32; the 33rd subsurface is no_memory (4.77).
 */
static bool
many_layers(struct conn *c)
{
	pid_t pid = conn_picowl_pid(c);
	if (!conn_map(c, true)) {
		return false;
	}
	long long alone = cpu_per_commit(c, pid);
	struct wl_buffer *shared =
		pw_client_solid_buffer(&c->tc, c->top.width, c->top.height, 0x80ff0000u);
	for (int i = 0; i < SUBSURFACES; i++) {
		struct wl_surface *s = wl_compositor_create_surface(c->tc.compositor);
		wl_subsurface_set_desync(
			wl_subcompositor_get_subsurface(c->tc.subcompositor, s, c->top.surface));
		wl_surface_attach(s, shared, 0, 0);
		wl_surface_damage_buffer(s, 0, 0, INT32_MAX, INT32_MAX);
		wl_surface_commit(s);
	}
	long long stacked = cpu_per_commit(c, pid);
	printf("  picowl's CPU per commit of a %dx%d toplevel: %lld us alone, %lld us under %d "
	       "translucent layers of its size (bound: %d layers a client)\n",
		c->top.width, c->top.height, alone, stacked, SUBSURFACES, SUBSURFACES);
	if (alone < 0 || stacked < 0) {
		return false;
	}
	struct wl_surface *s = wl_compositor_create_surface(c->tc.compositor);
	wl_subcompositor_get_subsurface(c->tc.subcompositor, s, c->top.surface);
	return true;
}

#define POOL_TRIES 5000
/* picowl's own mappings may grow meanwhile: its allocator, AddressSanitizer's */
#define MAPS_SLACK 64

/*
 * wl_shm pools of a page each until picowl refuses one (no_memory at the 513th pool or buffer,
 * 4.79): each is a mapping of picowl's, counted in /proc/PID/maps.
 */
static bool
many_pools(struct conn *c)
{
	pid_t pid = conn_picowl_pid(c);
	long before = picowl_maps(pid), most = before;
	int made = 0;
	for (; made < POOL_TRIES; made++) {
		int fd = make_memfd(4096);
		wl_shm_create_pool(c->tc.shm, fd, 4096);
		close(fd);
		if (made % 32 == 31) {
			long now = picowl_maps(pid);
			most = now > most ? now : most;
			if (pw_client_roundtrip(&c->tc, WAIT_MS) != 1) {
				break;
			}
		}
	}
	printf("  %d pools sent; picowl's mappings %ld before, %ld at most (bound %ld)\n", made,
		before, most, before + 512 + MAPS_SLACK);
	return made < POOL_TRIES && most <= before + 512 + MAPS_SLACK;
}

#define MIB (1u << 20)
#define MAPPED_LIMIT (64 * MIB) /* [limits] client_mapped's default, 4.80 */
/* picowl's own address space may grow meanwhile: its allocator's arenas, ASan's */
#define VM_SLACK_KB (16 * 1024)

/*
 * Pools of 16 MiB from one sparse file (they cost the client nothing) until picowl refuses
 * one: at most 64 MiB of them are mapped, the 5th gets no_memory before it is mapped.
 */
static bool
big_pools(struct conn *c)
{
	pid_t pid = conn_picowl_pid(c);
	long before = picowl_status_kb(pid, "VmSize"), most = before;
	int fd = make_memfd(16 * MIB);
	if (fd < 0) {
		return false;
	}
	int sent = 0;
	for (; sent < 64; sent++) {
		wl_shm_create_pool(c->tc.shm, fd, (int32_t)(16 * MIB));
		long now = picowl_status_kb(pid, "VmSize");
		most = now > most ? now : most;
		if (pw_client_roundtrip(&c->tc, WAIT_MS) != 1) {
			break;
		}
	}
	close(fd);
	long bound = before + (long)(MAPPED_LIMIT >> 10) + VM_SLACK_KB;
	printf("  %d pools of 16 MiB sent; picowl's address space %ld kB before, %ld kB at most "
	       "(bound %ld)\n",
		sent + 1, before, most, bound);
	return sent == MAPPED_LIMIT / (16 * MIB) && most <= bound;
}

/* A page's pool grown to 1 GiB (a 32-bit picowl's third) by wl_shm_pool.resize: refused. */
static bool
pool_grown_huge(struct conn *c)
{
	pid_t pid = conn_picowl_pid(c);
	long before = picowl_status_kb(pid, "VmSize");
	int fd = make_memfd(1024 * MIB);
	if (fd < 0) {
		return false;
	}
	struct wl_shm_pool *pool = wl_shm_create_pool(c->tc.shm, fd, 4096);
	close(fd);
	wl_shm_pool_resize(pool, (int32_t)(1024 * MIB));
	pw_client_roundtrip(&c->tc, WAIT_MS);
	long after = picowl_status_kb(pid, "VmSize");
	printf("  picowl's address space %ld kB before, %ld kB after (bound %ld)\n", before, after,
		before + VM_SLACK_KB);
	return after <= before + VM_SLACK_KB;
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
	{"budget-33-translucent-layers", many_layers, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_NO_MEMORY},
	{"budget-pools-until-refused", many_pools, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_NO_MEMORY},
	{"budget-pools-past-64-mib", big_pools, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_NO_MEMORY},
	{"budget-pool-grown-to-1-gib", pool_grown_huge, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_NO_MEMORY},
};

const struct group budget_group = {"budget", cases, N(cases), NULL};

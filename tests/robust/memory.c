/*
 * memory: the clients of tests/robust/test_memory.py (picowl's per-client budget, budget.h).
 *
 *   memory hog       surfaces, regions of many rectangles set as their opaque and input regions,
 *                    and data sources with mime types, in a loop until picowl says no_memory;
 *                    exit 0 only if it did (a wl_display no_memory error)
 *   memory clients N N connections at once, each maps a small toplevel; then all go; exit 0
 *                    if all mapped
 *   memory count KIND N   N objects of one KIND (surface, region, source, toplevel, subsurface:
 *                    a surface made a subsurface of one parent; virtual-pointer, 4.87) on one
 *                    connection, then as
 *                    many more as each line of stdin says, kept until stdin closes: what one
 *                    costs picowl (doc/decisions.md 4.37); exit 0 at the end of stdin or at
 * no_memory
 *   memory titles    toplevels with a 4,000-byte title and app id each, in a loop until picowl
 *                    says no_memory (issue 38: the strings are charged); exit 0 only if it did
 *   memory surrounding  text inputs with 4,000 bytes of surrounding text each, committed, in a
 *                    loop until no_memory; exit 0 only if it came
 *   memory kept N    N role-less surfaces, each shown a 2048x2048 XRGB8888 buffer of one sparse
 *                    16 MiB pool (the client pays nothing for it), the buffer then destroyed:
 *                    picowl would keep each one's pixels (issue 35); exit 0 if still connected
 *
 * Each prints one line of what it did.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "client.h"
#include "text-input-unstable-v3-client-protocol.h"
#include "wlr-virtual-pointer-unstable-v1-client-protocol.h"

#define GREEN 0xff00ff00u
#define HOG_ROUNDS 1000000
#define HOG_RECTS 16 /* per region, disjoint */

struct app {
	struct pw_client tc;
	struct pw_client_toplevel top;
	struct wl_data_device_manager *ddm;
	struct zwp_text_input_manager_v3 *text_input_manager;
	struct zwlr_virtual_pointer_manager_v1 *virtual_pointer_manager;
};

static bool
connect_app_with(struct app *app, bool seat)
{
	const struct pw_client_versions versions = {.compositor = 4,
		.subcompositor = 1,
		.shm = 1,
		.seat = seat ? 1 : 0,
		.wm_base = 5};
	const struct pw_client_global globals[] = {
		{&wl_data_device_manager_interface, 3, (void **)&app->ddm, NULL, NULL},
		{&zwp_text_input_manager_v3_interface, 1, (void **)&app->text_input_manager, NULL,
			NULL},
		{&zwlr_virtual_pointer_manager_v1_interface, 2,
			(void **)&app->virtual_pointer_manager, NULL, NULL},
		{NULL, 0, NULL, NULL, NULL},
	};
	app->tc.name = "memory";
	app->tc.globals = globals;
	if (!pw_client_connect(&app->tc, &versions, 10000) || !app->ddm) {
		fprintf(stderr, "memory: no compositor, or no wl_data_device_manager\n");
		return false;
	}
	app->tc.globals = NULL;
	return true;
}

/* Without a seat: what binding one costs is not part of these figures. */
static bool
connect_app(struct app *app)
{
	return connect_app_with(app, false);
}

static void
app_destroy(struct app *app)
{
	if (app->ddm) {
		wl_proxy_destroy((struct wl_proxy *)app->ddm);
	}
	if (app->text_input_manager) {
		zwp_text_input_manager_v3_destroy(app->text_input_manager);
	}
	if (app->virtual_pointer_manager) {
		zwlr_virtual_pointer_manager_v1_destroy(app->virtual_pointer_manager);
	}
	pw_client_toplevel_finish(&app->top);
	pw_client_disconnect(&app->tc);
}

static struct wl_region *
many_rects(struct app *app)
{
	struct wl_region *region = wl_compositor_create_region(app->tc.compositor);
	for (int r = 0; r < HOG_RECTS; r++) {
		wl_region_add(region, 4 * r, 4 * r, 2, 2);
	}
	return region;
}

static struct wl_data_source *
source(struct app *app, int i)
{
	struct wl_data_source *s = wl_data_device_manager_create_data_source(app->ddm);
	char mime[64];
	for (int m = 0; m < 4; m++) {
		snprintf(mime, sizeof(mime), "application/x-picowl-test-%d-%d", i, m);
		wl_data_source_offer(s, mime);
	}
	return s;
}

/* Proxies are leaked on purpose: picowl drops the connection, and the test runs no leak check
 * on this client. */
static int
hog(void)
{
	struct app app = {0};
	if (!connect_app(&app)) {
		return 3;
	}
	int i;
	for (i = 0; i < HOG_ROUNDS; i++) {
		struct wl_surface *surface = wl_compositor_create_surface(app.tc.compositor);
		struct wl_region *region = many_rects(&app);
		wl_surface_set_opaque_region(surface, region);
		wl_surface_set_input_region(surface, region);
		source(&app, i);
		/* a round trip before libwayland-client's 4 KiB buffer fills: were it still
		 * writing when picowl drops it, its write would fail before the error is read */
		if (i % 4 == 3 && pw_client_roundtrip(&app.tc, 10000) != 1) {
			break;
		}
	}
	/* libwayland-client reports wl_display's no_memory as ENOMEM, not as a protocol error */
	int err = wl_display_get_error(app.tc.display);
	bool no_memory = err == ENOMEM;
	const char *what = err ? strerror(err) : "still connected";
	printf("memory: hog: %s after %d rounds (%d surfaces, regions of %d rectangles, data "
	       "sources)\n",
		no_memory ? "no_memory" : what, i, i, HOG_RECTS);
	return no_memory ? 0 : 1;
}

#define LONG_STRING 4000

/* Whether the connection ended with wl_display's no_memory; prints what `what` came to. */
static bool
ended_no_memory(struct app *app, const char *what, int rounds)
{
	/* libwayland-client reports wl_display's no_memory as ENOMEM, not as a protocol error */
	int err = wl_display_get_error(app->tc.display);
	printf("memory: %s: %s after %d\n", what,
		err == ENOMEM ? "no_memory"
			: err ? strerror(err)
			      : "still connected",
		rounds);
	return err == ENOMEM;
}

static int
titles(void)
{
	struct app app = {0};
	if (!connect_app(&app)) {
		return 3;
	}
	char text[LONG_STRING + 1];
	memset(text, 't', LONG_STRING);
	text[LONG_STRING] = '\0';
	int i;
	for (i = 0; i < HOG_ROUNDS; i++) {
		struct xdg_surface *x = xdg_wm_base_get_xdg_surface(app.tc.wm_base,
			wl_compositor_create_surface(app.tc.compositor));
		struct xdg_toplevel *t = xdg_surface_get_toplevel(x);
		xdg_toplevel_set_title(t, text);
		xdg_toplevel_set_app_id(t, text);
		if (pw_client_roundtrip(&app.tc, 10000) != 1) {
			break;
		}
	}
	return ended_no_memory(&app, "toplevels with 4,000-byte titles and app ids", i) ? 0 : 1;
}

static int
surrounding(void)
{
	struct app app = {0};
	if (!connect_app_with(&app, true)) {
		return 3;
	}
	if (!app.text_input_manager || !app.tc.seat) {
		fprintf(stderr, "memory: no zwp_text_input_manager_v3 or wl_seat\n");
		return 3;
	}
	char text[LONG_STRING + 1];
	memset(text, 's', LONG_STRING);
	text[LONG_STRING] = '\0';
	int i;
	for (i = 0; i < HOG_ROUNDS; i++) {
		struct zwp_text_input_v3 *ti =
			zwp_text_input_manager_v3_get_text_input(app.text_input_manager,
				app.tc.seat);
		zwp_text_input_v3_set_surrounding_text(ti, text, 0, 0);
		zwp_text_input_v3_commit(ti);
		if (pw_client_roundtrip(&app.tc, 10000) != 1) {
			break;
		}
	}
	return ended_no_memory(&app, "text inputs with 4,000 bytes of surrounding text", i) ? 0 : 1;
}

#define KEPT_SIDE 2048

static int
kept(int n)
{
	struct app app = {0};
	if (!connect_app(&app)) {
		return 3;
	}
	size_t size = (size_t)KEPT_SIDE * KEPT_SIDE * 4;
	int fd = pw_client_memfd(size);
	if (fd < 0) {
		perror("memory: kept: memfd");
		return 3;
	}
	struct wl_shm_pool *pool = wl_shm_create_pool(app.tc.shm, fd, (int32_t)size);
	struct wl_surface *surfaces[64];
	int made = 0;
	n = n < 64 ? n : 64;
	for (int i = 0; i < n; i++) {
		struct wl_surface *surface = wl_compositor_create_surface(app.tc.compositor);
		surfaces[made++] = surface;
		struct wl_buffer *buffer = wl_shm_pool_create_buffer(pool, 0, KEPT_SIDE, KEPT_SIDE,
			KEPT_SIDE * 4, WL_SHM_FORMAT_XRGB8888);
		wl_surface_attach(surface, buffer, 0, 0);
		wl_surface_commit(surface);
		wl_buffer_destroy(buffer);
		if (pw_client_roundtrip(&app.tc, 10000) != 1) {
			break;
		}
	}
	int err = wl_display_get_error(app.tc.display);
	printf("memory: kept: %d surfaces shown a %dx%d buffer then destroyed it: %s\n", n,
		KEPT_SIDE, KEPT_SIDE, err ? strerror(err) : "still connected");
	wl_shm_pool_destroy(pool);
	close(fd);
	for (int i = 0; i < made; i++) {
		wl_surface_destroy(surfaces[i]);
	}
	app_destroy(&app);
	return err ? 1 : 0;
}

static int
clients(int n)
{
	struct app *apps = calloc((size_t)n, sizeof(*apps));
	int mapped = 0;
	if (!apps) {
		return 3;
	}
	for (int i = 0; i < n; i++) {
		apps[i].top = (struct pw_client_toplevel){.width = 8, .height = 8};
		if (!connect_app(&apps[i])) {
			printf("memory: client %d could not connect\n", i);
			return 1;
		}
		pw_client_toplevel_init(&apps[i].top, &apps[i].tc, "many", "picowl-test-memory");
		wl_surface_commit(apps[i].top.surface);
		wl_display_flush(apps[i].tc.display);
	}
	for (int i = 0; i < n; i++) {
		if (pw_client_dispatch_until(&apps[i].tc, &apps[i].top.configured, 10000) != 1) {
			printf("memory: client %d got no configure\n", i);
			return 1;
		}
		apps[i].top.buffer = pw_client_solid_buffer(&apps[i].tc, 8, 8, GREEN);
		pw_client_toplevel_commit(&apps[i].top, NULL);
		wl_display_flush(apps[i].tc.display);
	}
	for (int i = 0; i < n; i++) {
		mapped += pw_client_roundtrip(&apps[i].tc, 10000) == 1;
	}
	printf("memory: %d of %d clients mapped a toplevel\n", mapped, n);
	for (int i = 0; i < n; i++) {
		app_destroy(&apps[i]);
	}
	free(apps);
	return mapped == n ? 0 : 1;
}

/* One object of `kind`; false for an unknown kind. */
static bool
make(struct app *app, const char *kind, struct wl_surface *parent)
{
	struct wl_compositor *compositor = app->tc.compositor;
	if (strcmp(kind, "subsurface") == 0 && app->tc.subcompositor) {
		wl_subcompositor_get_subsurface(app->tc.subcompositor,
			wl_compositor_create_surface(compositor), parent);
	} else if (strcmp(kind, "surface") == 0) {
		wl_compositor_create_surface(compositor);
	} else if (strcmp(kind, "region") == 0) {
		wl_compositor_create_region(compositor);
	} else if (strcmp(kind, "source") == 0) {
		wl_data_device_manager_create_data_source(app->ddm);
	} else if (strcmp(kind, "virtual-pointer") == 0 && app->virtual_pointer_manager) {
		zwlr_virtual_pointer_manager_v1_create_virtual_pointer(app->virtual_pointer_manager,
			NULL);
	} else if (strcmp(kind, "toplevel") == 0) {
		struct xdg_surface *x = xdg_wm_base_get_xdg_surface(app->tc.wm_base,
			wl_compositor_create_surface(compositor));
		xdg_surface_get_toplevel(x);
	} else {
		return false;
	}
	return true;
}

/* n objects of `kind` made, then as many more as each line of stdin says. */
static int
count(const char *kind, int n)
{
	struct app app = {0};
	if (!connect_app(&app)) {
		return 3;
	}
	struct wl_surface *parent = wl_compositor_create_surface(app.tc.compositor);
	char line[16];
	int made = 0;
	do {
		for (int i = 0; i < n; i++, made++) {
			if (!make(&app, kind, parent)) {
				fprintf(stderr, "memory: unknown kind %s\n", kind);
				return 2;
			}
			if (i % 100 == 99 && pw_client_roundtrip(&app.tc, 10000) != 1) {
				break;
			}
		}
		if (pw_client_roundtrip(&app.tc, 10000) != 1) {
			int err = wl_display_get_error(app.tc.display);
			printf("memory: count: %s after %d\n", err == ENOMEM ? "no_memory" : "lost",
				made);
			return err == ENOMEM ? 0 : 1;
		}
		printf("memory: %d %s made\n", made, kind);
		fflush(stdout);
	} while (fgets(line, sizeof(line), stdin) && (n = atoi(line)) > 0);
	return 0;
}

int
main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc == 2 && strcmp(argv[1], "hog") == 0) {
		return hog();
	}
	if (argc == 2 && strcmp(argv[1], "titles") == 0) {
		return titles();
	}
	if (argc == 2 && strcmp(argv[1], "surrounding") == 0) {
		return surrounding();
	}
	if (argc == 3 && strcmp(argv[1], "kept") == 0) {
		return kept(atoi(argv[2]));
	}
	if (argc == 3 && strcmp(argv[1], "clients") == 0) {
		return clients(atoi(argv[2]));
	}
	if (argc == 4 && strcmp(argv[1], "count") == 0) {
		return count(argv[2], atoi(argv[3]));
	}
	fprintf(stderr,
		"usage: memory hog | titles | surrounding | kept N | clients N | count "
		"surface|region|source|toplevel|"
		"subsurface N\n");
	return 2;
}

/*
 * Cases: xdg_system_bell_v1, xdg_toplevel_tag_manager_v1, xdg_toplevel_icon_manager_v1 and
 * xdg-foreign v2 (decision 4.96).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cases.h"
#include "client_shm.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define RED 0xffc03030u

static bool
need(const void *global, const char *name)
{
	if (!global) {
		printf("  %s is not offered\n", name);
	}
	return global != NULL;
}

/* ---- xdg_system_bell_v1 ---- */

/* A client ringing in a loop: dropped while a flash shows (4.96), nothing else happens. */
static bool
bell_flood(struct conn *c)
{
	if (!need(c->system_bell, "xdg_system_bell_v1") || !conn_map(c, false)) {
		return false;
	}
	for (int i = 0; i < 20000; i++) {
		xdg_system_bell_v1_ring(c->system_bell, i % 2 ? c->top.surface : NULL);
		if (i % 1000 == 999 && pw_client_roundtrip(&c->tc, 5000) != 1) {
			return false;
		}
	}
	return true;
}

/* A surface that is no window's (no role, or destroyed later): no flash, no error. */
static bool
bell_roleless_surface(struct conn *c)
{
	if (!need(c->system_bell, "xdg_system_bell_v1")) {
		return false;
	}
	struct wl_surface *s = wl_compositor_create_surface(c->tc.compositor);
	xdg_system_bell_v1_ring(c->system_bell, s);
	wl_surface_destroy(s);
	return true;
}

/* ---- xdg_toplevel_tag_manager_v1 ---- */

/* Long tags and descriptions, again and again: charged, replaced, no error. */
static bool
tag_long(struct conn *c)
{
	if (!need(c->tag_manager, "xdg_toplevel_tag_manager_v1") || !conn_map(c, false)) {
		return false;
	}
	char text[3000];
	memset(text, 't', sizeof(text) - 1);
	text[sizeof(text) - 1] = '\0';
	for (int i = 0; i < 200; i++) {
		xdg_toplevel_tag_manager_v1_set_toplevel_tag(c->tag_manager, c->top.toplevel, text);
		xdg_toplevel_tag_manager_v1_set_toplevel_description(c->tag_manager,
			c->top.toplevel, text);
		if (i % 10 == 9 && pw_client_roundtrip(&c->tc, 5000) != 1) {
			return false;
		}
	}
	return true;
}

/* The toplevel's role gone (its xdg_toplevel destroyed): the tag does nothing. */
static bool
tag_destroyed_toplevel(struct conn *c)
{
	if (!need(c->tag_manager, "xdg_toplevel_tag_manager_v1")) {
		return false;
	}
	pw_client_toplevel_init(&c->top, &c->tc, NULL, NULL);
	struct xdg_toplevel *t = c->top.toplevel;
	xdg_toplevel_tag_manager_v1_set_toplevel_tag(c->tag_manager, t, "before");
	xdg_toplevel_destroy(t);
	c->top.toplevel = NULL;
	return true;
}

/* ---- xdg_toplevel_icon_manager_v1 ---- */

static struct xdg_toplevel_icon_v1 *
icon_with_buffer(struct conn *c, int w, int h, int scale, struct wl_buffer **buffer)
{
	struct xdg_toplevel_icon_v1 *icon =
		xdg_toplevel_icon_manager_v1_create_icon(c->icon_manager);
	*buffer = pw_client_solid_buffer(&c->tc, w, h, RED);
	if (*buffer) {
		xdg_toplevel_icon_v1_add_buffer(icon, *buffer, scale);
	}
	return icon;
}

static bool
icon_not_square(struct conn *c)
{
	struct wl_buffer *b;
	return need(c->icon_manager, "xdg_toplevel_icon_manager_v1") &&
		icon_with_buffer(c, 24, 16, 1, &b) && b;
}

static bool
icon_scale_zero(struct conn *c)
{
	struct wl_buffer *b;
	return need(c->icon_manager, "xdg_toplevel_icon_manager_v1") &&
		icon_with_buffer(c, 24, 24, 0, &b) && b;
}

/* Set on a toplevel, the icon is immutable: a name, then a buffer, after it are errors. */
static struct xdg_toplevel_icon_v1 *
icon_set(struct conn *c)
{
	struct wl_buffer *b;
	if (!need(c->icon_manager, "xdg_toplevel_icon_manager_v1") || !conn_map(c, false)) {
		return NULL;
	}
	struct xdg_toplevel_icon_v1 *icon = icon_with_buffer(c, 16, 16, 1, &b);
	xdg_toplevel_icon_manager_v1_set_icon(c->icon_manager, c->top.toplevel, icon);
	return b ? icon : NULL;
}

static bool
icon_name_after_set(struct conn *c)
{
	struct xdg_toplevel_icon_v1 *icon = icon_set(c);
	if (icon) {
		xdg_toplevel_icon_v1_set_name(icon, "late");
	}
	return icon != NULL;
}

static bool
icon_buffer_after_set(struct conn *c)
{
	struct xdg_toplevel_icon_v1 *icon = icon_set(c);
	struct wl_buffer *b = icon ? pw_client_solid_buffer(&c->tc, 32, 32, RED) : NULL;
	if (b) {
		xdg_toplevel_icon_v1_add_buffer(icon, b, 1);
	}
	return b != NULL;
}

/* The buffer destroyed before the icon: picowl copied it when added (4.96), no error. */
static bool
icon_buffer_destroyed_first(struct conn *c)
{
	struct wl_buffer *b;
	if (!need(c->icon_manager, "xdg_toplevel_icon_manager_v1") || !conn_map(c, false)) {
		return false;
	}
	struct xdg_toplevel_icon_v1 *icon = icon_with_buffer(c, 48, 48, 1, &b);
	if (!b) {
		return false;
	}
	wl_buffer_destroy(b);
	xdg_toplevel_icon_manager_v1_set_icon(c->icon_manager, c->top.toplevel, icon);
	xdg_toplevel_icon_v1_destroy(icon);
	wl_surface_commit(c->top.surface);
	return true;
}

/* Large buffers, many sizes, a long name, an empty icon and a null one: no error. */
static bool
icon_many(struct conn *c)
{
	if (!need(c->icon_manager, "xdg_toplevel_icon_manager_v1") || !conn_map(c, false)) {
		return false;
	}
	struct xdg_toplevel_icon_v1 *icon =
		xdg_toplevel_icon_manager_v1_create_icon(c->icon_manager);
	static const int sizes[] = {1, 1024, 16, 24, 23, 25, 512, 24};
	for (size_t i = 0; i < N(sizes); i++) {
		struct wl_buffer *b = pw_client_solid_buffer(&c->tc, sizes[i], sizes[i], RED);
		if (!b) {
			return false;
		}
		xdg_toplevel_icon_v1_add_buffer(icon, b, 1 + (int)i % 3);
		wl_buffer_destroy(b);
	}
	char name[2000];
	memset(name, 'n', sizeof(name) - 1);
	name[sizeof(name) - 1] = '\0';
	xdg_toplevel_icon_v1_set_name(icon, name);
	xdg_toplevel_icon_manager_v1_set_icon(c->icon_manager, c->top.toplevel, icon);
	wl_surface_commit(c->top.surface);
	struct xdg_toplevel_icon_v1 *empty =
		xdg_toplevel_icon_manager_v1_create_icon(c->icon_manager);
	xdg_toplevel_icon_manager_v1_set_icon(c->icon_manager, c->top.toplevel, empty);
	wl_surface_commit(c->top.surface);
	xdg_toplevel_icon_manager_v1_set_icon(c->icon_manager, c->top.toplevel, NULL);
	wl_surface_commit(c->top.surface);
	/* the role gone with an icon pending */
	xdg_toplevel_icon_manager_v1_set_icon(c->icon_manager, c->top.toplevel, icon);
	xdg_toplevel_destroy(c->top.toplevel);
	c->top.toplevel = NULL;
	return true;
}

/* What a picowl_control_v1 client heard of the windows and their icons. */
struct icon_watch {
	int windows, dones, icons;
	int32_t size;
	uint32_t pixel; /* the first, once all are the same */
	bool same, got_icon, listed;
	bool seen; /* the window titled "icon-window" came; listed: and its batch ended */
};

static void
ctl_tile(void *data, struct picowl_control_v1 *ctl, uint32_t index, const char *title,
	const char *app_id, uint32_t flags)
{
}

static void
ctl_tiles_done(void *data, struct picowl_control_v1 *ctl)
{
}

static void
ctl_panel(void *data, struct picowl_control_v1 *ctl, uint32_t position, int32_t height,
	uint32_t flags)
{
}

static void
ctl_window(void *data, struct picowl_control_v1 *ctl, uint32_t id, const char *title,
	const char *app_id, uint32_t flags)
{
	struct icon_watch *w = data;
	w->windows++;
	w->seen = w->seen || strcmp(title, "icon-window") == 0;
}

static void
ctl_windows_done(void *data, struct picowl_control_v1 *ctl)
{
	struct icon_watch *w = data;
	w->dones++;
	w->listed = w->seen;
}

static void
ctl_window_removed(void *data, struct picowl_control_v1 *ctl, uint32_t id)
{
}

static void
ctl_window_order(void *data, struct picowl_control_v1 *ctl, struct wl_array *ids)
{
}

static void
ctl_window_icon(void *data, struct picowl_control_v1 *ctl, uint32_t id, const char *name,
	int32_t size, struct wl_array *pixels)
{
	struct icon_watch *w = data;
	w->icons++;
	w->size = size;
	const uint32_t *p = pixels->data;
	size_t n = pixels->size / sizeof(*p);
	w->same = n > 0;
	for (size_t i = 0; i < n; i++) {
		w->same = w->same && p[i] == p[0];
	}
	w->pixel = n ? p[0] : 0;
	w->got_icon = true;
}

static const struct picowl_control_v1_listener icon_watch_listener = {
	.tile = ctl_tile,
	.tiles_done = ctl_tiles_done,
	.panel = ctl_panel,
	.window = ctl_window,
	.windows_done = ctl_windows_done,
	.window_removed = ctl_window_removed,
	.window_order = ctl_window_order,
	.window_icon = ctl_window_icon,
};

/* A picowl_control_v1 of `version`, its first list read; NULL (after a message) on failure. */
static struct picowl_control_v1 *
control_of(struct conn *c, uint32_t version, struct icon_watch *w)
{
	uint32_t name = 0;
	for (int i = 0; i < c->n_globals; i++) {
		if (strcmp(c->globals[i].interface, "picowl_control_v1") == 0 &&
			c->globals[i].version >= version) {
			name = c->globals[i].name;
		}
	}
	if (!name) {
		printf("  no picowl_control_v1 of version %u\n", version);
		return NULL;
	}
	struct picowl_control_v1 *ctl =
		wl_registry_bind(c->tc.registry, name, &picowl_control_v1_interface, version);
	picowl_control_v1_add_listener(ctl, &icon_watch_listener, w);
	return pw_client_roundtrip(&c->tc, 5000) == 1 ? ctl : NULL;
}

/* The case's window mapped with a 40x40 red icon, set before its first buffer. */
static bool
map_with_icon(struct conn *c)
{
	struct wl_buffer *b;
	c->top.width = c->top.height = 64;
	pw_client_toplevel_init(&c->top, &c->tc, "icon-window", "robust-cases");
	struct xdg_toplevel_icon_v1 *icon = icon_with_buffer(c, 40, 40, 1, &b);
	xdg_toplevel_icon_manager_v1_set_icon(c->icon_manager, c->top.toplevel, icon);
	xdg_toplevel_icon_v1_destroy(icon);
	return b && pw_client_toplevel_map(&c->top, 0xff20a040u, 5000);
}

/* Version 8 hears the window's icon: 24x24, all of it the buffer's red; then that it has none. */
static bool
icon_control_v8(struct conn *c)
{
	struct icon_watch w = {0};
	if (!need(c->icon_manager, "xdg_toplevel_icon_manager_v1") || !control_of(c, 8, &w) ||
		!map_with_icon(c)) {
		return false;
	}
	pw_client_dispatch_until(&c->tc, &w.got_icon, 5000);
	printf("  version 8: %d window_icon events, size %d, pixels %s 0x%08x\n", w.icons, w.size,
		w.same ? "all" : "not all", w.pixel);
	if (w.icons != 1 || w.size != 24 || !w.same || w.pixel != RED) {
		return false;
	}
	w.got_icon = false;
	xdg_toplevel_icon_manager_v1_set_icon(c->icon_manager, c->top.toplevel, NULL);
	wl_surface_commit(c->top.surface);
	pw_client_dispatch_until(&c->tc, &w.got_icon, 5000);
	printf("  the icon reset: %d window_icon events, the last of size %d\n", w.icons, w.size);
	return w.icons == 2 && w.size == 0;
}

/* Version 7 is sent no window_icon: the batch with the window has none. */
static bool
icon_control_v7(struct conn *c)
{
	struct icon_watch w = {0};
	if (!need(c->icon_manager, "xdg_toplevel_icon_manager_v1") || !control_of(c, 7, &w)) {
		return false;
	}
	if (!map_with_icon(c) || pw_client_dispatch_until(&c->tc, &w.listed, 5000) != 1) {
		printf("  no batch with the window\n");
		return false;
	}
	printf("  version 7: %d window events, %d window_icon events\n", w.windows, w.icons);
	return w.icons == 0;
}

/* ---- xdg-foreign v2 ---- */

static void
handle_handle(void *data, struct zxdg_exported_v2 *exported, const char *handle)
{
	snprintf(data, 64, "%s", handle);
}

static const struct zxdg_exported_v2_listener exported_listener = {handle_handle};

static void
handle_destroyed(void *data, struct zxdg_imported_v2 *imported)
{
	((struct conn *)data)->events++;
}

static const struct zxdg_imported_v2_listener imported_listener = {handle_destroyed};

static bool
export_plain_surface(struct conn *c)
{
	if (!need(c->exporter, "zxdg_exporter_v2")) {
		return false;
	}
	zxdg_exporter_v2_export_toplevel(c->exporter,
		wl_compositor_create_surface(c->tc.compositor));
	return true;
}

/* A handle nobody exported: the import is sent destroyed, set_parent_of does nothing. */
static bool
import_unknown_handle(struct conn *c)
{
	if (!need(c->importer, "zxdg_importer_v2") || !conn_map(c, false)) {
		return false;
	}
	struct zxdg_imported_v2 *im = zxdg_importer_v2_import_toplevel(c->importer, "nonsense");
	zxdg_imported_v2_add_listener(im, &imported_listener, c);
	if (!conn_wait_events(c, 1, 5000)) {
		printf("  no destroyed event\n");
		return false;
	}
	zxdg_imported_v2_set_parent_of(im, c->top.surface);
	return true;
}

/* Its own toplevel exported and imported: the handle, and the import of it. */
static struct zxdg_imported_v2 *
import_own(struct conn *c)
{
	static char handle[64];
	if (!need(c->exporter, "zxdg_exporter_v2") || !conn_map(c, false)) {
		return NULL;
	}
	handle[0] = '\0';
	struct zxdg_exported_v2 *ex = zxdg_exporter_v2_export_toplevel(c->exporter, c->top.surface);
	zxdg_exported_v2_add_listener(ex, &exported_listener, handle);
	if (pw_client_roundtrip(&c->tc, 5000) != 1 || !handle[0]) {
		printf("  no handle\n");
		return NULL;
	}
	struct zxdg_imported_v2 *im = zxdg_importer_v2_import_toplevel(c->importer, handle);
	zxdg_imported_v2_add_listener(im, &imported_listener, c);
	return im;
}

static bool
parent_of_itself(struct conn *c)
{
	struct zxdg_imported_v2 *im = import_own(c);
	if (im) {
		zxdg_imported_v2_set_parent_of(im, c->top.surface);
	}
	return im != NULL;
}

static bool
parent_of_plain_surface(struct conn *c)
{
	struct zxdg_imported_v2 *im = import_own(c);
	if (im) {
		zxdg_imported_v2_set_parent_of(im, wl_compositor_create_surface(c->tc.compositor));
	}
	return im != NULL;
}

/*
 * Another client's toplevel the parent of ours, then its surface destroyed: the import is sent
 * destroyed, ours is a tile again; set_parent_of after does nothing.
 */
static bool
exported_surface_destroyed(struct conn *c)
{
	static char handle[64];
	struct conn *other = conn_open_mapped();
	if (!other || !need(c->importer, "zxdg_importer_v2") || !conn_map(c, false)) {
		conn_close(other);
		return false;
	}
	handle[0] = '\0';
	struct zxdg_exported_v2 *ex =
		zxdg_exporter_v2_export_toplevel(other->exporter, other->top.surface);
	zxdg_exported_v2_add_listener(ex, &exported_listener, handle);
	if (pw_client_roundtrip(&other->tc, 5000) != 1 || !handle[0]) {
		conn_close(other);
		return false;
	}
	struct zxdg_imported_v2 *im = zxdg_importer_v2_import_toplevel(c->importer, handle);
	zxdg_imported_v2_add_listener(im, &imported_listener, c);
	zxdg_imported_v2_set_parent_of(im, c->top.surface);
	pw_client_roundtrip(&c->tc, 5000);
	/* the exported surface goes */
	xdg_toplevel_destroy(other->top.toplevel);
	xdg_surface_destroy(other->top.xdg_surface);
	wl_surface_destroy(other->top.surface);
	other->top.toplevel = NULL;
	other->top.xdg_surface = NULL;
	other->top.surface = NULL;
	pw_client_roundtrip(&other->tc, 5000);
	bool ok = conn_wait_events(c, 1, 5000);
	printf("  destroyed event: %s\n", ok ? "sent" : "not sent");
	zxdg_imported_v2_set_parent_of(im, c->top.surface);
	zxdg_exported_v2_destroy(ex);
	conn_close(other);
	return ok;
}

static const struct rcase cases_bell[] = {
	{"system-bell-flood", bell_flood, EXPECT_NONE},
	{"system-bell-roleless-surface", bell_roleless_surface, EXPECT_NONE},
};

static const struct rcase cases_tag[] = {
	{"toplevel-tag-long", tag_long, EXPECT_NONE},
	{"toplevel-tag-destroyed-toplevel", tag_destroyed_toplevel, EXPECT_NONE},
};

static const struct rcase cases_icon[] = {
	{"toplevel-icon-not-square", icon_not_square, EXPECT_ERROR, "xdg_toplevel_icon_v1",
		XDG_TOPLEVEL_ICON_V1_ERROR_INVALID_BUFFER},
	{"toplevel-icon-scale-zero", icon_scale_zero, EXPECT_ERROR, "xdg_toplevel_icon_v1",
		XDG_TOPLEVEL_ICON_V1_ERROR_INVALID_BUFFER},
	{"toplevel-icon-name-after-set", icon_name_after_set, EXPECT_ERROR, "xdg_toplevel_icon_v1",
		XDG_TOPLEVEL_ICON_V1_ERROR_IMMUTABLE},
	{"toplevel-icon-buffer-after-set", icon_buffer_after_set, EXPECT_ERROR,
		"xdg_toplevel_icon_v1", XDG_TOPLEVEL_ICON_V1_ERROR_IMMUTABLE},
	{"toplevel-icon-buffer-destroyed-first", icon_buffer_destroyed_first, EXPECT_NONE},
	{"toplevel-icon-many", icon_many, EXPECT_NONE},
	{"toplevel-icon-control-v8", icon_control_v8, EXPECT_NONE},
	{"toplevel-icon-control-v7", icon_control_v7, EXPECT_NONE},
};

static const struct rcase cases_foreign[] = {
	{"xdg-foreign-export-plain-surface", export_plain_surface, EXPECT_ERROR, "zxdg_exporter_v2",
		ZXDG_EXPORTER_V2_ERROR_INVALID_SURFACE},
	{"xdg-foreign-import-unknown-handle", import_unknown_handle, EXPECT_NONE},
	{"xdg-foreign-parent-of-itself", parent_of_itself, EXPECT_ERROR, "zxdg_imported_v2",
		ZXDG_IMPORTED_V2_ERROR_INVALID_SURFACE},
	{"xdg-foreign-parent-of-plain-surface", parent_of_plain_surface, EXPECT_ERROR,
		"zxdg_imported_v2", ZXDG_IMPORTED_V2_ERROR_INVALID_SURFACE},
	{"xdg-foreign-exported-surface-destroyed", exported_surface_destroyed, EXPECT_NONE},
};

const struct group system_bell_group = {"system-bell", cases_bell, N(cases_bell), NULL};
const struct group toplevel_tag_group = {"toplevel-tag", cases_tag, N(cases_tag), NULL};
const struct group toplevel_icon_group = {"toplevel-icon", cases_icon, N(cases_icon), NULL};
const struct group xdg_foreign_group = {"xdg-foreign", cases_foreign, N(cases_foreign), NULL};

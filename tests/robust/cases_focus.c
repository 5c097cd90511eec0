/*
 * Cases that need real input serials and focus (issue 16), and the helpers they share
 * (cases_focus.h): xdg_popup.grab citing a serial here, xdg_activation_v1 tokens in
 * cases_activation.c. picowl runs these groups with --test-hooks: a case presses buttons and
 * moves the focus through picowl_control_v1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cases.h"
#include "cases_focus.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define BTN_LEFT 0x110

struct watch watches[2];

/* ---- listeners ---- */

static void
key_keymap(void *data, struct wl_keyboard *k, uint32_t format, int32_t fd, uint32_t size)
{
	close(fd);
}

static void
key_enter(void *data, struct wl_keyboard *k, uint32_t serial, struct wl_surface *s,
	struct wl_array *keys)
{
	((struct watch *)data)->key_focus = s;
}

static void
key_leave(void *data, struct wl_keyboard *k, uint32_t serial, struct wl_surface *s)
{
	((struct watch *)data)->key_focus = NULL;
}

static void
key_key(void *data, struct wl_keyboard *k, uint32_t serial, uint32_t time, uint32_t key,
	uint32_t state)
{
}

static void
key_modifiers(void *data, struct wl_keyboard *k, uint32_t serial, uint32_t depressed,
	uint32_t latched, uint32_t locked, uint32_t group)
{
}

static void
key_repeat(void *data, struct wl_keyboard *k, int32_t rate, int32_t delay)
{
}

static const struct wl_keyboard_listener keyboard_listener = {
	.keymap = key_keymap,
	.enter = key_enter,
	.leave = key_leave,
	.key = key_key,
	.modifiers = key_modifiers,
	.repeat_info = key_repeat,
};
static void
control_tile(void *data, struct picowl_control_v1 *control, uint32_t index, const char *title,
	const char *app_id, uint32_t flags)
{
	struct watch *w = data;
	if (w->app_id && strcmp(app_id, w->app_id) == 0) {
		w->tile = index;
	}
}

static void
control_tiles_done(void *data, struct picowl_control_v1 *control)
{
	((struct watch *)data)->tiles_done = true;
}

static void
control_panel(void *data, struct picowl_control_v1 *control, uint32_t position, int32_t height,
	uint32_t autohide)
{
}

static void
control_spawned(void *data, struct picowl_control_v1 *control, int32_t pid)
{
	((struct watch *)data)->spawned = pid;
}

static void
control_reloaded(void *data, struct picowl_control_v1 *control, int32_t errors)
{
}

static void
control_window(void *data, struct picowl_control_v1 *ctl, uint32_t id, const char *title,
	const char *app_id, uint32_t flags)
{
}

static void
control_windows_done(void *data, struct picowl_control_v1 *ctl)
{
}

static void
control_action_failed(void *data, struct picowl_control_v1 *ctl, const char *action,
	const char *message)
{
}

static void
control_launcher(void *data, struct picowl_control_v1 *ctl)
{
}

static void
control_window_removed(void *data, struct picowl_control_v1 *ctl, uint32_t id)
{
}

static void
control_window_order(void *data, struct picowl_control_v1 *ctl, struct wl_array *ids)
{
}

static const struct picowl_control_v1_listener control_listener = {
	.tile = control_tile,
	.tiles_done = control_tiles_done,
	.panel = control_panel,
	.spawned = control_spawned,
	.reloaded = control_reloaded,
	.window = control_window,
	.windows_done = control_windows_done,
	.action_failed = control_action_failed,
	.launcher = control_launcher,
	.window_removed = control_window_removed,
	.window_order = control_window_order,
};

/* ---- helpers ---- */

bool
map_watched(struct conn *c, struct watch *w, const char *app_id, bool fullscreen)
{
	*w = (struct watch){.app_id = app_id};
	if (!c->control || wl_proxy_get_version((struct wl_proxy *)c->control) < 2) {
		printf("  no picowl_control_v1 version 2 (the pointer hooks)\n");
		return false;
	}
	picowl_control_v1_add_listener(c->control, &control_listener, w);
	wl_keyboard_add_listener(wl_seat_get_keyboard(c->tc.seat), &keyboard_listener, w);
	wl_pointer_add_listener(wl_seat_get_pointer(c->tc.seat), &pointer_watch_listener,
		&w->pointer);
	c->top.width = c->top.height = 64;
	pw_client_toplevel_init(&c->top, &c->tc, NULL, app_id);
	if (fullscreen) {
		xdg_toplevel_set_fullscreen(c->top.toplevel, NULL);
	}
	if (!pw_client_toplevel_map(&c->top, 0xff00ff00u, 5000) ||
		pw_client_roundtrip(&c->tc, 5000) != 1) {
		printf("  %s did not map\n", app_id);
		return false;
	}
	if (w->key_focus != c->top.surface) {
		printf("  %s mapped without the keyboard focus\n", app_id);
		return false;
	}
	return true;
}

bool
focused(struct conn *c, struct watch *w)
{
	return pw_client_roundtrip(&c->tc, 5000) == 1 && w->key_focus == c->top.surface;
}

bool
focus_own_tile(struct conn *c, struct watch *w)
{
	w->tile = 0;
	w->tiles_done = false;
	/* a list comes after every change; the last one names the tile */
	while (pw_client_dispatch_until(&c->tc, &w->tiles_done, 300) == 1) {
		w->tiles_done = false;
	}
	if (w->tile == 0) {
		printf("  %s is in no tile\n", w->app_id);
		return false;
	}
	picowl_control_v1_focus_tile(c->control, (int32_t)w->tile);
	if (!focused(c, w)) {
		printf("  focus_tile %u did not focus %s\n", w->tile, w->app_id);
		return false;
	}
	return true;
}

/* A token from c; with_serial: citing `serial`. False when no done came. */
/* ---- xdg_popup.grab ---- */

static void
popup_xdg_configure(void *data, struct xdg_surface *xdg, uint32_t serial)
{
	xdg_surface_ack_configure(xdg, serial);
	((struct watch *)data)->configured = true;
}

static const struct xdg_surface_listener popup_xdg_listener = {.configure = popup_xdg_configure};

static void
popup_configure(void *data, struct xdg_popup *p, int32_t x, int32_t y, int32_t w, int32_t h)
{
}

static void
popup_done(void *data, struct xdg_popup *p)
{
	((struct watch *)data)->popup_done = true;
}

static void
popup_repositioned(void *data, struct xdg_popup *p, uint32_t token)
{
}

static const struct xdg_popup_listener popup_listener = {
	.configure = popup_configure,
	.popup_done = popup_done,
	.repositioned = popup_repositioned,
};

enum grab_serial { GRAB_PRESS, GRAB_MADE_UP, GRAB_ENTER };

/*
 * A fullscreen toplevel clicked through the hooks, then a popup of it grabbing with `which`
 * serial and shown. The press's serial grabs (the popup takes the keyboard); any other gets
 * popup_done at once and the popup never takes the keyboard.
 */
static bool
grab_with(struct conn *c, enum grab_serial which)
{
	struct watch *w = &watches[0];
	if (!map_watched(c, w, "robust-grab", true)) {
		return false;
	}
	picowl_control_v1_inject_pointer_motion(c->control, wl_fixed_from_int(10),
		wl_fixed_from_int(10));
	picowl_control_v1_inject_pointer_button(c->control, BTN_LEFT, 1);
	picowl_control_v1_inject_pointer_button(c->control, BTN_LEFT, 0);
	if (pw_client_dispatch_until(&c->tc, &w->pointer.pressed, 5000) != 1) {
		printf("  no button press reached the toplevel\n");
		return false;
	}
	uint32_t serial = w->pointer.press_serial;
	if (which == GRAB_ENTER) {
		serial = w->pointer.enter_serial;
	} else if (which == GRAB_MADE_UP) {
		serial += 1000;
	}
	struct xdg_positioner *pos = xdg_wm_base_create_positioner(c->tc.wm_base);
	xdg_positioner_set_size(pos, 16, 16);
	xdg_positioner_set_anchor_rect(pos, 0, 0, 4, 4);
	struct wl_surface *surface = wl_compositor_create_surface(c->tc.compositor);
	struct xdg_surface *xdg = xdg_wm_base_get_xdg_surface(c->tc.wm_base, surface);
	xdg_surface_add_listener(xdg, &popup_xdg_listener, w);
	struct xdg_popup *popup = xdg_surface_get_popup(xdg, c->top.xdg_surface, pos);
	xdg_popup_add_listener(popup, &popup_listener, w);
	xdg_popup_grab(popup, c->tc.seat, serial);
	wl_surface_commit(surface);
	if (pw_client_dispatch_until(&c->tc, &w->configured, 5000) != 1) {
		printf("  the popup got no configure\n");
		return false;
	}
	wl_surface_attach(surface, pw_client_solid_buffer(&c->tc, 16, 16, 0xffff0000u), 0, 0);
	wl_surface_commit(surface);
	if (pw_client_roundtrip(&c->tc, 5000) != 1) {
		return false;
	}
	bool grabbed = w->key_focus == surface;
	if (which == GRAB_PRESS && (w->popup_done || !grabbed)) {
		printf("  the press's serial: %s\n",
			w->popup_done ? "popup_done" : "the popup has no keyboard");
		return false;
	}
	if (which != GRAB_PRESS && (!w->popup_done || grabbed)) {
		printf("  a serial of no press: %s\n",
			!w->popup_done ? "no popup_done" : "the popup took the keyboard");
		return false;
	}
	return true;
}

static bool
grab_press(struct conn *c)
{
	return grab_with(c, GRAB_PRESS);
}

static bool
grab_made_up(struct conn *c)
{
	return grab_with(c, GRAB_MADE_UP);
}

static bool
grab_enter(struct conn *c)
{
	return grab_with(c, GRAB_ENTER);
}

static const struct rcase grab_cases[] = {
	{"popup-grab-with-the-serial-of-a-press", grab_press, EXPECT_NONE},
	{"popup-grab-with-a-made-up-serial", grab_made_up, EXPECT_NONE},
	{"popup-grab-with-the-serial-of-a-pointer-enter", grab_enter, EXPECT_NONE},
};

const struct group popup_grab_group = {"popup-grab", grab_cases, N(grab_cases)};

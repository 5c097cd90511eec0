/*
 * The shell's state, one per server (server.h's `desktop`): the views in tiling order and the
 * focus, the popups, the config in effect and its reload, key bindings, clients launched into
 * tiles, layer-shell surfaces, the panel that hides over a fullscreen client, and the control
 * protocol. shell.c creates it with the globals; tiling.c arranges and focuses the views. This
 * header declares desktop.c's part: the state, the config and its reload.
 */
#ifndef PW_DESKTOP_H
#define PW_DESKTOP_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>
#include <wayland-server-core.h>

#include "layer_shell.h"
#include "layout.h"

struct pw_activation;
struct pw_calibrate;
struct pw_config;
struct pw_foreign_toplevels;
struct pw_ext_toplevel_lists;
struct pw_image_copy;
struct pw_idle_inhibit;
struct pw_server;
struct pw_session_lock;
struct pw_system_bell;
struct pw_toplevel_icons;
struct pw_xdg_foreign;
struct pw_surface;
struct pw_view;

struct pw_desktop {
	struct pw_server *server;
	struct pw_config *config; /* the settings in effect */
	struct pw_config *boot_config; /* server->opts' strings point into it; NULL: none */

	struct wl_list views; /* pw_view.link, tiling order; the first is the master */
	struct wl_list popups; /* pw_xdg_popup.link, bottom to top */
	struct wl_list overlays; /* pw_overlay.link, bottom to top: X menus (4.72) */
	struct pw_view *focus; /* the view with keyboard focus, or NULL */
	uint32_t focus_count; /* focus changes to a view so far */
	struct pw_layout_params layout;
	struct {
		uint32_t background, border, border_focused; /* 0xRRGGBB */
	} colors;
	int border_width;

	struct wl_list launches; /* struct pw_launch.link: spawned, first toplevel not yet seen */
	struct wl_list child_outputs; /* child_output.c's: the children's output read */
	struct pw_activation *activation; /* xdg_activation.h's tokens, or NULL */

	struct wl_global *layer_shell;
	struct wl_list layers[PW_LAYER_COUNT]; /* pw_layer_surface.link, creation order */
	struct pw_box usable; /* the output less the exclusive zones: where tiles go */
	struct pw_surface *exclusive_focus; /* a layer surface that takes every key, or NULL */
	struct pw_session_lock *session_lock; /* session_lock.h's state */
	struct pw_calibrate *calibrate; /* the calibration routine running, or NULL */
	struct pw_idle_inhibit *idle_inhibit; /* idle_inhibit.h's state */

	struct wl_global *control;
	struct wl_list controls; /* wl_resource links of picowl_control_v1 */
	struct pw_foreign_toplevels *foreign_toplevels; /* foreign_toplevel.h's state */
	struct pw_ext_toplevel_lists *ext_toplevel_lists; /* ext_toplevel_list.h's state */
	struct pw_image_copy *image_copy; /* image_copy_capture.h's state */
	struct pw_system_bell *bell; /* system_bell.h's state */
	struct pw_xdg_foreign *xdg_foreign; /* xdg_foreign.h's state */
	struct pw_toplevel_icons *toplevel_icons; /* toplevel_icon.h's state */
	bool window_captures; /* a capture session may be going: window commits look (4.89) */
	/* Set at the first ext toplevel list (a window's capture needs a handle of one) and the
	 * bell's first flash: till then the tiles' changes and the borders call neither file
	 * (4.103). */
	bool views_watched;
	bool bell_rung;
	/* The tile events, at most once a frame (control.c): at the end of the loop turn after a
	 * quiet frame (the idle), else at the frame's end (the timer). */
	struct wl_event_source *tiles_idle, *tiles_timer;
	bool tiles_pending; /* the idle or the timer will send them */
	int64_t tiles_sent_ns; /* when the last lists went */
	/* A client with dialogs going: one arrange after its teardown (dialog.c, 4.51). */
	bool arrange_held;
	struct wl_event_source *arrange_idle;
	/* The views with a parent (dialog.c): without one, a frame walks no dialog tree (4.51). */
	int dialogs;
	/* The views whose `fullscreen` is set (view.c): without one, none is looked for. */
	int fullscreens;

	struct {
		bool revealed; /* shown over a fullscreen client until the timer fires */
		struct wl_event_source *timer; /* armed only while revealed */
	} panel;
	struct {
		pid_t pid; /* the [panel] command's process while it runs, else 0 */
		int64_t started_ns;
		int delay_ms; /* before it is started again: doubles while it keeps dying */
		struct wl_event_source *timer;
	} panel_keeper; /* panel_keeper.c */
	struct {
		pid_t pid; /* the [keyboard] command's process while it runs, else 0 */
		bool hidden; /* by picowl: out of the scene, the zones and input (osk.h) */
		bool typing; /* a focused text input is enabled */
		struct wl_listener text_input; /* the server's: autoshow */
	} osk;
	/* The output less the shown keyboard's zone: where a fullscreen client goes. */
	struct pw_box fullscreen_area;

	struct wl_listener server_destroy;
	struct wl_listener surface_commit; /* the core's: a test-positioned view follows its tree */
	struct wl_listener output_mode; /* the output rotated: re-tile */
};

/* Whether any layer surface exists (mapped or not): the scene skips the layers otherwise. */
static inline bool
pw_desktop_has_layers(const struct pw_desktop *desktop)
{
	for (int layer = 0; layer < PW_LAYER_COUNT; layer++) {
		if (desktop->layers[layer].next != &desktop->layers[layer]) {
			return true;
		}
	}
	return false;
}

/* Creates the desktop's state with the default config (no globals). False on failure. */
bool pw_desktop_create(struct pw_server *server);

/*
 * Takes `config`, whose options the server was created with, and applies it. The server owns it
 * from now on.
 */
void pw_desktop_adopt_boot_config(struct pw_server *server, struct pw_config *config);
/* Applies what can change at run time (layout, colours, bindings, panel, keymap, damage mode)
 * and keeps `config` (owned from now on) as the one in effect. */
void pw_desktop_apply_config(struct pw_server *server, struct pw_config *config);
/* Reads the config again (SIGHUP, picowl-ctl reload). With --strict a config with errors is
 * not applied, nor a file that could not be read at all. Returns the number of errors, or -1
 * when nothing was applied. */
int pw_desktop_reload(struct pw_server *server);
/* The same with the file's errors written to `log` (picowl-ctl reload gets them, 4.62). */
int pw_desktop_reload_to(struct pw_server *server, FILE *log);
/* Opens the input devices again with `config`'s [input] devices and calibration matrix. */
void pw_desktop_configure_input(struct pw_server *server, const struct pw_config *config);

#endif

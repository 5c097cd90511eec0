/*
 * The shell's state, one per server (server.h's `desktop`): the views in tiling order and the
 * focus, the popups, the config in effect and its reload, key bindings, clients launched into
 * tiles, layer-shell surfaces, the panel that hides over a fullscreen client, and the control
 * protocol. shell.c creates it with the globals; tiling.c arranges and focuses the views.
 */
#ifndef PW_DESKTOP_H
#define PW_DESKTOP_H

#include <pixman.h>
#include <stdbool.h>
#include <sys/types.h>
#include <wayland-server-core.h>

#include "layout.h"

struct pw_activation;
struct pw_binding;
struct pw_config;
struct pw_idle_inhibit;
struct pw_layer_surface;
struct pw_server;
struct pw_session_lock;
struct pw_surface;
struct pw_view;

enum pw_layer {
	PW_LAYER_BACKGROUND,
	PW_LAYER_BOTTOM,
	PW_LAYER_TOP,
	PW_LAYER_OVERLAY,
	PW_LAYER_COUNT,
};

struct pw_desktop {
	struct pw_server *server;
	struct pw_config *config; /* the settings in effect */
	struct pw_config *boot_config; /* server->opts' strings point into it; NULL: none */

	struct wl_list views; /* pw_view.link, tiling order; the first is the master */
	struct wl_list popups; /* pw_popup.link, bottom to top */
	struct pw_view *focus; /* the view with keyboard focus, or NULL */
	struct pw_layout_params layout;
	struct {
		uint32_t background, border, border_focused; /* 0xRRGGBB */
	} colors;
	int border_width;

	struct wl_list launches; /* struct pw_launch.link: spawned, first toplevel not yet seen */
	struct pw_activation *activation; /* xdg_activation.h's tokens, or NULL */

	struct wl_global *layer_shell;
	struct wl_list layers[PW_LAYER_COUNT]; /* pw_layer_surface.link, creation order */
	struct pw_box usable; /* the output less the exclusive zones: where tiles go */
	struct pw_surface *exclusive_focus; /* a layer surface that takes every key, or NULL */
	struct pw_session_lock *session_lock; /* session_lock.h's state */
	struct pw_idle_inhibit *idle_inhibit; /* idle_inhibit.h's state */

	struct wl_global *control;
	struct wl_list controls; /* wl_resource links of picowl_control_v1 */
	struct wl_event_source *tiles_idle; /* coalesces the tile events */

	struct {
		bool revealed; /* shown over a fullscreen client until the timer fires */
		struct wl_event_source *timer; /* armed only while revealed */
	} panel;

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

/*
 * Creates the shell on a server pw_server_create made: every global, in the order clients see
 * them, the seat with the shell's policy, the desktop with the default config, and the scene the
 * core paints (shell.c). False (after a message on stderr) on failure; pw_server_destroy then
 * takes everything down.
 */
bool pw_shell_create(struct pw_server *server);

/* Re-computes every tile and sends configures where a size changed (tiling.c). */
void pw_desktop_arrange(struct pw_server *server);
/* The tile a view mapped now would get (the whole output when `fullscreen`). */
struct pw_box pw_desktop_next_tile(struct pw_server *server, bool fullscreen);
/* Gives keyboard focus to `view` (NULL: nobody), marks it activated, redraws the borders. */
void pw_desktop_focus(struct pw_server *server, struct pw_view *view);
/* Moves keyboard focus to the next (+1) or previous (-1) view in tiling order. */
void pw_desktop_focus_cycle(struct pw_server *server, int direction);
/* The topmost view whose tile contains output point x,y, or NULL. */
struct pw_view *pw_desktop_view_at(struct pw_server *server, double x, double y);

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

/* Runs `binding`'s action. */
void pw_bindings_run(struct pw_server *server, const struct pw_binding *binding);
/* Runs the binding for `keysym` with exactly `modifiers`; false when none matched. */
bool pw_bindings_handle(struct pw_server *server, uint32_t modifiers, uint32_t keysym);
/* Moves `view` to 1-based tile `tile` in the tiling order (past the end: the last). */
void pw_desktop_move_to_tile(struct pw_server *server, struct pw_view *view, int tile);
/* The view in 1-based tile `tile`, or NULL. */
struct pw_view *pw_desktop_view_in_tile(struct pw_server *server, int tile);

/*
 * Starts `command` (split as config_binding.h's pw_config_binding_split does) with WAYLAND_DISPLAY
 * and XDG_RUNTIME_DIR, no fds of picowl's, reaped when it exits. Its client's first toplevel goes
 * to 1-based tile `tile` (0: wherever it lands). Returns the pid, or -1 after a message.
 */
pid_t pw_launch(struct pw_server *server, const char *command, int tile);
pid_t pw_launch_argv(struct pw_server *server, char *const argv[], int tile);
/* Reaps every exited child and forgets its launch. */
void pw_launch_reap(struct pw_server *server);
/* The config's [autostart] lines and the panel command. */
void pw_launch_autostart(struct pw_server *server);
/* Where a view that is mapping now belongs: its launch's tile (consumed), or 0. */
int pw_launch_take_tile(struct pw_server *server, struct pw_view *view);
void pw_launch_finish(struct pw_desktop *desktop);
/* A view is mapping (already in server->desktop->views): moves it to its launch's tile, if any. */
void pw_desktop_view_mapping(struct pw_server *server, struct pw_view *view);

/* wlr-layer-shell (layer_shell.c). */
bool pw_layer_shell_create(struct pw_server *server);
/* Places every layer surface, sends configures, updates desktop->usable. */
void pw_layer_shell_arrange(struct pw_server *server);
/* Paints the surfaces of `layer` that are shown. */
void pw_layer_shell_render(struct pw_server *server, pixman_image_t *target,
	const pixman_region32_t *damage, enum pw_layer layer);
/* Damages every mapped surface of `layer` (it is shown or hidden). */
void pw_layer_shell_damage_layer(struct pw_server *server, enum pw_layer layer);
/* The topmost shown surface of `layer` at output x,y (surface-local in *sx,*sy), or NULL. */
struct pw_surface *pw_layer_shell_surface_at(struct pw_server *server, enum pw_layer layer,
	double x, double y, double *sx, double *sy);
/* Calls `fn` for every layer surface shown, bottom layer first. */
void pw_layer_shell_for_each_shown(struct pw_server *server,
	void (*fn)(struct pw_surface *, void *), void *data);
/* Whether something of the top or overlay layer is shown over a fullscreen view. */
bool pw_layer_shell_over_fullscreen(struct pw_server *server);
/*
 * A button or touch press on `surface` (NULL: on nothing), after its view was focused: a layer
 * surface with on-demand keyboard interactivity takes the keyboard; a press elsewhere gives it
 * back to the focused view.
 */
void pw_layer_shell_pressed(struct pw_server *server, struct pw_surface *surface);
/* The output position of a layer surface; false when it is not shown. */
bool pw_layer_surface_origin(struct pw_layer_surface *ls, int *x, int *y);
/*
 * For the conformance suite only (WLCS's position_window_absolute): puts the layer surface of
 * `surface` at output x,y, wherever its anchors would put it. False if it is no layer surface.
 */
bool pw_layer_shell_set_test_position(struct pw_surface *surface, int x, int y);

/* The panel (the top layer) over a fullscreen client (panel.c). */
/* Shows the panel; over a fullscreen client with autohide, hides it after the timeout. */
void pw_panel_show(struct pw_server *server);
/* Whether the top layer is shown now. */
bool pw_panel_visible(struct pw_server *server);
/* An input point: a touch or pointer at the panel's edge shows it. */
void pw_panel_input_at(struct pw_server *server, double x, double y);
/* The fullscreen state may have changed: hide or show, damage. */
void pw_panel_update(struct pw_server *server);

/* picowl_control_v1 (control.c). */
bool pw_control_create(struct pw_server *server);
/* The tiles changed (map, unmap, order, focus, title): tell the control clients, coalesced. */
void pw_control_tiles_changed(struct pw_server *server);
/* The panel settings changed: tell the control clients. */
void pw_control_panel_changed(struct pw_server *server);

#endif

/* Key bindings from [bindings]: the table lives in the config, the actions here. */
#include "bindings.h"

#include "calibrate.h"
#include "config_binding.h"
#include "control_windows.h"
#include "desktop.h"
#include "launch.h"
#include "log.h"
#include "osk.h"
#include "output.h"
#include "panel.h"
#include "power.h"
#include "run.h"
#include "seat.h"
#include "server.h"
#include "session_lock.h"
#include "tiling.h"
#include "view.h"

static void
swap_with_master(struct pw_server *server)
{
	struct pw_view *focus = server->desktop->focus ? server->desktop->focus->root : NULL;
	if (!focus || wl_list_empty(&server->desktop->views)) {
		return;
	}
	struct pw_view *master = wl_container_of(server->desktop->views.next, master, link);
	if (focus == master) {
		if (focus->link.next != &server->desktop->views) {
			struct pw_view *second = wl_container_of(focus->link.next, second, link);
			pw_tiling_move_to_tile(server, second, 1);
		}
	} else {
		pw_tiling_move_to_tile(server, focus, 1);
	}
}

static void
resize_master(struct pw_server *server, int delta)
{
	int p = server->desktop->layout.master_permille + delta;
	server->desktop->layout.master_permille = p < 100 ? 100 : p > 900 ? 900 : p;
	pw_tiling_arrange(server);
}

static void
rotate(struct pw_server *server, int degrees)
{
	struct pw_output *output = server->output;
	if (output && pw_output_set_rotation(output, (output->rotation + degrees) % 360)) {
		pw_tiling_arrange(server);
		pw_output_damage_whole(output);
	}
}

static void
switch_vt(struct pw_server *server, int vt)
{
	if (!server->switch_vt) {
		pw_log_warning("no session to switch VTs with (headless or nested)");
	} else if (!server->switch_vt(server->switch_vt_data, vt)) {
		pw_log_error("cannot switch to VT %d", vt);
	}
}

void
pw_bindings_run(struct pw_server *server, const struct pw_binding *b)
{
	struct pw_view *focus = server->desktop->focus;
	switch (b->action) {
	case PW_ACTION_NONE:
		break;
	case PW_ACTION_FOCUS_NEXT:
	case PW_ACTION_FOCUS_PREV:
		pw_tiling_focus_cycle(server, b->action == PW_ACTION_FOCUS_NEXT ? 1 : -1);
		break;
	case PW_ACTION_SWAP_MASTER:
		swap_with_master(server);
		break;
	case PW_ACTION_FULLSCREEN:
		if (focus) {
			pw_view_set_fullscreen(focus, !focus->fullscreen);
		}
		break;
	case PW_ACTION_MASTER_GROW:
	case PW_ACTION_MASTER_SHRINK:
		resize_master(server, b->action == PW_ACTION_MASTER_GROW ? b->arg : -b->arg);
		break;
	case PW_ACTION_LAYOUT_CYCLE:
		server->desktop->layout.kind = b->arg == 1 ? PW_LAYOUT_TILE
			: b->arg == 2 || server->desktop->layout.kind == PW_LAYOUT_TILE
			? PW_LAYOUT_MONOCLE
			: PW_LAYOUT_TILE;
		pw_tiling_arrange(server);
		break;
	case PW_ACTION_CLOSE:
		if (focus) {
			focus->impl->close(focus);
		}
		break;
	case PW_ACTION_QUIT:
		pw_run_terminate(server);
		break;
	case PW_ACTION_SPAWN:
		pw_launch(server, b->command, b->arg);
		break;
	case PW_ACTION_MOVE_TO_TILE:
		if (focus) {
			pw_tiling_move_to_tile(server, focus, b->arg);
		}
		break;
	case PW_ACTION_FOCUS_TILE: {
		struct pw_view *view = pw_tiling_view_in_tile(server, b->arg);
		if (view) {
			pw_tiling_focus(server, view);
		}
		break;
	}
	case PW_ACTION_ROTATE:
		rotate(server, b->arg);
		break;
	case PW_ACTION_DUMP_COUNTERS:
		pw_server_dump_counters(server, false, NULL);
		break;
	case PW_ACTION_RELOAD:
		pw_desktop_reload(server);
		break;
	case PW_ACTION_SWITCH_VT:
		switch_vt(server, b->arg);
		break;
	case PW_ACTION_SHOW_PANEL:
		pw_panel_show(server);
		break;
	case PW_ACTION_POWER:
		pw_power_set(server->power, (enum pw_power_request)b->arg);
		break;
	case PW_ACTION_CALIBRATE:
		pw_calibrate_start(server, NULL, 0);
		break;
	case PW_ACTION_KEYBOARD:
		pw_osk_request(server, (enum pw_osk_request)b->arg);
		break;
	case PW_ACTION_LAUNCHER:
		pw_control_launcher(server);
		break;
	case PW_ACTION_KILL:
		if (focus) {
			pw_control_window_kill(focus);
		}
		break;
	}
}

bool
pw_bindings_handle(struct pw_server *server, uint32_t modifiers, uint32_t keysym, bool button)
{
	if (pw_calibrate_key(server)) {
		return true; /* a key ends the calibration routine, and only that */
	}
	const struct pw_config *config = server->desktop->config;
	const struct pw_binding *b =
		config && button ? pw_config_binding_find_button(config, keysym) : NULL;
	if (!b && config) {
		b = pw_config_binding_find(config, modifiers, keysym);
	}
	if (!b) {
		return false;
	}
	/* While locked the keys are the locker's: only a VT switch, power and the counters run. */
	if (pw_session_lock_active(server) && b->action != PW_ACTION_SWITCH_VT &&
		b->action != PW_ACTION_POWER && b->action != PW_ACTION_DUMP_COUNTERS) {
		return false;
	}
	/*
	 * A client that inhibits shortcuts gets the keys of every binding but the escape (focus
	 * next, which also revokes the inhibitor while the focus stays), VT switches and power
	 * (4.92).
	 */
	if (b->action == PW_ACTION_FOCUS_NEXT) {
		pw_seat_shortcuts_revoke(server->seat);
	} else if (b->action != PW_ACTION_SWITCH_VT && b->action != PW_ACTION_POWER &&
		pw_seat_shortcuts_inhibited(server->seat)) {
		return false;
	}
	/* The action may reload the config and free the binding: copy it first. */
	struct pw_binding copy = *b;
	pw_bindings_run(server, &copy);
	return true;
}

bool
pw_bindings_gesture(struct pw_server *server, enum pw_swipe_edge edge)
{
	const struct pw_config *config = server->desktop->config;
	if (!config || config->gestures.edge[edge].action == PW_ACTION_NONE ||
		pw_session_lock_active(server)) {
		return false; /* locked: the swipe is the lock screen's touch */
	}
	/* The action may reload the config: a copy, as for a key (a spawn reloads nothing). */
	struct pw_binding copy = config->gestures.edge[edge];
	pw_bindings_run(server, &copy);
	return true;
}

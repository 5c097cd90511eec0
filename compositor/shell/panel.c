/*
 * The panel over a fullscreen client. "The panel" is the top layer: with autohide it is hidden
 * while a client is fullscreen, shown by a touch or pointer on its edge or the panel binding,
 * and hidden again by a timer, which is armed only while it is shown that way.
 */
#include "panel.h"

#include "config.h"
#include "desktop.h"
#include "idle_inhibit.h"
#include "layer_arrange.h"
#include "output.h"
#include "server.h"
#include "view.h"

#define EDGE 2 /* pixels from the panel's output edge that show it */

static bool
fullscreen(struct pw_server *server)
{
	struct pw_view *view;
	wl_list_for_each(view, &server->desktop->views, link) {
		if (view->fullscreen) {
			return true;
		}
	}
	return false;
}

static bool
autohiding(struct pw_server *server)
{
	return server->desktop && server->desktop->config &&
		server->desktop->config->panel.autohide && fullscreen(server);
}

bool
pw_panel_visible(struct pw_server *server)
{
	return !autohiding(server) || server->desktop->panel.revealed;
}

static void
set_revealed(struct pw_server *server, bool revealed)
{
	struct pw_desktop *desktop = server->desktop;
	if (desktop->panel.revealed == revealed) {
		return;
	}
	desktop->panel.revealed = revealed;
	pw_layer_arrange_damage_layer(server, PW_LAYER_TOP);
	pw_idle_inhibit_changed(server);
	if (!revealed && desktop->panel.timer) {
		wl_event_source_timer_update(desktop->panel.timer, 0);
	}
}

static int
handle_timer(void *data)
{
	set_revealed(data, false);
	return 0;
}

void
pw_panel_show(struct pw_server *server)
{
	struct pw_desktop *desktop = server->desktop;
	if (!autohiding(server)) {
		return;
	}
	if (!desktop->panel.timer) {
		desktop->panel.timer = wl_event_loop_add_timer(server->loop, handle_timer, server);
		if (!desktop->panel.timer) {
			return; /* without a timer it would never hide again */
		}
	}
	set_revealed(server, true);
	wl_event_source_timer_update(desktop->panel.timer,
		server->desktop->config->panel.timeout_ms);
}

void
pw_panel_input_at(struct pw_server *server, double x, double y)
{
	if (!server->output || !autohiding(server)) {
		return;
	}
	bool top = server->desktop->config->panel.position == PW_PANEL_TOP;
	if (top ? y < EDGE : y >= server->output->height - EDGE) {
		pw_panel_show(server);
	}
}

void
pw_panel_update(struct pw_server *server)
{
	if (server->desktop && !autohiding(server)) {
		set_revealed(server, false);
	}
}

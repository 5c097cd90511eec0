/* picowl_control_v1 version 5: windows by id, killed clients, actions by name, the launcher. */
#include "control_windows.h"

#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bindings.h"
#include "config.h"
#include "config_binding.h"
#include "desktop.h"
#include "launch.h"
#include "log.h"
#include "picowl-control-unstable-v1-protocol.h"
#include "server.h"
#include "surface.h"
#include "tiling.h"
#include "view.h"

struct pw_view *
pw_control_window_find(struct pw_server *server, uint32_t id)
{
	struct pw_view *view;
	wl_list_for_each(view, &server->desktop->views, link) {
		if (view->id == id && view->mapped) {
			return view;
		}
	}
	return NULL;
}

void
pw_control_window_raise(struct pw_server *server, struct pw_view *view)
{
	struct pw_view *other;
	wl_list_for_each(other, &server->desktop->views, link) {
		if (other != view && other->fullscreen) {
			pw_view_set_fullscreen(other, false);
		}
	}
	pw_tiling_focus(server, view);
}

void
pw_control_window_activate(struct pw_server *server, struct pw_view *view)
{
	pw_control_window_raise(server, view);
	pw_tiling_arrange(server);
}

void
pw_control_window_kill(struct pw_view *view)
{
	if (!view->surface || !view->surface->resource) {
		return;
	}
	struct wl_client *client = wl_resource_get_client(view->surface->resource);
	pid_t pid = 0;
	wl_client_get_credentials(client, &pid, NULL, NULL);
	pw_log_info("killing the client of \"%s\" (pid %d)", view->title ? view->title : "",
		(int)pid);
	if (pid > 0 && pid != getpid()) {
		kill(pid, SIGKILL);
	}
	/* Its views unmap now, whether or not the signal reached it (another uid, a pid gone). */
	wl_client_destroy(client);
}

const char *
pw_control_text(const char *s, char *buf, size_t size)
{
	size_t len = s ? strlen(s) : 0;
	if (len < size) {
		return s ? s : "";
	}
	len = size - 1;
	while (len > 0 && ((unsigned char)s[len] & 0xc0) == 0x80) {
		len--;
	}
	memcpy(buf, s, len);
	buf[len] = '\0';
	return buf;
}

/*
 * Titles and app ids go out cut to fit this many bytes at a character boundary: a client's long
 * titles, times its windows, times its title changes, would flood the panel's connection (no
 * client floods another: decision 4.22).
 */
#define WINDOW_TEXT 128

uint32_t
pw_control_window_flags(struct pw_server *server, struct pw_view *view)
{
	return (view == server->desktop->focus ? PICOWL_CONTROL_V1_WINDOW_FLAGS_FOCUSED : 0) |
		(view->states & PW_VIEW_SUSPENDED ? PICOWL_CONTROL_V1_WINDOW_FLAGS_HIDDEN : 0) |
		(view->fullscreen ? PICOWL_CONTROL_V1_WINDOW_FLAGS_FULLSCREEN : 0);
}

void
pw_control_send_window(struct wl_resource *resource, struct pw_view *view, uint32_t flags)
{
	char title[WINDOW_TEXT], app_id[WINDOW_TEXT];
	picowl_control_v1_send_window(resource, view->id,
		pw_control_text(view->title, title, sizeof(title)),
		pw_control_text(view->app_id, app_id, sizeof(app_id)), flags);
}

static void
action_failed(struct wl_resource *resource, const char *action, const char *message)
{
	char a[128], m[1024];
	picowl_control_v1_send_action_failed(resource, pw_control_text(action, a, sizeof(a)),
		pw_control_text(message, m, sizeof(m)));
}

void
pw_control_failed(struct wl_resource *resource, const char *action, const char *fmt, ...)
{
	char message[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(message, sizeof(message), fmt, ap);
	va_end(ap);
	pw_log_warning("%s: %s", action, message);
	/* version 6 (config_error came with it) is the first told of these failures */
	if (wl_resource_get_version(resource) >= PICOWL_CONTROL_V1_CONFIG_ERROR_SINCE_VERSION) {
		action_failed(resource, action, message);
	}
}

/* Why `b` cannot run now (no tile, no focus), or NULL; a binding key just does nothing. */
static const char *
cannot_run(struct pw_server *server, const struct pw_binding *b, char *buf, size_t size)
{
	if ((b->action == PW_ACTION_FOCUS_TILE || b->action == PW_ACTION_MOVE_TO_TILE) &&
		!pw_tiling_view_in_tile(server, b->arg)) {
		int tiles = 0;
		while (pw_tiling_view_in_tile(server, tiles + 1)) {
			tiles++;
		}
		snprintf(buf, size, "no tile %d (%d tile(s))", b->arg, tiles);
		return buf;
	}
	switch (b->action) {
	case PW_ACTION_SWITCH_VT:
		return server->switch_vt ? NULL : "no VT to switch (headless or nested)";
	case PW_ACTION_MOVE_TO_TILE:
	case PW_ACTION_FULLSCREEN:
	case PW_ACTION_CLOSE:
	case PW_ACTION_KILL:
	case PW_ACTION_SWAP_MASTER:
		return server->desktop->focus ? NULL : "no window has the focus";
	default:
		return NULL;
	}
}

void
pw_control_run_action(struct pw_server *server, struct wl_resource *resource, const char *action)
{
	struct pw_binding binding = {0};
	char err[1024];
	if (!pw_config_binding_parse_action(action, &binding, err, sizeof(err))) {
		pw_log_warning("run_action: %s", err);
		action_failed(resource, action, err);
		return;
	}
	const char *why = cannot_run(server, &binding, err, sizeof(err));
	if (why) {
		pw_control_failed(resource, action, "%s", why);
		return;
	}
	if (binding.action == PW_ACTION_SPAWN) {
		if (pw_launch(server, binding.command, binding.arg) < 0) {
			pw_control_failed(resource, action, "cannot start %s: %s", binding.command,
				strerror(errno));
		}
		free(binding.command);
		return;
	}
	struct pw_view *focus = server->desktop->focus;
	if (binding.action == PW_ACTION_KILL && focus && focus->surface &&
		wl_resource_get_client(focus->surface->resource) ==
			wl_resource_get_client(resource)) {
		/* its own window: the client would be destroyed inside its own request */
		action_failed(resource, action,
			"kill: the focused window is the asking client's own");
		return;
	}
	pw_bindings_run(server, &binding);
	free(binding.command);
}

void
pw_control_launcher(struct pw_server *server)
{
	struct wl_resource *resource;
	int sent = 0;
	wl_resource_for_each(resource, &server->desktop->controls) {
		if (wl_resource_get_version(resource) >= PICOWL_CONTROL_V1_LAUNCHER_SINCE_VERSION) {
			picowl_control_v1_send_launcher(resource);
			sent++;
		}
	}
	if (!sent) {
		pw_log_warning("launcher: no panel of picowl_control_v1 version 5 runs");
	}
}

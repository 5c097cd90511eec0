/*
 * Clients started into tiles. A launch remembers the child's pid; the first toplevel whose
 * client has that pid (wl_client_get_credentials) goes to the launch's tile. A program that
 * forks its Wayland client off (a wrapper that does not exec) is not matched and tiles normally.
 */
#include "launch.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "child_output.h"
#include "config_binding.h"
#include "desktop.h"
#include "log.h"
#include "osk.h"
#include "panel_keeper.h"
#include "server.h"
#include "spawn.h"
#include "surface.h"
#include "view.h"
#include "xdg_activation.h"

struct pw_launch {
	struct wl_list link; /* pw_desktop.launches */
	pid_t pid;
	int tile;
};

pid_t
pw_launch_argv(struct pw_server *server, char *const argv[], int tile)
{
	/* The window it opens takes the focus even if another took it meanwhile. */
	char token[PW_ACTIVATION_TOKEN_SIZE];
	bool has_token = pw_xdg_activation_launch_token(server, token);
	int output = -1;
	pid_t pid = pw_spawn_with_output(argv, server->socket, has_token ? token : NULL, &output);
	if (pid < 0) {
		int err = errno; /* for picowl-ctl's message (4.62) */
		pw_log_error("cannot start %s: %s", argv[0], strerror(err));
		errno = err;
		return -1;
	}
	if (!pw_child_output_watch(server, output, argv[0], pid)) {
		pw_log_error("%s (pid %d): its output cannot be read: out of memory", argv[0],
			(int)pid);
	}
	pw_log_info("started %s (pid %d)%s", argv[0], (int)pid, tile ? " for a tile" : "");
	if (tile > 0) {
		struct pw_launch *launch = calloc(1, sizeof(*launch));
		if (!launch) {
			/* It runs all the same; it lands where a new client lands. */
			return pid;
		}
		launch->pid = pid;
		launch->tile = tile;
		wl_list_insert(server->desktop->launches.prev, &launch->link);
	}
	return pid;
}

pid_t
pw_launch(struct pw_server *server, const char *command, int tile)
{
	char **argv = pw_config_binding_split(command);
	if (!argv) {
		pw_log_error("cannot start \"%s\": empty, unbalanced quotes, or no memory",
			command);
		errno = EINVAL;
		return -1;
	}
	pid_t pid = pw_launch_argv(server, argv, tile);
	int err = errno;
	free(argv);
	errno = err;
	return pid;
}

static void
forget(struct pw_desktop *desktop, pid_t pid)
{
	struct pw_launch *launch, *tmp;
	wl_list_for_each_safe(launch, tmp, &desktop->launches, link) {
		if (launch->pid == pid) {
			wl_list_remove(&launch->link);
			free(launch);
		}
	}
}

bool
pw_launch_reap(struct pw_server *server, pid_t watch, int *watch_status)
{
	pid_t pid;
	int status;
	bool watched = false;
	while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
		pw_spawn_exited(pid);
		pw_log_debug("pid %d exited: %s %d", (int)pid,
			WIFEXITED(status) ? "status" : "signal",
			WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
		if (watch > 0 && pid == watch) {
			watched = true;
			*watch_status = status;
		}
		if (server->desktop) {
			forget(server->desktop, pid);
			pw_osk_reaped(server, pid);
			pw_panel_keeper_reaped(server, pid, status);
		}
	}
	return watched;
}

void
pw_launch_autostart(struct pw_server *server)
{
	const struct pw_config *config = server->desktop->config;
	pw_panel_keeper_start(server);
	pw_osk_autostart(server);
	for (int i = 0; i < config->autostart_count; i++) {
		pw_launch(server, config->autostart[i].command, config->autostart[i].tile);
	}
}

int
pw_launch_take_tile(struct pw_server *server, struct pw_view *view)
{
	struct pw_desktop *desktop = server->desktop;
	if (!desktop || wl_list_empty(&desktop->launches) || !view->surface) {
		return 0;
	}
	pid_t pid;
	wl_client_get_credentials(wl_resource_get_client(view->surface->resource), &pid, NULL,
		NULL);
	struct pw_launch *launch;
	wl_list_for_each(launch, &desktop->launches, link) {
		if (launch->pid == pid) {
			int tile = launch->tile;
			wl_list_remove(&launch->link);
			free(launch);
			return tile;
		}
	}
	return 0;
}

void
pw_launch_finish(struct pw_desktop *desktop)
{
	pw_child_output_finish(desktop);
	struct pw_launch *launch, *tmp;
	wl_list_for_each_safe(launch, tmp, &desktop->launches, link) {
		wl_list_remove(&launch->link);
		free(launch);
	}
}

void
pw_launch_view_mapping(struct pw_server *server, struct pw_view *view)
{
	int tile = pw_launch_take_tile(server, view);
	if (tile <= 0) {
		return;
	}
	wl_list_remove(&view->link);
	struct wl_list *after = &server->desktop->views;
	for (int i = 1; i < tile && after->next != &server->desktop->views; i++) {
		after = after->next;
	}
	wl_list_insert(after, &view->link);
}

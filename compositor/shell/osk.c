/*
 * The on-screen keyboard shown and hidden by picowl (decision 4.55). Hiding is picowl's, not
 * the OSK's (wvkbd's SIGUSR1 unmaps its surface, which takes a round trip): a shown keyboard
 * is drawn from its last buffer at once, so no tap meant for it reaches the client below.
 */
#include "osk.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "config_binding.h"
#include "desktop.h"
#include "launch.h"
#include "layer_arrange.h"
#include "layer_shell.h"
#include "log.h"
#include "server.h"
#include "tiling.h"

static bool
executable(const char *dir, size_t len, const char *program)
{
	char path[4096];
	int n = snprintf(path, sizeof(path), "%.*s/%s", (int)len, len ? dir : ".", program);
	return n > 0 && (size_t)n < sizeof(path) && access(path, X_OK) == 0;
}

/* Whether `program` runs: a path, or a name found in PATH as execvp would. */
static bool
installed(const char *program)
{
	if (strchr(program, '/')) {
		return access(program, X_OK) == 0;
	}
	const char *path = getenv("PATH");
	for (const char *p = path ? path : "/usr/local/bin:/usr/bin:/bin";; p++) {
		size_t len = strcspn(p, ":");
		if (executable(p, len, program)) {
			return true;
		}
		p += len;
		if (!*p) {
			return false;
		}
	}
}

static const char *
command(struct pw_server *server)
{
	const char *cmd = server->desktop->config->keyboard.command;
	return cmd ? cmd : "";
}

/* Starts the [keyboard] command; false (with a message) when it is unset or not installed. */
static bool
start(struct pw_server *server)
{
	if (!command(server)[0]) {
		return false;
	}
	char **argv = pw_config_binding_split(command(server));
	if (!argv) {
		pw_log_error("[keyboard] command \"%s\": unbalanced quotes or no memory",
			command(server));
		return false;
	}
	bool ok = installed(argv[0]);
	if (!ok) {
		pw_log_info("[keyboard] command: %s is not installed (not in PATH): no on-screen "
			    "keyboard",
			argv[0]);
	} else {
		pid_t pid = pw_launch_argv(server, argv, 0);
		server->desktop->osk.pid = pid > 0 ? pid : 0;
		ok = pid > 0;
	}
	free(argv);
	return ok;
}

void
pw_osk_autostart(struct pw_server *server)
{
	start(server);
}

bool
pw_osk_is_keyboard(struct pw_server *server, struct wl_client *client, const char *namespace)
{
	pid_t pid = 0;
	if (namespace && strcmp(namespace, "osk") == 0) {
		return true;
	}
	wl_client_get_credentials(client, &pid, NULL, NULL);
	return server->desktop->osk.pid > 0 && pid == server->desktop->osk.pid;
}

bool
pw_osk_hidden(struct pw_server *server)
{
	return server->desktop && server->desktop->osk.hidden;
}

/* Damages the keyboard's mapped surfaces (`damage`), or only counts them. */
static int
mapped(struct pw_server *server, bool damage)
{
	int n = 0;
	for (int layer = 0; layer < PW_LAYER_COUNT; layer++) {
		struct pw_layer_surface *ls;
		wl_list_for_each(ls, &server->desktop->layers[layer], link) {
			if (ls->osk && ls->mapped && ls->surface) {
				if (damage) {
					pw_layer_arrange_damage_box(server, ls->box);
				}
				n++;
			}
		}
	}
	return n;
}

static void
set_hidden(struct pw_server *server, bool hidden)
{
	struct pw_desktop *desktop = server->desktop;
	if (desktop->osk.hidden == hidden) {
		return;
	}
	mapped(server, true);
	desktop->osk.hidden = hidden;
	/* Its exclusive zone comes or goes: the tiles, or the fullscreen client, resize. */
	pw_tiling_arrange(server);
	mapped(server, true);
}

void
pw_osk_mapped(struct pw_server *server)
{
	struct pw_desktop *desktop = server->desktop;
	desktop->osk.hidden = desktop->config->keyboard.autoshow && !desktop->osk.typing;
}

void
pw_osk_request(struct pw_server *server, enum pw_osk_request request)
{
	struct pw_desktop *desktop = server->desktop;
	if (mapped(server, false) > 0) {
		set_hidden(server,
			request == PW_OSK_HIDE ||
				(request == PW_OSK_TOGGLE && !desktop->osk.hidden));
		return;
	}
	/* Nothing mapped: a toggle shows, and a keyboard that died starts again when asked for. */
	desktop->osk.hidden = request == PW_OSK_HIDE;
	if (desktop->osk.hidden) {
		return;
	}
	if (desktop->osk.pid > 0) {
		pw_log_info("keyboard: the on-screen keyboard (pid %d) has no surface yet",
			(int)desktop->osk.pid);
	} else if (!command(server)[0]) {
		pw_log_info("keyboard: no on-screen keyboard: [keyboard] command is empty and no "
			    "layer surface of namespace \"osk\" is mapped");
	} else if (start(server)) {
		pw_log_info("keyboard: no on-screen keyboard was running: started \"%s\"",
			command(server));
	}
}

void
pw_osk_reaped(struct pw_server *server, pid_t pid)
{
	struct pw_desktop *desktop = server->desktop;
	if (desktop && pid > 0 && pid == desktop->osk.pid) {
		desktop->osk.pid = 0;
		pw_log_info("the on-screen keyboard (pid %d) exited; the keyboard action starts it "
			    "again",
			(int)pid);
	}
}

static void
handle_text_input(struct wl_listener *listener, void *data)
{
	struct pw_desktop *desktop = wl_container_of(listener, desktop, osk.text_input);
	const bool *active = data;
	desktop->osk.typing = *active;
	if (desktop->config && desktop->config->keyboard.autoshow) {
		set_hidden(desktop->server, !*active);
	}
}

void
pw_osk_init(struct pw_server *server)
{
	struct pw_desktop *desktop = server->desktop;
	desktop->osk.text_input.notify = handle_text_input;
	wl_signal_add(&server->events.text_input, &desktop->osk.text_input);
}

void
pw_osk_finish(struct pw_server *server)
{
	wl_list_remove(&server->desktop->osk.text_input.link);
}

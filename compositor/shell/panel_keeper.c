#include "panel_keeper.h"

#include <sys/wait.h>

#include "clock.h"
#include "config.h"
#include "desktop.h"
#include "launch.h"
#include "log.h"
#include "server.h"

#define FIRST_DELAY_MS 1000
#define MAX_DELAY_MS 64000
/* A panel that ran this long is well: the next delay starts over. */
#define WELL_NS (60 * 1000000000LL)

static int
handle_restart(void *data)
{
	struct pw_server *server = data;
	pw_panel_keeper_start(server);
	return 0;
}

void
pw_panel_keeper_start(struct pw_server *server)
{
	struct pw_desktop *desktop = server->desktop;
	const char *command = desktop->config->panel.command;
	if (!command || !command[0]) {
		return;
	}
	pid_t pid = pw_launch(server, command, 0);
	desktop->panel_keeper.pid = pid > 0 ? pid : 0;
	desktop->panel_keeper.started_ns = pw_now_ns();
}

void
pw_panel_keeper_reaped(struct pw_server *server, pid_t pid, int status)
{
	struct pw_desktop *desktop = server->desktop;
	if (!desktop || pid <= 0 || pid != desktop->panel_keeper.pid) {
		return;
	}
	desktop->panel_keeper.pid = 0;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
		pw_log_info("the panel (pid %d) exited", (int)pid);
		return;
	}
	int *delay = &desktop->panel_keeper.delay_ms;
	if (pw_now_ns() - desktop->panel_keeper.started_ns >= WELL_NS || *delay == 0) {
		*delay = FIRST_DELAY_MS;
	} else if (*delay < MAX_DELAY_MS) {
		*delay *= 2;
	}
	if (!desktop->panel_keeper.timer) {
		desktop->panel_keeper.timer =
			wl_event_loop_add_timer(server->loop, handle_restart, server);
	}
	if (!desktop->panel_keeper.timer) {
		pw_log_error("the panel (pid %d) died and cannot be started again: no timer",
			(int)pid);
		return;
	}
	pw_log_warning("the panel (pid %d) died (%s %d): started again in %d s", (int)pid,
		WIFEXITED(status) ? "status" : "signal",
		WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status), *delay / 1000);
	wl_event_source_timer_update(desktop->panel_keeper.timer, *delay);
}

void
pw_panel_keeper_finish(struct pw_server *server)
{
	struct pw_desktop *desktop = server->desktop;
	if (desktop->panel_keeper.timer) {
		wl_event_source_remove(desktop->panel_keeper.timer);
		desktop->panel_keeper.timer = NULL;
	}
	desktop->panel_keeper.pid = 0;
}

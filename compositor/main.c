/*
 * picowl: read the config and the command line, run the server until a signal or a quit
 * binding.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <wayland-server-core.h>

#include "config.h"
#include "desktop.h"
#include "fds.h"
#include "first_frame.h"
#include "launch.h"
#include "log.h"
#include "options.h"
#include "run.h"
#include "server.h"
#include "shell.h"
#include "spawn.h"
#include "start_text.h"
#include "start_trace.h"
#ifdef PW_XWAYLAND
#include "xwayland.h"
#endif

static int
handle_terminate(int signal, void *data)
{
	struct pw_server *server = data;
	pw_run_terminate(server);
	return 0;
}

static int
handle_dump(int signal, void *data)
{
	pw_server_dump_counters(data, false, NULL);
	return 0;
}

static int
handle_child(int signal, void *data)
{
	pw_launch_reap(data);
	return 0;
}

static void
handle_first_frame(void *data)
{
	pw_launch_autostart(data);
	pw_start_trace("autostart");
	/* After the seat's keymap and devices (its listener ran first) and the forks. */
	pw_start_text_drop();
}

static int
handle_reload(int signal, void *data)
{
	pw_desktop_reload(data);
	return 0;
}

int
main(int argc, char *argv[])
{
	char err[256];
	pw_start_trace("main");
	/* Clients' descriptors count against picowl's: the hard limit (children get the soft). */
	pw_fds_raise_limit();
	/* The config file first, then the command line over it. */
	struct pw_config *config = pw_config_load(argc, argv, stderr, err, sizeof(err));
	if (!config) {
		pw_log_error("%s\nTry 'picowl --help'.", err);
		return 2;
	}
	pw_start_trace("config");
	/* The panel reads its [launcher] section from the file picowl read (decision 4.52). */
	setenv("PICOWL_CONFIG", config->path ? config->path : "", 1);
	const struct pw_options opts = config->opts;
	if (opts.help || opts.version) {
		if (opts.help) {
			fputs(pw_options_usage, stdout);
		} else {
			printf("picowl %s\n", PICOWL_VERSION);
		}
		pw_config_destroy(config);
		return 0;
	}
	if (config->errors && opts.strict) {
		pw_log_error("%d error(s) in %s; --strict: not starting", config->errors,
			config->path);
		pw_config_destroy(config);
		return 2;
	}

	int status = 1;
	struct wl_event_source *sources[5] = {0};
#ifdef PW_XWAYLAND
	struct pw_xwayland *xwayland = NULL;
#endif
	struct pw_server *server = pw_server_create(&opts);
	pw_start_trace("server");
	if (server) {
		/* Before the seat's: its frame listener runs first, so does its idle. */
		pw_start_trace_first_frame(server);
	}
	if (server && !pw_shell_create(server)) {
		pw_server_destroy(server);
		server = NULL;
	}
	if (!server) {
		pw_config_destroy(config);
		goto end;
	}
	pw_start_trace("shell");
	pw_desktop_adopt_boot_config(server, config); /* the server owns it now */
	sources[0] = wl_event_loop_add_signal(server->loop, SIGTERM, handle_terminate, server);
	sources[1] = wl_event_loop_add_signal(server->loop, SIGINT, handle_terminate, server);
	sources[2] = wl_event_loop_add_signal(server->loop, SIGCHLD, handle_child, server);
	sources[3] = wl_event_loop_add_signal(server->loop, SIGUSR1, handle_dump, server);
	sources[4] = wl_event_loop_add_signal(server->loop, SIGHUP, handle_reload, server);
	if (!sources[0] || !sources[1] || !sources[2] || !sources[3] || !sources[4]) {
		pw_log_error("cannot install signal handlers");
		goto end;
	}
#ifdef PW_XWAYLAND
	/* Before any child: DISPLAY goes into picowl's environment, which they inherit. */
	xwayland = pw_xwayland_create(server);
#else
	pw_log_info("X11 is off: picowl was built without Xwayland support");
#endif
	/* Last: a script that sees the socket may signal picowl at once. */
	if (!pw_server_listen(server)) {
		goto end;
	}
	pw_start_trace("listening");
	signal(SIGPIPE, SIG_IGN);
	pw_log_info("running on WAYLAND_DISPLAY=%s", server->socket);
	pw_after_first_frame(server, 200, handle_first_frame, server, NULL);
	if (opts.command && opts.command[0]) {
		if (pw_launch_argv(server, opts.command, 0) < 0) {
			goto end;
		}
	}
	pw_run_loop(server);
	pw_server_dump_counters(server, false, NULL);
	status = 0;

end:
	for (int i = 0; i < 5; i++) {
		if (sources[i]) {
			wl_event_source_remove(sources[i]);
		}
	}
#ifdef PW_XWAYLAND
	pw_xwayland_destroy(xwayland);
#endif
	pw_server_destroy(server);
	pw_spawn_end_children();
	return status;
}

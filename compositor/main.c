/*
 * picowl: read the config and the command line, run the server until a signal or a quit
 * binding.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <wayland-server-core.h>

#include "config.h"
#include "desktop.h"
#include "fds.h"
#include "first_frame.h"
#include "launch.h"
#include "log.h"
#include "log_sink.h"
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

/* The "--" command, for --exit-with-command. */
static struct {
	pid_t pid;
	bool exit_with;
	int status; /* picowl's exit status once it exited */
} command;

static int
handle_child(int signal, void *data)
{
	struct pw_server *server = data;
	int status;
	if (pw_launch_reap(server, command.pid, &status) && command.exit_with) {
		command.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
		pw_log_info("the command (pid %d) exited with status %d: exiting", (int)command.pid,
			command.status);
		pw_run_terminate(server);
	}
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
	char err[4096];
	pw_start_trace("main");
	/* Clients' descriptors count against picowl's: the hard limit (children get the soft). */
	pw_fds_raise_limit();
	/* The config file first, then the command line over it; its messages wait for the log's
	 * level and place, which the file itself may set. */
	char *said = NULL;
	size_t said_len = 0;
	FILE *messages = open_memstream(&said, &said_len);
	struct pw_config *config = pw_config_load(argc, argv, messages, err, sizeof(err));
	if (messages) {
		fclose(messages);
	}
	if (!config) {
		pw_log_error("%s\nTry 'picowl --help'.", err);
		free(said);
		return 2;
	}
	if (config->opts.help || config->opts.version) {
		if (config->opts.help) {
			fputs(pw_options_usage, stdout);
		} else {
			printf("picowl %s\n", PICOWL_VERSION);
		}
		pw_config_destroy(config);
		free(said);
		return 0;
	}
	pw_log_set_level(config->opts.log_level);
	int log_errno = pw_log_sink_open(config->opts.log) ? 0 : errno;
	if (said) {
		pw_log_lines(PW_LOG_ERROR, said);
		free(said);
	}
	pw_start_trace("config");
	if (log_errno) {
		pw_log_error("--log: cannot open \"%s\": %s\nTry 'picowl --help'.",
			config->opts.log, strerror(log_errno));
		pw_config_destroy(config);
		return 2;
	}
	pw_log_debug("config: %s, %d error(s)", config->path ? config->path : "none (the defaults)",
		config->errors);
	if (config->missing) {
		pw_log_error("no config file %s (-c): not starting", config->path);
		pw_config_destroy(config);
		pw_log_sink_close();
		return 1;
	}
	/* The panel reads its [launcher] section from the file picowl read (decision 4.52). */
	setenv("PICOWL_CONFIG", config->path ? config->path : "", 1);
	const struct pw_options opts = config->opts;
	if (config->errors && opts.strict) {
		pw_log_error("%d error(s) in %s; --strict: not starting", config->errors,
			config->path);
		pw_config_destroy(config);
		pw_log_sink_close();
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
		command.pid = pw_launch_argv(server, opts.command, 0);
		command.exit_with = opts.exit_with_command;
		if (command.pid < 0) {
			goto end;
		}
	}
	pw_run_loop(server);
	if (opts.counters_at_exit) {
		pw_server_dump_counters(server, false, NULL);
	}
	status = command.status;

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
	pw_log_sink_close();
	return status;
}

/* picowl: parse the command line, run the server until a signal or a quit binding. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <wayland-server-core.h>

#include "options.h"
#include "server.h"
#include "spawn.h"

static int
handle_terminate(int signal, void *data)
{
	struct pw_server *server = data;
	wl_display_terminate(server->display);
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
	pw_spawn_reap();
	return 0;
}

int
main(int argc, char *argv[])
{
	struct pw_options opts;
	char err[256];
	pw_options_defaults(&opts);
	if (!pw_options_parse(&opts, argc, argv, err, sizeof(err))) {
		fprintf(stderr, "picowl: %s\nTry 'picowl --help'.\n", err);
		return 2;
	}
	if (opts.help) {
		fputs(pw_options_usage, stdout);
		return 0;
	}
	if (opts.version) {
		printf("picowl %s\n", PICOWL_VERSION);
		return 0;
	}

	int status = 1;
	struct wl_event_source *sources[4] = {0};
	struct pw_server *server = pw_server_create(&opts);
	if (!server) {
		goto end;
	}
	sources[0] = wl_event_loop_add_signal(server->loop, SIGTERM, handle_terminate, server);
	sources[1] = wl_event_loop_add_signal(server->loop, SIGINT, handle_terminate, server);
	sources[2] = wl_event_loop_add_signal(server->loop, SIGCHLD, handle_child, server);
	sources[3] = wl_event_loop_add_signal(server->loop, SIGUSR1, handle_dump, server);
	if (!sources[0] || !sources[1] || !sources[2] || !sources[3]) {
		fprintf(stderr, "picowl: cannot install signal handlers\n");
		goto end;
	}
	signal(SIGPIPE, SIG_IGN);
	fprintf(stderr, "picowl: running on WAYLAND_DISPLAY=%s\n", server->socket);
	if (opts.command && opts.command[0]) {
		if (pw_spawn(opts.command, server->socket) < 0) {
			perror("picowl: fork");
			goto end;
		}
	}
	wl_display_run(server->display);
	pw_server_dump_counters(server, false, NULL);
	status = 0;

end:
	for (int i = 0; i < 4; i++) {
		if (sources[i]) {
			wl_event_source_remove(sources[i]);
		}
	}
	pw_server_destroy(server);
	return status;
}

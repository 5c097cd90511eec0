#include "server.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <wayland-server-protocol.h>

#include "backends.h"
#include "budget.h"
#include "client_fds.h"
#include "clock.h"
#include "counters_report.h"
#include "epoll.h"
#include "listen.h"
#include "log.h"
#include "output.h"
#include "power.h"
#include "render.h"
#include "security_context.h"

static struct pw_backend *
create_backend(struct pw_server *server)
{
	const struct pw_options *o = &server->opts;
	struct pw_backend_config config = {
		.device = o->device,
		.present = o->present,
		.copy = o->copy,
		.dma_threshold = o->dma_threshold,
		.width = o->width,
		.height = o->height,
		.format = o->format,
		.refresh_mhz = o->refresh_mhz,
		.connector = o->connector,
		.mode = o->mode,
		.kms = o->kms,
	};
	return pw_backend_create(server->loop, o->backend, &config);
}

void
pw_server_map_input(struct pw_server *server, double x01, double y01, double *ox, double *oy)
{
	pw_output_map_display_point(server->output, x01, y01, ox, oy);
}

/* The output listens to its backend; the server adds `resumed` in front of it. */
static void
handle_backend_frame_done(void *data, const struct pw_frame_info *info)
{
	struct pw_server *server = data;
	if (server->output_events && server->output_events->frame_done) {
		server->output_events->frame_done(server->output_events_data, info);
	}
}

static void
handle_backend_resumed(void *data)
{
	struct pw_server *server = data;
	if (server->output_events && server->output_events->resumed) {
		server->output_events->resumed(server->output_events_data);
	}
	pw_output_damage_whole(server->output);
}

static const struct pw_backend_events backend_events = {
	.frame_done = handle_backend_frame_done,
	.resumed = handle_backend_resumed,
};

static bool
switch_vt(void *data, int vt)
{
	return pw_backend_switch_vt(data, vt);
}

/* The server comes between the backend and the output to add `resumed`. */
static void
hook_backend(struct pw_server *server)
{
	struct pw_backend *backend = server->backend;
	server->output_events = backend->events;
	server->output_events_data = backend->events_data;
	backend->events = &backend_events;
	backend->events_data = server;
	if (backend->session) {
		server->switch_vt = switch_vt;
		server->switch_vt_data = backend;
	}
}

bool
pw_server_listen(struct pw_server *server)
{
	server->listen = pw_listen_create(server->display, server->opts.socket);
	if (!server->listen) {
		return false;
	}
	server->socket = pw_listen_name(server->listen);
	return true;
}

/* libwayland's messages: a client can make them repeat (pw_log). */
static void
handle_wl_log(const char *fmt, va_list ap)
{
	pw_log_limited_va(PW_LOG_WARNING, "libwayland: ", fmt, ap);
}

static bool
filter_global(const struct wl_client *client, const struct wl_global *global, void *data)
{
	struct pw_server *server = data;
	uid_t uid;

	/* Decision 4.95: a sandboxed client sees the public globals only and cannot nest. */
	if (server->n_sandboxed && pw_security_context_sandboxed(client)) {
		if (global == server->security_context_global) {
			return false;
		}
		for (int i = 0; i < server->n_private_globals; i++) {
			if (server->private_globals[i] == global) {
				return false;
			}
		}
		return true;
	}
	for (int i = 0; i < server->n_private_globals; i++) {
		if (server->private_globals[i] == global) {
			wl_client_get_credentials((struct wl_client *)client, NULL, &uid, NULL);
			return uid == getuid();
		}
	}
	return true;
}

bool
pw_server_add_private_global(struct pw_server *server, struct wl_global *global)
{
	if (!global || server->n_private_globals == PW_SERVER_PRIVATE_GLOBALS) {
		return false;
	}
	server->private_globals[server->n_private_globals++] = global;
	return true;
}

/* libwayland registers a dup of the client's socket: run.c names the client by its own. */
static void
handle_display_client_created(struct wl_listener *listener, void *data)
{
	struct pw_server *server = wl_container_of(listener, server, client_created);
	if (server->epoll_tracked) {
		pw_epoll_alias(wl_client_get_fd(data));
	}
}

struct pw_server *
pw_server_create(const struct pw_options *opts)
{
	struct pw_server *server = calloc(1, sizeof(*server));
	if (!server) {
		return NULL;
	}
	server->opts = *opts;
	wl_signal_init(&server->events.surface_commit);
	wl_signal_init(&server->events.surface_moved);
	wl_signal_init(&server->events.surface_destroy);
	wl_signal_init(&server->events.text_input);
	wl_signal_init(&server->destroy);
	server->shell = &pw_render_empty_scene;

	server->display = wl_display_create();
	if (!server->display) {
		goto err;
	}
	server->loop = wl_display_get_event_loop(server->display);
	/* run.c then waits once a wakeup (pure/epoll.h). */
	server->epoll_tracked = pw_epoll_track(wl_event_loop_get_fd(server->loop));
	server->client_created.notify = handle_display_client_created;
	wl_display_add_client_created_listener(server->display, &server->client_created);
	server->budget = pw_budget_create(server->display);
	if (!server->budget) {
		goto err;
	}
	wl_log_set_handler_server(handle_wl_log);
	server->client_fds = pw_client_fds_create(server->display, 0);
	if (!server->client_fds) {
		goto err;
	}
	wl_display_set_global_filter(server->display, filter_global, server);
	server->backend = create_backend(server);
	if (!server->backend) {
		goto err;
	}
	server->output = pw_output_create(server, server->backend);
	if (server->output) {
		server->output->damage_mode = opts->damage;
		if (!pw_output_set_rotation(server->output, opts->rotate)) {
			goto err;
		}
	}
	server->counters =
		pw_counters_create((size_t)opts->counter_frames, 2 * (size_t)opts->counter_frames);
	if (!server->counters) {
		goto err;
	}
	if (!server->output) {
		pw_log_error("cannot create the Wayland globals");
		goto err;
	}
	server->power = pw_power_create(server);
	if (!server->power) {
		goto err;
	}
	hook_backend(server);
	return server;

err:
	pw_server_destroy(server);
	return NULL;
}

void
pw_server_destroy(struct pw_server *server)
{
	if (!server) {
		return;
	}
	pw_listen_destroy(server->listen);
	server->listen = NULL;
	if (server->display) {
		wl_display_destroy_clients(server->display);
	}
	pw_client_fds_destroy(server->client_fds);
	server->client_fds = NULL;
	pw_budget_destroy(server->budget);
	server->budget = NULL;
	wl_signal_emit_mutable(&server->destroy, server);
	if (server->backend && server->backend->events == &backend_events) {
		server->backend->events = server->output_events;
		server->backend->events_data = server->output_events_data;
	}
	pw_power_destroy(server->power);
	server->power = NULL;
	pw_output_destroy(server->output);
	server->output = NULL;
	pw_backend_destroy(server->backend);
	pw_counters_destroy(server->counters);
	if (server->epoll_tracked) {
		pw_epoll_untrack(wl_event_loop_get_fd(server->loop));
	}
	if (server->client_created.notify) {
		wl_list_remove(&server->client_created.link);
	}
	if (server->display) {
		wl_display_destroy(server->display);
	}
	free(server);
	pw_log_flush();
}

void
pw_server_dump_counters(struct pw_server *server, bool json, FILE *out)
{
	if (!server->counters) {
		return;
	}
	struct pw_output *output = server->output;
	if (output && output->frame_pending && output->backend->impl->want_frame_done) {
		output->backend->impl->want_frame_done(output->backend);
	}
	if (output) {
		pw_output_sample_switches(output);
	}
	FILE *file = out;
	if (!file && server->opts.counters) {
		file = fopen(server->opts.counters, "ae");
		if (!file) {
			pw_log_warning("cannot open the counters file %s: %m",
				server->opts.counters);
		}
	}
	pw_counters_report_dump(server->counters, file ? file : stderr, json);
	if (file && file != out) {
		fclose(file);
	}
}

void
pw_server_set_shell(struct pw_server *server, const struct pw_server_shell *shell)
{
	server->shell = shell;
}

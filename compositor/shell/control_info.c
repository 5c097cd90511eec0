/* picowl_control_v1 version 6: the outputs, the input devices and a reload's errors (4.62). */
#include "control_info.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "config.h"
#include "control_windows.h"
#include "desktop.h"
#include "devices.h"
#include "format.h"
#include "input.h"
#include "log.h"
#include "output.h"
#include "picowl-control-unstable-v1-protocol.h"
#include "server.h"

/* A reload's errors sent at most: a file of a thousand bad lines must not flood the client. */
#define MAX_ERROR_EVENTS 64
#define ERROR_TEXT 1024

void
pw_control_reload(struct pw_server *server, struct wl_resource *resource)
{
	char *text = NULL;
	size_t size = 0;
	FILE *log = open_memstream(&text, &size);
	int errors = pw_desktop_reload_to(server, log ? log : stderr);
	if (log && fclose(log) != 0) {
		free(text);
		text = NULL;
	}
	int sent = 0;
	for (char *line = text, *next; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next) {
			*next++ = '\0';
		} else {
			next = line + strlen(line);
		}
		pw_log_error("%s", line); /* as a reload by SIGHUP logs them */
		if (sent < MAX_ERROR_EVENTS &&
			wl_resource_get_version(resource) >=
				PICOWL_CONTROL_V1_CONFIG_ERROR_SINCE_VERSION) {
			char buf[ERROR_TEXT];
			picowl_control_v1_send_config_error(resource,
				pw_control_text(line, buf, sizeof(buf)));
			sent++;
		}
	}
	free(text);
	picowl_control_v1_send_reloaded(resource, errors);
}

void
pw_control_outputs(struct pw_server *server, struct wl_resource *resource)
{
	const struct pw_output *output = server->output;
	const struct pw_backend *backend = server->backend;
	if (output && backend) {
		picowl_control_v1_send_output(resource, output->name, output->width, output->height,
			output->rotation, backend->refresh_unknown ? 0 : backend->refresh_mhz,
			pw_format_name(backend->format), backend->kind ? backend->kind : "", 1);
	}
	picowl_control_v1_send_outputs_done(resource);
}

void
pw_control_inputs(struct pw_server *server, struct wl_resource *resource)
{
	const struct pw_config *config = server->desktop->config;
	char matrix[128] = "";
	if (config) {
		const double *m = config->input.calibration;
		snprintf(matrix, sizeof(matrix), "%g %g %g %g %g %g", m[0], m[1], m[2], m[3], m[4],
			m[5]);
	}
	const struct pw_seat_device *devices = NULL;
	int n = server->seat ? pw_seat_devices_list(server->seat, &devices) : 0;
	for (int i = 0; i < n; i++) {
		picowl_control_v1_send_input(resource, devices[i].name, devices[i].sysname,
			devices[i].caps, devices[i].caps & PW_INPUT_CAP_TOUCH ? matrix : "");
	}
	if (server->opts.test_hooks) {
		/* what picowl-ctl inject presses and touches: it acts as a device of its own */
		picowl_control_v1_send_input(resource, "picowl-ctl inject", "",
			PW_INPUT_CAP_KEYBOARD | PW_INPUT_CAP_POINTER | PW_INPUT_CAP_TOUCH, "");
	}
	picowl_control_v1_send_inputs_done(resource);
}

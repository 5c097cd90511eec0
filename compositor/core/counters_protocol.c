/* picowl_counters_v1: the counters for picowl-ctl (dump as text or JSON, reset). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "counters.h"
#include "counters_protocol.h"
#include "fds.h"
#include "picowl-counters-unstable-v1-protocol.h"
#include "request.h"
#include "server.h"

#define COUNTERS_VERSION 1

static void
counters_dump(struct wl_client *client, struct wl_resource *resource, int32_t fd, uint32_t format)
{
	struct pw_server *server = wl_resource_get_user_data(resource);
	struct stat st;
	if (format > PICOWL_COUNTERS_V1_FORMAT_JSON) {
		wl_resource_post_error(resource, PICOWL_COUNTERS_V1_ERROR_INVALID_FORMAT,
			"format %u is not text (0) or json (1)", format);
		close(fd);
		return;
	}
	int flags = fcntl(fd, F_GETFL);
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || flags < 0 ||
		(flags & O_ACCMODE) == O_RDONLY) {
		wl_resource_post_error(resource, PICOWL_COUNTERS_V1_ERROR_INVALID_FD,
			"the dump goes into a writable regular file (a memfd), not a pipe or "
			"socket");
		close(fd);
		return;
	}
	FILE *out = fdopen(fd, "w");
	if (!out) {
		close(fd);
		wl_resource_post_no_memory(resource);
		return;
	}
	long start = ftell(out);
	pw_server_dump_counters(server, format == PICOWL_COUNTERS_V1_FORMAT_JSON, out);
	long end = ftell(out);
	pw_fds_forget(fd); /* a client's descriptor, closed by fclose, not close */
	fclose(out);
	picowl_counters_v1_send_done(resource, (uint32_t)(end > start ? end - start : 0));
}

static void
counters_reset(struct wl_client *client, struct wl_resource *resource)
{
	struct pw_server *server = wl_resource_get_user_data(resource);
	pw_counters_reset(server->counters);
}

static const struct picowl_counters_v1_interface counters_impl = {
	.destroy = pw_request_destroy,
	.dump = counters_dump,
	.reset = counters_reset,
};

static void
bind_counters(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *resource =
		wl_resource_create(client, &picowl_counters_v1_interface, (int)version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &counters_impl, data, NULL);
}

bool
pw_counters_protocol_create(struct pw_server *server)
{
	server->counters_global = wl_global_create(server->display, &picowl_counters_v1_interface,
		COUNTERS_VERSION, server, bind_counters);
	return pw_server_add_private_global(server, server->counters_global);
}

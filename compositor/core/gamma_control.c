/*
 * zwlr_gamma_control_manager_v1 (wlsunset, gammastep): picowl applies the ramp itself, as
 * tables in the display's format, to what each frame draws (4.85); no display it drives has a
 * table of its own (doc/session.md "Night light"). One control holds the output at a time, as in
 * wlroots: another gets failed at once. A ramp that cannot be read whole (a short or longer
 * file, a pipe, a file shrunk after it was sent) fails that control alone and takes its ramp
 * off; the ramp also goes with its control or client. The fd is read with pread, never mapped,
 * so a file shrunk under picowl cannot fault it.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <wayland-server-core.h>

#include "backend.h"
#include "gamma.h"
#include "gamma_control.h"
#include "log.h"
#include "output.h"
#include "request.h"
#include "server.h"
#include "wlr-gamma-control-unstable-v1-protocol.h"

/* Entries a channel: clients accept any size; 256 is what most DRM drivers announce. */
#define GAMMA_SIZE 256

struct gamma_manager {
	struct pw_server *server;
	struct wl_global *global;
	struct wl_listener server_destroy;
	struct wl_resource *owner; /* the control whose ramp the output shows, or NULL */
	bool set; /* the owner's ramp is applied */
	struct pw_gamma gamma;
};

/* Takes the owner's ramp off the output (a redraw if one was shown) and frees the output. */
static void
release_output(struct gamma_manager *gm)
{
	if (gm->set && gm->server->output) {
		gm->server->output->gamma = NULL;
		pw_output_damage_whole(gm->server->output);
	}
	gm->set = false;
	gm->owner = NULL;
}

/* Sends failed: the control is inert from now on, as the protocol says. */
static void
fail_control(struct wl_resource *resource, const char *why)
{
	struct gamma_manager *gm = wl_resource_get_user_data(resource);
	struct wl_client *client = wl_resource_get_client(resource);
	pid_t pid = 0;
	wl_client_get_credentials(client, &pid, NULL, NULL);
	pw_log_warning("gamma: control of client %d failed: %s\n", (int)pid, why);
	if (gm && gm->owner == resource) {
		release_output(gm);
	}
	wl_resource_set_user_data(resource, NULL);
	zwlr_gamma_control_v1_send_failed(resource);
}

/*
 * Reads exactly `len` bytes from the start of `fd` into `buf`; false with the reason in `why`
 * for anything else (a regular file of another size, or one that shrank meanwhile, a pipe).
 */
static bool
read_ramp(int fd, void *buf, size_t len, char *why, size_t why_len)
{
	struct stat st;
	if (fstat(fd, &st) < 0) {
		snprintf(why, why_len, "fstat: %s", strerror(errno));
		return false;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(why, why_len, "the ramp is not in a file");
		return false;
	}
	if ((uint64_t)st.st_size != len) {
		snprintf(why, why_len, "a file of %lld bytes for a ramp of %zu",
			(long long)st.st_size, len);
		return false;
	}
	ssize_t n = pread(fd, buf, len, 0);
	if (n < 0) {
		snprintf(why, why_len, "pread: %s", strerror(errno));
		return false;
	}
	if ((size_t)n != len) {
		snprintf(why, why_len, "read %zd bytes of a ramp of %zu", n, len);
		return false;
	}
	return true;
}

static void
gamma_control_set_gamma(struct wl_client *client, struct wl_resource *resource, int32_t fd)
{
	struct gamma_manager *gm = wl_resource_get_user_data(resource);
	if (!gm) {
		close(fd);
		return;
	}
	struct pw_output *output = gm->server->output;
	static uint16_t ramp[GAMMA_SIZE * 3];
	char why[160];
	bool ok = read_ramp(fd, ramp, sizeof(ramp), why, sizeof(why));
	close(fd);
	if (!ok) {
		fail_control(resource, why);
		return;
	}
	if (!output || !pw_gamma_build(&gm->gamma, output->backend->format, ramp, GAMMA_SIZE)) {
		fail_control(resource, "no table for the output's format");
		return;
	}
	gm->set = true;
	output->gamma = &gm->gamma;
	pw_output_damage_whole(output);
}

static const struct zwlr_gamma_control_v1_interface gamma_control_impl = {
	.set_gamma = gamma_control_set_gamma,
	.destroy = pw_request_destroy,
};

static void
handle_control_destroy(struct wl_resource *resource)
{
	struct gamma_manager *gm = wl_resource_get_user_data(resource);
	if (gm && gm->owner == resource) {
		release_output(gm);
	}
}

static void
manager_get_gamma_control(struct wl_client *client, struct wl_resource *resource, uint32_t id,
	struct wl_resource *output)
{
	struct gamma_manager *gm = wl_resource_get_user_data(resource);
	struct wl_resource *control = wl_resource_create(client, &zwlr_gamma_control_v1_interface,
		wl_resource_get_version(resource), id);
	if (!control) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(control, &gamma_control_impl, NULL, handle_control_destroy);
	if (!gm || !gm->server->output) {
		zwlr_gamma_control_v1_send_failed(control);
		return;
	}
	if (gm->owner) {
		zwlr_gamma_control_v1_send_failed(control);
		return;
	}
	gm->owner = control;
	wl_resource_set_user_data(control, gm);
	zwlr_gamma_control_v1_send_gamma_size(control, GAMMA_SIZE);
}

static const struct zwlr_gamma_control_manager_v1_interface manager_impl = {
	.get_gamma_control = manager_get_gamma_control,
	.destroy = pw_request_destroy,
};

static void
bind_manager(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *resource = wl_resource_create(client,
		&zwlr_gamma_control_manager_v1_interface, (int)version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &manager_impl, data, NULL);
}

static void
handle_server_destroy(struct wl_listener *listener, void *data)
{
	struct gamma_manager *gm = wl_container_of(listener, gm, server_destroy);
	if (gm->owner) {
		wl_resource_set_user_data(gm->owner, NULL);
	}
	release_output(gm);
	wl_global_destroy(gm->global);
	wl_list_remove(&gm->server_destroy.link);
	free(gm);
}

bool
pw_gamma_control_create(struct pw_server *server)
{
	struct gamma_manager *gm = calloc(1, sizeof(*gm));
	if (!gm) {
		return false;
	}
	gm->server = server;
	gm->global = wl_global_create(server->display, &zwlr_gamma_control_manager_v1_interface, 1,
		gm, bind_manager);
	if (!gm->global || !pw_server_add_private_global(server, gm->global)) {
		if (gm->global) {
			wl_global_destroy(gm->global);
		}
		free(gm);
		return false;
	}
	gm->server_destroy.notify = handle_server_destroy;
	wl_signal_add(&server->destroy, &gm->server_destroy);
	return true;
}

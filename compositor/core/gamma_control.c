/*
 * zwlr_gamma_control_manager_v1 (wlsunset, gammastep): the ramp goes into the display's own
 * gamma table where the backend has one (DRM GAMMA_LUT, the legacy gamma ioctl, an fbdev cmap:
 * 4.102), and picowl then tints nothing; elsewhere picowl applies it itself, as tables in the
 * display's format, to what each frame draws (4.85). One control holds the output at a time, as in
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

/*
 * Entries a channel: clients accept any size; 256 is what most DRM drivers announce. A display
 * table's own size is told instead, up to GAMMA_SIZE_MAX (the backend resamples beyond).
 */
#define GAMMA_SIZE 256
#define GAMMA_SIZE_MAX 4096

struct gamma_manager {
	struct pw_server *server;
	struct wl_global *global;
	struct wl_listener server_destroy;
	struct wl_resource *owner; /* the control whose ramp the output shows, or NULL */
	bool set; /* the owner's ramp is applied */
	bool hw; /* ... by the display's own table, not by picowl */
	size_t size; /* entries a channel told to the owner */
	struct pw_gamma gamma;
};

/* Takes the owner's ramp off the output (a redraw if one was shown) and frees the output. */
static void
release_output(struct gamma_manager *gm)
{
	struct pw_output *output = gm->server->output;
	if (gm->hw && output) {
		output->backend->impl->set_gamma(output->backend, NULL, 0);
	}
	gm->hw = false;
	if (gm->set && output && output->gamma) {
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
	size_t len = gm->size * 3 * sizeof(uint16_t);
	uint16_t *ramp = malloc(len);
	char why[160] = "out of memory";
	bool ok = ramp && read_ramp(fd, ramp, len, why, sizeof(why));
	close(fd);
	if (!ok) {
		free(ramp);
		fail_control(resource, why);
		return;
	}
	struct pw_backend *backend = output ? output->backend : NULL;
	if (backend && backend->gamma_size && backend->impl->set_gamma &&
		backend->impl->set_gamma(backend, ramp, gm->size)) {
		/* 4.102: the table works after scan-out, so nothing picowl draws is tinted. */
		free(ramp);
		if (!gm->hw) {
			pw_log_info("gamma: a ramp of %zu in the display's table of %d\n", gm->size,
				backend->gamma_size);
		}
		gm->set = gm->hw = true;
		if (output->gamma) {
			output->gamma = NULL;
			pw_output_damage_whole(output);
		}
		return;
	}
	ok = output && pw_gamma_build(&gm->gamma, output->backend->format, ramp, gm->size);
	free(ramp);
	if (!ok) {
		fail_control(resource, "no table for the output's format");
		return;
	}
	if (gm->hw) {
		backend->impl->set_gamma(backend, NULL, 0);
		gm->hw = false;
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
	int table = gm->server->output->backend->gamma_size;
	gm->size = table >= 2 && table <= GAMMA_SIZE_MAX ? (size_t)table : GAMMA_SIZE;
	zwlr_gamma_control_v1_send_gamma_size(control, (uint32_t)gm->size);
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

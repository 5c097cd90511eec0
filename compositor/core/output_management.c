/*
 * zwlr_output_manager_v1: the one output as a head with the backend's modes, and configurations
 * that test or apply a mode and a transform (output_management.h). Objects of a stopped manager,
 * and of the server once it is gone, are inert: their user data is NULL and every request checks.
 */
#include "output_management.h"

#include <stdio.h>
#include <stdlib.h>
#include <wayland-server-core.h>
#include <wayland-server-protocol.h>

#include "backend.h"
#include "log.h"
#include "output.h"
#include "output_config_head.h"
#include "request.h"
#include "server.h"
#include "wlr-output-management-unstable-v1-protocol.h"

#define MANAGER_VERSION 2

struct management {
	struct pw_server *server;
	struct pw_output *output;
	struct wl_global *global;
	struct wl_list managers; /* struct manager.link */
	uint32_t serial;
	int32_t sent_transform; /* what the heads were last told */
	int sent_mode;
	bool applying; /* a configuration rotates: it sends the new state itself */
	struct wl_listener output_mode;
	struct wl_listener server_destroy;
};

/* A zwlr_output_mode_v1: the user data of its resource until its manager stops. */
struct mode_obj {
	struct manager *m;
	struct wl_resource *resource;
	int index; /* in the backend's modes */
};

/* One bound zwlr_output_manager_v1 with its head and mode objects. */
struct manager {
	struct management *om; /* NULL: stopped or the server is gone */
	struct wl_resource *resource, *head;
	struct mode_obj *modes;
	int n_modes;
	struct wl_list configs; /* struct config.link: made through this manager */
	struct wl_list link;
};

/* The backend's modes; a backend without a list has its current mode only (`one`). */
static const struct pw_backend_mode *
modes_of(const struct pw_backend *backend, struct pw_backend_mode *one, int *n)
{
	if (backend->n_modes > 0) {
		*n = backend->n_modes;
		return backend->modes;
	}
	*one = (struct pw_backend_mode){backend->width, backend->height,
		backend->refresh_unknown ? 0 : backend->refresh_mhz, true};
	*n = 1;
	return one;
}

static int
current_mode(const struct pw_backend *backend)
{
	return backend->n_modes > 0 ? backend->mode : 0;
}

int
pw_output_management_mode_index(struct wl_resource *mode, const void *head)
{
	struct mode_obj *mo = wl_resource_get_user_data(mode);
	if (!mo) {
		return -1;
	}
	return mo->m == head ? mo->index : -2;
}

struct config {
	struct wl_resource *resource;
	struct manager *manager; /* NULL: its manager stopped (its head is gone): cancelled */
	struct wl_list link;
	uint32_t serial;
	bool used; /* applied or tested */
	bool head_done; /* enable_head or disable_head named the head */
	bool enable;
	struct pw_output_config_head *head; /* enable_head's, until destroyed */
};

static void
send_head_state(struct manager *m, bool all)
{
	struct management *om = m->om;
	struct pw_output *output = om->output;
	struct wl_resource *mode = m->modes[current_mode(output->backend)].resource;
	if (all) {
		zwlr_output_head_v1_send_name(m->head, output->name);
		zwlr_output_head_v1_send_description(m->head, output->backend->description);
		zwlr_output_head_v1_send_enabled(m->head, 1);
	}
	if (mode && (all || om->sent_mode != current_mode(output->backend))) {
		zwlr_output_head_v1_send_current_mode(m->head, mode);
	}
	if (all) {
		zwlr_output_head_v1_send_position(m->head, 0, 0);
		zwlr_output_head_v1_send_scale(m->head, wl_fixed_from_int(1));
	}
	zwlr_output_head_v1_send_transform(m->head, output->transform);
}

static void
send_changes(struct management *om)
{
	int mode = current_mode(om->output->backend);
	if (om->sent_transform == om->output->transform && om->sent_mode == mode) {
		return;
	}
	om->serial++;
	struct manager *m;
	wl_list_for_each(m, &om->managers, link) {
		send_head_state(m, false);
		zwlr_output_manager_v1_send_done(m->resource, om->serial);
	}
	om->sent_transform = om->output->transform;
	om->sent_mode = mode;
}

static void
handle_output_mode(struct wl_listener *listener, void *data)
{
	struct management *om = wl_container_of(listener, om, output_mode);
	if (!om->applying) {
		send_changes(om);
	}
}

/* ---- zwlr_output_configuration_v1 ---- */

static struct config *
unused_config(struct wl_resource *resource)
{
	struct config *config = wl_resource_get_user_data(resource);
	if (config->used) {
		wl_resource_post_error(resource, ZWLR_OUTPUT_CONFIGURATION_V1_ERROR_ALREADY_USED,
			"the configuration was already applied or tested");
		return NULL;
	}
	return config;
}

/* The head named must be a live one, and named once. */
static bool
claim_head(struct wl_resource *resource, struct config *config, struct wl_resource *head)
{
	if (config->head_done) {
		wl_resource_post_error(resource,
			ZWLR_OUTPUT_CONFIGURATION_V1_ERROR_ALREADY_CONFIGURED_HEAD,
			"the head is already in the configuration");
		return false;
	}
	config->head_done = true;
	struct manager *m = wl_resource_get_user_data(head);
	if (!m || !m->om) {
		/* A head of a stopped manager: gone, as after an unplug. */
		config->manager = NULL;
		wl_list_remove(&config->link);
		wl_list_init(&config->link);
	}
	return true;
}

static void
config_enable_head(struct wl_client *client, struct wl_resource *resource, uint32_t id,
	struct wl_resource *head)
{
	struct config *config = unused_config(resource);
	if (!config || !claim_head(resource, config, head)) {
		return;
	}
	config->head = pw_output_config_head_create(client, wl_resource_get_version(resource), id,
		wl_resource_get_user_data(head), &config->head);
	config->enable = true;
}

static void
config_disable_head(struct wl_client *client, struct wl_resource *resource,
	struct wl_resource *head)
{
	struct config *config = unused_config(resource);
	if (config) {
		claim_head(resource, config, head);
	}
}

/* wl_output.transform back to picowl's clockwise rotation (output.c's transform_for). */
static int
rotation_for(int32_t transform)
{
	switch (transform) {
	case WL_OUTPUT_TRANSFORM_NORMAL:
		return 0;
	case WL_OUTPUT_TRANSFORM_90:
		return 270;
	case WL_OUTPUT_TRANSFORM_180:
		return 180;
	case WL_OUTPUT_TRANSFORM_270:
		return 90;
	default:
		return -1;
	}
}

/* The listed mode a custom mode names (refresh 0: any), or -1. */
static int
find_mode(const struct pw_backend *backend, int32_t w, int32_t h, int32_t refresh)
{
	struct pw_backend_mode one;
	int n;
	const struct pw_backend_mode *modes = modes_of(backend, &one, &n);
	for (int i = 0; i < n; i++) {
		if (modes[i].width == w && modes[i].height == h &&
			(refresh == 0 || modes[i].refresh_mhz == refresh)) {
			return i;
		}
	}
	return -1;
}

/* Why the configuration cannot be shown, or NULL; *rotation and *mode are the ones to set. */
static const char *
check(const struct config *config, const struct pw_output *output, int *rotation, int *mode)
{
	static const struct pw_output_config_head unchanged;
	const struct pw_output_config_head *ch = config->head ? config->head : &unchanged;
	const struct pw_backend *backend = output->backend;
	*rotation = output->rotation;
	*mode = current_mode(backend);
	if (!config->enable) {
		return "the only output cannot be disabled";
	}
	if (ch->transform_set) {
		*rotation = rotation_for(ch->transform);
		if (*rotation < 0) {
			return "flipped transforms are not supported";
		}
	}
	if (ch->custom) {
		*mode = find_mode(backend, ch->width, ch->height, ch->refresh);
		if (*mode < 0) {
			return "no custom modes: only the head's own modes can be set";
		}
	} else if (ch->mode_set) {
		*mode = ch->mode;
	}
	if (*mode != current_mode(backend) && output->blank) {
		return "the display is off: its mode is set once it is on";
	}
	if (ch->position_set && (ch->x != 0 || ch->y != 0)) {
		return "the only output stays at 0,0";
	}
	if (ch->scale_set && ch->scale != wl_fixed_from_int(1)) {
		return "only scale 1 is supported";
	}
	return NULL;
}

/*
 * Tests or sets the mode, then turns the output (which takes the new size: re-tiled, new
 * configures, everything damaged). Why it failed, or NULL; a failure leaves the old state.
 */
static const char *
set(struct pw_output *output, int rotation, int mode, bool test)
{
	struct pw_backend *backend = output->backend;
	int old_mode = current_mode(backend), old_rotation = output->rotation;
	if (mode != old_mode && !backend->impl->set_mode(backend, mode, test)) {
		return test ? "the display would not take the mode"
			    : "the display did not take the mode";
	}
	if (test || (mode == old_mode && rotation == old_rotation)) {
		return NULL;
	}
	if (pw_output_set_rotation(output, rotation)) {
		return NULL;
	}
	if (mode != old_mode && backend->impl->set_mode(backend, old_mode, false)) {
		pw_output_set_rotation(output, old_rotation);
	}
	return "out of memory for the rotated scene";
}

static void
finish_config(struct wl_resource *resource, bool apply)
{
	struct config *config = unused_config(resource);
	if (!config) {
		return;
	}
	if (!config->head_done) {
		wl_resource_post_error(resource,
			ZWLR_OUTPUT_CONFIGURATION_V1_ERROR_UNCONFIGURED_HEAD,
			"the head is not in the configuration");
		return;
	}
	config->used = true;
	struct management *om = config->manager ? config->manager->om : NULL;
	if (!om || config->serial != om->serial || (config->head && config->head->mode_stale)) {
		zwlr_output_configuration_v1_send_cancelled(resource);
		return;
	}
	int rotation, mode;
	const char *why = check(config, om->output, &rotation, &mode);
	if (!why) {
		om->applying = true;
		why = set(om->output, rotation, mode, !apply);
		om->applying = false;
	}
	if (why) {
		pw_log_error("output configuration %s: %s", apply ? "failed" : "refused", why);
		zwlr_output_configuration_v1_send_failed(resource);
		return;
	}
	zwlr_output_configuration_v1_send_succeeded(resource);
	send_changes(om);
}

static void
config_apply(struct wl_client *client, struct wl_resource *resource)
{
	finish_config(resource, true);
}

static void
config_test(struct wl_client *client, struct wl_resource *resource)
{
	finish_config(resource, false);
}

static const struct zwlr_output_configuration_v1_interface config_impl = {
	.enable_head = config_enable_head,
	.disable_head = config_disable_head,
	.apply = config_apply,
	.test = config_test,
	.destroy = pw_request_destroy,
};

static void
handle_config_resource_destroy(struct wl_resource *resource)
{
	struct config *config = wl_resource_get_user_data(resource);
	if (config->head) {
		config->head->owner = NULL;
	}
	wl_list_remove(&config->link);
	free(config);
}

/* ---- zwlr_output_manager_v1 ---- */

static void
manager_create_configuration(struct wl_client *client, struct wl_resource *resource, uint32_t id,
	uint32_t serial)
{
	struct manager *m = wl_resource_get_user_data(resource);
	struct config *config = calloc(1, sizeof(*config));
	if (!config) {
		wl_client_post_no_memory(client);
		return;
	}
	config->resource = wl_resource_create(client, &zwlr_output_configuration_v1_interface,
		wl_resource_get_version(resource), id);
	if (!config->resource) {
		free(config);
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(config->resource, &config_impl, config,
		handle_config_resource_destroy);
	config->serial = serial;
	if (m && m->om) {
		config->manager = m;
		wl_list_insert(&m->configs, &config->link);
	} else {
		wl_list_init(&config->link);
	}
}

/*
 * The manager's configurations will be cancelled; its head and mode go: with `destroy`, sent
 * finished and destroyed (stop); else inert until their client goes (its teardown may be under
 * way: other resources of it are not destroyed from here).
 */
static void
manager_finish(struct manager *m, bool destroy)
{
	struct config *config, *tmp;
	wl_list_for_each_safe(config, tmp, &m->configs, link) {
		config->manager = NULL;
		wl_list_remove(&config->link);
		wl_list_init(&config->link);
	}
	for (int i = 0; i < m->n_modes; i++) {
		struct wl_resource *mode = m->modes[i].resource;
		if (!mode) {
			continue;
		}
		wl_resource_set_user_data(mode, NULL);
		if (destroy) {
			zwlr_output_mode_v1_send_finished(mode);
			wl_resource_destroy(mode);
		}
	}
	free(m->modes);
	m->modes = NULL;
	m->n_modes = 0;
	struct wl_resource *head = m->head;
	m->head = NULL;
	if (head) {
		wl_resource_set_user_data(head, NULL);
		if (destroy) {
			zwlr_output_head_v1_send_finished(head);
			wl_resource_destroy(head);
		}
	}
	if (m->om) {
		wl_list_remove(&m->link);
		m->om = NULL;
	}
}

static void
manager_stop(struct wl_client *client, struct wl_resource *resource)
{
	struct manager *m = wl_resource_get_user_data(resource);
	if (!m->om) {
		return;
	}
	manager_finish(m, true);
	zwlr_output_manager_v1_send_finished(resource);
	wl_resource_destroy(resource);
}

static const struct zwlr_output_manager_v1_interface manager_impl = {
	.create_configuration = manager_create_configuration,
	.stop = manager_stop,
};

static void
handle_manager_resource_destroy(struct wl_resource *resource)
{
	struct manager *m = wl_resource_get_user_data(resource);
	manager_finish(m, false);
	free(m);
}

/* The head's and mode's resources go with their manager (or the client). */
static void
handle_head_resource_destroy(struct wl_resource *resource)
{
	struct manager *m = wl_resource_get_user_data(resource);
	if (m) {
		m->head = NULL;
	}
}

static void
handle_mode_resource_destroy(struct wl_resource *resource)
{
	struct mode_obj *mo = wl_resource_get_user_data(resource);
	if (mo) {
		mo->resource = NULL;
	}
}

static bool
create_head(struct wl_client *client, struct manager *m, uint32_t version)
{
	m->head = wl_resource_create(client, &zwlr_output_head_v1_interface, (int)version, 0);
	if (!m->head) {
		return false;
	}
	wl_resource_set_implementation(m->head, NULL, m, handle_head_resource_destroy);
	zwlr_output_manager_v1_send_head(m->resource, m->head);
	struct pw_backend_mode one;
	int n;
	const struct pw_backend_mode *modes = modes_of(m->om->output->backend, &one, &n);
	m->modes = calloc((size_t)n, sizeof(*m->modes));
	if (!m->modes) {
		return false;
	}
	m->n_modes = n;
	for (int i = 0; i < n; i++) {
		struct mode_obj *mo = &m->modes[i];
		*mo = (struct mode_obj){m, NULL, i};
		mo->resource =
			wl_resource_create(client, &zwlr_output_mode_v1_interface, (int)version, 0);
		if (!mo->resource) {
			return false;
		}
		wl_resource_set_implementation(mo->resource, NULL, mo,
			handle_mode_resource_destroy);
		zwlr_output_head_v1_send_mode(m->head, mo->resource);
		zwlr_output_mode_v1_send_size(mo->resource, modes[i].width, modes[i].height);
		if (modes[i].refresh_mhz > 0) {
			zwlr_output_mode_v1_send_refresh(mo->resource, modes[i].refresh_mhz);
		}
		if (modes[i].preferred) {
			zwlr_output_mode_v1_send_preferred(mo->resource);
		}
	}
	send_head_state(m, true);
	return true;
}

static void
bind_manager(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct management *om = data;
	struct manager *m = calloc(1, sizeof(*m));
	if (!m) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_list_init(&m->configs);
	m->resource =
		wl_resource_create(client, &zwlr_output_manager_v1_interface, (int)version, id);
	if (!m->resource) {
		free(m);
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(m->resource, &manager_impl, m,
		handle_manager_resource_destroy);
	m->om = om;
	wl_list_insert(&om->managers, &m->link);
	if (!create_head(client, m, version)) {
		manager_finish(m, false);
		wl_client_post_no_memory(client);
		return;
	}
	zwlr_output_manager_v1_send_done(m->resource, om->serial);
}

static void
handle_server_destroy(struct wl_listener *listener, void *data)
{
	struct management *om = wl_container_of(listener, om, server_destroy);
	struct manager *m, *tmp;
	wl_list_for_each_safe(m, tmp, &om->managers, link) {
		manager_finish(m, false);
	}
	wl_global_destroy(om->global);
	wl_list_remove(&om->output_mode.link);
	wl_list_remove(&om->server_destroy.link);
	free(om);
}

bool
pw_output_management_create(struct pw_server *server)
{
	struct management *om = calloc(1, sizeof(*om));
	if (!om) {
		return false;
	}
	om->server = server;
	om->output = server->output;
	om->serial = 1;
	om->sent_transform = server->output->transform;
	om->sent_mode = current_mode(server->output->backend);
	wl_list_init(&om->managers);
	om->global = wl_global_create(server->display, &zwlr_output_manager_v1_interface,
		MANAGER_VERSION, om, bind_manager);
	if (!om->global) {
		free(om);
		return false;
	}
	if (!pw_server_add_private_global(server, om->global)) {
		wl_global_destroy(om->global);
		free(om);
		return false;
	}
	om->output_mode.notify = handle_output_mode;
	wl_signal_add(&server->output->events.mode, &om->output_mode);
	om->server_destroy.notify = handle_server_destroy;
	wl_signal_add(&server->destroy, &om->server_destroy);
	return true;
}

/*
 * ext-session-lock-v1. One output: a lock surface per lock. `locked` goes out with the first
 * frame painted while locked (blank or with the lock surface), as the protocol asks; a lock whose
 * client dies leaves the session locked (abandoned) and a later lock takes it over, as sway does.
 */
#include "session_lock.h"

#include <stdlib.h>

#include "clock.h"
#include "desktop.h"
#include "ext-session-lock-v1-protocol.h"
#include "idle_inhibit.h"
#include "keyboard.h"
#include "output.h"
#include "pointer.h"
#include "power.h"
#include "render.h"
#include "request.h"
#include "scene.h"
#include "server.h"
#include "surface.h"
#include "surface_pixels.h"
#include "surface_tree.h"
#include "touch.h"
#include "view.h"
#include "xdg_popup.h"
#include "xdg_shell.h"

#define MAX_CONFIGURES 8

struct lock;

struct lock_surface {
	struct wl_resource *resource;
	struct lock *lock; /* NULL: inert (its lock or surface went) */
	struct pw_surface *surface;
	struct wl_listener surface_destroy;
	struct {
		uint32_t serial, width, height;
	} sent[MAX_CONFIGURES]; /* configures not yet acked, oldest first */
	int n_sent;
	bool acked;
	uint32_t width, height; /* of the last configure acked */
	bool mapped;
};

struct lock {
	struct wl_resource *resource;
	struct pw_session_lock *mgr;
	bool locked_sent;
	struct lock_surface *ls; /* the output's, or NULL */
};

struct pw_session_lock {
	struct pw_server *server;
	struct wl_global *global;
	bool locked;
	bool painted; /* a frame was painted while locked: `locked` goes with it */
	struct lock *active; /* the lock of a live locker, NULL when abandoned or unlocked */
	struct wl_listener frame;
	struct wl_listener output_mode;
	struct wl_listener power;
	struct wl_listener server_destroy;
};

static const struct pw_surface_role lock_role;

static struct pw_session_lock *
get(struct pw_server *server)
{
	return server->desktop ? server->desktop->session_lock : NULL;
}

static struct lock_surface *
shown_surface(struct pw_session_lock *mgr)
{
	struct lock_surface *ls = mgr && mgr->active ? mgr->active->ls : NULL;
	return ls && ls->mapped && ls->surface ? ls : NULL;
}

bool
pw_session_lock_active(struct pw_server *server)
{
	struct pw_session_lock *mgr = get(server);
	return mgr && mgr->locked;
}

static void
refocus(struct pw_session_lock *mgr)
{
	struct pw_server *server = mgr->server;
	struct pw_desktop *desktop = server->desktop;
	struct lock_surface *ls = shown_surface(mgr);
	if (server->output) {
		pw_output_damage_whole(server->output);
	}
	pw_idle_inhibit_changed(server); /* locked, only the lock surface is shown */
	if (!server->seat) {
		return;
	}
	struct pw_surface *want = ls ? ls->surface : NULL;
	if (!mgr->locked) {
		want = desktop->exclusive_focus ? desktop->exclusive_focus
			: desktop->focus        ? desktop->focus->surface
						: NULL;
	}
	pw_seat_keyboard_focus(server->seat, want);
	/* what is under the pointer changed */
	pw_seat_pointer_rescan(server->seat, pw_now_msec());
}

struct pw_surface *
pw_session_lock_keyboard_focus(struct pw_server *server, struct pw_surface *surface)
{
	struct pw_session_lock *mgr = get(server);
	if (!mgr || !mgr->locked) {
		return surface;
	}
	struct lock_surface *ls = shown_surface(mgr);
	return ls ? ls->surface : NULL;
}

bool
pw_session_lock_render(struct pw_server *server, pixman_image_t *target,
	const pixman_region32_t *damage)
{
	struct pw_session_lock *mgr = get(server);
	if (!mgr || !mgr->locked) {
		return false;
	}
	mgr->painted = true;
	struct lock_surface *ls = shown_surface(mgr);
	/* An opaque lock surface of the output's size covers every pixel: no fill under it. */
	if (!ls || !server->output || !pw_surface_opaque(ls->surface) ||
		ls->surface->width != server->output->width ||
		ls->surface->height != server->output->height) {
		pw_render_fill(target, damage, PW_SESSION_LOCK_COLOR);
	}
	if (ls && server->output) {
		struct pw_box clip = {0, 0, server->output->width, server->output->height};
		pw_render_surface_tree(ls->surface, 0, 0, clip, target, damage);
	}
	return true;
}

bool
pw_session_lock_take_callbacks(struct pw_server *server, struct wl_list *callbacks,
	struct wl_list *feedbacks)
{
	struct pw_session_lock *mgr = get(server);
	if (!mgr || !mgr->locked) {
		return false;
	}
	struct lock_surface *ls = shown_surface(mgr);
	if (ls) {
		pw_scene_take_tree_callbacks(ls->surface, callbacks, feedbacks);
	}
	return true;
}

struct pw_surface *
pw_session_lock_surface_at(struct pw_server *server, double x, double y, double *sx, double *sy)
{
	struct lock_surface *ls = shown_surface(get(server));
	if (!ls || x < 0 || y < 0 || x >= ls->surface->width || y >= ls->surface->height) {
		return NULL;
	}
	return pw_surface_at(ls->surface, x, y, sx, sy);
}

static void
send_configure(struct lock_surface *ls)
{
	struct pw_output *output = ls->surface->server->output;
	if (!output) {
		return;
	}
	if (ls->n_sent == MAX_CONFIGURES) {
		/* a client that never acks: forget the oldest, it may only ack a newer one */
		for (int i = 1; i < MAX_CONFIGURES; i++) {
			ls->sent[i - 1] = ls->sent[i];
		}
		ls->n_sent--;
	}
	uint32_t serial = wl_display_next_serial(ls->surface->server->display);
	ls->sent[ls->n_sent].serial = serial;
	ls->sent[ls->n_sent].width = (uint32_t)output->width;
	ls->sent[ls->n_sent].height = (uint32_t)output->height;
	ls->n_sent++;
	ext_session_lock_surface_v1_send_configure(ls->resource, serial, (uint32_t)output->width,
		(uint32_t)output->height);
}

static bool
role_precommit(struct pw_surface *surface, const struct pw_surface_state *pending)
{
	struct lock_surface *ls = surface->role_data;
	if (!ls) {
		return true;
	}
	if (!ls->acked) {
		wl_resource_post_error(ls->resource,
			EXT_SESSION_LOCK_SURFACE_V1_ERROR_COMMIT_BEFORE_FIRST_ACK,
			"lock surface committed before its first ack_configure");
		return false;
	}
	bool buffer = (pending->committed & PW_STATE_BUFFER) ? pending->buffer != NULL
							     : pw_surface_has_buffer(surface);
	if (!buffer) {
		wl_resource_post_error(ls->resource, EXT_SESSION_LOCK_SURFACE_V1_ERROR_NULL_BUFFER,
			"lock surface committed without a buffer");
		return false;
	}
	return true;
}

static void
role_commit(struct pw_surface *surface)
{
	struct lock_surface *ls = surface->role_data;
	if (!ls) {
		return;
	}
	if ((uint32_t)surface->width != ls->width || (uint32_t)surface->height != ls->height) {
		ls->mapped = false;
		wl_resource_post_error(ls->resource,
			EXT_SESSION_LOCK_SURFACE_V1_ERROR_DIMENSIONS_MISMATCH,
			"lock surface is %dx%d, configured %ux%u", surface->width, surface->height,
			ls->width, ls->height);
		return;
	}
	struct pw_session_lock *mgr = ls->lock ? ls->lock->mgr : NULL;
	bool was_mapped = ls->mapped;
	ls->mapped = true;
	if (mgr && mgr->active == ls->lock) {
		if (!was_mapped) {
			refocus(mgr);
		} else if (surface->server->output) {
			pw_output_damage_whole(surface->server->output);
		}
	}
}

static bool
role_place(struct pw_surface *surface, int *x, int *y, struct pw_box *clip)
{
	struct lock_surface *ls = surface->role_data;
	struct pw_output *output = surface->server->output;
	if (!ls || !ls->lock || ls != shown_surface(ls->lock->mgr) || !output) {
		return false;
	}
	*x = 0;
	*y = 0;
	*clip = (struct pw_box){0, 0, output->width, output->height};
	return true;
}

static const struct pw_surface_role lock_role = {
	.name = "ext_session_lock_surface_v1",
	.precommit = role_precommit,
	.commit = role_commit,
	.place = role_place,
};

/* The lock surface goes inert: its lock, its surface or itself went. */
static void
surface_finish(struct lock_surface *ls)
{
	struct lock *lock = ls->lock;
	bool shown = lock && shown_surface(lock->mgr) == ls;
	if (lock) {
		lock->ls = NULL;
		ls->lock = NULL;
	}
	if (ls->surface) {
		wl_list_remove(&ls->surface_destroy.link);
		pw_surface_clear_role_data(ls->surface);
		ls->surface = NULL;
	}
	ls->mapped = false;
	if (shown) {
		refocus(lock->mgr);
	}
}

static void
handle_surface_destroy(struct wl_listener *listener, void *data)
{
	struct lock_surface *ls = wl_container_of(listener, ls, surface_destroy);
	surface_finish(ls);
}

static void
handle_lock_surface_resource_destroy(struct wl_resource *resource)
{
	struct lock_surface *ls = wl_resource_get_user_data(resource);
	surface_finish(ls);
	free(ls);
}

static void
lock_surface_ack_configure(struct wl_client *client, struct wl_resource *resource, uint32_t serial)
{
	struct lock_surface *ls = wl_resource_get_user_data(resource);
	if (!ls->surface) {
		return;
	}
	for (int i = 0; i < ls->n_sent; i++) {
		if (ls->sent[i].serial == serial) {
			ls->acked = true;
			ls->width = ls->sent[i].width;
			ls->height = ls->sent[i].height;
			for (int j = i + 1; j < ls->n_sent; j++) {
				ls->sent[j - i - 1] = ls->sent[j];
			}
			ls->n_sent -= i + 1;
			return;
		}
	}
	wl_resource_post_error(resource, EXT_SESSION_LOCK_SURFACE_V1_ERROR_INVALID_SERIAL,
		"serial %u is no configure waiting for its ack", serial);
}

static const struct ext_session_lock_surface_v1_interface lock_surface_impl = {
	.destroy = pw_request_destroy,
	.ack_configure = lock_surface_ack_configure,
};

static void
lock_get_lock_surface(struct wl_client *client, struct wl_resource *resource, uint32_t id,
	struct wl_resource *surface_resource, struct wl_resource *output_resource)
{
	struct lock *lock = wl_resource_get_user_data(resource);
	struct pw_surface *surface = pw_surface_from_resource(surface_resource);
	if (lock && lock->ls) {
		wl_resource_post_error(resource, EXT_SESSION_LOCK_V1_ERROR_DUPLICATE_OUTPUT,
			"this lock has a surface for the output already");
		return;
	}
	if (surface->role && surface->role != &lock_role) {
		wl_resource_post_error(resource, EXT_SESSION_LOCK_V1_ERROR_ROLE,
			"wl_surface@%u has the role %s", wl_resource_get_id(surface_resource),
			surface->role->name);
		return;
	}
	if (pw_surface_has_contents(surface) || surface->pending.buffer) {
		wl_resource_post_error(resource, EXT_SESSION_LOCK_V1_ERROR_ALREADY_CONSTRUCTED,
			"wl_surface@%u has a buffer", wl_resource_get_id(surface_resource));
		return;
	}
	struct lock_surface *ls = calloc(1, sizeof(*ls));
	if (!ls) {
		wl_client_post_no_memory(client);
		return;
	}
	ls->resource = wl_resource_create(client, &ext_session_lock_surface_v1_interface,
		wl_resource_get_version(resource), id);
	if (!ls->resource) {
		free(ls);
		wl_client_post_no_memory(client);
		return;
	}
	wl_list_init(&ls->surface_destroy.link);
	wl_resource_set_implementation(ls->resource, &lock_surface_impl, ls,
		handle_lock_surface_resource_destroy);
	if (!lock) {
		return; /* a finished lock: the surface stays inert */
	}
	if (!pw_surface_set_role(surface, &lock_role, ls, resource,
		    EXT_SESSION_LOCK_V1_ERROR_ROLE)) {
		return;
	}
	ls->lock = lock;
	ls->surface = surface;
	ls->surface_destroy.notify = handle_surface_destroy;
	wl_signal_add(&surface->events.destroy, &ls->surface_destroy);
	lock->ls = ls;
	send_configure(ls);
}

/* The lock's object goes: its surface goes inert; a live lock leaves the session locked. */
static void
lock_finish(struct lock *lock)
{
	if (lock->ls) {
		surface_finish(lock->ls);
	}
	struct pw_session_lock *mgr = lock->mgr;
	if (mgr->active == lock) {
		mgr->active = NULL;
		refocus(mgr);
	}
}

static void
handle_lock_resource_destroy(struct wl_resource *resource)
{
	struct lock *lock = wl_resource_get_user_data(resource);
	if (lock) {
		lock_finish(lock);
		free(lock);
	}
}

static void
lock_destroy(struct wl_client *client, struct wl_resource *resource)
{
	struct lock *lock = wl_resource_get_user_data(resource);
	if (lock && lock->locked_sent) {
		wl_resource_post_error(resource, EXT_SESSION_LOCK_V1_ERROR_INVALID_DESTROY,
			"the session is locked: unlock_and_destroy, not destroy");
		return;
	}
	wl_resource_destroy(resource);
}

static void
lock_unlock_and_destroy(struct wl_client *client, struct wl_resource *resource)
{
	struct lock *lock = wl_resource_get_user_data(resource);
	if (!lock || !lock->locked_sent) {
		wl_resource_post_error(resource, EXT_SESSION_LOCK_V1_ERROR_INVALID_UNLOCK,
			"unlock_and_destroy before the locked event");
		return;
	}
	struct pw_session_lock *mgr = lock->mgr;
	if (mgr->active == lock) {
		mgr->locked = false;
		mgr->painted = false;
	}
	wl_resource_destroy(resource);
}

static const struct ext_session_lock_v1_interface lock_impl = {
	.destroy = lock_destroy,
	.get_lock_surface = lock_get_lock_surface,
	.unlock_and_destroy = lock_unlock_and_destroy,
};

static void
send_locked(struct pw_session_lock *mgr)
{
	if (mgr->active && !mgr->active->locked_sent) {
		mgr->active->locked_sent = true;
		ext_session_lock_v1_send_locked(mgr->active->resource);
	}
}

/*
 * The frame is composited and goes to the display now. Not its present: the headless backend
 * and a sleeping output report that only when the next frame is wanted.
 */
static void
handle_frame(struct wl_listener *listener, void *data)
{
	struct pw_session_lock *mgr = wl_container_of(listener, mgr, frame);
	if (mgr->locked && mgr->painted) {
		send_locked(mgr);
	}
}

static void
handle_output_mode(struct wl_listener *listener, void *data)
{
	struct pw_session_lock *mgr = wl_container_of(listener, mgr, output_mode);
	struct lock_surface *ls = mgr->active ? mgr->active->ls : NULL;
	if (ls && ls->surface) {
		send_configure(ls);
	}
}

/* A display going off before the first locked frame hides the session as well as that frame. */
static void
handle_power(struct wl_listener *listener, void *data)
{
	struct pw_session_lock *mgr = wl_container_of(listener, mgr, power);
	if (mgr->locked && !mgr->painted && pw_power_is_off(data)) {
		mgr->painted = true;
		send_locked(mgr);
	}
}

static void
manager_lock(struct wl_client *client, struct wl_resource *resource, uint32_t id)
{
	struct pw_session_lock *mgr = wl_resource_get_user_data(resource);
	struct wl_resource *lock_resource = wl_resource_create(client,
		&ext_session_lock_v1_interface, wl_resource_get_version(resource), id);
	if (!lock_resource) {
		wl_client_post_no_memory(client);
		return;
	}
	struct lock *lock = mgr->active ? NULL : calloc(1, sizeof(*lock));
	wl_resource_set_implementation(lock_resource, &lock_impl, lock,
		handle_lock_resource_destroy);
	if (!lock) {
		/* another locker holds the session (or no memory): this one is denied */
		ext_session_lock_v1_send_finished(lock_resource);
		return;
	}
	lock->resource = lock_resource;
	lock->mgr = mgr;
	mgr->active = lock;
	if (mgr->locked && mgr->painted) {
		send_locked(mgr); /* abandoned: nothing but the colour is on screen already */
		return;
	}
	mgr->locked = true;
	pw_xdg_popup_dismiss_grabs(mgr->server);
	if (mgr->server->seat) {
		/* a finger down on a client must not go on moving on it under the lock */
		pw_seat_notify_touch_cancel(mgr->server->seat);
	}
	refocus(mgr);
	if (mgr->server->output && mgr->server->output->blank) {
		/* a dark screen shows nothing, and its first frame on will be a locked one */
		mgr->painted = true;
		send_locked(mgr);
	}
}

static const struct ext_session_lock_manager_v1_interface manager_impl = {
	.destroy = pw_request_destroy,
	.lock = manager_lock,
};

static void
bind_manager(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *resource = wl_resource_create(client,
		&ext_session_lock_manager_v1_interface, (int)version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &manager_impl, data, NULL);
}

/* The clients, and so every lock, went before: wl_display_destroy_clients comes first. */
static void
handle_server_destroy(struct wl_listener *listener, void *data)
{
	struct pw_session_lock *mgr = wl_container_of(listener, mgr, server_destroy);
	wl_list_remove(&mgr->server_destroy.link);
	wl_list_remove(&mgr->frame.link);
	wl_list_remove(&mgr->output_mode.link);
	wl_list_remove(&mgr->power.link);
	free(mgr);
}

bool
pw_session_lock_create(struct pw_server *server)
{
	struct pw_session_lock *mgr = calloc(1, sizeof(*mgr));
	if (!mgr) {
		return false;
	}
	mgr->server = server;
	mgr->global = wl_global_create(server->display, &ext_session_lock_manager_v1_interface, 1,
		mgr, bind_manager);
	if (!mgr->global) {
		free(mgr);
		return false;
	}
	server->desktop->session_lock = mgr;
	wl_list_init(&mgr->frame.link);
	wl_list_init(&mgr->output_mode.link);
	wl_list_init(&mgr->power.link);
	if (server->power) {
		mgr->power.notify = handle_power;
		pw_power_add_listener(server->power, &mgr->power);
	}
	if (server->output) {
		mgr->frame.notify = handle_frame;
		wl_signal_add(&server->output->events.frame, &mgr->frame);
		mgr->output_mode.notify = handle_output_mode;
		wl_signal_add(&server->output->events.mode, &mgr->output_mode);
	}
	mgr->server_destroy.notify = handle_server_destroy;
	wl_signal_add(&server->destroy, &mgr->server_destroy);
	return true;
}

/* zwp_virtual_keyboard_manager_v1 and zwp_virtual_keyboard_v1: the requests, the keymap read. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <wayland-server-protocol.h>
#include <xkbcommon/xkbcommon.h>

#include "keyboard_queue.h"
#include "keymap.h"
#include "keymap_text.h"
#include "request.h"
#include "seat.h"
#include "seat_internal.h"
#include "server.h"
#include "virtual-keyboard-unstable-v1-protocol.h"
#include "virtual_keyboard.h"

#define MANAGER_VERSION 1
/* Bound what one request makes picowl compile (4.65): three times xkbcommon's keymap of four
 * layouts, and the system files wtype's two includes name, with room to spare. */
#define KEYMAP_MAX (256 * 1024)
#define KEYMAP_INCLUDES_MAX 8

static void
keymap_error(struct wl_resource *resource, const char *what)
{
	wl_resource_post_error(resource, ZWP_VIRTUAL_KEYBOARD_V1_ERROR_NO_KEYMAP,
		"zwp_virtual_keyboard_v1.keymap: %s", what);
}

/*
 * The keymap text, read rather than mapped: a file the client shrinks under picowl would make
 * a mapping's read SIGBUS. NULL after a protocol error.
 */
static char *
read_keymap(struct wl_resource *resource, int fd, uint32_t size)
{
	struct stat st;
	char msg[96];

	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		keymap_error(resource, "the fd is not a file that can be mapped");
		return NULL;
	}
	if (size == 0 || size > KEYMAP_MAX) {
		snprintf(msg, sizeof(msg), "size %u is not between 1 and %d bytes", size,
			KEYMAP_MAX);
		keymap_error(resource, msg);
		return NULL;
	}
	if (st.st_size < (off_t)size) {
		snprintf(msg, sizeof(msg), "the fd holds %lld bytes, fewer than the size %u",
			(long long)st.st_size, size);
		keymap_error(resource, msg);
		return NULL;
	}
	char *text = malloc(size);
	if (!text) {
		wl_resource_post_no_memory(resource);
		return NULL;
	}
	size_t done = 0;
	while (done < size) {
		ssize_t n = pread(fd, text + done, size - done, (off_t)done);
		if (n < 0 && errno == EINTR) {
			continue;
		}
		if (n <= 0) {
			snprintf(msg, sizeof(msg), "the fd cannot be read (%s)",
				n < 0 ? strerror(errno) : "shorter than its size");
			keymap_error(resource, msg);
			free(text);
			return NULL;
		}
		done += (size_t)n;
	}
	return text;
}

static void
virtual_keyboard_keymap(struct wl_client *client, struct wl_resource *resource, uint32_t format,
	int32_t fd, uint32_t size)
{
	struct pw_virtual_keyboard *vk = wl_resource_get_user_data(resource);
	char *text = NULL;

	if (format != WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1) {
		char msg[64];
		snprintf(msg, sizeof(msg), "format %u is not xkb_v1", format);
		keymap_error(resource, msg);
		goto out;
	}
	text = read_keymap(resource, fd, size);
	if (!text || !vk->vks) {
		goto out;
	}
	/* clients count the NUL that ends the text; any byte after a NUL is not the keymap's */
	size_t len = strnlen(text, size);
	int includes = pw_keymap_text_includes(text, len);
	if (includes < 0 || includes > KEYMAP_INCLUDES_MAX) {
		char msg[96] = "an include names a path ('/'), not an xkb file";
		if (includes > 0) {
			snprintf(msg, sizeof(msg), "%d included files, more than %d", includes,
				KEYMAP_INCLUDES_MAX);
		}
		keymap_error(resource, msg);
		goto out;
	}
	struct xkb_keymap *keymap = xkb_keymap_new_from_buffer(vk->vks->context, text, len,
		XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS);
	if (!keymap) {
		keymap_error(resource, "the text is not an xkb keymap that compiles");
		goto out;
	}
	/* The focus gets picowl's sealed copy, never a file the typing client can still change. */
	char *canonical = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1);
	xkb_keymap_unref(keymap);
	int copy = -1;
	uint32_t copy_size = 0;
	if (canonical) {
		copy_size = (uint32_t)strlen(canonical) + 1;
		copy = pw_keymap_fd(canonical, copy_size);
		free(canonical);
	}
	if (copy < 0) {
		wl_resource_post_no_memory(resource);
		goto out;
	}
	vk->has_keymap = true;
	pw_keyboard_queue_keymap(vk, copy, copy_size);
out:
	free(text);
	close(fd);
}

/* The keymap every key and modifiers request needs; false after the no_keymap error. */
static bool
has_keymap(struct wl_resource *resource, const char *request)
{
	struct pw_virtual_keyboard *vk = wl_resource_get_user_data(resource);

	/* an inert keyboard (its seat gone) never compiles a keymap: not the client's fault */
	if (vk && vk->vks && !vk->has_keymap) {
		wl_resource_post_error(resource, ZWP_VIRTUAL_KEYBOARD_V1_ERROR_NO_KEYMAP,
			"zwp_virtual_keyboard_v1.%s before any keymap", request);
		return false;
	}
	return vk && vk->vks;
}

static void
virtual_keyboard_key(struct wl_client *client, struct wl_resource *resource, uint32_t time,
	uint32_t key, uint32_t state)
{
	struct pw_virtual_keyboard *vk = wl_resource_get_user_data(resource);

	if (!has_keymap(resource, "key")) {
		return;
	}
	if (state != WL_KEYBOARD_KEY_STATE_RELEASED && state != WL_KEYBOARD_KEY_STATE_PRESSED) {
		/* the interface has no code for it: a malformed request, as libwayland says */
		wl_resource_post_error(wl_client_get_object(client, 1),
			WL_DISPLAY_ERROR_INVALID_METHOD,
			"zwp_virtual_keyboard_v1.key: state %u is neither released nor pressed",
			state);
		return;
	}
	vk->time_msec = time;
	pw_keyboard_queue_key(vk, time, key, state);
}

static void
virtual_keyboard_modifiers(struct wl_client *client, struct wl_resource *resource,
	uint32_t depressed, uint32_t latched, uint32_t locked, uint32_t group)
{
	struct pw_virtual_keyboard *vk = wl_resource_get_user_data(resource);

	if (has_keymap(resource, "modifiers")) {
		pw_keyboard_queue_modifiers(vk, depressed, latched, locked, group);
	}
}

static const struct zwp_virtual_keyboard_v1_interface virtual_keyboard_impl = {
	.keymap = virtual_keyboard_keymap,
	.key = virtual_keyboard_key,
	.modifiers = virtual_keyboard_modifiers,
	.destroy = pw_request_destroy,
};

void
pw_virtual_keyboard_free(struct pw_virtual_keyboard *vk)
{
	const struct pw_vk_event *e =
		(const struct pw_vk_event *)((char *)vk->queue.data + vk->queue_head);
	const struct pw_vk_event *end =
		(const struct pw_vk_event *)((char *)vk->queue.data + vk->queue.size);

	for (; e < end; e++) {
		if (e->kind == PW_VK_EVENT_KEYMAP) {
			close((int)e->a);
		}
	}
	if (vk->keymap_fd >= 0) {
		close(vk->keymap_fd);
	}
	wl_array_release(&vk->queue);
	wl_array_release(&vk->pressed);
	free(vk);
}

static void
handle_keyboard_resource_destroy(struct wl_resource *resource)
{
	struct pw_virtual_keyboard *vk = wl_resource_get_user_data(resource);

	if (vk->vks) {
		pw_keyboard_queue_close(vk); /* what it typed is still delivered */
	} else {
		pw_virtual_keyboard_free(vk);
	}
}

static void
virtual_keyboard_manager_create_virtual_keyboard(struct wl_client *client,
	struct wl_resource *resource, struct wl_resource *seat_resource, uint32_t id)
{
	struct pw_virtual_keyboards *vks = wl_resource_get_user_data(resource);
	struct pw_virtual_keyboard *vk = calloc(1, sizeof(*vk));
	struct wl_resource *keyboard = wl_resource_create(client,
		&zwp_virtual_keyboard_v1_interface, wl_resource_get_version(resource), id);

	/* each holds a keymap's memfd and may hold events: a bound on picowl's descriptors */
	if (!vk || !keyboard || (vks && vks->count >= PW_VIRTUAL_KEYBOARDS_MAX)) {
		free(vk);
		if (keyboard) {
			wl_resource_destroy(keyboard);
		}
		wl_client_post_no_memory(client);
		return;
	}
	vk->resource = keyboard;
	vk->keymap_fd = -1;
	wl_array_init(&vk->pressed);
	wl_array_init(&vk->queue);
	wl_list_init(&vk->link);
	/* the one seat there is; a virtual keyboard on a seat that went stays inert */
	if (vks && pw_seat_from_resource(seat_resource) == vks->seat) {
		vk->vks = vks;
		vks->count++;
		wl_list_insert(vks->keyboards.prev, &vk->link);
	}
	wl_resource_set_implementation(keyboard, &virtual_keyboard_impl, vk,
		handle_keyboard_resource_destroy);
}

static const struct zwp_virtual_keyboard_manager_v1_interface virtual_keyboard_manager_impl = {
	.create_virtual_keyboard = virtual_keyboard_manager_create_virtual_keyboard,
};

static void
handle_manager_resource_destroy(struct wl_resource *resource)
{
	wl_list_remove(wl_resource_get_link(resource));
}

static void
bind_manager(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct pw_virtual_keyboards *vks = data;
	struct wl_resource *resource = wl_resource_create(client,
		&zwp_virtual_keyboard_manager_v1_interface, (int)version, id);

	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &virtual_keyboard_manager_impl, vks,
		handle_manager_resource_destroy);
	wl_list_insert(&vks->managers, wl_resource_get_link(resource));
}

struct pw_virtual_keyboards *
pw_virtual_keyboards_create(struct pw_seat *seat)
{
	struct pw_virtual_keyboards *vks = calloc(1, sizeof(*vks));

	if (!vks) {
		return NULL;
	}
	vks->seat = seat;
	vks->watched_fd = -1;
	wl_list_init(&vks->managers);
	wl_list_init(&vks->keyboards);
	/* wtype's keymaps include "complete" from the xkb data */
	vks->context = xkb_context_new(XKB_CONTEXT_NO_ENVIRONMENT_NAMES);
	if (!vks->context) {
		/* no xkb data: whole keymaps (wvkbd's, squeekboard's) still compile */
		vks->context = xkb_context_new(
			XKB_CONTEXT_NO_ENVIRONMENT_NAMES | XKB_CONTEXT_NO_DEFAULT_INCLUDES);
	}
	if (!vks->context) {
		goto err_vks;
	}
	/* a client's broken keymap is told to it in the protocol error, not on picowl's stderr */
	xkb_context_set_log_level(vks->context, XKB_LOG_LEVEL_CRITICAL);
	vks->global = wl_global_create(seat->display, &zwp_virtual_keyboard_manager_v1_interface,
		MANAGER_VERSION, vks, bind_manager);
	if (!vks->global) {
		goto err_context;
	}
	if (!pw_server_add_private_global(seat->server, vks->global)) {
		goto err_global;
	}
	return vks;

err_global:
	wl_global_destroy(vks->global);
err_context:
	xkb_context_unref(vks->context);
err_vks:
	free(vks);
	return NULL;
}

void
pw_virtual_keyboards_destroy(struct pw_virtual_keyboards *vks)
{
	struct pw_virtual_keyboard *vk, *tmp;

	if (!vks) {
		return;
	}
	wl_global_destroy(vks->global);
	pw_seat_resources_make_inert(&vks->managers);
	pw_keyboard_queue_finish(vks);
	wl_list_for_each_safe(vk, tmp, &vks->keyboards, link) {
		vk->vks = NULL;
		wl_list_remove(&vk->link);
		wl_list_init(&vk->link);
	}
	xkb_context_unref(vks->context);
	free(vks);
}

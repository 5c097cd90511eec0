/*
 * A virtual keyboard's events held back while the focused client's socket has no room.
 * libwayland-server writes events into the socket as they are sent and disconnects a client
 * whose socket is full; a virtual keyboard sends keys far faster than a client reads them
 * (decision 4.32). So before a batch of events picowl asks poll() whether the socket has room
 * (POLLOUT: the kernel's queue is at most a quarter full), and when it has none it keeps the
 * events and watches a dup of the socket.
 * The typing client is never stopped (libwayland reads each client as it wants): the queue
 * has a bound, and a keyboard that overruns it gets wl_display.no_memory.
 */
#define _GNU_SOURCE /* F_DUPFD_CLOEXEC */
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <wayland-server-protocol.h>

#include "client_room.h"
#include "keyboard_queue.h"
#include "keyboard_switch.h"
#include "seat_internal.h"
#include "surface.h"
#include "virtual_keyboard.h"

/* Events sent after one poll() said there is room: a small part of what is left (decision 4.32). */
#define ROOM_BATCH 256

static void drain(struct pw_virtual_keyboards *vks);

static void
unwatch(struct pw_virtual_keyboards *vks)
{
	if (!vks->watched) {
		return;
	}
	wl_list_remove(&vks->watched_destroy.link);
	wl_event_source_remove(vks->watch);
	close(vks->watched_fd);
	vks->watched = NULL;
	vks->watch = NULL;
	vks->watched_fd = -1;
}

static void
handle_idle_drain(void *data)
{
	struct pw_virtual_keyboards *vks = data;

	vks->idle = NULL;
	drain(vks);
}

static void
drain_later(struct pw_virtual_keyboards *vks)
{
	if (!vks->idle) {
		vks->idle = wl_event_loop_add_idle(wl_display_get_event_loop(vks->seat->display),
			handle_idle_drain, vks);
	}
}

static int
handle_watched_writable(int fd, uint32_t mask, void *data)
{
	struct pw_virtual_keyboards *vks = data;

	unwatch(vks);
	drain(vks);
	return 0;
}

/* The watched client goes (the dup must not keep its socket open): the focus moves on. */
static void
handle_watched_destroy(struct wl_listener *listener, void *data)
{
	struct pw_virtual_keyboards *vks = wl_container_of(listener, vks, watched_destroy);

	unwatch(vks);
	drain_later(vks);
}

static void
watch(struct pw_virtual_keyboards *vks, struct wl_client *client)
{
	if (vks->watched == client) {
		return;
	}
	unwatch(vks);
	int fd = fcntl(wl_client_get_fd(client), F_DUPFD_CLOEXEC, 0);
	if (fd < 0) {
		drain_later(vks); /* out of descriptors: try again once this dispatch is over */
		return;
	}
	vks->watch = wl_event_loop_add_fd(wl_display_get_event_loop(vks->seat->display), fd,
		WL_EVENT_WRITABLE, handle_watched_writable, vks);
	if (!vks->watch) {
		close(fd);
		drain_later(vks);
		return;
	}
	vks->watched = client;
	vks->watched_fd = fd;
	vks->watched_destroy.notify = handle_watched_destroy;
	wl_client_add_destroy_listener(client, &vks->watched_destroy);
}

/* Whether one more event may go to the focus now; if not, its socket is watched. */
static bool
room(struct pw_virtual_keyboards *vks)
{
	struct pw_surface *focus = vks->seat->keyboard.focus;

	if (!focus) {
		return true; /* delivered to nobody: only what the keyboard holds changes */
	}
	struct wl_client *client = wl_resource_get_client(focus->resource);
	if (vks->room_client == client && vks->room > 0) {
		vks->room--;
		return true;
	}
	vks->room_client = NULL;
	if (pw_client_has_room(client)) {
		vks->room_client = client;
		vks->room = ROOM_BATCH - 1;
		return true;
	}
	watch(vks, client);
	return false;
}

static void
deliver_keymap(struct pw_virtual_keyboard *vk, int fd, uint32_t size)
{
	if (vk->keymap_fd >= 0) {
		close(vk->keymap_fd);
	}
	vk->keymap_fd = fd;
	vk->keymap_size = size;
	vk->keymap_id = ++vk->vks->next_keymap_id;
	if (vk->keymap_id == 0) {
		vk->keymap_id = ++vk->vks->next_keymap_id;
	}
}

static void
deliver(struct pw_virtual_keyboard *vk, const struct pw_vk_event *e)
{
	switch (e->kind) {
	case PW_VK_EVENT_KEY:
		pw_keyboard_switch_deliver_key(vk, e->a, e->b, e->c);
		break;
	case PW_VK_EVENT_MODIFIERS:
		pw_keyboard_switch_deliver_modifiers(vk, e->a, e->b, e->c, e->d);
		break;
	default:
		deliver_keymap(vk, (int)e->a, e->b);
	}
}

static bool
queue_empty(const struct pw_virtual_keyboard *vk)
{
	return vk->queue_head == vk->queue.size;
}

/* Delivers what `vk` holds back while there is room; true when nothing is left. */
static bool
drain_keyboard(struct pw_virtual_keyboard *vk)
{
	struct pw_virtual_keyboards *vks = vk->vks;

	while (!queue_empty(vk)) {
		const struct pw_vk_event *e =
			(const struct pw_vk_event *)((char *)vk->queue.data + vk->queue_head);
		if (e->kind != PW_VK_EVENT_KEYMAP && !room(vks)) {
			return false;
		}
		vk->queue_head += sizeof(*e);
		vks->queued--;
		deliver(vk, e);
	}
	vk->queue.size = 0;
	vk->queue_head = 0;
	return true;
}

static void
finish_closed(struct pw_virtual_keyboard *vk)
{
	pw_keyboard_switch_virtual_gone(vk);
	wl_list_remove(&vk->link);
	vk->vks->count--;
	pw_virtual_keyboard_free(vk);
}

static void
drain(struct pw_virtual_keyboards *vks)
{
	struct pw_virtual_keyboard *vk, *tmp;

	wl_list_for_each_safe(vk, tmp, &vks->keyboards, link) {
		if (drain_keyboard(vk) && !vk->resource) {
			finish_closed(vk);
		}
	}
}

/* Appends `e` to what `vk` holds back; false after wl_display.no_memory. */
static bool
hold(struct pw_virtual_keyboard *vk, const struct pw_vk_event *e)
{
	struct pw_virtual_keyboards *vks = vk->vks;

	if (vks->queued >= PW_VIRTUAL_KEYBOARD_QUEUE_MAX) {
		wl_resource_post_no_memory(vk->resource);
		return false;
	}
	/* what was delivered goes from the front once it is most of the array */
	if (vk->queue_head > 4096 * sizeof(*e) && vk->queue_head * 2 > vk->queue.size) {
		memmove(vk->queue.data, (char *)vk->queue.data + vk->queue_head,
			vk->queue.size - vk->queue_head);
		vk->queue.size -= vk->queue_head;
		vk->queue_head = 0;
	}
	struct pw_vk_event *slot = wl_array_add(&vk->queue, sizeof(*slot));
	if (!slot) {
		wl_resource_post_no_memory(vk->resource);
		return false;
	}
	*slot = *e;
	vks->queued++;
	return true;
}

static void
request(struct pw_virtual_keyboard *vk, const struct pw_vk_event *e)
{
	if (queue_empty(vk) && (e->kind == PW_VK_EVENT_KEYMAP || room(vk->vks))) {
		deliver(vk, e);
		return;
	}
	if (hold(vk, e)) {
		drain(vk->vks);
	} else if (e->kind == PW_VK_EVENT_KEYMAP) {
		close((int)e->a);
	}
}

void
pw_keyboard_queue_key(struct pw_virtual_keyboard *vk, uint32_t time_msec, uint32_t key,
	uint32_t state)
{
	request(vk, &(struct pw_vk_event){PW_VK_EVENT_KEY, time_msec, key, state, 0});
}

void
pw_keyboard_queue_modifiers(struct pw_virtual_keyboard *vk, uint32_t depressed, uint32_t latched,
	uint32_t locked, uint32_t group)
{
	request(vk,
		&(struct pw_vk_event){PW_VK_EVENT_MODIFIERS, depressed, latched, locked, group});
}

void
pw_keyboard_queue_keymap(struct pw_virtual_keyboard *vk, int fd, uint32_t size)
{
	request(vk, &(struct pw_vk_event){PW_VK_EVENT_KEYMAP, (uint32_t)fd, size, 0, 0});
}

void
pw_keyboard_queue_close(struct pw_virtual_keyboard *vk)
{
	vk->resource = NULL;
	if (drain_keyboard(vk)) {
		finish_closed(vk);
	}
}

void
pw_keyboard_queue_finish(struct pw_virtual_keyboards *vks)
{
	struct pw_virtual_keyboard *vk, *tmp;

	unwatch(vks);
	if (vks->idle) {
		wl_event_source_remove(vks->idle);
		vks->idle = NULL;
	}
	wl_list_for_each_safe(vk, tmp, &vks->keyboards, link) {
		if (!vk->resource) {
			wl_list_remove(&vk->link);
			pw_virtual_keyboard_free(vk);
		}
	}
}

/*
 * zwp_virtual_keyboard_manager_v1 (virtual-keyboard-unstable-v1), offered only to clients of
 * picowl's own uid: on-screen keyboards (wvkbd, squeekboard) and wtype type into the keyboard
 * focus through it. Internal to compositor/input.
 *
 * A virtual keyboard's keys and modifiers go to the focused client's wl_keyboards as if typed,
 * never through picowl's bindings (they are a client's typing, not the user's). Each keyboard
 * source has its keymap: the seat's own (real keys, picowl-ctl inject) and each virtual
 * keyboard's. Before an event from a source reaches a wl_keyboard whose last keymap was
 * another's, that wl_keyboard is sent the source's keymap and modifiers (keyboard_switch.c).
 * The enter on a focus change carries the keys and modifiers of the source that typed last.
 *
 * The virtual keyboard's events wait in a bounded queue of the seat while the focused client's
 * socket holds more than it reads (a burst of keys would otherwise fill it, and libwayland
 * disconnects a client it cannot write to); a virtual keyboard that overruns the queue gets
 * wl_display.no_memory (keyboard_queue.h).
 */
#ifndef PW_VIRTUAL_KEYBOARD_H
#define PW_VIRTUAL_KEYBOARD_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-server-core.h>

struct pw_seat;

/*
 * A virtual keyboard: its keymap as clients get it (a sealed copy) and what it holds. It lives
 * until its resource is destroyed and its held-back events are delivered.
 */
struct pw_virtual_keyboard {
	struct wl_resource *resource; /* NULL: destroyed, the queue still being delivered */
	struct pw_virtual_keyboards *vks; /* NULL: inert (the seat went) */
	struct wl_list link; /* pw_virtual_keyboards.keyboards */
	bool has_keymap; /* a keymap request succeeded (it may still wait in the queue) */
	int keymap_fd; /* the keymap its delivered events go with; -1: none yet */
	uint32_t keymap_size;
	uint32_t keymap_id; /* which keymap a wl_keyboard last got; never 0 (the seat's) */
	struct wl_array pressed; /* uint32_t evdev codes whose press the focus was sent */
	uint32_t depressed, latched, locked, group; /* as last sent */
	uint32_t time_msec; /* of its last key: its clock for the releases when it goes */
	struct wl_array queue; /* struct pw_vk_event (keyboard_queue.h), held back */
	size_t queue_head; /* bytes of `queue` already delivered */
};

struct pw_virtual_keyboards {
	struct pw_seat *seat;
	struct wl_global *global;
	struct wl_list managers; /* manager resources, made inert at destroy */
	struct wl_list keyboards; /* pw_virtual_keyboard.link */
	struct pw_virtual_keyboard *active; /* typed last; NULL: the seat's own keyboard */
	struct xkb_context *context; /* for the clients' keymaps: its log is not picowl's stderr */
	uint32_t next_keymap_id;
	int count; /* virtual keyboards, destroyed ones still delivering too */
	/* keyboard_queue.h: the events held back, and the focused client's room for more */
	size_t queued;
	struct wl_client *room_client; /* whose socket had room for `room` more events */
	int room;
	struct wl_client *watched; /* whose socket's room is awaited, on a dup of it */
	struct wl_listener watched_destroy;
	int watched_fd;
	struct wl_event_source *watch, *idle;
};

/* Virtual keyboards per seat at most, destroyed ones still delivering included. */
#define PW_VIRTUAL_KEYBOARDS_MAX 32

/* The global (private) and its resources; NULL on failure. */
struct pw_virtual_keyboards *pw_virtual_keyboards_create(struct pw_seat *seat);
/* Makes every resource inert, drops what is held back. Accepts NULL. */
void pw_virtual_keyboards_destroy(struct pw_virtual_keyboards *vks);
/* Frees `vk` (unlinked, its resource gone or inert). */
void pw_virtual_keyboard_free(struct pw_virtual_keyboard *vk);

#endif

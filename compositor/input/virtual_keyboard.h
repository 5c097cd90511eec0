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
 * wl_display.no_memory.
 */
#ifndef PW_VIRTUAL_KEYBOARD_H
#define PW_VIRTUAL_KEYBOARD_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-server-core.h>

struct pw_seat;

/* One request held back (keyboard_queue.c). */
struct pw_vk_event {
	uint32_t kind; /* PW_VK_EVENT_* */
	uint32_t a, b, c, d; /* key: time, key, state; modifiers: the four; keymap: fd, size */
};

enum {
	PW_VK_EVENT_KEY,
	PW_VK_EVENT_MODIFIERS,
	PW_VK_EVENT_KEYMAP,
};

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
	struct wl_array queue; /* struct pw_vk_event, held back */
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
	/* keyboard_queue.c: the events held back, and the focused client's room for more */
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
/* Events held back per seat at most: a burst of 10,000 keys is 20,000. */
#define PW_VIRTUAL_KEYBOARD_QUEUE_MAX 32768

/* virtual_keyboard.c: the global (private) and its resources; NULL on failure. */
struct pw_virtual_keyboards *pw_virtual_keyboards_create(struct pw_seat *seat);
/* Makes every resource inert, drops what is held back. Accepts NULL. */
void pw_virtual_keyboards_destroy(struct pw_virtual_keyboards *vks);
/* Frees `vk` (unlinked, its resource gone or inert). */
void pw_virtual_keyboard_free(struct pw_virtual_keyboard *vk);

/*
 * keyboard_queue.c. A request of `vk`, delivered now or held back behind its earlier ones
 * while the focused client's socket has no room; wl_display.no_memory to `vk` when the seat's
 * queue is full. The keymap request gives `fd` (picowl's sealed copy) to the queue.
 */
void pw_virtual_keyboard_key(struct pw_virtual_keyboard *vk, uint32_t time_msec, uint32_t key,
	uint32_t state);
void pw_virtual_keyboard_modifiers(struct pw_virtual_keyboard *vk, uint32_t depressed,
	uint32_t latched, uint32_t locked, uint32_t group);
void pw_virtual_keyboard_keymap(struct pw_virtual_keyboard *vk, int fd, uint32_t size);
/* The resource went: what it sent is still delivered, then its keys released and it freed. */
void pw_virtual_keyboard_close(struct pw_virtual_keyboard *vk);
/* At the seat's end: the watch goes, destroyed keyboards are freed. */
void pw_virtual_keyboards_queue_finish(struct pw_virtual_keyboards *vks);

/*
 * keyboard_switch.c. What keyboard.c calls, each with the seat's virtual keyboards possibly
 * NULL. Before the seat's own keyboard sends an event to `keyboard` (a wl_keyboard resource):
 * the seat's keymap and modifiers go to it again if a virtual keyboard's were its last, and the
 * seat's keyboard becomes the one typing.
 */
void pw_keyboard_switch_to_seat(struct pw_seat *seat, struct wl_resource *keyboard);
/*
 * The enter to `keyboard`: when a virtual keyboard typed last, sends its keymap if needed, the
 * enter with its held keys and its modifiers, and returns true; otherwise switches `keyboard`
 * back to the seat's keymap and returns false (keyboard.c sends its own enter).
 */
bool pw_keyboard_switch_enter(struct pw_seat *seat, struct wl_resource *keyboard, uint32_t serial);
/* The seat sent `keyboard` its own keymap: that is the one it has now. */
void pw_keyboard_switch_seat_keymap_sent(struct pw_seat *seat, struct wl_resource *keyboard);

/*
 * Sends a key (state released or pressed) or the modifiers of `vk` to the focused client, its
 * keymap first where needed. A press of a held key, a release of a key not held, and presses
 * past PW_VIRTUAL_KEYBOARD_HELD keys held are dropped.
 */
#define PW_VIRTUAL_KEYBOARD_HELD 32
void pw_virtual_keyboard_deliver_key(struct pw_virtual_keyboard *vk, uint32_t time_msec,
	uint32_t key, uint32_t state);
void pw_virtual_keyboard_deliver_modifiers(struct pw_virtual_keyboard *vk, uint32_t depressed,
	uint32_t latched, uint32_t locked, uint32_t group);
/* `vk` goes: its held keys are released, wl_keyboards with its keymap get the seat's back. */
void pw_virtual_keyboard_switch_finish(struct pw_virtual_keyboard *vk);

#endif

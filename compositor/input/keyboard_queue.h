/*
 * The virtual keyboards' events held back (keyboard_queue.c) while the focused client's socket
 * has no room, in a bounded queue of the seat (virtual_keyboard.h says why). Internal to
 * compositor/input.
 */
#ifndef PW_KEYBOARD_QUEUE_H
#define PW_KEYBOARD_QUEUE_H

#include <stdint.h>

struct pw_virtual_keyboard;
struct pw_virtual_keyboards;

/* One request held back. */
struct pw_vk_event {
	uint32_t kind; /* PW_VK_EVENT_* */
	uint32_t a, b, c, d; /* key: time, key, state; modifiers: the four; keymap: fd, size */
};

enum {
	PW_VK_EVENT_KEY,
	PW_VK_EVENT_MODIFIERS,
	PW_VK_EVENT_KEYMAP,
};

/* Events held back per seat at most (decision 4.32). */
#define PW_VIRTUAL_KEYBOARD_QUEUE_MAX 32768

/*
 * A request of `vk`, delivered now or held back behind its earlier ones while the focused
 * client's socket has no room; wl_display.no_memory to `vk` when the seat's queue is full. The
 * keymap request gives `fd` (picowl's sealed copy) to the queue.
 */
void pw_keyboard_queue_key(struct pw_virtual_keyboard *vk, uint32_t time_msec, uint32_t key,
	uint32_t state);
void pw_keyboard_queue_modifiers(struct pw_virtual_keyboard *vk, uint32_t depressed,
	uint32_t latched, uint32_t locked, uint32_t group);
void pw_keyboard_queue_keymap(struct pw_virtual_keyboard *vk, int fd, uint32_t size);
/* The resource went: what it sent is still delivered, then its keys released and it freed. */
void pw_keyboard_queue_close(struct pw_virtual_keyboard *vk);
/* At the seat's end: the watch goes, destroyed keyboards are freed. */
void pw_keyboard_queue_finish(struct pw_virtual_keyboards *vks);

#endif

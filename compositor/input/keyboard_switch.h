/*
 * The keymap switch between the seat's keyboard and virtual keyboards, per wl_keyboard
 * (keyboard_switch.c), and the delivery of a virtual keyboard's keys and modifiers to the
 * focused client (virtual_keyboard.h says when a switch happens). Internal to compositor/input.
 */
#ifndef PW_KEYBOARD_SWITCH_H
#define PW_KEYBOARD_SWITCH_H

#include <stdbool.h>
#include <stdint.h>

struct pw_seat;
struct pw_virtual_keyboard;
struct wl_resource;

/*
 * What keyboard.c calls, each with the seat's virtual keyboards possibly NULL. Before the
 * seat's own keyboard sends an event to `keyboard` (a wl_keyboard resource): the seat's keymap
 * and modifiers go to it again if a virtual keyboard's were its last, and the seat's keyboard
 * becomes the one typing.
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
void pw_keyboard_switch_deliver_key(struct pw_virtual_keyboard *vk, uint32_t time_msec,
	uint32_t key, uint32_t state);
void pw_keyboard_switch_deliver_modifiers(struct pw_virtual_keyboard *vk, uint32_t depressed,
	uint32_t latched, uint32_t locked, uint32_t group);
/* `vk` goes: its held keys are released, wl_keyboards with its keymap get the seat's back. */
void pw_keyboard_switch_virtual_gone(struct pw_virtual_keyboard *vk);

#endif

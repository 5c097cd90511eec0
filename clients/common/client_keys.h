/*
 * Keys through xkbcommon for the picowl clients: the compositor's keymap from wl_keyboard,
 * and an evdev key code to a keysym. Feed it from the keymap and modifiers callbacks of
 * client_seat.h. Messages on stderr start with the name given at init.
 */
#ifndef PW_CLIENT_KEYS_H
#define PW_CLIENT_KEYS_H

#include <stdbool.h>
#include <stdint.h>

#include <xkbcommon/xkbcommon.h>

struct pw_client_keys {
	const char *name; /* of the program */
	struct xkb_context *context;
	struct xkb_keymap *keymap; /* NULL until a keymap compiled */
	struct xkb_state *state;
};

/* Makes the xkb context; false, with a message, if it cannot (every key then maps to
 * XKB_KEY_NoSymbol). */
bool pw_client_keys_init(struct pw_client_keys *keys, const char *name);
void pw_client_keys_finish(struct pw_client_keys *keys);

/* wl_keyboard.keymap: compiles an XKB v1 keymap and closes fd. A keymap that cannot be read
 * or compiled leaves the one before, with a message. */
void pw_client_keys_keymap(struct pw_client_keys *keys, uint32_t format, int32_t fd, uint32_t size);
/* wl_keyboard.modifiers. */
void pw_client_keys_modifiers(struct pw_client_keys *keys, uint32_t depressed, uint32_t latched,
	uint32_t locked, uint32_t group);

/* The keysym of evdev `key` on the first level of its current layout, as if no modifier were
 * down: a key's press and its release give the same keysym whatever the modifiers did in
 * between. XKB_KEY_NoSymbol without a keymap or a symbol. */
xkb_keysym_t pw_client_keys_base_sym(const struct pw_client_keys *keys, uint32_t key);

#endif

/* The keyboard through xkbcommon into the key queue DG_GetKey reads. */
#include "dg_input.h"

static void
handle_keymap(void *data, uint32_t format, int32_t fd, uint32_t size)
{
	struct dg *dg = data;

	pw_client_keys_keymap(&dg->xkb, format, fd, size);
}

static void
handle_key_leave(void *data, struct wl_surface *surface)
{
	struct dg *dg = data;

	/* otherwise the marine keeps running after the focus went to the other tile */
	dg_keyqueue_release_all(&dg->keys);
}

static void
handle_key(void *data, uint32_t time, uint32_t key, bool pressed)
{
	struct dg *dg = data;

	/* the unshifted keysym: a press and its release give the same doom key */
	unsigned char doomkey = dg_key_from_keysym(pw_client_keys_base_sym(&dg->xkb, key));
	if (doomkey) {
		dg_keyqueue_push(&dg->keys, pressed, doomkey);
	}
}

static void
handle_modifiers(void *data, uint32_t depressed, uint32_t latched, uint32_t locked, uint32_t group)
{
	struct dg *dg = data;

	pw_client_keys_modifiers(&dg->xkb, depressed, latched, locked, group);
}

/* Keys already down when focus arrives are not pressed for the game, and the engine repeats
 * what it needs (held keys stay down): no enter, no repeat. */
const struct pw_client_input_listener dg_input_listener = {
	.keymap = handle_keymap,
	.key_leave = handle_key_leave,
	.key = handle_key,
	.modifiers = handle_modifiers,
};

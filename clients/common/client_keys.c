/* Keys through xkbcommon: see client_keys.h. */
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

#include <wayland-client.h>

#include "client_keys.h"

bool
pw_client_keys_init(struct pw_client_keys *keys, const char *name)
{
	*keys = (struct pw_client_keys){.name = name};
	keys->context = xkb_context_new(XKB_CONTEXT_NO_FLAGS);
	if (!keys->context) {
		/* no xkb data on the device: the keymap string needs no include path */
		keys->context = xkb_context_new(XKB_CONTEXT_NO_DEFAULT_INCLUDES);
	}
	if (!keys->context) {
		fprintf(stderr, "%s: no xkb context; keys are ignored\n", name);
		return false;
	}
	return true;
}

void
pw_client_keys_finish(struct pw_client_keys *keys)
{
	xkb_state_unref(keys->state);
	xkb_keymap_unref(keys->keymap);
	xkb_context_unref(keys->context);
	*keys = (struct pw_client_keys){.name = keys->name};
}

void
pw_client_keys_keymap(struct pw_client_keys *keys, uint32_t format, int32_t fd, uint32_t size)
{
	if (format != WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1 || !keys->context) {
		close(fd);
		return;
	}
	char *map = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED) {
		fprintf(stderr, "%s: cannot map the keymap; keys are ignored\n", keys->name);
		return;
	}
	/* the string is NUL-terminated within size */
	struct xkb_keymap *keymap = xkb_keymap_new_from_string(keys->context, map,
		XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS);
	munmap(map, size);
	if (!keymap) {
		fprintf(stderr, "%s: the compositor's keymap does not compile\n", keys->name);
		return;
	}
	struct xkb_state *state = xkb_state_new(keymap);
	if (!state) {
		xkb_keymap_unref(keymap);
		return;
	}
	xkb_state_unref(keys->state);
	xkb_keymap_unref(keys->keymap);
	keys->keymap = keymap;
	keys->state = state;
}

void
pw_client_keys_modifiers(struct pw_client_keys *keys, uint32_t depressed, uint32_t latched,
	uint32_t locked, uint32_t group)
{
	if (keys->state) {
		xkb_state_update_mask(keys->state, depressed, latched, locked, 0, 0, group);
	}
}

xkb_keysym_t
pw_client_keys_base_sym(const struct pw_client_keys *keys, uint32_t key)
{
	const xkb_keysym_t *syms;

	if (!keys->state) {
		return XKB_KEY_NoSymbol;
	}
	xkb_keycode_t code = key + 8; /* evdev to XKB */
	xkb_layout_index_t layout = xkb_state_key_get_layout(keys->state, code);
	if (layout == XKB_LAYOUT_INVALID) {
		layout = 0;
	}
	if (xkb_keymap_key_get_syms_by_level(keys->keymap, code, layout, 0, &syms) < 1) {
		return XKB_KEY_NoSymbol;
	}
	return syms[0];
}

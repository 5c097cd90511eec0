/* wl_seat and wl_keyboard through xkbcommon into the key queue DG_GetKey reads. */
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "dg.h"

static void
handle_keyboard_keymap(void *data, struct wl_keyboard *keyboard, uint32_t format, int32_t fd,
	uint32_t size)
{
	struct dg *dg = data;

	if (format != WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1 || !dg->xkb) {
		close(fd);
		return;
	}
	char *map = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED) {
		fprintf(stderr, "picowl-dg: cannot map the keymap; keys are ignored\n");
		return;
	}
	/* the string is NUL-terminated within size */
	struct xkb_keymap *keymap = xkb_keymap_new_from_string(dg->xkb, map,
		XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS);
	munmap(map, size);
	if (!keymap) {
		fprintf(stderr, "picowl-dg: the compositor's keymap does not compile\n");
		return;
	}
	struct xkb_state *state = xkb_state_new(keymap);
	if (!state) {
		xkb_keymap_unref(keymap);
		return;
	}
	xkb_state_unref(dg->xkb_state);
	xkb_keymap_unref(dg->keymap);
	dg->keymap = keymap;
	dg->xkb_state = state;
}

static void
handle_keyboard_enter(void *data, struct wl_keyboard *keyboard, uint32_t serial,
	struct wl_surface *surface, struct wl_array *keys)
{
	/* keys already down when focus arrives are not pressed for the game */
}

static void
handle_keyboard_leave(void *data, struct wl_keyboard *keyboard, uint32_t serial,
	struct wl_surface *surface)
{
	struct dg *dg = data;

	/* otherwise the marine keeps running after the focus went to the other tile */
	dg_keyqueue_release_all(&dg->keys);
}

static void
handle_keyboard_key(void *data, struct wl_keyboard *keyboard, uint32_t serial, uint32_t time,
	uint32_t key, uint32_t state)
{
	struct dg *dg = data;
	const xkb_keysym_t *syms;

	if (!dg->xkb_state) {
		return;
	}
	/*
	 * The key's unshifted keysym: its press and its release must give the same doom key
	 * whatever the modifiers did in between.
	 */
	xkb_keycode_t code = key + 8;
	xkb_layout_index_t layout = xkb_state_key_get_layout(dg->xkb_state, code);
	if (layout == XKB_LAYOUT_INVALID) {
		layout = 0;
	}
	int n = xkb_keymap_key_get_syms_by_level(dg->keymap, code, layout, 0, &syms);
	if (n < 1) {
		return;
	}
	unsigned char doomkey = dg_key_from_keysym(syms[0]);
	if (doomkey) {
		dg_keyqueue_push(&dg->keys, state == WL_KEYBOARD_KEY_STATE_PRESSED, doomkey);
	}
}

static void
handle_keyboard_modifiers(void *data, struct wl_keyboard *keyboard, uint32_t serial,
	uint32_t depressed, uint32_t latched, uint32_t locked, uint32_t group)
{
	struct dg *dg = data;

	if (dg->xkb_state) {
		xkb_state_update_mask(dg->xkb_state, depressed, latched, locked, 0, 0, group);
	}
}

static void
handle_keyboard_repeat_info(void *data, struct wl_keyboard *keyboard, int32_t rate, int32_t delay)
{
	/* the engine repeats what it needs: held keys stay down */
}

static const struct wl_keyboard_listener keyboard_listener = {
	.keymap = handle_keyboard_keymap,
	.enter = handle_keyboard_enter,
	.leave = handle_keyboard_leave,
	.key = handle_keyboard_key,
	.modifiers = handle_keyboard_modifiers,
	.repeat_info = handle_keyboard_repeat_info,
};

static void
handle_seat_capabilities(void *data, struct wl_seat *seat, uint32_t caps)
{
	struct dg *dg = data;
	bool want = caps & WL_SEAT_CAPABILITY_KEYBOARD;

	if (want && !dg->keyboard) {
		dg->keyboard = wl_seat_get_keyboard(seat);
		wl_keyboard_add_listener(dg->keyboard, &keyboard_listener, dg);
	} else if (!want && dg->keyboard) {
		if (wl_keyboard_get_version(dg->keyboard) >= WL_KEYBOARD_RELEASE_SINCE_VERSION) {
			wl_keyboard_release(dg->keyboard);
		} else {
			wl_keyboard_destroy(dg->keyboard);
		}
		dg->keyboard = NULL;
		dg_keyqueue_release_all(&dg->keys);
	}
}

static void
handle_seat_name(void *data, struct wl_seat *seat, const char *name)
{
}

static const struct wl_seat_listener seat_listener = {
	.capabilities = handle_seat_capabilities,
	.name = handle_seat_name,
};

void
dg_input_seat_init(struct dg *dg, struct wl_seat *seat)
{
	if (!dg->xkb) {
		dg->xkb = xkb_context_new(XKB_CONTEXT_NO_FLAGS);
		if (!dg->xkb) {
			fprintf(stderr, "picowl-dg: no xkb context; keys are ignored\n");
		}
	}
	wl_seat_add_listener(seat, &seat_listener, dg);
}

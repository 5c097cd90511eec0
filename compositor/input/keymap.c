/*
 * The seat's xkb keymap: compiled from names at its first need (or the one built in), sent to
 * every wl_keyboard in a sealed memfd.
 */
#define _GNU_SOURCE /* memfd_create, file seals */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-server-protocol.h>

#include "input_method.h"
#include "keyboard.h"
#include "keyboard_switch.h"
#include "keymap.h"
#include "keymap_builtin.h"
#include "log.h"
#include "seat_internal.h"
#include "start_trace.h"
#include "virtual_keyboard.h"

static bool install_keymap(struct pw_seat *seat, struct xkb_keymap *keymap);

static const char *const mod_names[PW_SEAT_MOD_COUNT] = {
	[PW_SEAT_MOD_SHIFT] = XKB_MOD_NAME_SHIFT,
	[PW_SEAT_MOD_CTRL] = XKB_MOD_NAME_CTRL,
	[PW_SEAT_MOD_ALT] = XKB_MOD_NAME_ALT,
	[PW_SEAT_MOD_LOGO] = XKB_MOD_NAME_LOGO,
};

/* A sealed memfd holding `size` bytes of `text`: read-only to every client, MAP_PRIVATE or not. */
int
pw_keymap_fd(const char *text, size_t size)
{
	int fd = memfd_create("picowl-keymap", MFD_CLOEXEC | MFD_ALLOW_SEALING);
	size_t done = 0;

	if (fd < 0) {
		return -1;
	}
	while (done < size) {
		ssize_t n = write(fd, text + done, size - done);

		if (n < 0 && errno == EINTR) {
			continue;
		}
		if (n <= 0) {
			goto err_fd;
		}
		done += (size_t)n;
	}
	if (fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL) < 0) {
		goto err_fd;
	}
	return fd;

err_fd:
	close(fd);
	return -1;
}

/*
 * The built-in keymap's text is read once, by the compile: its whole pages leave picowl's page
 * tables, which would otherwise keep them mapped (decision 4.41; a private file mapping refaults
 * from the file if it is read again).
 */
static void
drop_builtin_pages(void)
{
	long page = sysconf(_SC_PAGESIZE);
	uintptr_t start = (uintptr_t)pw_builtin_keymap;
	uintptr_t end = start + strlen(pw_builtin_keymap) + 1;
	if (page <= 0) {
		return;
	}
	start = (start + (uintptr_t)page - 1) & ~((uintptr_t)page - 1);
	end &= ~((uintptr_t)page - 1);
	if (end > start) {
		madvise((void *)start, end - start, MADV_DONTNEED);
	}
}

static struct xkb_keymap *
compile_names(struct pw_seat *seat, const char *rules, const char *model, const char *layout,
	const char *variant, const char *options)
{
	const struct xkb_rule_names names = {
		.rules = rules,
		.model = model,
		.layout = layout ? layout : "us",
		.variant = variant,
		.options = options,
	};
	return xkb_keymap_new_from_names(seat->keyboard.context, &names,
		XKB_KEYMAP_COMPILE_NO_FLAGS);
}

void
pw_keymap_drop_later(struct pw_seat_keyboard *kb)
{
	for (int i = 0; i < PW_RMLVO_COUNT; i++) {
		free(kb->later[i]);
		kb->later[i] = NULL;
	}
}

bool
pw_seat_set_keymap(struct pw_seat *seat, const char *rules, const char *model, const char *layout,
	const char *variant, const char *options)
{
	struct xkb_keymap *keymap = compile_names(seat, rules, model, layout, variant, options);
	if (!keymap || !install_keymap(seat, keymap)) {
		return false;
	}
	pw_keymap_drop_later(&seat->keyboard);
	return true;
}

bool
pw_seat_set_keymap_later(struct pw_seat *seat, const char *rules, const char *model,
	const char *layout, const char *variant, const char *options)
{
	struct pw_seat_keyboard *kb = &seat->keyboard;
	if (kb->keymap) {
		return pw_seat_set_keymap(seat, rules, model, layout, variant, options);
	}
	const char *names[PW_RMLVO_COUNT] = {
		[PW_RULES] = rules,
		[PW_MODEL] = model,
		[PW_LAYOUT] = layout,
		[PW_VARIANT] = variant,
		[PW_OPTIONS] = options,
	};
	char *copies[PW_RMLVO_COUNT] = {0};
	for (int i = 0; i < PW_RMLVO_COUNT; i++) {
		if (names[i] && !(copies[i] = strdup(names[i]))) {
			for (int j = 0; j < i; j++) {
				free(copies[j]);
			}
			return false;
		}
	}
	pw_keymap_drop_later(kb);
	memcpy(kb->later, copies, sizeof(copies));
	return true;
}

bool
pw_keymap_ready(struct pw_seat *seat)
{
	struct pw_seat_keyboard *kb = &seat->keyboard;
	if (kb->keymap) {
		return true;
	}
	char **n = kb->later;
	bool named = false;
	for (int i = 0; i < PW_RMLVO_COUNT; i++) {
		named = named || n[i];
	}
	if (named &&
		!pw_seat_set_keymap(seat, n[PW_RULES], n[PW_MODEL], n[PW_LAYOUT], n[PW_VARIANT],
			n[PW_OPTIONS])) {
		pw_log_warning("cannot compile the configured keymap; using the us one");
	}
	if (!kb->keymap && !pw_seat_set_keymap(seat, NULL, NULL, NULL, NULL, NULL)) {
		/* a device image without xkb data (the z2's, decision 4.41): the built-in one */
		struct xkb_keymap *keymap = xkb_keymap_new_from_string(kb->context,
			pw_builtin_keymap, XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS);
		drop_builtin_pages();
		if (keymap && install_keymap(seat, keymap)) {
			pw_log_warning("keyboard: no xkb data to compile the us keymap from (the "
				       "Debian package xkb-data): using the one built in");
		}
	}
	if (!kb->keymap) {
		return false; /* no memory: the next need tries again */
	}
	pw_keymap_drop_later(kb);
	pw_start_trace("keymap");
	return true;
}

/* Makes `keymap` the seat's (it takes the reference) and sends it to every keyboard. */
static bool
install_keymap(struct pw_seat *seat, struct xkb_keymap *keymap)
{
	struct pw_seat_keyboard *kb = &seat->keyboard;
	struct xkb_state *state;
	struct wl_resource *resource;
	char *text;
	int fd;
	uint32_t size;
	const uint32_t *key;

	state = xkb_state_new(keymap);
	if (!state) {
		goto err_keymap;
	}
	text = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1);
	if (!text) {
		goto err_state;
	}
	size = (uint32_t)strlen(text) + 1; /* clients expect the NUL in the mapping */
	fd = pw_keymap_fd(text, size);
	free(text);
	if (fd < 0) {
		goto err_state;
	}

	xkb_state_unref(kb->state);
	xkb_keymap_unref(kb->keymap);
	if (kb->keymap_fd >= 0) {
		close(kb->keymap_fd);
	}
	kb->keymap = keymap;
	kb->state = state;
	kb->keymap_fd = fd;
	kb->keymap_size = size;
	for (int i = 0; i < PW_SEAT_MOD_COUNT; i++) {
		kb->mods_index[i] = xkb_keymap_mod_get_index(keymap, mod_names[i]);
	}
	/* Keys still held stay held in the new state, so their releases balance. */
	wl_array_for_each(key, &kb->pressed) {
		xkb_state_update_key(state, *key + 8, XKB_KEY_DOWN);
	}
	wl_array_for_each(key, &kb->swallowed) {
		xkb_state_update_key(state, *key + 8, XKB_KEY_DOWN);
	}
	wl_resource_for_each(resource, &kb->resources) {
		wl_keyboard_send_keymap(resource, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1, fd, size);
		pw_keyboard_switch_seat_keymap_sent(seat, resource);
	}
	pw_input_method_grab_keymap(seat);
	pw_keyboard_update_modifiers(seat);
	return true;

err_state:
	xkb_state_unref(state);
err_keymap:
	xkb_keymap_unref(keymap);
	return false;
}

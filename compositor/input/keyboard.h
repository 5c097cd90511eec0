/*
 * The seat's wl_keyboard (keyboard.c): the xkb state, key bindings and the keyboard focus. The
 * keymap is keymap.c's (keymap.h).
 *
 * Every wl_keyboard resource has the seat as user data and its link in `resources`; when the
 * seat is destroyed first, the user data becomes NULL and the link is emptied: it is inert.
 */
#ifndef PW_KEYBOARD_H
#define PW_KEYBOARD_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-server-core.h>
#include <xkbcommon/xkbcommon.h>

#include "keymap.h"

struct pw_seat;
struct pw_surface;

enum pw_seat_mod_index {
	PW_SEAT_MOD_SHIFT,
	PW_SEAT_MOD_CTRL,
	PW_SEAT_MOD_ALT,
	PW_SEAT_MOD_LOGO,
	PW_SEAT_MOD_COUNT,
};

struct pw_seat_keyboard {
	struct wl_list resources;
	struct xkb_context *context;
	/* NULL until the first need (pw_keymap_ready), which compiles `later` (NULLs: "us") */
	struct xkb_keymap *keymap;
	char *later[PW_RMLVO_COUNT];
	struct xkb_state *state;
	int keymap_fd; /* sealed memfd with the keymap text and its NUL */
	uint32_t keymap_size;
	int32_t repeat_rate, repeat_delay; /* keys per second (0: no repeat), ms */
	xkb_mod_index_t mods_index[PW_SEAT_MOD_COUNT];
	struct wl_array pressed; /* uint32_t evdev codes, held and sent to clients */
	struct wl_array swallowed; /* uint32_t evdev codes, held and consumed by a binding */
	uint32_t depressed, latched, locked, group; /* as last serialized */
	struct pw_surface *focus;
	struct wl_listener focus_destroy;
};

/* Gives keyboard focus (enter/leave, modifiers, the selection offer) to `surface` or nobody. */
void pw_seat_keyboard_focus(struct pw_seat *seat, struct pw_surface *surface);
struct pw_surface *pw_seat_keyboard_focused(struct pw_seat *seat);

/* A key (evdev code) pressed or released. Bindings are tried first and consume the key. */
void pw_seat_notify_key(struct pw_seat *seat, uint32_t time_msec, uint32_t key, bool pressed);
/*
 * As pw_seat_notify_key, for a key of a device that is no full keyboard when `button`: its
 * [buttons] bindings are tried before [bindings] (4.54).
 */
void pw_seat_notify_device_key(struct pw_seat *seat, uint32_t time_msec, uint32_t key, bool pressed,
	bool button);

/* Key repeat for clients: `rate` keys per second (0: none) after `delay` ms. */
bool pw_seat_set_repeat(struct pw_seat *seat, int32_t rate, int32_t delay);

/* For seat.c: init (false on failure, nothing left to undo) and finish. */
bool pw_keyboard_init(struct pw_seat *seat);
void pw_keyboard_finish(struct pw_seat *seat);
/* wl_seat.get_keyboard; with a NULL `seat` (inert wl_seat) an inert resource. */
void pw_keyboard_create_resource(struct pw_seat *seat, struct wl_client *client, uint32_t version,
	uint32_t id);
void pw_keyboard_surface_gone(struct pw_seat *seat, struct pw_surface *surface);
/* Serializes the xkb state and sends the modifiers to the focus if they changed. */
void pw_keyboard_update_modifiers(struct pw_seat *seat);

#endif

/*
 * The seat's keymap (keymap.c): compiled from RMLVO names when first needed, else the us one,
 * else the one built into picowl (keymap_builtin.h), and handed to clients as a sealed memfd.
 */
#ifndef PW_KEYMAP_H
#define PW_KEYMAP_H

#include <stdbool.h>
#include <stddef.h>

struct pw_seat;
struct pw_seat_keyboard;

/* The RMLVO names, in pw_seat_keyboard.later. */
enum pw_seat_rmlvo { PW_RULES, PW_MODEL, PW_LAYOUT, PW_VARIANT, PW_OPTIONS, PW_RMLVO_COUNT };

/*
 * Compiles the keymap from RMLVO names (NULL: the xkbcommon default; layout NULL: "us") and sends
 * it to every wl_keyboard. On failure (bad names, no memory) returns false and keeps the old one.
 */
bool pw_seat_set_keymap(struct pw_seat *seat, const char *rules, const char *model,
	const char *layout, const char *variant, const char *options);
/*
 * The same while the seat has compiled no keymap yet, without compiling: the names wait for the
 * first need (a wl_keyboard, an input-method grab, a key) or the first frame, whichever comes
 * first; bad names then fall back to "us", as the start's keymap. False on no memory.
 */
bool pw_seat_set_keymap_later(struct pw_seat *seat, const char *rules, const char *model,
	const char *layout, const char *variant, const char *options);

/*
 * Compiles the keymap if it waits (the names pw_seat_set_keymap_later recorded, else the us
 * layout, else the one built in): before anything reads kb->keymap, state or keymap_fd. False
 * only when there is none (no memory).
 */
bool pw_keymap_ready(struct pw_seat *seat);
/* A sealed memfd holding `size` bytes of `text`, read-only to every client; -1 on failure. */
int pw_keymap_fd(const char *text, size_t size);
/* Frees the names pw_seat_set_keymap_later recorded. */
void pw_keymap_drop_later(struct pw_seat_keyboard *kb);

#endif

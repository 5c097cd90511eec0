/* Key names for inject: evdev names and keysyms through picowl's own keymap. */
#ifndef PW_CTL_KEYS_H
#define PW_CTL_KEYS_H

#include <stdbool.h>
#include <stdint.h>

#include "ctl.h"

/* evdev KEY_LEFTSHIFT, pressed before a key whose keysym is on its Shift level */
#define CTL_KEY_SHIFT 42

/*
 * The evdev code of an inject key name (keys.c); *shift when the keysym named is on the key's
 * Shift level. -1 for a name that is none of them.
 */
int ctl_key_code(struct ctl *ctl, const char *name, bool *shift);
/* wl_keyboard.keymap for inject: picowl's keymap into ctl->keys. */
void ctl_handle_keymap(void *data, uint32_t format, int32_t fd, uint32_t size);

#endif

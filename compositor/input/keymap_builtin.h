/*
 * The keymap compiled into picowl at build time (rules evdev, model pc105, layout us), as
 * xkb_keymap_get_as_string gives it, NUL-terminated: used when the device has no xkb data.
 */
#ifndef PW_KEYMAP_BUILTIN_H
#define PW_KEYMAP_BUILTIN_H

extern const char pw_builtin_keymap[];

#endif

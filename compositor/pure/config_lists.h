/* The list sections of picowl.ini: [bindings], [buttons], [autostart]. Private to the config
 * module, as config_keys.h. Pure: no Wayland. */
#ifndef PW_CONFIG_LISTS_H
#define PW_CONFIG_LISTS_H

#include <stdbool.h>
#include <stddef.h>

#include "config_keys.h"

/* Whether `section` is one of the list sections. */
bool pw_config_lists_has(const char *section);

/* The one key of a list section whose lines all have the same ("exec" of [autostart]); NULL
 * for [bindings] and [buttons], whose keys are key names. */
const char *pw_config_lists_key(const char *section);

/*
 * Adds the line `key = value` of a list section to the config. False with a message in `err`
 * (the file's reader adds the file, line and key) on a bad line or out of memory.
 */
bool pw_config_lists_set(struct pw_config_private *priv, const char *section, const char *key,
	const char *value, char *err, size_t errlen);

/*
 * Adds `binding` (its command taken over), replacing one of the same keys and modifiers from
 * the same kind of device. False when out of memory: the caller keeps the command.
 */
bool pw_config_lists_add_binding(struct pw_config_private *priv, struct pw_binding *binding);

#endif

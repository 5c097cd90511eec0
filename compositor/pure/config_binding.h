/*
 * Key bindings and command lines as the config file writes them (config_binding.c): the
 * [bindings] values, the autostart "exec" values and the split of a spawned command line.
 * Pure: xkbcommon names only.
 */
#ifndef PW_CONFIG_BINDING_H
#define PW_CONFIG_BINDING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config.h"

/*
 * Parses a binding: `combo` such as "Logo+Shift+c" or "XF86Launch1" (KEY_PROG1 works too), and
 * `action` such as "focus next" or "spawn foot". On failure returns false with a message.
 */
bool pw_config_binding_parse(const char *combo, const char *action, struct pw_binding *out,
	char *err, size_t errlen);

/*
 * Parses only the action of a binding into out's action, arg and command (a gesture's, which
 * has no key); the key fields are left alone. On failure returns false with a message.
 */
bool pw_config_binding_parse_action(const char *action, struct pw_binding *out, char *err,
	size_t errlen);

/* The [bindings] binding for `keysym` with exactly `modifiers` held, or NULL. */
const struct pw_binding *pw_config_binding_find(const struct pw_config *config, uint32_t modifiers,
	uint32_t keysym);

/*
 * The [buttons] binding for `keysym` (a key of a device that is no full keyboard, whatever
 * modifiers a keyboard holds), or NULL.
 */
const struct pw_binding *pw_config_binding_find_button(const struct pw_config *config,
	uint32_t keysym);

/* Splits a command line into a NULL-terminated argv: pw_config_words_split (config_words.h). */
char **pw_config_binding_split(const char *line);

/* "tile:N cmd args" (the tile optional) into tile and command; false when malformed. */
bool pw_config_binding_parse_exec(const char *value, int *tile, const char **command);

/*
 * The i-th action the parser knows, as the file writes it without its number or command
 * ("focus next", "focus tile", "rotate", "spawn"), for the tests (the man pages' check); NULL
 * past the end.
 */
const char *pw_config_binding_action_name(size_t i);

#endif

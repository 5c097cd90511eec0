/*
 * The sections that are lists rather than keys: [bindings], [buttons] and [autostart]. Each
 * line adds an entry; a binding given again replaces the earlier one.
 */
#include "config_lists.h"

#include <stdlib.h>
#include <string.h>

#include "config_binding.h"

bool
pw_config_lists_add_binding(struct pw_config_private *priv, struct pw_binding *binding)
{
	struct pw_config *c = &priv->config;
	for (int i = 0; i < c->binding_count; i++) {
		struct pw_binding *b = &c->bindings[i];
		if (b->modifiers == binding->modifiers && b->keysym == binding->keysym &&
			b->buttons == binding->buttons) {
			free(b->command);
			*b = *binding;
			return true;
		}
	}
	struct pw_binding *grown =
		realloc(c->bindings, sizeof(*grown) * (size_t)(c->binding_count + 1));
	if (!grown) {
		return false;
	}
	c->bindings = grown;
	c->bindings[c->binding_count++] = *binding;
	return true;
}

static bool
add_autostart(struct pw_config_private *priv, int tile, const char *command)
{
	struct pw_config *c = &priv->config;
	char *copy = strdup(command);
	struct pw_autostart *grown = copy
		? realloc(c->autostart, sizeof(*grown) * (size_t)(c->autostart_count + 1))
		: NULL;
	if (!grown) {
		free(copy);
		return false;
	}
	c->autostart = grown;
	c->autostart[c->autostart_count++] = (struct pw_autostart){tile, copy};
	return true;
}

bool
pw_config_lists_has(const char *section)
{
	return strcmp(section, "bindings") == 0 || strcmp(section, "buttons") == 0 ||
		strcmp(section, "autostart") == 0;
}

const char *
pw_config_lists_key(const char *section)
{
	return strcmp(section, "autostart") == 0 ? "exec" : NULL;
}

bool
pw_config_lists_set(struct pw_config_private *priv, const char *section, const char *key,
	const char *value, char *err, size_t errlen)
{
	if (strcmp(section, "bindings") == 0 || strcmp(section, "buttons") == 0) {
		struct pw_binding binding;
		if (!pw_config_binding_parse(key, value, &binding, err, errlen)) {
			return false;
		}
		binding.buttons = strcmp(section, "buttons") == 0;
		if (binding.buttons && binding.modifiers) {
			free(binding.command);
			return pw_config_keys_fail(err, errlen,
				"a button takes no modifier (expected a key alone, e.g. KEY_PROG1 "
				"or Right)");
		}
		if (!pw_config_lists_add_binding(priv, &binding)) {
			free(binding.command);
			return pw_config_keys_fail(err, errlen, "out of memory");
		}
		return true;
	}
	if (strcmp(section, "autostart") == 0) {
		int tile;
		const char *command;
		char **argv;
		if (strcmp(key, pw_config_lists_key(section)) != 0) {
			return pw_config_keys_fail(err, errlen, "unknown key (expected exec)");
		}
		if (!pw_config_binding_parse_exec(value, &tile, &command) ||
			!(argv = pw_config_binding_split(command))) {
			return pw_config_keys_fail(err, errlen,
				"bad value \"%s\" (expected [tile:N] command [args...])", value);
		}
		free(argv);
		return add_autostart(priv, tile, command)
			? true
			: pw_config_keys_fail(err, errlen, "out of memory");
	}
	return pw_config_keys_fail(err, errlen, "unknown section");
}

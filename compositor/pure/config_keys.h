/*
 * What the keys of picowl.ini mean: the key table, the defaults and how each value lands in
 * struct pw_config. Private to the config module (config.c reads the file and reports, and
 * config_keys.c applies); nothing outside compositor/pure includes this but the unit tests.
 * Pure: no Wayland.
 */
#ifndef PW_CONFIG_KEYS_H
#define PW_CONFIG_KEYS_H

#include <stdbool.h>
#include <stddef.h>

#include "config.h"

/* Strings the options point at live as long as the config: a chain of copies. */
struct pw_config_pool_string {
	struct pw_config_pool_string *next;
	char text[];
};

/* What pw_config_create_default allocates; the config is the first member. */
struct pw_config_private {
	struct pw_config config;
	struct pw_config_pool_string *strings;
};

/* A copy of `s` freed with the config (pw_config_destroy). NULL when out of memory. */
char *pw_config_keys_strdup(struct pw_config_private *priv, const char *s);

/*
 * Sets every default of `priv`, zeroed by the caller, the default bindings included. False
 * when out of memory; the caller then destroys the config.
 */
bool pw_config_keys_set_defaults(struct pw_config_private *priv);

/* Writes the message into `err` (at most errlen bytes) and returns false, for `return fail`. */
bool pw_config_keys_fail(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* A whole number from min to max in `s`, as strtol reads it with nothing after, into *out. */
bool pw_config_keys_parse_int(const char *s, int min, int max, int *out);

/* Whether `name` is a section of the file ("output", "bindings", ...). */
bool pw_config_keys_section_known(const char *name);

/*
 * Applies `key` = `value` of the known section `section`. On a bad key or value, or out of
 * memory, returns false with the message in `err` (without the file, line or key, which the
 * caller adds); the setting then keeps what it had.
 */
bool pw_config_keys_set(struct pw_config_private *priv, const char *section, const char *key,
	const char *value, char *err, size_t errlen);

/* The i-th key of the file (section and name), for --help and the tests; NULL past the end. */
const char *pw_config_keys_name(size_t i, const char **section);

/*
 * What the i-th key's value may be, as its bad-value message says ("pixels, 0..1000"); for a
 * key that is a command-line option, NULL with that option's name in *option.
 */
const char *pw_config_keys_expected(size_t i, const char **option);

/* The i-th section of the file, for the tests (the man pages' check); NULL past the end. */
const char *pw_config_keys_section_name(size_t i);

/* The i-th default binding: its key as the file writes it, and its action; NULL past the end. */
const char *pw_config_keys_default_binding(size_t i, const char **action);

#endif

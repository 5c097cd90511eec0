/*
 * The words of config values (config_words.c): command lines and key names, as the config file
 * writes them and picowl-ctl takes them (4.62). Pure: xkbcommon names only.
 */
#ifndef PW_CONFIG_WORDS_H
#define PW_CONFIG_WORDS_H

#include <stdint.h>

/*
 * Splits a command line into a NULL-terminated argv: words split at blanks, '...' and "..."
 * quote, a backslash escapes the next character. No shell: no variables, globs or pipes.
 * Returns NULL on an unterminated quote, an empty line or no memory. Free with free() (one
 * block).
 */
char **pw_config_words_split(const char *line);

/*
 * The keysym of a key name as a binding writes it: an xkb keysym name (any case), an evdev name
 * of a handheld button (KEY_PROG1: XF86Launch1) or a lone printable character. XKB_KEY_NoSymbol
 * (0) for none; picowl-ctl inject takes the same names.
 */
uint32_t pw_config_words_keysym(const char *name);

#endif

/*
 * Prints what picowl's config parser knows, one line each, for the man pages' check
 * (tests/style/check_man.py, decision 4.63): the parser is asked, not its source read.
 *
 *   section NAME            every [section] the file may have
 *   key SECTION NAME        every key of a section of keys
 *   values SECTION NAME: E  what its value may be, as its bad-value message says
 *   list SECTION [KEY]      a section of lines (with its one key, if it has one)
 *   action WORDS            every binding action, without its number or command
 *   binding KEY = ACTION    every default binding
 *
 * Exits 1 when an action it lists does not parse (with a number or a command after it), so
 * the list cannot name what the parser refuses.
 */
#include <stdio.h>
#include <stdlib.h>

#include "config_binding.h"
#include "config_keys.h"
#include "config_lists.h"

/* An action as written, else with the argument the parser wants after it. */
static int
parses(const char *action)
{
	static const char *const args[] = {"", " 1", " 90", " foot"};
	for (size_t i = 0; i < sizeof(args) / sizeof(args[0]); i++) {
		char line[128], err[256];
		struct pw_binding b;
		snprintf(line, sizeof(line), "%s%s", action, args[i]);
		if (pw_config_binding_parse_action(line, &b, err, sizeof(err))) {
			free(b.command);
			return 1;
		}
	}
	return 0;
}

int
main(void)
{
	int status = 0;
	const char *name, *section, *action;
	for (size_t i = 0; (name = pw_config_keys_section_name(i)); i++) {
		printf("section %s\n", name);
		if (pw_config_lists_has(name)) {
			const char *key = pw_config_lists_key(name);
			printf("list %s%s%s\n", name, key ? " " : "", key ? key : "");
		}
	}
	for (size_t i = 0; (name = pw_config_keys_name(i, &section)); i++) {
		printf("key %s %s\n", section, name);
		const char *option, *expected = pw_config_keys_expected(i, &option);
		struct pw_options scratch;
		pw_options_defaults(&scratch);
		/* An option's parser refuses an empty value, and says what it expected. */
		if (!expected && pw_options_set(&scratch, option, "", &expected)) {
			expected = NULL;
		}
		printf("values %s %s: %s\n", section, name, expected ? expected : "?");
	}
	for (size_t i = 0; (name = pw_config_binding_action_name(i)); i++) {
		printf("action %s\n", name);
		if (!parses(name)) {
			fprintf(stderr, "config_names: the action \"%s\" does not parse\n", name);
			status = 1;
		}
	}
	for (size_t i = 0; (name = pw_config_keys_default_binding(i, &action)); i++) {
		printf("binding %s = %s\n", name, action);
	}
	return status;
}

/*
 * config_words.c on its own: the key names [bindings] and picowl-ctl inject share, and the
 * command-line split (test_config_binding.c splits many more lines through its wrapper).
 */
#include <stdlib.h>
#include <string.h>
#include <xkbcommon/xkbcommon-keysyms.h>

#include "config_words.h"

#include "check.h"

static void
test_keysyms(void)
{
	CHECK(pw_config_words_keysym("KEY_PROG1") == XKB_KEY_XF86Launch1);
	CHECK(pw_config_words_keysym("KEY_PROG3") == XKB_KEY_XF86Launch3);
	CHECK(pw_config_words_keysym("KEY_ENTER") == XKB_KEY_Return);
	CHECK(pw_config_words_keysym("XF86Launch5") == XKB_KEY_XF86Launch5);
	CHECK(pw_config_words_keysym("Return") == XKB_KEY_Return);
	/* any case, and a lone printable character for itself */
	CHECK(pw_config_words_keysym("return") == XKB_KEY_Return);
	CHECK(pw_config_words_keysym("+") == XKB_KEY_plus);
	CHECK(pw_config_words_keysym(",") == XKB_KEY_comma);
	/* the evdev names are the table's, exactly: no other KEY_, no case folding */
	CHECK(pw_config_words_keysym("KEY_PROG9") == XKB_KEY_NoSymbol);
	CHECK(pw_config_words_keysym("key_prog1") == XKB_KEY_NoSymbol);
	CHECK(pw_config_words_keysym("") == XKB_KEY_NoSymbol);
	CHECK(pw_config_words_keysym("nosuchkey") == XKB_KEY_NoSymbol);
}

static void
test_split(void)
{
	char **argv = pw_config_words_split("foot -e 'top -d 1'");
	CHECK(argv && strcmp(argv[0], "foot") == 0 && strcmp(argv[1], "-e") == 0 &&
		strcmp(argv[2], "top -d 1") == 0 && argv[3] == NULL);
	free(argv);
	CHECK(pw_config_words_split("") == NULL);
	CHECK(pw_config_words_split("'unbalanced") == NULL);
}

int
main(void)
{
	test_keysyms();
	test_split();
	return check_summary();
}

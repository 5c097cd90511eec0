/*
 * keymap_text.c: the include statements of a client's keymap counted as xkbcommon would read
 * them (4.65), whatever the case, spacing or comments between keyword and name; a '/' in a name
 * refused.
 */
#include <string.h>

#include "keymap_text.h"

#include "check.h"

static int
count(const char *text)
{
	return pw_keymap_text_includes(text, strlen(text));
}

int
main(void)
{
	/* wtype's keymap: two */
	CHECK(count("xkb_keymap { xkb_keycodes \"(unnamed)\" { minimum = 8; <K1> = 9; };\n"
		    "xkb_types \"(unnamed)\" { include \"complete\" };\n"
		    "xkb_compatibility \"(unnamed)\" { include \"complete\" };\n"
		    "xkb_symbols \"(unnamed)\" { key <K1> {[a]}; }; };") == 2);
	/* a serialized keymap names none; merge modes before key are no includes */
	CHECK(count("xkb_symbols \"pc+us\" { replace key <AE01> { [ 1 ] }; "
		    "override key <AE02> { [ 2 ] }; name[Group1]=\"English (US)\"; };") == 0);
	CHECK(count("include \"pc+us+inet(evdev)|group(alt_shift_toggle)\"") == 4);
	CHECK(count("INCLUDE \"a\" Augment \"b\" override\t\"c\" replace\n\"d\" alternate \"e\"") ==
		5);
	CHECK(count("include # a comment\n // another\n \"complete\"") == 1);
	CHECK(count("include \"a\\\"+b\"") == 2);
	/* part of a longer name, or with no string after it: not a statement */
	CHECK(count("includes \"a\" xinclude \"b\" include key") == 0);
	CHECK(count("include \"../../../../dev/zero\"") == -1);
	CHECK(count("augment \"x/y\"") == -1);
	/* an unterminated string, a keyword at the very end */
	CHECK(count("include \"complete+x") == 2);
	CHECK(count("include") == 0);
	CHECK(pw_keymap_text_includes("include \"a\"", 8) == 0);
	/* 1,000 statements are all counted */
	static char many[16 * 1000 + 1];
	for (int i = 0; i < 1000; i++) {
		memcpy(many + 16 * i, "include \"comp\"\n ", 16);
	}
	CHECK(count(many) == 1000);
	return check_summary();
}

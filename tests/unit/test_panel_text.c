/*
 * picowl-panel's pure parts (decisions 4.52, 4.53): UTF-8 decoded without reading past the end,
 * text cut with an ellipsis, and .desktop files: broken, binary, every field code, a 10 kB Exec.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "entry.h"
#include "font.h"

static void
test_utf8(void)
{
	const char *s = "Gr\xc3\xbc\xc3\x9f"
			"e \xe6\x97\xa5";
	size_t pos = 0, len = strlen(s);
	uint32_t want[] = {'G', 'r', 0xfc, 0xdf, 'e', ' ', 0x65e5};
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		CHECK(panel_utf8_next(s, len, &pos) == want[i]);
	}
	CHECK(pos == len);
	/* cut by the end: one replacement a byte, never past len */
	const char cut[] = {'a', (char)0xe6, (char)0x97};
	pos = 1;
	CHECK(panel_utf8_next(cut, 3, &pos) == 0xfffd && pos == 2);
	CHECK(panel_utf8_next(cut, 3, &pos) == 0xfffd && pos == 3);
	const char *bad[] = {"\xc0\xaf", "\xed\xa0\x80", "\xf5\x80\x80\x80", "\x80"};
	for (int i = 0; i < 4; i++) {
		pos = 0;
		CHECK(panel_utf8_next(bad[i], strlen(bad[i]), &pos) == 0xfffd && pos == 1);
	}
	CHECK(panel_font_rows(0xfc) && panel_font_rows(0x3a9) && panel_font_rows(0x416));
	CHECK(!panel_font_rows(0x65e5));
}

static void
test_fit(void)
{
	const char *title = "Gr\xc3\xbc\xc3\x9f"
			    "e \xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e notes";
	bool cut;
	CHECK(panel_text_chars(title, strlen(title)) == 15);
	CHECK(panel_text_fit(title, strlen(title), 15, &cut) == strlen(title) && !cut);
	/* 6 cells: "Grüße" and the ellipsis */
	CHECK(panel_text_fit(title, strlen(title), 6, &cut) == 7 && cut);
	CHECK(panel_text_fit(title, strlen(title), 0, &cut) == 0 && cut);
}

static enum panel_entry_result
parse(const char *text, char *msg)
{
	struct panel_entry e;
	enum panel_entry_result r =
		panel_entry_parse("x.desktop", text, strlen(text), "de_DE.UTF-8", &e, msg, 256);
	panel_entry_finish(&e);
	return r;
}

static void
test_entries(void)
{
	char msg[256];
	CHECK(parse("Name=a\nExec=b\n", msg) == PANEL_ENTRY_BAD && strstr(msg, "x.desktop:1"));
	CHECK(parse("[Desktop Entry]\nType=Application\nName=a\n", msg) == PANEL_ENTRY_BAD &&
		strstr(msg, "no Exec"));
	CHECK(parse("[Desktop Entry]\nType=Application\nName=a\nExec=b\nrubbish\n", msg) ==
			PANEL_ENTRY_SHOWN &&
		strstr(msg, "x.desktop:5"));
	CHECK(parse("[Desktop Entry]\nType=Application\nName=a\nExec=b\nNoDisplay=true\n", msg) ==
		PANEL_ENTRY_HIDDEN);
	CHECK(parse("[Desktop Entry]\nType=Link\nName=a\nExec=b\n", msg) == PANEL_ENTRY_HIDDEN);
	struct panel_entry e;
	const char bin[] = "[Desktop Entry]\nName=\0\x01\x02";
	CHECK(panel_entry_parse("x.desktop", bin, sizeof(bin), NULL, &e, msg, 256) ==
			PANEL_ENTRY_BAD &&
		strstr(msg, "not a text file"));
	const char *de = "[Desktop Entry]\nType=Application\nName=a\nName[de]=b\nExec=c\n";
	CHECK(panel_entry_parse("x.desktop", de, strlen(de), "de_DE", &e, msg, 256) ==
			PANEL_ENTRY_SHOWN &&
		strcmp(e.name, "b") == 0);
	panel_entry_finish(&e);

	char **argv =
		panel_entry_argv("prog %f %F %u %U %d %D %n %N %v %m \"a \\\"b\" 100%% %c %k %i",
			"Name", "ic", "/p/x.desktop", "foot", msg, sizeof(msg));
	const char *want[] = {"foot", "prog", "a \"b", "100%", "Name", "/p/x.desktop", "--icon",
		"ic", NULL};
	CHECK(argv != NULL);
	for (int i = 0; argv && want[i]; i++) {
		CHECK(argv[i] && strcmp(argv[i], want[i]) == 0);
	}
	CHECK(argv && argv[8] == NULL);
	free(argv);
	CHECK(!panel_entry_argv("prog %z", "n", NULL, "x", NULL, msg, sizeof(msg)) &&
		strstr(msg, "%z"));
	CHECK(!panel_entry_argv("prog \"open", "n", NULL, "x", NULL, msg, sizeof(msg)));
	char *huge = malloc(10241);
	memset(huge, 'a', 10240);
	huge[10240] = '\0';
	CHECK(!panel_entry_argv(huge, "n", NULL, "x", NULL, msg, sizeof(msg)) &&
		strstr(msg, "longer"));
	free(huge);
}

int
main(void)
{
	test_utf8();
	test_fit();
	test_entries();
	return check_summary();
}

/*
 * picowl-panel's font (decision 4.53): 8x13 glyphs of the public-domain X misc-fixed font for
 * Latin-1, Latin Extended-A, Greek, Cyrillic and some punctuation, generated into font_glyphs.c
 * by tools/gen_panel_font.py; UTF-8 text measured and cut to fit.
 */
#ifndef PANEL_FONT_H
#define PANEL_FONT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PANEL_FONT_WIDTH 8
#define PANEL_FONT_HEIGHT 13
#define PANEL_ELLIPSIS 0x2026

struct panel_font_glyph {
	uint32_t code;
	uint8_t rows[PANEL_FONT_HEIGHT]; /* bit 7: the leftmost column */
};

extern const struct panel_font_glyph panel_font_glyphs[];
extern const int panel_font_count;

/* The rows of the glyph of `code`, or NULL when the font has none (drawn as a box). */
const uint8_t *panel_font_rows(uint32_t code);

/*
 * The code point at s[*pos] (s holds len bytes), *pos moved past it. A bad sequence (a stray
 * continuation byte, an overlong form, a surrogate, past U+10FFFF, cut by the end) is U+FFFD
 * and consumes one byte; nothing past s[len - 1] is read.
 */
uint32_t panel_utf8_next(const char *s, size_t len, size_t *pos);

/* The characters of s (len bytes). */
int panel_text_chars(const char *s, size_t len);

/*
 * How many bytes of s (len bytes) to draw in `cols` character cells: all of it when it fits,
 * else as many whole characters as leave one cell for the ellipsis, *cut then true.
 */
size_t panel_text_fit(const char *s, size_t len, int cols, bool *cut);

#endif

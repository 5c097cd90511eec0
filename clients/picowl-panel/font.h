/* picowl-panel's built-in font (font.c). */
#ifndef PANEL_FONT_H
#define PANEL_FONT_H

#include <stdint.h>

/* The 3x5 glyph of `c`: bit r*3+c is row r, column c (0: left); lower case as upper case. */
uint16_t panel_glyph(char c);

#endif

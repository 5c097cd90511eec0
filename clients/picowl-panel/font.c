/* The font's look-up, and UTF-8 decoded without reading past the end (decision 4.53). */
#include "font.h"

const uint8_t *
panel_font_rows(uint32_t code)
{
	int lo = 0, hi = panel_font_count - 1;
	while (lo <= hi) {
		int mid = (lo + hi) / 2;
		if (panel_font_glyphs[mid].code == code) {
			return panel_font_glyphs[mid].rows;
		}
		if (panel_font_glyphs[mid].code < code) {
			lo = mid + 1;
		} else {
			hi = mid - 1;
		}
	}
	return NULL;
}

uint32_t
panel_utf8_next(const char *s, size_t len, size_t *pos)
{
	const unsigned char *u = (const unsigned char *)s + *pos;
	size_t left = len - *pos;
	*pos += 1;
	if (u[0] < 0x80) {
		return u[0];
	}
	int n = u[0] >= 0xf0 ? 3 : u[0] >= 0xe0 ? 2 : u[0] >= 0xc0 ? 1 : 0;
	if (n == 0 || u[0] > 0xf4 || (size_t)n >= left) {
		return 0xfffd;
	}
	uint32_t c = u[0] & (0x3f >> n);
	for (int i = 1; i <= n; i++) {
		if ((u[i] & 0xc0) != 0x80) {
			return 0xfffd;
		}
		c = c << 6 | (u[i] & 0x3f);
	}
	static const uint32_t least[4] = {0, 0x80, 0x800, 0x10000};
	if (c < least[n] || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff)) {
		return 0xfffd;
	}
	*pos += (size_t)n;
	return c;
}

int
panel_text_chars(const char *s, size_t len)
{
	int n = 0;
	for (size_t pos = 0; pos < len; n++) {
		panel_utf8_next(s, len, &pos);
	}
	return n;
}

size_t
panel_text_fit(const char *s, size_t len, int cols, bool *cut)
{
	*cut = false;
	if (panel_text_chars(s, len) <= cols) {
		return len;
	}
	*cut = true;
	size_t pos = 0;
	for (int n = 0; n < cols - 1 && pos < len; n++) {
		panel_utf8_next(s, len, &pos);
	}
	return cols < 1 ? 0 : pos;
}

/*
 * Pixel formats (format.c): names, sizes, the pixman and wl_shm codes, and what is refused.
 * The wl_shm codes are written out here from the protocol, not taken from format.c.
 */
#include <pixman.h>
#include <string.h>

#include "format.h"

#include "check.h"

#define FOURCC(a, b, c, d) \
	((uint32_t)(a) | ((uint32_t)(b) << 8) | ((uint32_t)(c) << 16) | ((uint32_t)(d) << 24))

static const struct {
	enum pw_format format;
	const char *name;
	int bpp;
	pixman_format_code_t pixman;
	uint32_t shm;
} expected[] = {
	{PW_FORMAT_RGB565, "rgb565", 2, PIXMAN_r5g6b5, FOURCC('R', 'G', '1', '6')},
	{PW_FORMAT_XRGB8888, "xrgb8888", 4, PIXMAN_x8r8g8b8, 1}, /* WL_SHM_FORMAT_XRGB8888 */
	{PW_FORMAT_ARGB8888, "argb8888", 4, PIXMAN_a8r8g8b8, 0}, /* WL_SHM_FORMAT_ARGB8888 */
};

static void
test_table(void)
{
	for (size_t i = 0; i < sizeof(expected) / sizeof(expected[0]); i++) {
		enum pw_format f = expected[i].format, back = (enum pw_format) - 1;
		CHECK(strcmp(pw_format_name(f), expected[i].name) == 0);
		CHECK(pw_format_bpp(f) == expected[i].bpp);
		CHECK(pw_format_pixman(f) == expected[i].pixman);
		/* pixman agrees on the size of a pixel. */
		CHECK((int)PIXMAN_FORMAT_BPP(pw_format_pixman(f)) == 8 * pw_format_bpp(f));
		CHECK(pw_format_shm(f) == expected[i].shm);
		CHECK(pw_format_parse(expected[i].name, &back) && back == f);
		back = (enum pw_format) - 1;
		CHECK(pw_format_from_shm(expected[i].shm, &back) && back == f);
	}
	/* Only ARGB carries alpha. */
	CHECK((int)PIXMAN_FORMAT_A(pw_format_pixman(PW_FORMAT_ARGB8888)) == 8);
	CHECK((int)PIXMAN_FORMAT_A(pw_format_pixman(PW_FORMAT_XRGB8888)) == 0);
}

static void
test_refused(void)
{
	static const char *const names[] = {"", "RGB565", "rgb", "rgb5650", " rgb565", "rgb565 ",
		"xbgr8888", "abgr8888", "rgb888", "bgr565"};
	static const uint32_t codes[] = {
		2, /* WL_SHM_FORMAT_C8 */
		FOURCC('X', 'B', '2', '4'), /* XBGR8888 */
		FOURCC('A', 'B', '2', '4'), /* ABGR8888 */
		FOURCC('B', 'G', '1', '6'), /* BGR565 */
		FOURCC('R', 'G', '2', '4'), /* RGB888 */
		0xffffffffu,
	};
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		enum pw_format out = PW_FORMAT_XRGB8888;
		CHECK(!pw_format_parse(names[i], &out));
		/* A refusal leaves the output alone. */
		CHECK(out == PW_FORMAT_XRGB8888);
	}
	for (size_t i = 0; i < sizeof(codes) / sizeof(codes[0]); i++) {
		enum pw_format out = PW_FORMAT_ARGB8888;
		CHECK(!pw_format_from_shm(codes[i], &out));
		CHECK(out == PW_FORMAT_ARGB8888);
	}
}

int
main(void)
{
	test_table();
	test_refused();
	return check_summary();
}

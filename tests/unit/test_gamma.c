/* The gamma tables (compositor/pure/gamma.c): built from a ramp, applied in place. */
#include <string.h>

#include "gamma.h"

#include "check.h"

#define SIZE 256

static uint16_t ramp[SIZE * 3];

/* Identity in red, half in green, inverted in blue. */
static void
make_ramp(void)
{
	for (int i = 0; i < SIZE; i++) {
		uint16_t v = (uint16_t)(i * 65535 / (SIZE - 1));
		ramp[i] = v;
		ramp[SIZE + i] = v / 2;
		ramp[2 * SIZE + i] = (uint16_t)(65535 - v);
	}
}

static void
test_565(void)
{
	struct pw_gamma g;
	CHECK(pw_gamma_build(&g, PW_FORMAT_RGB565, ramp, SIZE));
	uint16_t px[4][3] = {{0xffff, 0x0000, 0xf800}, {0x07e0, 0x001f, 0x1234}};
	struct pw_pixmap img = {px, 3, 4, 3 * 2, PW_FORMAT_RGB565};
	pixman_region32_t r;
	pixman_region32_init_rect(&r, 0, 0, 3, 1);
	pw_gamma_apply(&g, img, &r);
	/* white: red kept, green 63 -> 31, blue 31 -> 0 */
	CHECK(px[0][0] == (0xf800 | (31 << 5)));
	/* black: blue inverted to full */
	CHECK(px[0][1] == (0x001f));
	CHECK(px[0][2] == (0xf800 | 0x001f));
	/* the row outside the region is untouched */
	CHECK(px[1][0] == (0x07e0));
	CHECK(px[1][2] == (0x1234));
	pixman_region32_fini(&r);
}

static void
test_8888(void)
{
	struct pw_gamma g;
	CHECK(pw_gamma_build(&g, PW_FORMAT_XRGB8888, ramp, SIZE));
	uint32_t px[2] = {0x00ffffff, 0x00804020};
	struct pw_pixmap img = {px, 2, 1, 8, PW_FORMAT_XRGB8888};
	pixman_region32_t r;
	/* boxes beyond the image are clipped */
	pixman_region32_init_rect(&r, -5, -5, 100, 100);
	pw_gamma_apply(&g, img, &r);
	CHECK(px[0] == (0x00ff7f00u));
	CHECK(px[1] == (0x00802000u | (255 - 0x20)));
	pixman_region32_fini(&r);
}

static void
test_refused(void)
{
	struct pw_gamma g;
	CHECK(!pw_gamma_build(&g, PW_FORMAT_RGB565, ramp, 1));
	CHECK(!pw_gamma_build(&g, PW_FORMAT_ARGB8888, ramp, SIZE));
	/* a table for another format leaves the image alone */
	CHECK(pw_gamma_build(&g, PW_FORMAT_XRGB8888, ramp, SIZE));
	uint16_t px = 0xffff;
	struct pw_pixmap img = {&px, 1, 1, 2, PW_FORMAT_RGB565};
	pixman_region32_t r;
	pixman_region32_init_rect(&r, 0, 0, 1, 1);
	pw_gamma_apply(&g, img, &r);
	CHECK(px == (0xffff));
	pixman_region32_fini(&r);
}

int
main(void)
{
	make_ramp();
	test_565();
	test_8888();
	test_refused();
	return check_summary();
}

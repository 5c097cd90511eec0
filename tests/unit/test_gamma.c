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

/* Rows long enough for the vector and assembly loops, at every start: each pixel as the tables
 * say. */
static void
test_long_rows(void)
{
	struct pw_gamma g;
	CHECK(pw_gamma_build(&g, PW_FORMAT_RGB565, ramp, SIZE));
	uint16_t src[100], dst[100];
	for (int i = 0; i < 100; i++) {
		src[i] = (uint16_t)(i * 2654435761u >> 7);
	}
	int bad = 0;
	for (int start = 0; start < 4; start++) {
		pw_gamma_span(&g, dst + start, src + start, 96);
		for (int i = start; i < start + 96; i++) {
			uint32_t p = src[i];
			bad += dst[i] !=
				(uint16_t)(g.r[p >> 11] | g.g[(p >> 5) & 63] | g.b[p & 31]);
		}
	}
	CHECK(bad == 0);
	struct pw_gamma g8;
	CHECK(pw_gamma_build(&g8, PW_FORMAT_XRGB8888, ramp, SIZE));
	uint32_t s8[40], d8[40];
	for (int i = 0; i < 40; i++) {
		s8[i] = i * 2654435761u;
	}
	pw_gamma_span(&g8, d8, s8, 40);
	bad = 0;
	for (int i = 0; i < 40; i++) {
		uint32_t p = s8[i];
		bad += d8[i] != (g8.r[(p >> 16) & 255] | g8.g[(p >> 8) & 255] | g8.b[p & 255]);
	}
	CHECK(bad == 0);
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

/* 4.102: a ramp resampled to a display table's size keeps its ends and lies on its segments. */
static void
test_resample(void)
{
	static const uint16_t two[2] = {1000, 65000};
	CHECK(pw_gamma_resample(two, 2, 0, 1024) == 1000);
	CHECK(pw_gamma_resample(two, 2, 1023, 1024) == 65000);
	CHECK(pw_gamma_resample(two, 2, 1, 3) == 33000);
	static uint16_t line[4096];
	for (int i = 0; i < 4096; i++) {
		line[i] = (uint16_t)(i * 16);
	}
	int bad = 0;
	for (size_t i = 0; i < 256; i++) {
		int want = (int)(i * 4095 * 16 / 255);
		int got = pw_gamma_resample(line, 4096, i, 256);
		bad += got < want - 16 || got > want + 16;
	}
	CHECK(bad == 0);
	CHECK(pw_gamma_resample(line, 4096, 255, 256) == 4095 * 16);
	CHECK(pw_gamma_resample(ramp, SIZE, 7, SIZE) == ramp[7]);
}

int
main(void)
{
	make_ramp();
	test_565();
	test_8888();
	test_long_rows();
	test_refused();
	test_resample();
	return check_summary();
}

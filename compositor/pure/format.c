#include "format.h"

#include <string.h>

/* Values of wl_shm.format, fixed by the protocol; repeated so this module needs no Wayland. */
#define SHM_ARGB8888 0u
#define SHM_XRGB8888 1u
#define SHM_RGB565 0x36314752u

static const struct {
	const char *name;
	int bpp;
	pixman_format_code_t pixman;
	uint32_t shm;
} formats[] = {
	[PW_FORMAT_RGB565] = {"rgb565", 2, PIXMAN_r5g6b5, SHM_RGB565},
	[PW_FORMAT_XRGB8888] = {"xrgb8888", 4, PIXMAN_x8r8g8b8, SHM_XRGB8888},
	[PW_FORMAT_ARGB8888] = {"argb8888", 4, PIXMAN_a8r8g8b8, SHM_ARGB8888},
};

int
pw_format_bpp(enum pw_format format)
{
	return formats[format].bpp;
}

pixman_format_code_t
pw_format_pixman(enum pw_format format)
{
	return formats[format].pixman;
}

uint32_t
pw_format_shm(enum pw_format format)
{
	return formats[format].shm;
}

const char *
pw_format_name(enum pw_format format)
{
	return formats[format].name;
}

bool
pw_format_parse(const char *name, enum pw_format *out)
{
	for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
		if (strcmp(name, formats[i].name) == 0) {
			*out = (enum pw_format)i;
			return true;
		}
	}
	return false;
}

bool
pw_format_from_shm(uint32_t shm, enum pw_format *out)
{
	for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
		if (formats[i].shm == shm) {
			*out = (enum pw_format)i;
			return true;
		}
	}
	return false;
}

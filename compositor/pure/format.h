/* Pixel formats picowl composites into and accepts from clients. Pure: no Wayland. */
#ifndef PW_FORMAT_H
#define PW_FORMAT_H

#include <pixman.h>
#include <stdbool.h>
#include <stdint.h>

enum pw_format {
	PW_FORMAT_RGB565,
	PW_FORMAT_XRGB8888,
	PW_FORMAT_ARGB8888,
};

/* Bytes per pixel of a format. */
int pw_format_bpp(enum pw_format format);
/* The pixman format code of a format. */
pixman_format_code_t pw_format_pixman(enum pw_format format);
/* The wl_shm format code (WL_SHM_FORMAT_*) of a format. */
uint32_t pw_format_shm(enum pw_format format);
/* Parse "rgb565", "xrgb8888" or "argb8888"; false on anything else. */
bool pw_format_parse(const char *name, enum pw_format *out);
const char *pw_format_name(enum pw_format format);
/* From a wl_shm format code; false when picowl does not take it. */
bool pw_format_from_shm(uint32_t shm, enum pw_format *out);

#endif

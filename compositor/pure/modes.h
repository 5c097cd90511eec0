/* Present modes, copy engines and KMS interfaces, named as in the config. Pure: no Wayland. */
#ifndef PW_MODES_H
#define PW_MODES_H

#include <stdbool.h>

/* How a frame reaches the display (config `present=`). */
enum pw_present_mode {
	PW_PRESENT_AUTO, /* the backend picks by device class */
	PW_PRESENT_SHADOW, /* composite into RAM, copy the damaged rows to the display */
	PW_PRESENT_DIRECT, /* composite straight into the display's buffer */
	PW_PRESENT_FLIP, /* two display buffers, pan or page-flip; repaint by buffer age */
};

/* What moves the damaged rows (config `copy=`). */
enum pw_copy_engine {
	PW_COPY_CPU, /* memcpy of rows */
	PW_COPY_KERNEL, /* the kernel is told the rows (DIRTYFB, FB_DAMAGE_CLIPS) and moves them */
	PW_COPY_DMA, /* a device's own DMA copy */
	PW_COPY_AUTO, /* asked for only: kernel where the driver moves the rows, else cpu */
};

/* Which DRM mode-setting interface drives the display (config `kms=`). */
enum pw_kms_mode {
	PW_KMS_AUTO, /* atomic where the driver has it, else legacy */
	PW_KMS_ATOMIC, /* atomic, or refuse to start */
	PW_KMS_LEGACY, /* SetCrtc, PageFlip and DIRTYFB even on an atomic driver */
};

bool pw_present_mode_parse(const char *name, enum pw_present_mode *out);
const char *pw_present_mode_name(enum pw_present_mode mode);
bool pw_copy_engine_parse(const char *name, enum pw_copy_engine *out);
const char *pw_copy_engine_name(enum pw_copy_engine engine);
bool pw_kms_mode_parse(const char *name, enum pw_kms_mode *out);
const char *pw_kms_mode_name(enum pw_kms_mode mode);

#endif

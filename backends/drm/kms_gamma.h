/*
 * The CRTC's own gamma table for night light (4.102): GAMMA_LUT on the atomic path, the legacy
 * gamma ioctl where there is no such property but the CRTC has a gamma_size. fbdev's twin is
 * backends/fbdev/fb_cmap.h.
 */
#ifndef PW_DRM_KMS_GAMMA_H
#define PW_DRM_KMS_GAMMA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct pw_kms;

struct pw_kms_gamma {
	int size; /* entries a channel; 0: the CRTC has no table */
	uint32_t lut_prop; /* the CRTC's GAMMA_LUT (atomic); 0: the legacy ioctl */
	uint32_t blob; /* the GAMMA_LUT blob picowl made, or 0 */
	uint16_t *saved; /* legacy: the table before picowl (red, green, blue), or NULL */
	uint16_t *table; /* the ramp to show, resampled to `size` a channel, or NULL */
	bool loaded; /* a ramp of picowl's is in the table */
};

/* Finds the table of kms's CRTC (after kms->atomic is settled) and saves the legacy one. */
void pw_kms_gamma_init(struct pw_kms *kms);

/*
 * Keeps `ramp` (`size` a channel; NULL: none, the table as before picowl) and, with `load`,
 * loads it now. False when the CRTC has no table or the kernel refused it.
 */
bool pw_kms_gamma_set(struct pw_kms *kms, const uint16_t *ramp, size_t size, bool load);

/*
 * Loads the ramp kept (`ours`) or the table as before picowl (VT switch away, exit); nothing
 * when that is what the table holds already.
 */
bool pw_kms_gamma_load(struct pw_kms *kms, bool ours);

/* Puts the table as before picowl back and frees what init and set kept. */
void pw_kms_gamma_finish(struct pw_kms *kms);

#endif

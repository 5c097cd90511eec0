/*
 * The framebuffer's colour map as night light's gamma table (4.102), the twin of
 * backends/drm/kms_gamma.h: on a DIRECTCOLOR visual each channel's value indexes its own
 * entries of the cmap (FBIOPUTCMAP), so a ramp loaded there tints what is scanned out. No
 * other visual is used (TRUECOLOR has no table; picowl drives no PSEUDOCOLOR). Untested: no
 * device here offers DIRECTCOLOR (doc/DESIGN.md section 6).
 */
#ifndef PW_FB_CMAP_H
#define PW_FB_CMAP_H

#include <linux/fb.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct pw_fb_cmap {
	int fd;
	int size; /* entries of the cmap; 0: no table */
	int levels[3]; /* the red, green and blue entries used: 2 to the channel's length */
	uint16_t *saved; /* the cmap before picowl (red, green, blue), or NULL */
	uint16_t *table; /* the ramp to show (red, green, blue), or NULL */
	bool loaded; /* a ramp of picowl's is in the cmap */
};

/* Saves the cmap of a DIRECTCOLOR framebuffer; returns its size, 0 for any other. */
int pw_fb_cmap_init(struct pw_fb_cmap *cmap, int fd, const struct fb_var_screeninfo *var,
	const struct fb_fix_screeninfo *fix);

/* As pw_kms_gamma_set: keeps `ramp` (NULL: the saved cmap) and with `load` loads it. */
bool pw_fb_cmap_set(struct pw_fb_cmap *cmap, const uint16_t *ramp, size_t size, bool load);

/* Loads the ramp kept (`ours`) or the saved cmap; nothing when the cmap holds that already. */
bool pw_fb_cmap_load(struct pw_fb_cmap *cmap, bool ours);

/* Puts the saved cmap back and frees what init and set kept. */
void pw_fb_cmap_finish(struct pw_fb_cmap *cmap);

#endif

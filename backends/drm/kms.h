/*
 * Mode setting for the DRM backend: one connector, its CRTC and primary plane, a mode, and
 * commits of a framebuffer with its damage, atomic where the driver supports it and legacy
 * otherwise (the three operations behind which the two APIs hide: init, commit, finish).
 */
#ifndef PW_DRM_KMS_H
#define PW_DRM_KMS_H

#include <pixman.h>
#include <stdbool.h>
#include <stdint.h>
#include <xf86drmMode.h>

#include "kms_gamma.h"
#include "modes.h"

struct pw_kms {
	int fd;
	const char *path;
	bool atomic;
	uint32_t connector_id, crtc_id, plane_id;
	char connector_name[32];
	drmModeModeInfo mode;
	uint32_t mode_blob;
	drmModeModeInfo *modes; /* the connector's, as it listed them at init */
	int n_modes;
	bool rgb565; /* the primary plane takes DRM_FORMAT_RGB565 */
	drmModeCrtc *saved_crtc; /* legacy: what to put back on exit */
	struct pw_kms_gamma gamma; /* the CRTC's gamma table (4.102) */
	struct {
		uint32_t conn_crtc_id, crtc_mode_id, crtc_active;
		uint32_t fb_id, crtc_id, src_x, src_y, src_w, src_h;
		uint32_t crtc_x, crtc_y, crtc_w, crtc_h, damage_clips;
	} prop;
};

/*
 * Picks the connector `connector` names (NULL: the first connected one), its mode (`mode`
 * "WxH" or "WxH@HZ"; NULL: the preferred one), a CRTC and its primary plane, and the interface
 * `api` asks for (AUTO: atomic where the driver has all it needs, else legacy; LEGACY: never
 * atomic; ATOMIC: false when the driver has no atomic). False after a message that names what
 * was missing and what there is.
 */
bool pw_kms_init(struct pw_kms *kms, int fd, const char *path, const char *connector,
	const char *mode, enum pw_kms_mode api);
void pw_kms_finish(struct pw_kms *kms);

/*
 * Shows framebuffer `fb_id`, setting the mode first when `modeset`. `damage` (may be NULL:
 * everything) goes to the kernel as FB_DAMAGE_CLIPS where the plane has them. With `event`
 * set, a page-flip event carrying `data` comes when the frame is on screen; a legacy modeset
 * sends none and clears *event. Returns 0 or -errno.
 */
int pw_kms_commit(struct pw_kms *kms, uint32_t fb_id, bool modeset, bool flip,
	const pixman_region32_t *damage, bool *event, void *data);

/*
 * Turns the display off (atomic: the CRTC's ACTIVE 0, the mode kept; legacy: the connector's
 * DPMS property) or on again (DPMS on; the caller's next commit sets the mode). 0 or -errno.
 */
int pw_kms_set_active(struct pw_kms *kms, bool on);

/*
 * Sets `mode` (one of kms->modes) showing framebuffer `fb_id`, of its size, and makes it
 * kms->mode; with `test` only asks the kernel whether it would (atomic: TEST_ONLY; legacy
 * has no test: 0, the mode is one the connector listed). Nothing changes on failure. 0 or
 * -errno.
 */
int pw_kms_set_mode(struct pw_kms *kms, const drmModeModeInfo *mode, uint32_t fb_id, bool test);

/* DIRTYFB with the damaged boxes; 0, -ENOSYS when the driver needs none, or -errno. */
int pw_kms_dirty(struct pw_kms *kms, uint32_t fb_id, const pixman_region32_t *damage);

#endif

/* The CRTC's gamma table (4.102); see kms_gamma.h. */
#include "kms_gamma.h"
#include "gamma.h"
#include "kms.h"
#include "log.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <xf86drm.h>
#include <xf86drmMode.h>

void
pw_kms_gamma_init(struct pw_kms *kms)
{
	struct pw_kms_gamma *g = &kms->gamma;
	*g = (struct pw_kms_gamma){0};
	if (kms->atomic) {
		drmModeObjectProperties *props =
			drmModeObjectGetProperties(kms->fd, kms->crtc_id, DRM_MODE_OBJECT_CRTC);
		uint64_t lut_size = 0;
		for (uint32_t i = 0; props && i < props->count_props; i++) {
			drmModePropertyRes *p = drmModeGetProperty(kms->fd, props->props[i]);
			if (p && strcmp(p->name, "GAMMA_LUT") == 0) {
				g->lut_prop = p->prop_id;
			} else if (p && strcmp(p->name, "GAMMA_LUT_SIZE") == 0) {
				lut_size = props->prop_values[i];
			}
			drmModeFreeProperty(p);
		}
		drmModeFreeObjectProperties(props);
		if (g->lut_prop && lut_size >= 2 && lut_size <= 65536) {
			g->size = (int)lut_size;
			pw_log_info("drm: %s: gamma table GAMMA_LUT of %d\n", kms->connector_name,
				g->size);
			return;
		}
		g->lut_prop = 0;
	}
	drmModeCrtc *crtc = drmModeGetCrtc(kms->fd, kms->crtc_id);
	int size = crtc ? crtc->gamma_size : 0;
	drmModeFreeCrtc(crtc);
	if (size < 2 || size > 65536) {
		return;
	}
	g->saved = calloc((size_t)size * 3, sizeof(uint16_t));
	if (!g->saved ||
		drmModeCrtcGetGamma(kms->fd, kms->crtc_id, (uint32_t)size, g->saved,
			g->saved + size, g->saved + 2 * size) != 0) {
		free(g->saved);
		g->saved = NULL; /* a linear ramp goes back instead */
	}
	g->size = size;
	pw_log_info("drm: %s: gamma table legacy of %d\n", kms->connector_name, size);
}

/* Loads `table` (`size` a channel), NULL: linear, through GAMMA_LUT. */
static int
load_lut(struct pw_kms *kms, const uint16_t *table)
{
	struct pw_kms_gamma *g = &kms->gamma;
	uint32_t blob = 0;
	if (table) {
		size_t n = (size_t)g->size;
		struct drm_color_lut *lut = calloc(n, sizeof(*lut));
		if (!lut) {
			return -ENOMEM;
		}
		for (size_t i = 0; i < n; i++) {
			lut[i] =
				(struct drm_color_lut){table[i], table[n + i], table[2 * n + i], 0};
		}
		int ret = drmModeCreatePropertyBlob(kms->fd, lut, n * sizeof(*lut), &blob);
		free(lut);
		if (ret != 0) {
			return -errno;
		}
	}
	drmModeAtomicReq *req = drmModeAtomicAlloc();
	int ret = req && drmModeAtomicAddProperty(req, kms->crtc_id, g->lut_prop, blob) > 0
		? drmModeAtomicCommit(kms->fd, req, 0, NULL)
		: -ENOMEM;
	ret = ret < 0 && errno ? -errno : ret;
	drmModeAtomicFree(req);
	uint32_t stale = ret == 0 ? g->blob : blob;
	if (stale) {
		drmModeDestroyPropertyBlob(kms->fd, stale);
	}
	if (ret == 0) {
		g->blob = blob;
	}
	return ret;
}

bool
pw_kms_gamma_load(struct pw_kms *kms, bool ours)
{
	struct pw_kms_gamma *g = &kms->gamma;
	if (!g->size) {
		return false;
	}
	const uint16_t *table = ours ? g->table : NULL;
	if (!table && !g->loaded) {
		return true;
	}
	int ret = 0;
	if (g->lut_prop) {
		ret = load_lut(kms, table);
	} else {
		size_t n = (size_t)g->size;
		uint16_t *linear = NULL;
		if (!table) {
			table = g->saved;
		}
		if (!table) {
			linear = malloc(n * 3 * sizeof(*linear));
			for (size_t i = 0; linear && i < n * 3; i++) {
				linear[i] = (uint16_t)((i % n) * 65535 / (n - 1));
			}
			table = linear;
		}
		ret = table
			? drmModeCrtcSetGamma(kms->fd, kms->crtc_id, (uint32_t)n, (uint16_t *)table,
				  (uint16_t *)table + n, (uint16_t *)table + 2 * n)
			: -ENOMEM;
		ret = ret < 0 && errno ? -errno : ret;
		free(linear);
	}
	if (ret != 0) {
		pw_log_warning("drm: %s: the CRTC's gamma table (%s) refused a ramp: %s\n",
			kms->connector_name, g->lut_prop ? "GAMMA_LUT" : "legacy", strerror(-ret));
		return false;
	}
	g->loaded = table != NULL;
	return true;
}

bool
pw_kms_gamma_set(struct pw_kms *kms, const uint16_t *ramp, size_t size, bool load)
{
	struct pw_kms_gamma *g = &kms->gamma;
	if (!g->size) {
		return false;
	}
	free(g->table);
	g->table = NULL;
	if (ramp && size >= 2) {
		size_t n = (size_t)g->size;
		g->table = malloc(n * 3 * sizeof(*g->table));
		if (!g->table) {
			return false;
		}
		for (size_t c = 0; c < 3; c++) {
			for (size_t i = 0; i < n; i++) {
				g->table[c * n + i] =
					pw_gamma_resample(ramp + c * size, size, i, n);
			}
		}
	}
	if (!load || pw_kms_gamma_load(kms, true)) {
		return true;
	}
	free(g->table);
	g->table = NULL;
	return false;
}

void
pw_kms_gamma_finish(struct pw_kms *kms)
{
	struct pw_kms_gamma *g = &kms->gamma;
	pw_kms_gamma_load(kms, false);
	if (g->blob) {
		drmModeDestroyPropertyBlob(kms->fd, g->blob);
	}
	free(g->table);
	free(g->saved);
	*g = (struct pw_kms_gamma){0};
}

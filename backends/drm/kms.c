/* Connector, CRTC, plane and mode; atomic and legacy commits. See kms.h. */
#include "kms.h"
#include "log.h"

#include <drm_fourcc.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xf86drm.h>

static void
connector_name(drmModeConnector *c, char *buf, size_t len)
{
	const char *type = drmModeGetConnectorTypeName(c->connector_type);
	snprintf(buf, len, "%s-%u", type ? type : "Unknown", c->connector_type_id);
}

static uint32_t
prop_id(int fd, uint32_t object, uint32_t type, const char *name, uint64_t *value)
{
	drmModeObjectProperties *props = drmModeObjectGetProperties(fd, object, type);
	uint32_t id = 0;
	for (uint32_t i = 0; props && i < props->count_props && !id; i++) {
		drmModePropertyRes *p = drmModeGetProperty(fd, props->props[i]);
		if (p && strcmp(p->name, name) == 0) {
			id = p->prop_id;
			if (value) {
				*value = props->prop_values[i];
			}
		}
		drmModeFreeProperty(p);
	}
	drmModeFreeObjectProperties(props);
	return id;
}

/* The connector the config names, or the first connected one; lists them when none fits. */
static drmModeConnector *
pick_connector(struct pw_kms *kms, drmModeRes *res, const char *want)
{
	char names[256] = "", name[32];
	for (int i = 0; i < res->count_connectors; i++) {
		drmModeConnector *c = drmModeGetConnector(kms->fd, res->connectors[i]);
		if (!c) {
			continue;
		}
		connector_name(c, name, sizeof(name));
		bool connected = c->connection == DRM_MODE_CONNECTED && c->count_modes > 0;
		if (want ? strcmp(want, name) == 0 : connected) {
			if (!connected) {
				pw_log_error("drm: %s: connector %s has no display connected\n",
					kms->path, name);
				drmModeFreeConnector(c);
				return NULL;
			}
			snprintf(kms->connector_name, sizeof(kms->connector_name), "%s", name);
			return c;
		}
		size_t used = strlen(names);
		snprintf(names + used, sizeof(names) - used, "%s%s (%s)", used ? ", " : "", name,
			connected ? "connected" : "disconnected");
		drmModeFreeConnector(c);
	}
	if (want) {
		pw_log_error("drm: %s has no connector %s; it has: %s\n", kms->path, want,
			names[0] ? names : "none");
	} else {
		pw_log_error("drm: %s has no connected output (connectors: %s)\n", kms->path,
			names[0] ? names : "none");
	}
	return NULL;
}

static bool
pick_mode(struct pw_kms *kms, drmModeConnector *c, const char *want)
{
	int w = 0, h = 0, hz = 0;
	if (want && sscanf(want, "%dx%d@%d", &w, &h, &hz) < 2) {
		pw_log_error("drm: bad mode %s (WxH or WxH@HZ)\n", want);
		return false;
	}
	for (int i = 0; i < c->count_modes; i++) {
		drmModeModeInfo *m = &c->modes[i];
		bool match = want ? m->hdisplay == w && m->vdisplay == h &&
				(hz == 0 || (int)m->vrefresh == hz)
				  : (m->type & DRM_MODE_TYPE_PREFERRED) != 0;
		if (match) {
			kms->mode = *m;
			return true;
		}
	}
	if (!want) {
		kms->mode = c->modes[0];
		return true;
	}
	char modes[512] = "";
	for (int i = 0; i < c->count_modes && i < 24; i++) {
		size_t used = strlen(modes);
		snprintf(modes + used, sizeof(modes) - used, "%s%dx%d@%u", i ? " " : "",
			c->modes[i].hdisplay, c->modes[i].vdisplay, c->modes[i].vrefresh);
	}
	pw_log_error("drm: %s has no mode %s; it has: %s\n", kms->connector_name, want, modes);
	return false;
}

/* The CRTC the connector drives now, else the first any of its encoders can use. */
static int
pick_crtc(struct pw_kms *kms, drmModeRes *res, drmModeConnector *c)
{
	drmModeEncoder *enc = c->encoder_id ? drmModeGetEncoder(kms->fd, c->encoder_id) : NULL;
	if (enc && enc->crtc_id) {
		for (int i = 0; i < res->count_crtcs; i++) {
			if (res->crtcs[i] == enc->crtc_id) {
				drmModeFreeEncoder(enc);
				return i;
			}
		}
	}
	drmModeFreeEncoder(enc);
	for (int e = 0; e < c->count_encoders; e++) {
		enc = drmModeGetEncoder(kms->fd, c->encoders[e]);
		uint32_t possible = enc ? enc->possible_crtcs : 0;
		drmModeFreeEncoder(enc);
		for (int i = 0; i < res->count_crtcs; i++) {
			if (possible & (1u << i)) {
				return i;
			}
		}
	}
	return -1;
}

static bool
pick_plane(struct pw_kms *kms, int crtc_index)
{
	drmModePlaneRes *planes = drmModeGetPlaneResources(kms->fd);
	for (uint32_t i = 0; planes && i < planes->count_planes && !kms->plane_id; i++) {
		drmModePlane *p = drmModeGetPlane(kms->fd, planes->planes[i]);
		uint64_t type = 0;
		if (p && (p->possible_crtcs & (1u << crtc_index)) &&
			prop_id(kms->fd, p->plane_id, DRM_MODE_OBJECT_PLANE, "type", &type) &&
			type == DRM_PLANE_TYPE_PRIMARY) {
			kms->plane_id = p->plane_id;
			for (uint32_t f = 0; f < p->count_formats; f++) {
				kms->rgb565 |= p->formats[f] == DRM_FORMAT_RGB565;
			}
		}
		drmModeFreePlane(p);
	}
	drmModeFreePlaneResources(planes);
	return kms->plane_id != 0;
}

static bool
find_props(struct pw_kms *kms)
{
	int fd = kms->fd;
	uint32_t p = kms->plane_id;
	kms->prop.conn_crtc_id =
		prop_id(fd, kms->connector_id, DRM_MODE_OBJECT_CONNECTOR, "CRTC_ID", NULL);
	kms->prop.crtc_mode_id = prop_id(fd, kms->crtc_id, DRM_MODE_OBJECT_CRTC, "MODE_ID", NULL);
	kms->prop.crtc_active = prop_id(fd, kms->crtc_id, DRM_MODE_OBJECT_CRTC, "ACTIVE", NULL);
	kms->prop.fb_id = prop_id(fd, p, DRM_MODE_OBJECT_PLANE, "FB_ID", NULL);
	kms->prop.crtc_id = prop_id(fd, p, DRM_MODE_OBJECT_PLANE, "CRTC_ID", NULL);
	kms->prop.src_x = prop_id(fd, p, DRM_MODE_OBJECT_PLANE, "SRC_X", NULL);
	kms->prop.src_y = prop_id(fd, p, DRM_MODE_OBJECT_PLANE, "SRC_Y", NULL);
	kms->prop.src_w = prop_id(fd, p, DRM_MODE_OBJECT_PLANE, "SRC_W", NULL);
	kms->prop.src_h = prop_id(fd, p, DRM_MODE_OBJECT_PLANE, "SRC_H", NULL);
	kms->prop.crtc_x = prop_id(fd, p, DRM_MODE_OBJECT_PLANE, "CRTC_X", NULL);
	kms->prop.crtc_y = prop_id(fd, p, DRM_MODE_OBJECT_PLANE, "CRTC_Y", NULL);
	kms->prop.crtc_w = prop_id(fd, p, DRM_MODE_OBJECT_PLANE, "CRTC_W", NULL);
	kms->prop.crtc_h = prop_id(fd, p, DRM_MODE_OBJECT_PLANE, "CRTC_H", NULL);
	kms->prop.damage_clips = prop_id(fd, p, DRM_MODE_OBJECT_PLANE, "FB_DAMAGE_CLIPS", NULL);
	return kms->prop.conn_crtc_id && kms->prop.crtc_mode_id && kms->prop.crtc_active &&
		kms->prop.fb_id && kms->prop.crtc_id && kms->prop.src_w && kms->prop.crtc_w;
}

bool
pw_kms_init(struct pw_kms *kms, int fd, const char *path, const char *connector, const char *mode,
	enum pw_kms_mode api)
{
	*kms = (struct pw_kms){.fd = fd, .path = path};
	drmSetClientCap(fd, DRM_CLIENT_CAP_UNIVERSAL_PLANES, 1);
	kms->atomic = api != PW_KMS_LEGACY && drmSetClientCap(fd, DRM_CLIENT_CAP_ATOMIC, 1) == 0;
	drmModeRes *res = drmModeGetResources(fd);
	if (!res) {
		pw_log_error("drm: %s has no mode setting (not a KMS device?)\n", path);
		return false;
	}
	bool ok = false;
	drmModeConnector *c = pick_connector(kms, res, connector);
	if (!c || !pick_mode(kms, c, mode)) {
		goto out;
	}
	kms->connector_id = c->connector_id;
	kms->modes = calloc((size_t)c->count_modes, sizeof(*kms->modes));
	if (!kms->modes) {
		goto out;
	}
	memcpy(kms->modes, c->modes, sizeof(*kms->modes) * (size_t)c->count_modes);
	kms->n_modes = c->count_modes;
	int crtc_index = pick_crtc(kms, res, c);
	if (crtc_index < 0) {
		pw_log_error("drm: no CRTC can drive %s\n", kms->connector_name);
		goto out;
	}
	kms->crtc_id = res->crtcs[crtc_index];
	kms->saved_crtc = drmModeGetCrtc(fd, kms->crtc_id);
	if (!pick_plane(kms, crtc_index)) {
		pw_log_error("drm: no primary plane for %s\n", kms->connector_name);
		goto out;
	}
	if (kms->atomic && !find_props(kms)) {
		kms->atomic = false; /* a property is missing: legacy will do */
	}
	if (kms->atomic &&
		drmModeCreatePropertyBlob(fd, &kms->mode, sizeof(kms->mode), &kms->mode_blob) !=
			0) {
		kms->atomic = false;
	}
	if (api == PW_KMS_ATOMIC && !kms->atomic) {
		pw_log_error("drm: %s has no atomic mode setting (--kms atomic)\n", path);
		goto out;
	}
	pw_kms_gamma_init(kms);
	ok = true;
out:
	drmModeFreeConnector(c);
	drmModeFreeResources(res);
	return ok;
}

void
pw_kms_finish(struct pw_kms *kms)
{
	pw_kms_gamma_finish(kms);
	if (kms->mode_blob) {
		drmModeDestroyPropertyBlob(kms->fd, kms->mode_blob);
	}
	drmModeCrtc *s = kms->saved_crtc;
	if (s && !kms->atomic && s->buffer_id) {
		drmModeSetCrtc(kms->fd, s->crtc_id, s->buffer_id, s->x, s->y, &kms->connector_id, 1,
			&s->mode);
	}
	drmModeFreeCrtc(s);
	kms->saved_crtc = NULL;
	free(kms->modes);
	kms->modes = NULL;
}

/* The damaged boxes as the kernel's rectangles; NULL when none (or no memory: everything). */
static struct drm_mode_rect *
damage_rects(const pixman_region32_t *damage, int *n)
{
	const pixman_box32_t *boxes = pixman_region32_rectangles(damage, n);
	struct drm_mode_rect *rects = *n ? calloc((size_t)*n, sizeof(*rects)) : NULL;
	for (int i = 0; rects && i < *n; i++) {
		rects[i] =
			(struct drm_mode_rect){boxes[i].x1, boxes[i].y1, boxes[i].x2, boxes[i].y2};
	}
	return rects;
}

/* The properties of a modeset to `mode` (its blob `mode_blob`) on the primary plane. */
static void
add_modeset(struct pw_kms *kms, drmModeAtomicReq *req, const drmModeModeInfo *mode,
	uint32_t mode_blob)
{
	uint32_t w = mode->hdisplay, h = mode->vdisplay, p = kms->plane_id;
	drmModeAtomicAddProperty(req, kms->connector_id, kms->prop.conn_crtc_id, kms->crtc_id);
	drmModeAtomicAddProperty(req, kms->crtc_id, kms->prop.crtc_mode_id, mode_blob);
	drmModeAtomicAddProperty(req, kms->crtc_id, kms->prop.crtc_active, 1);
	drmModeAtomicAddProperty(req, p, kms->prop.crtc_id, kms->crtc_id);
	drmModeAtomicAddProperty(req, p, kms->prop.src_x, 0);
	drmModeAtomicAddProperty(req, p, kms->prop.src_y, 0);
	drmModeAtomicAddProperty(req, p, kms->prop.src_w, (uint64_t)w << 16);
	drmModeAtomicAddProperty(req, p, kms->prop.src_h, (uint64_t)h << 16);
	drmModeAtomicAddProperty(req, p, kms->prop.crtc_x, 0);
	drmModeAtomicAddProperty(req, p, kms->prop.crtc_y, 0);
	drmModeAtomicAddProperty(req, p, kms->prop.crtc_w, w);
	drmModeAtomicAddProperty(req, p, kms->prop.crtc_h, h);
}

static int
commit_atomic(struct pw_kms *kms, uint32_t fb_id, bool modeset, const pixman_region32_t *damage,
	bool event, void *data)
{
	drmModeAtomicReq *req = drmModeAtomicAlloc();
	if (!req) {
		return -ENOMEM;
	}
	uint32_t p = kms->plane_id, blob = 0;
	uint32_t flags = event ? DRM_MODE_PAGE_FLIP_EVENT : 0;
	if (modeset) {
		add_modeset(kms, req, &kms->mode, kms->mode_blob);
		flags |= DRM_MODE_ATOMIC_ALLOW_MODESET;
	} else {
		flags |= DRM_MODE_ATOMIC_NONBLOCK;
	}
	drmModeAtomicAddProperty(req, p, kms->prop.fb_id, fb_id);
	if (damage && kms->prop.damage_clips && !modeset) {
		int n;
		struct drm_mode_rect *rects = damage_rects(damage, &n);
		if (rects &&
			drmModeCreatePropertyBlob(kms->fd, rects, sizeof(*rects) * (size_t)n,
				&blob) == 0) {
			drmModeAtomicAddProperty(req, p, kms->prop.damage_clips, blob);
		}
		free(rects);
	}
	int ret = drmModeAtomicCommit(kms->fd, req, flags, data);
	ret = ret < 0 ? -errno : 0;
	if (blob) {
		drmModeDestroyPropertyBlob(kms->fd, blob);
	}
	drmModeAtomicFree(req);
	return ret;
}

int
pw_kms_commit(struct pw_kms *kms, uint32_t fb_id, bool modeset, bool flip,
	const pixman_region32_t *damage, bool *event, void *data)
{
	if (kms->atomic) {
		return commit_atomic(kms, fb_id, modeset, damage, *event, data);
	}
	if (modeset) {
		*event = false;
		int ret = drmModeSetCrtc(kms->fd, kms->crtc_id, fb_id, 0, 0, &kms->connector_id, 1,
			&kms->mode);
		return ret < 0 ? -errno : 0;
	}
	if (!flip) {
		/* One buffer: no flip (on an upload driver it would move the whole screen). */
		*event = false;
		int ret = pw_kms_dirty(kms, fb_id, damage);
		return ret == -ENOSYS ? 0 : ret;
	}
	int ret = drmModePageFlip(kms->fd, kms->crtc_id, fb_id,
		*event ? DRM_MODE_PAGE_FLIP_EVENT : 0, data);
	return ret < 0 ? -errno : 0;
}

int
pw_kms_set_mode(struct pw_kms *kms, const drmModeModeInfo *mode, uint32_t fb_id, bool test)
{
	if (!kms->atomic) {
		if (test) {
			return 0;
		}
		drmModeModeInfo copy = *mode;
		if (drmModeSetCrtc(kms->fd, kms->crtc_id, fb_id, 0, 0, &kms->connector_id, 1,
			    &copy) != 0) {
			return -errno;
		}
		kms->mode = *mode;
		return 0;
	}
	uint32_t blob = 0;
	if (drmModeCreatePropertyBlob(kms->fd, mode, sizeof(*mode), &blob) != 0) {
		return -errno;
	}
	drmModeAtomicReq *req = drmModeAtomicAlloc();
	if (!req) {
		drmModeDestroyPropertyBlob(kms->fd, blob);
		return -ENOMEM;
	}
	add_modeset(kms, req, mode, blob);
	drmModeAtomicAddProperty(req, kms->plane_id, kms->prop.fb_id, fb_id);
	uint32_t flags = DRM_MODE_ATOMIC_ALLOW_MODESET | (test ? DRM_MODE_ATOMIC_TEST_ONLY : 0);
	int ret = drmModeAtomicCommit(kms->fd, req, flags, NULL) < 0 ? -errno : 0;
	drmModeAtomicFree(req);
	if (ret < 0 || test) {
		drmModeDestroyPropertyBlob(kms->fd, blob);
		return ret;
	}
	drmModeDestroyPropertyBlob(kms->fd, kms->mode_blob);
	kms->mode_blob = blob;
	kms->mode = *mode;
	return 0;
}

int
pw_kms_set_active(struct pw_kms *kms, bool on)
{
	if (kms->atomic) {
		if (on) {
			return 0; /* the next commit is a modeset with ACTIVE 1 */
		}
		drmModeAtomicReq *req = drmModeAtomicAlloc();
		if (!req) {
			return -ENOMEM;
		}
		drmModeAtomicAddProperty(req, kms->crtc_id, kms->prop.crtc_active, 0);
		int ret = drmModeAtomicCommit(kms->fd, req, DRM_MODE_ATOMIC_ALLOW_MODESET, NULL);
		drmModeAtomicFree(req);
		return ret < 0 ? -errno : 0;
	}
	uint32_t dpms =
		prop_id(kms->fd, kms->connector_id, DRM_MODE_OBJECT_CONNECTOR, "DPMS", NULL);
	if (!dpms) {
		return -ENOTSUP;
	}
	int ret = drmModeConnectorSetProperty(kms->fd, kms->connector_id, dpms,
		on ? DRM_MODE_DPMS_ON : DRM_MODE_DPMS_OFF);
	return ret < 0 ? -errno : 0;
}

int
pw_kms_dirty(struct pw_kms *kms, uint32_t fb_id, const pixman_region32_t *damage)
{
	int n = 0;
	drmModeClip *clips = NULL;
	if (damage) {
		const pixman_box32_t *boxes = pixman_region32_rectangles(damage, &n);
		clips = n ? calloc((size_t)n, sizeof(*clips)) : NULL;
		for (int i = 0; clips && i < n; i++) {
			clips[i] = (drmModeClip){(uint16_t)boxes[i].x1, (uint16_t)boxes[i].y1,
				(uint16_t)boxes[i].x2, (uint16_t)boxes[i].y2};
		}
		if (!clips) {
			n = 0;
		}
	}
	int ret = drmModeDirtyFB(kms->fd, fb_id, clips, (uint32_t)n);
	free(clips);
	return ret < 0 ? -errno : ret;
}

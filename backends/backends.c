/* Choosing and naming backends. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backends.h"
#include "backlight.h"
#include "drm.h"
#include "fbdev.h"
#include "headless.h"
#include "log.h"
#include "nested.h"
#include "session.h"

/* A DRM card with a connected output, found in sysfs without opening anything. */
static bool
find_connected_card(char *path, size_t len)
{
	DIR *dir = opendir("/sys/class/drm");
	if (!dir) {
		return false;
	}
	bool found = false;
	struct dirent *entry;
	while (!found && (entry = readdir(dir))) {
		/* Connectors are named card<N>-<connector>. */
		unsigned card;
		int name_at = 0;
		if (sscanf(entry->d_name, "card%u-%n", &card, &name_at) != 1 || name_at == 0) {
			continue;
		}
		char status_path[512], status[32] = "";
		snprintf(status_path, sizeof(status_path), "/sys/class/drm/%s/status",
			entry->d_name);
		FILE *f = fopen(status_path, "r");
		if (!f) {
			continue;
		}
		found = fgets(status, sizeof(status), f) && strncmp(status, "connected", 9) == 0;
		fclose(f);
		if (found) {
			snprintf(path, len, "/dev/dri/card%u", card);
		}
	}
	closedir(dir);
	return found;
}

static struct pw_backend *
create_real(struct wl_event_loop *loop, const char *name, const struct pw_backend_config *config)
{
	struct pw_session *session = pw_session_create(loop);
	if (!session) {
		return NULL;
	}
	if (strcmp(name, "fbdev") == 0) {
		return pw_fbdev_backend_create(loop, config, session);
	}
#ifdef PW_HAVE_DRM
	return pw_drm_backend_create(loop, config, session);
#else
	pw_session_destroy(session);
	pw_log_error("the drm backend is not built into this picowl (no libdrm)\n");
	return NULL;
#endif
}

static struct pw_backend *
create_auto(struct wl_event_loop *loop, const struct pw_backend_config *config)
{
	struct pw_backend_config chosen = *config;
	char card[64];
#ifdef PW_HAVE_DRM
	if (find_connected_card(card, sizeof(card))) {
		chosen.device = card;
		pw_log_info("auto: %s has a connected output: drm\n", card);
		return create_real(loop, "drm", &chosen);
	}
#else
	(void)card;
	(void)find_connected_card;
#endif
	if (access("/dev/fb0", F_OK) == 0) {
		chosen.device = "/dev/fb0";
		pw_log_info("auto: no DRM output; /dev/fb0: fbdev\n");
		return create_real(loop, "fbdev", &chosen);
	}
#ifdef PW_HAVE_WAYLAND_BACKEND
	if (getenv("WAYLAND_DISPLAY")) {
		pw_log_info("auto: no display device; WAYLAND_DISPLAY is set: wayland\n");
		return pw_nested_backend_create(loop, config);
	}
#endif
	pw_log_info("auto: no display device and no WAYLAND_DISPLAY: headless\n");
	return pw_headless_backend_create(loop, config);
}

struct pw_backend *
pw_backend_create(struct wl_event_loop *loop, const char *name,
	const struct pw_backend_config *config)
{
	if (strcmp(name, "headless") == 0) {
		return pw_headless_backend_create(loop, config);
	}
	if (strcmp(name, "auto") == 0) {
		return create_auto(loop, config);
	}
	if (strcmp(name, "fbdev") == 0 || strcmp(name, "drm") == 0) {
		struct pw_backend_config chosen = *config;
		char card[64];
		if (!chosen.device && strcmp(name, "drm") == 0) {
			chosen.device =
				find_connected_card(card, sizeof(card)) ? card : "/dev/dri/card0";
		}
		return create_real(loop, name, &chosen);
	}
#ifdef PW_HAVE_WAYLAND_BACKEND
	if (strcmp(name, "wayland") == 0) {
		return pw_nested_backend_create(loop, config);
	}
#endif
	pw_log_error("the %s backend is not built into this picowl\n", name);
	return NULL;
}

bool
pw_backend_switch_vt(struct pw_backend *backend, int vt)
{
	if (!backend->session) {
		pw_log_error("the %s backend has no VT to switch\n", backend->name);
		return false;
	}
	return pw_session_switch_vt(backend->session, vt);
}

void
pw_backend_destroy(struct pw_backend *backend)
{
	if (backend) {
		pw_backlight_destroy(backend->backlight);
		backend->impl->destroy(backend);
	}
}

/*
 * picowl-xwm.so (xwm.c, xwm_window.c and the xcb libraries they need) loaded at the first X
 * client, so that a session that runs no X program maps none of them (decision 4.70). Installed,
 * the module is ../lib/picowl/picowl-xwm.so from the executable's folder; in the build tree,
 * where meson put it. It calls back into the executable, which exports what it calls
 * (xwm.dynamic-list).
 */
#include "xwm_load.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "log.h"
#include "xwm.h"

static bool
installed_path(char *out, size_t size)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n <= 0) {
		return false;
	}
	exe[n] = '\0';
	char *slash = strrchr(exe, '/');
	if (!slash) {
		return false;
	}
	*slash = '\0';
	int len = snprintf(out, size, "%s/../lib/picowl/picowl-xwm.so", exe);
	return len > 0 && (size_t)len < size;
}

const struct pw_xwm_module *
pw_xwm_load(void)
{
	static const struct pw_xwm_module *module;
	if (module) {
		return module;
	}
	char installed[PATH_MAX + 32];
	const char *paths[] = {installed_path(installed, sizeof(installed)) ? installed : NULL,
		PW_XWM_MODULE_BUILD};
	for (size_t i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
		if (!paths[i] || access(paths[i], F_OK) != 0) {
			continue;
		}
		void *handle = dlopen(paths[i], RTLD_NOW | RTLD_LOCAL);
		if (!handle) {
			pw_log_error("xwayland: cannot load %s: %s", paths[i], dlerror());
			return NULL;
		}
		module = dlsym(handle, PW_XWM_MODULE_SYMBOL);
		if (!module) {
			pw_log_error("xwayland: %s has no %s", paths[i], PW_XWM_MODULE_SYMBOL);
			dlclose(handle);
		}
		return module;
	}
	pw_log_error("xwayland: the module picowl-xwm.so is neither at %s nor at %s",
		paths[0] ? paths[0] : "../lib/picowl/ from the executable", PW_XWM_MODULE_BUILD);
	return NULL;
}

/* Loading picowl's modules from where they are installed or built (module.h). */
#include "module.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "log.h"

/* ../lib/picowl/NAME from the running executable's folder, in `out` of `size` bytes. */
static bool
installed_path(const char *name, char *out, size_t size)
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
	int len = snprintf(out, size, "%s/../lib/picowl/%s", exe, name);
	return len > 0 && (size_t)len < size;
}

const void *
pw_module_load(const char *what, const char *name, const char *build_path, const char *symbol,
	const char *without)
{
	char installed[PATH_MAX + 64];
	const char *paths[] = {installed_path(name, installed, sizeof(installed)) ? installed
										  : NULL,
		build_path};
	for (size_t i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
		if (!paths[i] || access(paths[i], F_OK) != 0) {
			continue;
		}
		void *handle = dlopen(paths[i], RTLD_NOW | RTLD_LOCAL);
		if (!handle) {
			pw_log_error("%s: cannot load %s: %s", what, paths[i], dlerror());
			return NULL;
		}
		const void *found = dlsym(handle, symbol);
		if (!found) {
			pw_log_error("%s: %s has no %s", what, paths[i], symbol);
			dlclose(handle);
		}
		return found;
	}
	const char *first = paths[0] ? paths[0] : "../lib/picowl/ from the executable";
	if (without) {
		pw_log_warning("%s: the module %s is neither at %s nor at %s: %s", what, name,
			first, build_path, without);
	} else {
		pw_log_error("%s: the module %s is neither at %s nor at %s", what, name, first,
			build_path);
	}
	return NULL;
}

/*
 * pw_input_* through the module picowl-input.so (libinput.c), loaded at the first
 * pw_input_create; see input_load.h and interface/input.h. Installed, the module is
 * ../lib/picowl/picowl-input.so from the executable's folder (/usr/bin/picowl: /usr/lib/picowl/);
 * in the build tree, where meson put it.
 */
#include "input_load.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "log.h"
#include "session.h"

static const struct pw_input_host host = {
	.open = pw_session_open,
	.close = pw_session_close,
	.log = pw_log_va,
};

static const struct pw_input_module *module;

/* The installed place, next to the running executable: `out` of `size` bytes. */
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
	int len = snprintf(out, size, "%s/../lib/picowl/picowl-input.so", exe);
	return len > 0 && (size_t)len < size;
}

static const struct pw_input_module *
load(void)
{
	if (module) {
		return module;
	}
	char installed[PATH_MAX + 32];
	const char *paths[] = {installed_path(installed, sizeof(installed)) ? installed : NULL,
		PW_INPUT_MODULE_BUILD};
	for (size_t i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
		if (!paths[i] || access(paths[i], F_OK) != 0) {
			continue;
		}
		void *handle = dlopen(paths[i], RTLD_NOW | RTLD_LOCAL);
		if (!handle) {
			pw_log_error("input: cannot load %s: %s\n", paths[i], dlerror());
			return NULL;
		}
		module = dlsym(handle, PW_INPUT_MODULE_SYMBOL);
		if (!module) {
			pw_log_error("input: %s has no %s\n", paths[i], PW_INPUT_MODULE_SYMBOL);
			dlclose(handle);
		}
		return module;
	}
	pw_log_warning("input: the module picowl-input.so is neither at %s nor at %s: no input "
		       "devices\n",
		paths[0] ? paths[0] : "../lib/picowl/ from the executable", PW_INPUT_MODULE_BUILD);
	return NULL;
}

struct pw_input *
pw_input_create(struct wl_event_loop *loop, struct pw_session *session,
	const struct pw_input_config *config, const struct pw_input_events *events, void *data)
{
	const struct pw_input_module *m = load();
	return m ? m->create(loop, session, &host, config, events, data) : NULL;
}

void
pw_input_destroy(struct pw_input *input)
{
	if (input && module) {
		module->destroy(input);
	}
}

int
pw_input_fd(const struct pw_input *input)
{
	return module->fd(input);
}

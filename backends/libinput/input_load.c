/*
 * pw_input_* through the module picowl-input.so (libinput.c), loaded at the first
 * pw_input_create (system/module.h); see input_load.h and interface/input.h.
 */
#include "input_load.h"

#include "log.h"
#include "module.h"
#include "session.h"

static const struct pw_input_host host = {
	.open = pw_session_open,
	.close = pw_session_close,
	.log = pw_log_va,
};

static const struct pw_input_module *module;

static const struct pw_input_module *
load(void)
{
	if (!module) {
		module = pw_module_load("input", "picowl-input.so", PW_INPUT_MODULE_BUILD,
			PW_INPUT_MODULE_SYMBOL, "no input devices");
	}
	return module;
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

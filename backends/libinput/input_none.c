/* Built without libinput: no input devices. The alternative build of input_load.c. */
#include "input_load.h"

#include "log.h"

struct pw_input *
pw_input_create(struct wl_event_loop *loop, struct pw_session *session,
	const struct pw_input_config *config, const struct pw_input_events *events, void *data)
{
	pw_log_warning("input: built without libinput: no input devices\n");
	return NULL;
}

void
pw_input_destroy(struct pw_input *input)
{
}

int
pw_input_fd(const struct pw_input *input)
{
	return -1;
}

/* Built without libinput: no input devices. */
#include <stdio.h>

#include "input.h"

struct pw_input *
pw_input_create(struct wl_event_loop *loop, struct pw_session *session,
	const struct pw_input_config *config, const struct pw_input_events *events, void *data)
{
	fprintf(stderr, "picowl: input: built without libinput: no input devices\n");
	return NULL;
}

void
pw_input_destroy(struct pw_input *input)
{
}

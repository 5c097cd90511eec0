/*
 * The input devices as the compositor opens them: input_load.c loads the module
 * picowl-input.so (libinput.c) at the first pw_input_create and goes through its table
 * (interface/input.h). A picowl built without libinput has input_none.c in its place, which
 * implements these functions with no device.
 */
#ifndef PW_INPUT_LOAD_H
#define PW_INPUT_LOAD_H

#include "input.h"

/*
 * Opens the input devices through `session` (NULL: opens them directly) and sends their
 * events to `events` with `data`. Suspends and resumes with the session. NULL after a message
 * on stderr; no device at all is not a failure.
 */
struct pw_input *pw_input_create(struct wl_event_loop *loop, struct pw_session *session,
	const struct pw_input_config *config, const struct pw_input_events *events, void *data);
void pw_input_destroy(struct pw_input *input);
/* The fd that turns readable when input events wait (libinput's). */
int pw_input_fd(const struct pw_input *input);

#endif

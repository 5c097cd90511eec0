/* Key bindings from [bindings] and [buttons]: the table lives in the config, the actions here. */
#ifndef PW_BINDINGS_H
#define PW_BINDINGS_H

#include <stdbool.h>
#include <stdint.h>

#include "swipe.h"

struct pw_binding;
struct pw_server;

/* Runs `binding`'s action. */
void pw_bindings_run(struct pw_server *server, const struct pw_binding *binding);
/*
 * Runs the binding for `keysym` with exactly `modifiers`, a [buttons] one first when `button`
 * (the key's device is no full keyboard); false when none matched.
 */
bool pw_bindings_handle(struct pw_server *server, uint32_t modifiers, uint32_t keysym, bool button);
/* A swipe from `edge`: runs its [gestures] action; false when none or the session is locked. */
bool pw_bindings_gesture(struct pw_server *server, enum pw_swipe_edge edge);

#endif

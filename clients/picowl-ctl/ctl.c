/* The connection every subcommand shares: picowl's private globals, and the keymap for inject. */
#include "ctl.h"

#include <stdio.h>

#include "ctl_keys.h"
#include "picowl-control-unstable-v1-client-protocol.h"
#include "picowl-counters-unstable-v1-client-protocol.h"

bool
ctl_connect(struct ctl *ctl, bool keyboard)
{
	static const struct pw_client_input_listener keymap = {.keymap = ctl_handle_keymap};
	const struct pw_client_versions want = {.seat = keyboard ? 5 : 0};

	ctl->globals[0] = (struct pw_client_global){&picowl_counters_v1_interface, 1,
		(void **)&ctl->counters};
	ctl->globals[1] = (struct pw_client_global){&picowl_control_v1_interface,
		ctl->control_version ? ctl->control_version : 4, (void **)&ctl->control};
	ctl->client.name = "picowl-ctl";
	ctl->client.globals = ctl->globals;
	ctl->client.data = ctl;
	if (keyboard) {
		pw_client_keys_init(&ctl->keys, "picowl-ctl");
		pw_client_input_init(&ctl->client, &keymap);
	}
	if (!pw_client_connect(&ctl->client, &want, -1)) {
		return false;
	}
	/* the seat comes with the registry, its keyboard with the seat, the keymap with that */
	for (int i = 0; keyboard && !ctl->keys.keymap && i < 3; i++) {
		pw_client_roundtrip(&ctl->client, 2000);
	}
	if (!ctl->counters && !ctl->control) {
		fprintf(stderr,
			"picowl-ctl: this compositor offers no picowl counters (not picowl, "
			"or picowl runs as another user)\n");
		return false;
	}
	return true;
}

void
ctl_disconnect(struct ctl *ctl)
{
	pw_client_disconnect(&ctl->client);
	pw_client_keys_finish(&ctl->keys);
}

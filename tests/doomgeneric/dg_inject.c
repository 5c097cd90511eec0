/*
 * Presses and releases evdev keys through picowl's control protocol (picowl --test-hooks),
 * 20 ms apart, as a keyboard would: dg_inject CODE...
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "client.h"
#include "picowl-control-unstable-v1-client-protocol.h"

int
main(int argc, char **argv)
{
	struct picowl_control_v1 *control = NULL;
	const struct pw_client_global globals[] = {
		{&picowl_control_v1_interface, 1, (void **)&control},
		{NULL},
	};
	const struct pw_client_versions none = {0};
	struct pw_client c = {.name = "dg_inject", .globals = globals};
	if (!pw_client_connect(&c, &none, -1) || !control) {
		fprintf(stderr, "dg_inject: picowl offers no picowl_control_v1\n");
		return 1;
	}
	struct timespec gap = {0, 20 * 1000 * 1000};
	for (int i = 1; i < argc; i++) {
		uint32_t code = (uint32_t)strtoul(argv[i], NULL, 10);
		for (int i_state = 0; i_state < 2; i_state++) {
			/* a press, then its release */
			picowl_control_v1_inject_key(control, code, i_state == 0 ? 1 : 0);
			if (pw_client_roundtrip(&c, -1) != 1) {
				fprintf(stderr,
					"dg_inject: picowl refused (is --test-hooks on?)\n");
				return 1;
			}
			nanosleep(&gap, NULL);
		}
	}
	pw_client_disconnect(&c);
	return 0;
}

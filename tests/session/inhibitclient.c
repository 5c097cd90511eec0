/*
 * A window that keeps the screen on, for the idle tests: zwp_idle_inhibit_manager_v1.
 *
 *   inhibitclient STATE_FILE [--fullscreen] [--no-inhibit]
 *
 * Maps a toplevel filled green (fullscreen if asked), then, unless --no-inhibit, creates an
 * idle inhibitor on its surface. Appends "drawn W H" and then "inhibiting" (or "plain") to
 * STATE_FILE once picowl has answered the requests, and runs until killed or closed.
 */
#include <stdio.h>
#include <string.h>

#include "client.h"
#include "idle-inhibit-unstable-v1-client-protocol.h"
#include "test_client.h"

#define GREEN 0xff00c000u

int
main(int argc, char **argv)
{
	bool fullscreen = false, inhibit = true;
	for (int i = 2; i < argc; i++) {
		if (strcmp(argv[i], "--fullscreen") == 0) {
			fullscreen = true;
		} else if (strcmp(argv[i], "--no-inhibit") == 0) {
			inhibit = false;
		} else {
			argc = 0;
		}
	}
	if (argc < 2) {
		fprintf(stderr, "usage: inhibitclient STATE_FILE [--fullscreen] [--no-inhibit]\n");
		return 2;
	}
	if (!test_client_open("inhibitclient", argv[1], NULL)) {
		return 1;
	}
	struct zwp_idle_inhibit_manager_v1 *manager = NULL;
	const struct pw_client_global globals[] = {
		{&zwp_idle_inhibit_manager_v1_interface, 1, (void **)&manager, NULL, NULL},
		{NULL},
	};
	struct pw_client client = {.name = "inhibitclient", .globals = globals};
	const struct pw_client_versions want = {.compositor = 4, .shm = 1, .wm_base = 1};
	if (!pw_client_connect(&client, &want, 5000)) {
		return 1;
	}
	if (!manager) {
		fprintf(stderr, "inhibitclient: no zwp_idle_inhibit_manager_v1\n");
		pw_client_disconnect(&client);
		return 1;
	}
	struct pw_client_toplevel top = {.width = 64, .height = 64};
	pw_client_toplevel_init(&top, &client, "inhibitclient", "inhibitclient");
	if (fullscreen) {
		xdg_toplevel_set_fullscreen(top.toplevel, NULL);
	}
	int status = 1;
	if (!pw_client_toplevel_map(&top, GREEN, 5000)) {
		goto out;
	}
	test_client_say("drawn %d %d", top.width, top.height);
	struct zwp_idle_inhibitor_v1 *inhibitor =
		inhibit ? zwp_idle_inhibit_manager_v1_create_inhibitor(manager, top.surface) : NULL;
	if (pw_client_roundtrip(&client, 5000) != 1) {
		goto out_inhibitor;
	}
	test_client_say("%s", inhibit ? "inhibiting" : "plain");
	status = pw_client_dispatch_until(&client, &top.closed, -1) == 1 ? 0 : 1;
out_inhibitor:
	if (inhibitor) {
		/* no request: the connection may be gone */
		wl_proxy_destroy((struct wl_proxy *)inhibitor);
	}
out:
	pw_client_toplevel_finish(&top);
	pw_client_disconnect(&client);
	test_client_close();
	return status;
}

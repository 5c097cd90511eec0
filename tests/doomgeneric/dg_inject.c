/*
 * Presses and releases evdev keys through picowl's control protocol (picowl --test-hooks),
 * 20 ms apart, as a keyboard would: dg_inject CODE...
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wayland-client.h>

#include "picowl-control-unstable-v1-client-protocol.h"

static struct picowl_control_v1 *control;

static void
handle_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface,
	uint32_t version)
{
	if (strcmp(interface, picowl_control_v1_interface.name) == 0) {
		control = wl_registry_bind(registry, name, &picowl_control_v1_interface, 1);
	}
}

static void
handle_global_remove(void *data, struct wl_registry *registry, uint32_t name)
{
}

static const struct wl_registry_listener registry_listener = {
	.global = handle_global,
	.global_remove = handle_global_remove,
};

int
main(int argc, char **argv)
{
	struct wl_display *display = wl_display_connect(NULL);
	if (!display) {
		fprintf(stderr, "dg_inject: no compositor\n");
		return 1;
	}
	struct wl_registry *registry = wl_display_get_registry(display);
	wl_registry_add_listener(registry, &registry_listener, NULL);
	if (wl_display_roundtrip(display) < 0 || !control) {
		fprintf(stderr, "dg_inject: picowl offers no picowl_control_v1\n");
		return 1;
	}
	struct timespec gap = {0, 20 * 1000 * 1000};
	for (int i = 1; i < argc; i++) {
		uint32_t code = (uint32_t)strtoul(argv[i], NULL, 10);
		for (int i_state = 0; i_state < 2; i_state++) {
			/* a press, then its release */
			picowl_control_v1_inject_key(control, code, i_state == 0 ? 1 : 0);
			if (wl_display_roundtrip(display) < 0) {
				fprintf(stderr,
					"dg_inject: picowl refused (is --test-hooks on?)\n");
				return 1;
			}
			nanosleep(&gap, NULL);
		}
	}
	picowl_control_v1_destroy(control);
	wl_registry_destroy(registry);
	wl_display_disconnect(display);
	return 0;
}

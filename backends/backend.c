/* Choosing and naming backends. */
#include <stdio.h>
#include <string.h>

#include "backend.h"

struct pw_backend *
pw_backend_create(struct wl_event_loop *loop, const char *name,
	const struct pw_backend_config *config)
{
	if (strcmp(name, "headless") == 0 || strcmp(name, "auto") == 0) {
		return pw_headless_backend_create(loop, config);
	}
	fprintf(stderr, "picowl: the %s backend is not built into this picowl\n", name);
	return NULL;
}

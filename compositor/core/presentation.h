/* wp_presentation: clients learn when their content reached the display. */
#ifndef PW_PRESENTATION_H
#define PW_PRESENTATION_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>
#include <wayland-server-core.h>

struct pw_server;

bool pw_presentation_create(struct pw_server *server);

/* Sends `discarded` to every feedback resource in `list` (wl_resource links) and frees them. */
void pw_presentation_discard(struct wl_list *list);
/* Sends `presented` to every feedback in `list` and frees them. */
void pw_presentation_presented(struct wl_list *list, const struct timespec *when,
	uint32_t refresh_ns, uint64_t seq);

#endif

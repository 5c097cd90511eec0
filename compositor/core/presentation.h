/* wp_presentation: clients learn when their content reached the display. */
#ifndef PW_PRESENTATION_H
#define PW_PRESENTATION_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>
#include <wayland-server-core.h>

struct pw_frame_info;
struct pw_server;

bool pw_presentation_create(struct pw_server *server);

/* Sends `discarded` to every feedback resource in `list` (wl_resource links) and frees them. */
void pw_presentation_discard(struct wl_list *list);
/*
 * Sends `presented` to every feedback in `list` and frees them: the time, retrace counter and
 * flags the backend gave (`info`), and `refresh_ns` (0: unknown). Before it, `sync_output` for
 * each wl_output resource in `outputs` (the output the surfaces were shown on) that the
 * feedback's client bound. A version 2 feedback gets `pace_ns`, the period picowl paces frames
 * at, in place of an unknown refresh.
 */
void pw_presentation_presented(struct wl_list *list, struct wl_list *outputs,
	const struct pw_frame_info *info, uint32_t refresh_ns, uint32_t pace_ns);

#endif

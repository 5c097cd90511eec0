/*
 * The icon of a drag and drop in the scene (drag_icon.c): where the seat says (pw_data_drag_icon),
 * drawn above everything, the overlay layer included.
 */
#ifndef PW_DRAG_ICON_H
#define PW_DRAG_ICON_H

#include <pixman.h>
#include <stdbool.h>
#include <wayland-server-core.h>

struct pw_server;

/* What scene.c does with it: paint it, answer its frame callbacks, know it is shown. */
void pw_drag_icon_render(struct pw_server *server, pixman_image_t *target,
	const pixman_region32_t *damage);
void pw_drag_icon_take_callbacks(struct pw_server *server, struct wl_list *callbacks,
	struct wl_list *feedbacks);
bool pw_drag_icon_shown(struct pw_server *server);

#endif

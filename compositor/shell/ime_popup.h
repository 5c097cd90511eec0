/*
 * Input method popups in the scene (ime_popup.c): placed below the text cursor, kept on the
 * output, drawn above the windows, the top layer and xdg popups, under the overlay.
 */
#ifndef PW_IME_POPUP_H
#define PW_IME_POPUP_H

#include <pixman.h>
#include <stdbool.h>
#include <wayland-server-core.h>

#include "layout.h"

struct pw_server;
struct pw_surface;

/* The seat policy's place_input_popup (seat.h). */
bool pw_ime_popup_place(struct pw_server *server, struct pw_surface *surface, struct pw_box *cursor,
	int width, int height, int *x, int *y);

/* What scene.c does with them: paint, answer their frame callbacks, find one under a point. */
void pw_ime_popup_render(struct pw_server *server, pixman_image_t *target,
	const pixman_region32_t *damage);
void pw_ime_popup_take_callbacks(struct pw_server *server, struct wl_list *callbacks,
	struct wl_list *feedbacks);
/* Whether any is shown (no direct present then). */
bool pw_ime_popup_shown(struct pw_server *server);
struct pw_surface *pw_ime_popup_surface_at(struct pw_server *server, double x, double y, double *sx,
	double *sy);

#endif

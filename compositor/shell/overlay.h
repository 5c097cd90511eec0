/*
 * A surface shown at a position of the output's above the views, dialogs and popups: an X
 * override-redirect window (a menu, a tooltip) at its X position (decision 4.72).
 */
#ifndef PW_OVERLAY_H
#define PW_OVERLAY_H

#include <pixman.h>
#include <stdbool.h>
#include <wayland-server-core.h>

struct pw_server;
struct pw_surface;

struct pw_overlay {
	struct pw_server *server;
	struct pw_surface *surface;
	int x, y; /* the surface's origin on the output */
	bool shown;
	struct wl_list link; /* pw_desktop.overlays, bottom to top, while shown */
};

/* Gives `surface` the overlay role; false when it has another. `overlay` is caller memory. */
bool pw_overlay_init(struct pw_overlay *overlay, struct pw_server *server,
	struct pw_surface *surface);
/* Hides it; the surface keeps the role without data. */
void pw_overlay_finish(struct pw_overlay *overlay);
/* Shows it (on top) at x,y, or moves it there. */
void pw_overlay_show(struct pw_overlay *overlay, int x, int y);
void pw_overlay_hide(struct pw_overlay *overlay);
/* Draws the overlays shown, bottom to top (scene.c, after the popups). */
void pw_overlay_render(struct pw_server *server, pixman_image_t *target,
	const pixman_region32_t *damage);

#endif

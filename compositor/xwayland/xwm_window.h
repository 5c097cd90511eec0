/* One X window the window manager knows, and the view it becomes (decision 4.71). */
#ifndef PW_XWM_WINDOW_H
#define PW_XWM_WINDOW_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-server-core.h>
#include <xcb/xcb.h>

#include "overlay.h"
#include "view.h"

struct pw_xwm;
struct pw_surface;

struct pw_xwm_window {
	struct pw_xwm *xwm;
	struct wl_list link; /* pw_xwm.windows */
	xcb_window_t id;
	int x, y, width, height; /* its X geometry */
	bool override_redirect;
	bool wanted; /* a MapRequest was granted and no unmap came since */
	bool delete_window; /* WM_PROTOCOLS names WM_DELETE_WINDOW */
	bool fullscreen; /* _NET_WM_STATE_FULLSCREEN, asked or set */
	xcb_window_t transient_for;
	uint32_t surface_id; /* WL_SURFACE_ID's, 0 before it came */
	struct pw_surface *surface;
	struct wl_listener surface_destroy, surface_commit;
	bool has_view; /* `view` is initialised: the surface is known and has the view role */
	struct pw_view view;
	bool counted; /* in pw_xwm.mapped */
	bool x_mapped; /* an override-redirect window's MapNotify came */
	bool has_overlay; /* `overlay` is initialised: an override-redirect window's surface */
	struct pw_overlay overlay;
};

struct pw_xwm_window *pw_xwm_window_create(struct pw_xwm *xwm, xcb_window_t id, int x, int y,
	int width, int height, bool override_redirect);
void pw_xwm_window_destroy(struct pw_xwm_window *window);
struct pw_xwm_window *pw_xwm_window_find(struct pw_xwm *xwm, xcb_window_t id);

/* A MapRequest: read its properties, size it for its tile, map it. */
void pw_xwm_window_map_request(struct pw_xwm_window *window);
/* MapNotify of an override-redirect window: shown at its X position once it has a buffer. */
void pw_xwm_window_mapped(struct pw_xwm_window *window);
/* ConfigureNotify: an override-redirect window moves with it. */
void pw_xwm_window_moved(struct pw_xwm_window *window, int x, int y, int width, int height);
/* UnmapNotify: the view leaves the output; a WL_SURFACE_ID comes again at the next map. */
void pw_xwm_window_unmapped(struct pw_xwm_window *window);
void pw_xwm_window_configure_request(struct pw_xwm_window *window,
	const xcb_configure_request_event_t *ev);
/* A property changed: the title, the class, the protocols, the parent. */
void pw_xwm_window_property(struct pw_xwm_window *window, xcb_atom_t atom);
/* WL_SURFACE_ID: the wl_surface's id in Xwayland's connection; it may not exist yet. */
void pw_xwm_window_set_surface_id(struct pw_xwm_window *window, uint32_t id);
/* Tries the windows whose surface was not found yet (a wl_surface was created). */
void pw_xwm_window_pair_all(struct pw_xwm *xwm);
/* _NET_WM_STATE asked by the client: action 0 remove, 1 add, 2 toggle. */
void pw_xwm_window_state_request(struct pw_xwm_window *window, uint32_t action, xcb_atom_t a,
	xcb_atom_t b);

#endif

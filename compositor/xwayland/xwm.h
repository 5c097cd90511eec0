/*
 * picowl's X window manager (decision 4.71): Xwayland's -wm connection, on xcb. It matches X
 * windows to their wl_surfaces (WL_SURFACE_ID) and makes managed toplevels views.
 */
#ifndef PW_XWM_H
#define PW_XWM_H

#include <stdbool.h>
#include <wayland-server-core.h>
#include <xcb/xcb.h>

struct pw_server;
struct pw_xwayland;
struct pw_xwm_selection;

enum pw_xwm_atom {
	PW_ATOM_WL_SURFACE_ID,
	PW_ATOM_WM_PROTOCOLS,
	PW_ATOM_WM_DELETE_WINDOW,
	PW_ATOM_WM_TAKE_FOCUS,
	PW_ATOM_WM_STATE,
	PW_ATOM_NET_WM_NAME,
	PW_ATOM_UTF8_STRING,
	PW_ATOM_NET_WM_STATE,
	PW_ATOM_NET_WM_STATE_FULLSCREEN,
	PW_ATOM_NET_ACTIVE_WINDOW,
	PW_ATOM_NET_SUPPORTED,
	PW_ATOM_NET_SUPPORTING_WM_CHECK,
	PW_ATOM_NET_WM_PID,
	PW_ATOM_WM_S0,
	PW_ATOM_NET_WM_CM_S0,
	PW_ATOM_COUNT,
};

struct pw_xwm {
	struct pw_server *server;
	struct pw_xwayland *xwayland;
	struct wl_client *client; /* Xwayland's Wayland connection: its surfaces */
	xcb_connection_t *conn;
	xcb_screen_t *screen;
	xcb_window_t wm_window;
	xcb_atom_t atoms[PW_ATOM_COUNT];
	struct wl_event_source *source;
	struct wl_list windows; /* pw_xwm_window.link */
	struct wl_listener surface_created;
	struct wl_event_source *pair_idle; /* pairs windows once new surfaces exist */
	int mapped; /* windows mapped on the output */
	bool counting; /* an XRes QueryClients is on its way */
	unsigned int count_sequence;
	xcb_window_t focused;
	struct pw_xwm_selection *clipboard, *primary; /* the bridges (4.73), or NULL */
};

/* Takes `fd` (closed on failure); NULL when the connection fails. */
struct pw_xwm *pw_xwm_create(struct pw_server *server, struct pw_xwayland *xwayland,
	struct wl_client *client, int fd);
/* NULL is allowed. Sends nothing: Xwayland may be gone. */
void pw_xwm_destroy(struct pw_xwm *xwm);
/* Asks Xwayland how many clients it has; pw_xwayland_clients_counted gets the answer. */
void pw_xwm_count_clients(struct pw_xwm *xwm);
/* Windows mapped on the output. */
int pw_xwm_mapped(const struct pw_xwm *xwm);
/* A window's mapped count changed by `delta` (xwm_window.c). */
void pw_xwm_mapped_changed(struct pw_xwm *xwm, int delta);

/*
 * The window manager is the module picowl-xwm.so, loaded at the first X client (xwm_load.h,
 * decision 4.70): the xcb libraries are not mapped before. It exports this table.
 */
struct pw_xwm_module {
	struct pw_xwm *(*create)(struct pw_server *server, struct pw_xwayland *xwayland,
		struct wl_client *client, int fd);
	void (*destroy)(struct pw_xwm *xwm);
	void (*count_clients)(struct pw_xwm *xwm);
	int (*mapped)(const struct pw_xwm *xwm);
};
#define PW_XWM_MODULE_SYMBOL "pw_xwm_module"
extern const struct pw_xwm_module pw_xwm_module;

#endif

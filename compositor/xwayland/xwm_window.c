/*
 * An X window and its view (decision 4.71): a managed toplevel tiles like an xdg toplevel,
 * sized to its tile by ConfigureWindow, titled by _NET_WM_NAME or WM_NAME, named by WM_CLASS,
 * closed by WM_DELETE_WINDOW; WM_TRANSIENT_FOR makes it a dialog floating over its parent.
 */
#include "xwm_window.h"

#include <stdlib.h>
#include <string.h>

#include "dialog.h"
#include "log.h"
#include "server.h"
#include "surface.h"
#include "view.h"
#include "view_role.h"
#include "xwayland.h"
#include "xwm.h"

/* A property's text is read up to this many bytes: a 1 MB title costs 1 KiB (4.71). */
#define TEXT_MAX 1024
/* The largest minimum size obeyed: 100000x100000 would be a 40 GB buffer in Xwayland. */
#define MIN_MAX 1024

static int
min_int(int a, int b)
{
	return a < b ? a : b;
}

struct pw_xwm_window *
pw_xwm_window_find(struct pw_xwm *xwm, xcb_window_t id)
{
	struct pw_xwm_window *window;
	wl_list_for_each(window, &xwm->windows, link) {
		if (window->id == id) {
			return window;
		}
	}
	return NULL;
}

struct pw_xwm_window *
pw_xwm_window_create(struct pw_xwm *xwm, xcb_window_t id, int x, int y, int width, int height,
	bool override_redirect)
{
	struct pw_xwm_window *window = calloc(1, sizeof(*window));
	if (!window) {
		return NULL;
	}
	*window = (struct pw_xwm_window){
		.xwm = xwm,
		.id = id,
		.x = x,
		.y = y,
		.width = width,
		.height = height,
		.override_redirect = override_redirect,
	};
	wl_list_init(&window->surface_destroy.link);
	wl_list_init(&window->surface_commit.link);
	wl_list_insert(xwm->windows.prev, &window->link);
	return window;
}

static void
set_counted(struct pw_xwm_window *window, bool counted)
{
	if (window->counted != counted) {
		window->counted = counted;
		pw_xwm_mapped_changed(window->xwm, counted ? 1 : -1);
	}
}

/* The surface goes from the window (destroyed, or the window unmapped or gone). */
static void
drop_surface(struct pw_xwm_window *window)
{
	if (window->has_view) {
		pw_view_finish(&window->view);
		window->has_view = false;
	}
	if (window->has_overlay) {
		pw_overlay_finish(&window->overlay);
		window->has_overlay = false;
	}
	if (window->surface) {
		pw_view_role_clear(window->surface);
		window->surface = NULL;
	}
	wl_list_remove(&window->surface_destroy.link);
	wl_list_init(&window->surface_destroy.link);
	wl_list_remove(&window->surface_commit.link);
	wl_list_init(&window->surface_commit.link);
	set_counted(window, false);
}

void
pw_xwm_window_destroy(struct pw_xwm_window *window)
{
	struct pw_xwm *xwm = window->xwm;
	drop_surface(window);
	if (xwm->focused == window->id) {
		xwm->focused = XCB_WINDOW_NONE;
	}
	wl_list_remove(&window->link);
	free(window);
}

static void
send_fullscreen_state(struct pw_xwm_window *window)
{
	struct pw_xwm *xwm = window->xwm;
	xcb_atom_t state = xwm->atoms[PW_ATOM_NET_WM_STATE_FULLSCREEN];
	xcb_change_property(xwm->conn, XCB_PROP_MODE_REPLACE, window->id,
		xwm->atoms[PW_ATOM_NET_WM_STATE], XCB_ATOM_ATOM, 32, window->fullscreen ? 1 : 0,
		&state);
}

static void
focus(struct pw_xwm_window *window)
{
	struct pw_xwm *xwm = window->xwm;
	xcb_set_input_focus(xwm->conn, XCB_INPUT_FOCUS_POINTER_ROOT, window->id, XCB_CURRENT_TIME);
	xcb_change_property(xwm->conn, XCB_PROP_MODE_REPLACE, xwm->screen->root,
		xwm->atoms[PW_ATOM_NET_ACTIVE_WINDOW], XCB_ATOM_WINDOW, 32, 1, &window->id);
	xwm->focused = window->id;
}

static void
view_configure(struct pw_view *view, int width, int height, uint32_t states)
{
	struct pw_xwm_window *window = wl_container_of(view, window, view);
	struct pw_xwm *xwm = window->xwm;
	if (view->parent) {
		width = window->width; /* a dialog keeps its own size (4.51) */
		height = window->height;
	} else if (width > 0 && height > 0) {
		/*
		 * A window that cannot be as small as its tile (SDL 1.2's fixed 640x480) gets its
		 * minimum, up to MIN_MAX, and is scaled to fit (4.50, 4.71).
		 */
		width = view->min_width > width ? min_int(view->min_width, MIN_MAX) : width;
		height = view->min_height > height ? min_int(view->min_height, MIN_MAX) : height;
	}
	if (width > 0 && height > 0) {
		/* At its place on the output: Xwayland places input and menus by it. */
		uint32_t values[] = {(uint32_t)view->content.x, (uint32_t)view->content.y,
			(uint32_t)width, (uint32_t)height, 0};
		xcb_configure_window(xwm->conn, window->id,
			XCB_CONFIG_WINDOW_X | XCB_CONFIG_WINDOW_Y | XCB_CONFIG_WINDOW_WIDTH |
				XCB_CONFIG_WINDOW_HEIGHT | XCB_CONFIG_WINDOW_BORDER_WIDTH,
			values);
		window->x = view->content.x;
		window->y = view->content.y;
		window->width = width;
		window->height = height;
	}
	bool fullscreen = (states & PW_VIEW_FULLSCREEN) != 0;
	if (fullscreen != window->fullscreen) {
		window->fullscreen = fullscreen;
		send_fullscreen_state(window);
	}
	if ((states & PW_VIEW_ACTIVATED) && xwm->focused != window->id) {
		focus(window);
	}
	xcb_flush(xwm->conn);
}

static void
view_close(struct pw_view *view)
{
	struct pw_xwm_window *window = wl_container_of(view, window, view);
	struct pw_xwm *xwm = window->xwm;
	if (!window->delete_window) {
		xcb_kill_client(xwm->conn, window->id); /* it named no gentler way */
	} else {
		xcb_client_message_event_t ev = {
			.response_type = XCB_CLIENT_MESSAGE,
			.format = 32,
			.window = window->id,
			.type = xwm->atoms[PW_ATOM_WM_PROTOCOLS],
			.data.data32 = {xwm->atoms[PW_ATOM_WM_DELETE_WINDOW], XCB_CURRENT_TIME},
		};
		xcb_send_event(xwm->conn, 0, window->id, XCB_EVENT_MASK_NO_EVENT,
			(const char *)&ev);
	}
	xcb_flush(xwm->conn);
}

static void
view_window_size(struct pw_view *view, int *width, int *height)
{
	struct pw_xwm_window *window = wl_container_of(view, window, view);
	*width = window->width;
	*height = window->height;
}

static int32_t
view_fit(struct pw_view *view)
{
	return pw_view_scale(view, view->surface->width, view->surface->height);
}

static const struct pw_view_impl view_impl = {
	.configure = view_configure,
	.close = view_close,
	.window_size = view_window_size,
	.fit = view_fit,
};

/* The property's bytes, at most TEXT_MAX, cut at a whole UTF-8 character; NULL when unset. */
static char *
read_text(struct pw_xwm_window *window, xcb_atom_t atom, size_t *length)
{
	xcb_connection_t *conn = window->xwm->conn;
	xcb_get_property_cookie_t cookie =
		xcb_get_property(conn, 0, window->id, atom, XCB_ATOM_ANY, 0, TEXT_MAX / 4);
	xcb_get_property_reply_t *reply = xcb_get_property_reply(conn, cookie, NULL);
	if (!reply || reply->type == XCB_ATOM_NONE || reply->format != 8) {
		free(reply);
		return NULL;
	}
	size_t len = (size_t)xcb_get_property_value_length(reply);
	const char *value = xcb_get_property_value(reply);
	if (reply->bytes_after > 0) {
		while (len > 0 && ((unsigned char)value[len - 1] & 0xc0) == 0x80) {
			len--; /* a character cut in the middle goes whole */
		}
		if (len > 0 && ((unsigned char)value[len - 1] & 0xc0) == 0xc0) {
			len--;
		}
	}
	char *text = malloc(len + 1);
	if (text) {
		memcpy(text, value, len);
		text[len] = '\0';
		*length = len;
	}
	free(reply);
	return text;
}

static void
read_title(struct pw_xwm_window *window, xcb_atom_t atom)
{
	size_t len;
	char *title = read_text(window, atom, &len);
	if (!title || !window->has_view) {
		free(title);
		return;
	}
	free(window->view.title);
	window->view.title = title;
	pw_view_text_changed(&window->view);
}

static void
read_class(struct pw_xwm_window *window)
{
	size_t len;
	char *class = read_text(window, XCB_ATOM_WM_CLASS, &len);
	if (!class || !window->has_view) {
		free(class);
		return;
	}
	/* "instance\0class\0": the class is the app id (text[len] is a NUL). */
	size_t first = strlen(class);
	if (first < len) {
		memmove(class, class + first + 1, len - first);
	}
	free(window->view.app_id);
	window->view.app_id = class;
	pw_view_text_changed(&window->view);
}

static void
read_protocols(struct pw_xwm_window *window)
{
	struct pw_xwm *xwm = window->xwm;
	xcb_get_property_cookie_t cookie = xcb_get_property(xwm->conn, 0, window->id,
		xwm->atoms[PW_ATOM_WM_PROTOCOLS], XCB_ATOM_ATOM, 0, 32);
	xcb_get_property_reply_t *reply = xcb_get_property_reply(xwm->conn, cookie, NULL);
	window->delete_window = false;
	if (reply && reply->format == 32) {
		const xcb_atom_t *atoms = xcb_get_property_value(reply);
		int n = xcb_get_property_value_length(reply) / 4;
		for (int i = 0; i < n; i++) {
			window->delete_window |= atoms[i] == xwm->atoms[PW_ATOM_WM_DELETE_WINDOW];
		}
	}
	free(reply);
}

static void
read_transient_for(struct pw_xwm_window *window)
{
	struct pw_xwm *xwm = window->xwm;
	xcb_get_property_cookie_t cookie = xcb_get_property(xwm->conn, 0, window->id,
		XCB_ATOM_WM_TRANSIENT_FOR, XCB_ATOM_WINDOW, 0, 1);
	xcb_get_property_reply_t *reply = xcb_get_property_reply(xwm->conn, cookie, NULL);
	window->transient_for = XCB_WINDOW_NONE;
	if (reply && reply->format == 32 && xcb_get_property_value_length(reply) == 4) {
		window->transient_for = *(xcb_window_t *)xcb_get_property_value(reply);
	}
	free(reply);
}

/* A size in WM_NORMAL_HINTS, kept in 0..65535 (X's own range): 100000x100000 is 65535. */
static int
hint_size(uint32_t v)
{
	return (int32_t)v < 0 ? 0 : v > 65535 ? 65535 : (int)v;
}

/*
 * WM_NORMAL_HINTS' minimum and maximum size into the view's, as an xdg toplevel's: recorded,
 * not obeyed by a tile (its buffer is scaled to fit, 4.50); a maximum below the minimum is none.
 */
static void
read_size_hints(struct pw_xwm_window *window)
{
	xcb_connection_t *conn = window->xwm->conn;
	xcb_get_property_cookie_t cookie = xcb_get_property(conn, 0, window->id,
		XCB_ATOM_WM_NORMAL_HINTS, XCB_ATOM_WM_SIZE_HINTS, 0, 18);
	xcb_get_property_reply_t *reply = xcb_get_property_reply(conn, cookie, NULL);
	if (reply && reply->format == 32 && xcb_get_property_value_length(reply) >= 9 * 4 &&
		window->has_view) {
		const uint32_t *h = xcb_get_property_value(reply);
		struct pw_view *view = &window->view;
		bool min = h[0] & 16, max = h[0] & 32; /* PMinSize, PMaxSize */
		view->min_width = min ? hint_size(h[5]) : 0;
		view->min_height = min ? hint_size(h[6]) : 0;
		view->max_width = max ? hint_size(h[7]) : 0;
		view->max_height = max ? hint_size(h[8]) : 0;
		if (view->max_width < view->min_width || view->max_height < view->min_height) {
			view->max_width = view->max_height = 0;
		}
	}
	free(reply);
}

/* A dialog floats over its parent when the parent is a mapped view and no loop forms. */
static void
set_parent(struct pw_xwm_window *window)
{
	struct pw_xwm_window *parent = window->transient_for
		? pw_xwm_window_find(window->xwm, window->transient_for)
		: NULL;
	if (!window->has_view) {
		return;
	}
	if (!parent || parent == window || !parent->has_view || !parent->view.mapped ||
		pw_dialog_is_ancestor(&window->view, &parent->view)) {
		parent = NULL; /* a WM_TRANSIENT_FOR loop is no parent */
	}
	pw_dialog_set_parent(&window->view, parent ? &parent->view : NULL);
}

/* _NET_WM_STATE set before the map: a window that starts fullscreen (xterm -fullscreen). */
static void
read_state(struct pw_xwm_window *window)
{
	struct pw_xwm *xwm = window->xwm;
	xcb_get_property_cookie_t cookie = xcb_get_property(xwm->conn, 0, window->id,
		xwm->atoms[PW_ATOM_NET_WM_STATE], XCB_ATOM_ATOM, 0, 32);
	xcb_get_property_reply_t *reply = xcb_get_property_reply(xwm->conn, cookie, NULL);
	if (reply && reply->format == 32) {
		const xcb_atom_t *atoms = xcb_get_property_value(reply);
		int n = xcb_get_property_value_length(reply) / 4;
		for (int i = 0; i < n; i++) {
			window->fullscreen |=
				atoms[i] == xwm->atoms[PW_ATOM_NET_WM_STATE_FULLSCREEN];
		}
	}
	free(reply);
}

static void
read_all(struct pw_xwm_window *window)
{
	read_state(window);
	read_protocols(window);
	read_size_hints(window);
	read_transient_for(window);
	read_class(window);
	read_title(window, XCB_ATOM_WM_NAME);
	read_title(window, window->xwm->atoms[PW_ATOM_NET_WM_NAME]);
	set_parent(window);
}

void
pw_xwm_window_property(struct pw_xwm_window *window, xcb_atom_t atom)
{
	struct pw_xwm *xwm = window->xwm;
	if (atom == XCB_ATOM_WM_NAME || atom == xwm->atoms[PW_ATOM_NET_WM_NAME]) {
		read_title(window, xwm->atoms[PW_ATOM_NET_WM_NAME]);
		if (window->has_view && !window->view.title) {
			read_title(window, XCB_ATOM_WM_NAME);
		}
	} else if (atom == XCB_ATOM_WM_NORMAL_HINTS) {
		read_size_hints(window);
	} else if (atom == XCB_ATOM_WM_CLASS) {
		read_class(window);
	} else if (atom == xwm->atoms[PW_ATOM_WM_PROTOCOLS]) {
		read_protocols(window);
	} else if (atom == XCB_ATOM_WM_TRANSIENT_FOR) {
		read_transient_for(window);
		set_parent(window);
	}
}

/* The surface shows a buffer and the window is wanted: the view goes on the output. */
static void
map_if_ready(struct pw_xwm_window *window)
{
	if (window->has_overlay) {
		if (window->x_mapped && !window->overlay.shown &&
			pw_surface_has_buffer(window->surface)) {
			pw_overlay_show(&window->overlay, window->x, window->y);
		}
		return;
	}
	if (!window->has_view || window->view.mapped || !window->wanted ||
		!pw_surface_has_buffer(window->surface)) {
		return;
	}
	read_all(window);
	/* Mapping configures the tile, which would clear it: asked before, kept (4.71). */
	bool fullscreen = window->fullscreen;
	pw_view_map(&window->view);
	if (fullscreen && !window->view.parent) {
		pw_view_set_fullscreen(&window->view, true);
	}
	set_counted(window, true);
}

static void
handle_surface_commit(struct wl_listener *listener, void *data)
{
	struct pw_xwm_window *window = wl_container_of(listener, window, surface_commit);
	map_if_ready(window);
}

static void
handle_surface_destroy(struct wl_listener *listener, void *data)
{
	struct pw_xwm_window *window = wl_container_of(listener, window, surface_destroy);
	drop_surface(window);
}

static void
listen_surface(struct pw_xwm_window *window)
{
	window->surface_id = 0;
	window->surface_destroy.notify = handle_surface_destroy;
	wl_signal_add(&window->surface->events.destroy, &window->surface_destroy);
	window->surface_commit.notify = handle_surface_commit;
	wl_signal_add(&window->surface->events.commit, &window->surface_commit);
	map_if_ready(window);
}

static void
pair(struct pw_xwm_window *window)
{
	struct pw_xwm *xwm = window->xwm;
	if (window->surface || !window->surface_id) {
		return;
	}
	struct wl_resource *resource = wl_client_get_object(xwm->client, window->surface_id);
	struct pw_surface *surface =
		resource && strcmp(wl_resource_get_class(resource), "wl_surface") == 0
		? pw_surface_from_resource(resource)
		: NULL;
	if (!surface) {
		return; /* not created yet: pw_xwm_window_pair_all tries again */
	}
	window->surface = surface;
	if (window->override_redirect) {
		/* A menu or a tooltip: at its X position above the rest (4.72). */
		if (!pw_overlay_init(&window->overlay, xwm->server, surface)) {
			window->surface = NULL;
			window->surface_id = 0;
			return;
		}
		window->has_overlay = true;
		listen_surface(window);
		return;
	}
	window->surface = surface;
	pw_view_init(&window->view, xwm->server, &view_impl, surface);
	if (!pw_view_role_set(&window->view)) {
		pw_log_limited(PW_LOG_WARNING, "xwayland: wl_surface %u already has a role",
			window->surface_id);
		pw_view_finish(&window->view);
		window->surface = NULL;
		window->surface_id = 0;
		return;
	}
	window->has_view = true;
	listen_surface(window);
}

void
pw_xwm_window_set_surface_id(struct pw_xwm_window *window, uint32_t id)
{
	drop_surface(window);
	window->surface_id = id;
	pair(window);
}

void
pw_xwm_window_pair_all(struct pw_xwm *xwm)
{
	struct pw_xwm_window *window;
	wl_list_for_each(window, &xwm->windows, link) {
		pair(window);
	}
}

void
pw_xwm_window_map_request(struct pw_xwm_window *window)
{
	struct pw_xwm *xwm = window->xwm;
	window->wanted = true;
	uint32_t normal[] = {1, XCB_WINDOW_NONE}; /* WM_STATE NormalState, no icon */
	xcb_change_property(xwm->conn, XCB_PROP_MODE_REPLACE, window->id,
		xwm->atoms[PW_ATOM_WM_STATE], xwm->atoms[PW_ATOM_WM_STATE], 32, 2, normal);
	uint32_t mask = XCB_EVENT_MASK_PROPERTY_CHANGE | XCB_EVENT_MASK_FOCUS_CHANGE;
	xcb_change_window_attributes(xwm->conn, window->id, XCB_CW_EVENT_MASK, &mask);
	xcb_map_window(xwm->conn, window->id);
	xcb_flush(xwm->conn);
}

void
pw_xwm_window_mapped(struct pw_xwm_window *window)
{
	window->x_mapped = true;
	map_if_ready(window);
}

void
pw_xwm_window_moved(struct pw_xwm_window *window, int x, int y, int width, int height)
{
	window->x = x;
	window->y = y;
	window->width = width;
	window->height = height;
	if (window->has_overlay && window->overlay.shown) {
		pw_overlay_show(&window->overlay, x, y);
	}
}

void
pw_xwm_window_unmapped(struct pw_xwm_window *window)
{
	window->wanted = false;
	window->x_mapped = false;
	drop_surface(window);
}

void
pw_xwm_window_configure_request(struct pw_xwm_window *window,
	const xcb_configure_request_event_t *ev)
{
	struct pw_xwm *xwm = window->xwm;
	if (window->has_view && window->view.mapped) {
		/* A tile's size is picowl's: the request is answered with the tile. */
		view_configure(&window->view, window->view.content.width,
			window->view.content.height, window->view.states);
		return;
	}
	/* Not on the output yet: granted, clamped to what X accepts. */
	int width = ev->value_mask & XCB_CONFIG_WINDOW_WIDTH ? ev->width : window->width;
	int height = ev->value_mask & XCB_CONFIG_WINDOW_HEIGHT ? ev->height : window->height;
	window->width = width > 0 ? width : 1;
	window->height = height > 0 ? height : 1;
	uint32_t values[] = {(uint32_t)window->width, (uint32_t)window->height};
	xcb_configure_window(xwm->conn, window->id,
		XCB_CONFIG_WINDOW_WIDTH | XCB_CONFIG_WINDOW_HEIGHT, values);
	xcb_flush(xwm->conn);
}

void
pw_xwm_window_state_request(struct pw_xwm_window *window, uint32_t action, xcb_atom_t a,
	xcb_atom_t b)
{
	xcb_atom_t fs = window->xwm->atoms[PW_ATOM_NET_WM_STATE_FULLSCREEN];
	if (a != fs && b != fs) {
		return;
	}
	bool want = action == 2 ? !window->fullscreen : action == 1;
	if (window->has_view && window->view.mapped && !window->view.parent) {
		pw_view_set_fullscreen(&window->view, want); /* its configure sets the property */
	} else {
		window->fullscreen = want;
		send_fullscreen_state(window);
		xcb_flush(window->xwm->conn);
	}
}

/*
 * The X window manager's connection (decision 4.71): atoms, the root's redirection, the events,
 * and the count of X clients the idle timer asks for (XRes).
 */
#include "xwm.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xcb/composite.h>
#include <xcb/res.h>
#include <xcb/xcbext.h>

#include "log.h"
#include "seat.h"
#include "server.h"
#include "xwayland.h"
#include "xwm_selection.h"
#include "xwm_window.h"

static const char *const atom_names[PW_ATOM_COUNT] = {
	[PW_ATOM_WL_SURFACE_ID] = "WL_SURFACE_ID",
	[PW_ATOM_WM_PROTOCOLS] = "WM_PROTOCOLS",
	[PW_ATOM_WM_DELETE_WINDOW] = "WM_DELETE_WINDOW",
	[PW_ATOM_WM_TAKE_FOCUS] = "WM_TAKE_FOCUS",
	[PW_ATOM_WM_STATE] = "WM_STATE",
	[PW_ATOM_NET_WM_NAME] = "_NET_WM_NAME",
	[PW_ATOM_UTF8_STRING] = "UTF8_STRING",
	[PW_ATOM_NET_WM_STATE] = "_NET_WM_STATE",
	[PW_ATOM_NET_WM_STATE_FULLSCREEN] = "_NET_WM_STATE_FULLSCREEN",
	[PW_ATOM_NET_ACTIVE_WINDOW] = "_NET_ACTIVE_WINDOW",
	[PW_ATOM_NET_SUPPORTED] = "_NET_SUPPORTED",
	[PW_ATOM_NET_SUPPORTING_WM_CHECK] = "_NET_SUPPORTING_WM_CHECK",
	[PW_ATOM_NET_WM_PID] = "_NET_WM_PID",
	[PW_ATOM_WM_S0] = "WM_S0",
	[PW_ATOM_NET_WM_CM_S0] = "_NET_WM_CM_S0",
};

int
pw_xwm_mapped(const struct pw_xwm *xwm)
{
	return xwm ? xwm->mapped : 0;
}

void
pw_xwm_mapped_changed(struct pw_xwm *xwm, int delta)
{
	xwm->mapped += delta;
	pw_xwayland_windows_changed(xwm->xwayland, xwm->mapped);
}

void
pw_xwm_count_clients(struct pw_xwm *xwm)
{
	if (xwm->counting) {
		return;
	}
	xwm->count_sequence = xcb_res_query_clients(xwm->conn).sequence;
	xwm->counting = true;
	xcb_flush(xwm->conn);
}

static void
handle_client_message(struct pw_xwm *xwm, const xcb_client_message_event_t *ev)
{
	struct pw_xwm_window *window = pw_xwm_window_find(xwm, ev->window);
	if (!window) {
		return;
	}
	if (ev->type == xwm->atoms[PW_ATOM_WL_SURFACE_ID]) {
		pw_xwm_window_set_surface_id(window, ev->data.data32[0]);
	} else if (ev->type == xwm->atoms[PW_ATOM_NET_WM_STATE]) {
		pw_xwm_window_state_request(window, ev->data.data32[0], ev->data.data32[1],
			ev->data.data32[2]);
	}
}

static void
handle_event(struct pw_xwm *xwm, xcb_generic_event_t *event)
{
	struct pw_xwm_window *window;
	if ((xwm->clipboard && pw_xwm_selection_event(xwm->clipboard, event)) ||
		(xwm->primary && pw_xwm_selection_event(xwm->primary, event))) {
		return;
	}
	switch (event->response_type & ~0x80) {
	case XCB_CREATE_NOTIFY: {
		xcb_create_notify_event_t *ev = (xcb_create_notify_event_t *)event;
		if (ev->window != xwm->wm_window && !pw_xwm_window_find(xwm, ev->window)) {
			pw_xwm_window_create(xwm, ev->window, ev->x, ev->y, ev->width, ev->height,
				ev->override_redirect);
		}
		break;
	}
	case XCB_DESTROY_NOTIFY: {
		xcb_destroy_notify_event_t *ev = (xcb_destroy_notify_event_t *)event;
		if ((window = pw_xwm_window_find(xwm, ev->window))) {
			pw_xwm_window_destroy(window);
		}
		break;
	}
	case XCB_MAP_REQUEST: {
		xcb_map_request_event_t *ev = (xcb_map_request_event_t *)event;
		if ((window = pw_xwm_window_find(xwm, ev->window))) {
			pw_xwm_window_map_request(window);
		}
		break;
	}
	case XCB_UNMAP_NOTIFY: {
		xcb_unmap_notify_event_t *ev = (xcb_unmap_notify_event_t *)event;
		if ((window = pw_xwm_window_find(xwm, ev->window))) {
			pw_xwm_window_unmapped(window);
		}
		break;
	}
	case XCB_CONFIGURE_REQUEST: {
		xcb_configure_request_event_t *ev = (xcb_configure_request_event_t *)event;
		if ((window = pw_xwm_window_find(xwm, ev->window))) {
			pw_xwm_window_configure_request(window, ev);
		}
		break;
	}
	case XCB_CONFIGURE_NOTIFY: {
		xcb_configure_notify_event_t *ev = (xcb_configure_notify_event_t *)event;
		window = pw_xwm_window_find(xwm, ev->window);
		if (window && window->override_redirect) {
			pw_xwm_window_moved(window, ev->x, ev->y, ev->width, ev->height);
		}
		break;
	}
	case XCB_MAP_NOTIFY: {
		xcb_map_notify_event_t *ev = (xcb_map_notify_event_t *)event;
		window = pw_xwm_window_find(xwm, ev->window);
		if (window && !window->wanted && !window->surface) {
			/* Mapped with no MapRequest: override-redirect set after its creation. */
			window->override_redirect = true;
		}
		if (window && window->override_redirect) {
			pw_xwm_window_mapped(window);
		}
		break;
	}
	case XCB_PROPERTY_NOTIFY: {
		xcb_property_notify_event_t *ev = (xcb_property_notify_event_t *)event;
		if ((window = pw_xwm_window_find(xwm, ev->window))) {
			pw_xwm_window_property(window, ev->atom);
		}
		break;
	}
	case XCB_CLIENT_MESSAGE:
		handle_client_message(xwm, (xcb_client_message_event_t *)event);
		break;
	default:
		break;
	}
}

/* The XRes answer: every client but the server's own (base 0) and the window manager counts. */
static void
poll_count(struct pw_xwm *xwm)
{
	void *reply = NULL;
	xcb_generic_error_t *error = NULL;
	if (!xcb_poll_for_reply(xwm->conn, xwm->count_sequence, &reply, &error)) {
		return;
	}
	xwm->counting = false;
	int others = reply ? 0 : 1; /* no answer: assume someone, ask again later */
	if (reply) {
		uint32_t own = xcb_get_setup(xwm->conn)->resource_id_base;
		xcb_res_client_iterator_t it = xcb_res_query_clients_clients_iterator(reply);
		for (; it.rem > 0; xcb_res_client_next(&it)) {
			others += it.data->resource_base != 0 && it.data->resource_base != own;
		}
	}
	free(reply);
	free(error);
	pw_xwayland_clients_counted(xwm->xwayland, others);
}

static int
handle_readable(int fd, uint32_t mask, void *data)
{
	struct pw_xwm *xwm = data;
	if (mask & (WL_EVENT_HANGUP | WL_EVENT_ERROR)) {
		pw_xwayland_lost(xwm->xwayland); /* destroys xwm */
		return 0;
	}
	int count = 0;
	xcb_generic_event_t *event;
	while ((event = xcb_poll_for_event(xwm->conn))) {
		handle_event(xwm, event);
		free(event);
		count++;
	}
	if (xcb_connection_has_error(xwm->conn)) {
		pw_xwayland_lost(xwm->xwayland);
		return 0;
	}
	if (xwm->counting) {
		poll_count(xwm); /* may stop Xwayland, and destroy xwm */
		return 0;
	}
	xcb_flush(xwm->conn);
	return count;
}

static void
handle_surface_created_idle(void *data)
{
	struct pw_xwm *xwm = data;
	xwm->pair_idle = NULL;
	pw_xwm_window_pair_all(xwm);
}

/* A wl_surface of Xwayland's: its pw_surface exists once the request is done. */
static void
handle_surface_created(struct wl_listener *listener, void *data)
{
	struct pw_xwm *xwm = wl_container_of(listener, xwm, surface_created);
	struct wl_resource *resource = data;
	if (!xwm->pair_idle && strcmp(wl_resource_get_class(resource), "wl_surface") == 0) {
		xwm->pair_idle =
			wl_event_loop_add_idle(xwm->server->loop, handle_surface_created_idle, xwm);
	}
}

static bool
intern_atoms(struct pw_xwm *xwm)
{
	xcb_intern_atom_cookie_t cookies[PW_ATOM_COUNT];
	for (int i = 0; i < PW_ATOM_COUNT; i++) {
		cookies[i] = xcb_intern_atom(xwm->conn, 0, (uint16_t)strlen(atom_names[i]),
			atom_names[i]);
	}
	bool ok = true;
	for (int i = 0; i < PW_ATOM_COUNT; i++) {
		xcb_intern_atom_reply_t *reply = xcb_intern_atom_reply(xwm->conn, cookies[i], NULL);
		ok = ok && reply;
		xwm->atoms[i] = reply ? reply->atom : XCB_ATOM_NONE;
		free(reply);
	}
	return ok;
}

/* The root redirected to picowl, its own window named as the manager's (EWMH). */
static void
become_manager(struct pw_xwm *xwm)
{
	xcb_connection_t *conn = xwm->conn;
	xcb_window_t root = xwm->screen->root;
	uint32_t mask = XCB_EVENT_MASK_SUBSTRUCTURE_REDIRECT | XCB_EVENT_MASK_SUBSTRUCTURE_NOTIFY |
		XCB_EVENT_MASK_PROPERTY_CHANGE;
	xcb_change_window_attributes(conn, root, XCB_CW_EVENT_MASK, &mask);
	xcb_composite_redirect_subwindows(conn, root, XCB_COMPOSITE_REDIRECT_MANUAL);
	xwm->wm_window = xcb_generate_id(conn);
	xcb_create_window(conn, XCB_COPY_FROM_PARENT, xwm->wm_window, root, 0, 0, 10, 10, 0,
		XCB_WINDOW_CLASS_INPUT_OUTPUT, xwm->screen->root_visual, 0, NULL);
	xcb_atom_t check = xwm->atoms[PW_ATOM_NET_SUPPORTING_WM_CHECK];
	xcb_change_property(conn, XCB_PROP_MODE_REPLACE, root, check, XCB_ATOM_WINDOW, 32, 1,
		&xwm->wm_window);
	xcb_change_property(conn, XCB_PROP_MODE_REPLACE, xwm->wm_window, check, XCB_ATOM_WINDOW, 32,
		1, &xwm->wm_window);
	xcb_change_property(conn, XCB_PROP_MODE_REPLACE, xwm->wm_window,
		xwm->atoms[PW_ATOM_NET_WM_NAME], xwm->atoms[PW_ATOM_UTF8_STRING], 8, 6, "picowl");
	xcb_atom_t supported[] = {xwm->atoms[PW_ATOM_NET_WM_STATE],
		xwm->atoms[PW_ATOM_NET_WM_STATE_FULLSCREEN], xwm->atoms[PW_ATOM_NET_ACTIVE_WINDOW],
		xwm->atoms[PW_ATOM_NET_WM_NAME], check};
	xcb_change_property(conn, XCB_PROP_MODE_REPLACE, root, xwm->atoms[PW_ATOM_NET_SUPPORTED],
		XCB_ATOM_ATOM, 32, sizeof(supported) / sizeof(supported[0]), supported);
	xcb_set_selection_owner(conn, xwm->wm_window, xwm->atoms[PW_ATOM_WM_S0], XCB_CURRENT_TIME);
	xcb_set_selection_owner(conn, xwm->wm_window, xwm->atoms[PW_ATOM_NET_WM_CM_S0],
		XCB_CURRENT_TIME);
	xcb_flush(conn);
}

struct pw_xwm *
pw_xwm_create(struct pw_server *server, struct pw_xwayland *xwayland, struct wl_client *client,
	int fd)
{
	struct pw_xwm *xwm = calloc(1, sizeof(*xwm));
	if (!xwm) {
		close(fd);
		return NULL;
	}
	xwm->server = server;
	xwm->xwayland = xwayland;
	xwm->client = client;
	wl_list_init(&xwm->windows);
	xwm->conn = xcb_connect_to_fd(fd, NULL);
	if (xcb_connection_has_error(xwm->conn)) {
		pw_log_warning("xwayland: the window manager cannot connect to Xwayland");
		xcb_disconnect(xwm->conn);
		free(xwm);
		return NULL;
	}
	xwm->screen = xcb_setup_roots_iterator(xcb_get_setup(xwm->conn)).data;
	xcb_composite_query_version_reply_t *composite =
		xcb_composite_query_version_reply(xwm->conn,
			xcb_composite_query_version(xwm->conn, 0, 4), NULL);
	xcb_res_query_version_reply_t *res = xcb_res_query_version_reply(xwm->conn,
		xcb_res_query_version(xwm->conn, 1, 2), NULL);
	bool ok = xwm->screen && composite && res && intern_atoms(xwm);
	free(composite);
	free(res);
	if (!ok) {
		pw_log_warning("xwayland: Xwayland lacks Composite or XRes, or its atoms");
		xcb_disconnect(xwm->conn);
		free(xwm);
		return NULL;
	}
	become_manager(xwm);
	if (server->seat) {
		struct pw_seat *seat = server->seat;
		xwm->clipboard = pw_xwm_selection_create(xwm, "CLIPBOARD", pw_seat_clipboard(seat));
		xwm->primary = pw_xwm_selection_create(xwm, "PRIMARY", pw_seat_primary(seat));
	}
	xwm->source = wl_event_loop_add_fd(server->loop, xcb_get_file_descriptor(xwm->conn),
		WL_EVENT_READABLE, handle_readable, xwm);
	if (!xwm->source) {
		xcb_disconnect(xwm->conn);
		free(xwm);
		return NULL;
	}
	/* Events read while waiting for replies sit in xcb's queue: the loop looks there too. */
	wl_event_source_check(xwm->source);
	xwm->surface_created.notify = handle_surface_created;
	wl_client_add_resource_created_listener(client, &xwm->surface_created);
	return xwm;
}

void
pw_xwm_destroy(struct pw_xwm *xwm)
{
	if (!xwm) {
		return;
	}
	struct pw_xwm_window *window, *tmp;
	wl_list_for_each_safe(window, tmp, &xwm->windows, link) {
		pw_xwm_window_destroy(window);
	}
	pw_xwm_selection_destroy(xwm->clipboard);
	pw_xwm_selection_destroy(xwm->primary);
	wl_list_remove(&xwm->surface_created.link);
	if (xwm->pair_idle) {
		wl_event_source_remove(xwm->pair_idle);
	}
	wl_event_source_remove(xwm->source);
	xcb_disconnect(xwm->conn);
	free(xwm);
}

const struct pw_xwm_module pw_xwm_module = {
	.create = pw_xwm_create,
	.destroy = pw_xwm_destroy,
	.count_clients = pw_xwm_count_clients,
	.mapped = pw_xwm_mapped,
};

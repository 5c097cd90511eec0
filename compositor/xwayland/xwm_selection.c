/*
 * An X selection and one of the seat's, bridged (decision 4.73): CLIPBOARD with the clipboard,
 * PRIMARY with the primary selection, one instance each. An X client that owns it (XFixes tells)
 * becomes a selection source of the seat's: a Wayland client's receive converts the selection to
 * picowl's window and writes the text into its descriptor. A Wayland source that becomes the
 * clipboard makes picowl's window the X owner: an X client's request asks the source for text/plain
 * through a pipe, read in the loop, then answered.
 */
#define _GNU_SOURCE
#include "xwm_selection.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xcb/xfixes.h>

#include "log.h"
#include "selection.h"
#include "server.h"
#include "xwm.h"

#define TEXT_LIMIT (1 << 20)

enum { ATOM_SELECTION, ATOM_TARGETS, ATOM_PROPERTY, ATOM_COUNT };

struct pw_xwm_selection {
	struct pw_xwm *xwm;
	struct pw_selection *seat_selection;
	struct wl_listener changed;
	xcb_atom_t atoms[ATOM_COUNT];
	xcb_window_t window;
	uint8_t xfixes_event;
	bool owned; /* picowl's window owns CLIPBOARD for a Wayland source */
	/* X to Wayland: the X owner as a source, and the descriptor a conversion goes to. */
	struct pw_selection_source source;
	struct wl_array mime_types;
	bool source_live;
	int out_fd;
	/* Wayland to X: the request being answered, its text read from the source's pipe. */
	xcb_selection_request_event_t request;
	int in_fd;
	struct wl_event_source *in_source;
	struct wl_array in_text;
};

static void
notify(struct pw_xwm_selection *sel, const xcb_selection_request_event_t *req, xcb_atom_t property)
{
	xcb_selection_notify_event_t ev = {
		.response_type = XCB_SELECTION_NOTIFY,
		.time = req->time,
		.requestor = req->requestor,
		.selection = req->selection,
		.target = req->target,
		.property = property,
	};
	xcb_send_event(sel->xwm->conn, 0, req->requestor, XCB_EVENT_MASK_NO_EVENT,
		(const char *)&ev);
	xcb_flush(sel->xwm->conn);
}

static void
end_request(struct pw_xwm_selection *sel)
{
	if (sel->in_source) {
		wl_event_source_remove(sel->in_source);
		sel->in_source = NULL;
	}
	if (sel->in_fd >= 0) {
		close(sel->in_fd);
		sel->in_fd = -1;
	}
	sel->in_text.size = 0;
}

static int
handle_in_readable(int fd, uint32_t mask, void *data)
{
	struct pw_xwm_selection *sel = data;
	char *p = wl_array_add(&sel->in_text, 4096);
	ssize_t n = p ? read(fd, p, 4096) : -1;
	if (n > 0) {
		sel->in_text.size -= 4096 - (size_t)n;
		if (sel->in_text.size < TEXT_LIMIT) {
			return 0;
		}
	} else if (p) {
		sel->in_text.size -= 4096;
	}
	if (n < 0 && errno == EAGAIN) {
		return 0;
	}
	/* The end (or the limit, or an error): what came is the answer. */
	xcb_selection_request_event_t *req = &sel->request;
	xcb_change_property(sel->xwm->conn, XCB_PROP_MODE_REPLACE, req->requestor, req->property,
		sel->xwm->atoms[PW_ATOM_UTF8_STRING], 8, (uint32_t)sel->in_text.size,
		sel->in_text.data);
	notify(sel, req, req->property);
	end_request(sel);
	return 0;
}

/* The Wayland source's text type, or NULL when it offers none. */
static const char *
text_type(struct pw_selection_source *source)
{
	const char *const wanted[] = {"text/plain;charset=utf-8", "UTF8_STRING", "text/plain"};
	for (size_t w = 0; w < sizeof(wanted) / sizeof(wanted[0]); w++) {
		char **type;
		wl_array_for_each(type, source->mime_types) {
			if (strcmp(*type, wanted[w]) == 0) {
				return *type;
			}
		}
	}
	return NULL;
}

static void
handle_request(struct pw_xwm_selection *sel, const xcb_selection_request_event_t *req)
{
	struct pw_xwm *xwm = sel->xwm;
	struct pw_selection_source *source = sel->seat_selection->source;
	xcb_atom_t utf8 = xwm->atoms[PW_ATOM_UTF8_STRING];
	if (!sel->owned || !source || source == &sel->source) {
		notify(sel, req, XCB_ATOM_NONE);
		return;
	}
	if (req->target == sel->atoms[ATOM_TARGETS]) {
		xcb_atom_t targets[] = {sel->atoms[ATOM_TARGETS], utf8, XCB_ATOM_STRING};
		xcb_change_property(xwm->conn, XCB_PROP_MODE_REPLACE, req->requestor, req->property,
			XCB_ATOM_ATOM, 32, 3, targets);
		notify(sel, req, req->property);
		return;
	}
	const char *type = text_type(source);
	int fds[2];
	if ((req->target != utf8 && req->target != XCB_ATOM_STRING) || !type || sel->in_fd >= 0 ||
		pipe2(fds, O_CLOEXEC | O_NONBLOCK) < 0) {
		notify(sel, req, XCB_ATOM_NONE); /* one transfer at a time */
		return;
	}
	source->impl->send(source, type, fds[1]);
	close(fds[1]);
	sel->request = *req;
	sel->in_fd = fds[0];
	sel->in_source = wl_event_loop_add_fd(xwm->server->loop, fds[0], WL_EVENT_READABLE,
		handle_in_readable, sel);
	if (!sel->in_source) {
		end_request(sel);
		notify(sel, req, XCB_ATOM_NONE);
	}
}

static void
source_send(struct pw_selection_source *source, const char *mime_type, int32_t fd)
{
	struct pw_xwm_selection *sel = wl_container_of(source, sel, source);
	if (sel->out_fd >= 0) {
		return; /* one conversion at a time: the caller closes fd, the reader sees EOF */
	}
	sel->out_fd = fcntl(fd, F_DUPFD_CLOEXEC, 0);
	xcb_convert_selection(sel->xwm->conn, sel->window, sel->atoms[ATOM_SELECTION],
		sel->xwm->atoms[PW_ATOM_UTF8_STRING], sel->atoms[ATOM_PROPERTY], XCB_CURRENT_TIME);
	xcb_flush(sel->xwm->conn);
}

static void
source_cancel(struct pw_selection_source *source)
{
	struct pw_xwm_selection *sel = wl_container_of(source, sel, source);
	sel->source_live = false;
}

static const struct pw_selection_source_impl source_impl = {
	.send = source_send,
	.cancel = source_cancel,
};

/* The conversion is done: its text goes to the Wayland reader. */
static void
handle_converted(struct pw_xwm_selection *sel, const xcb_selection_notify_event_t *ev)
{
	if (sel->out_fd < 0) {
		return;
	}
	if (ev->property != XCB_ATOM_NONE) {
		xcb_get_property_reply_t *reply = xcb_get_property_reply(sel->xwm->conn,
			xcb_get_property(sel->xwm->conn, 1, sel->window, sel->atoms[ATOM_PROPERTY],
				XCB_ATOM_ANY, 0, TEXT_LIMIT / 4),
			NULL);
		if (reply && reply->format == 8) {
			const char *p = xcb_get_property_value(reply);
			size_t left = (size_t)xcb_get_property_value_length(reply);
			/* Written as far as the pipe takes it: picowl does not wait for a reader.
			 */
			fcntl(sel->out_fd, F_SETFL, O_NONBLOCK);
			ssize_t n;
			while (left > 0 && (n = write(sel->out_fd, p, left)) > 0) {
				p += n;
				left -= (size_t)n;
			}
		}
		free(reply);
	}
	close(sel->out_fd);
	sel->out_fd = -1;
}

static void
handle_owner(struct pw_xwm_selection *sel, xcb_window_t owner)
{
	if (owner == sel->window) {
		return;
	}
	sel->owned = false;
	if (owner == XCB_WINDOW_NONE) {
		if (sel->source_live) {
			pw_selection_set(sel->seat_selection, NULL);
		}
		return;
	}
	if (sel->source_live) {
		pw_selection_set(sel->seat_selection, NULL); /* another X owner: offered anew */
	}
	sel->source_live = true;
	pw_selection_set(sel->seat_selection, &sel->source);
}

static void
handle_changed(struct wl_listener *listener, void *data)
{
	struct pw_xwm_selection *sel = wl_container_of(listener, sel, changed);
	struct pw_selection_source *source = sel->seat_selection->source;
	if (source == &sel->source) {
		return;
	}
	sel->owned = source != NULL;
	xcb_set_selection_owner(sel->xwm->conn, source ? sel->window : XCB_WINDOW_NONE,
		sel->atoms[ATOM_SELECTION], XCB_CURRENT_TIME);
	xcb_flush(sel->xwm->conn);
}

bool
pw_xwm_selection_event(struct pw_xwm_selection *sel, xcb_generic_event_t *event)
{
	uint8_t type = event->response_type & ~0x80;
	if (type == sel->xfixes_event + XCB_XFIXES_SELECTION_NOTIFY) {
		xcb_xfixes_selection_notify_event_t *ev = (void *)event;
		if (ev->selection != sel->atoms[ATOM_SELECTION]) {
			return false; /* the other selection's */
		}
		handle_owner(sel, ev->owner);
		return true;
	}
	xcb_atom_t mine = sel->atoms[ATOM_SELECTION];
	switch (type) {
	case XCB_SELECTION_REQUEST:
		if (((xcb_selection_request_event_t *)event)->selection != mine) {
			return false;
		}
		handle_request(sel, (xcb_selection_request_event_t *)event);
		return true;
	case XCB_SELECTION_NOTIFY:
		if (((xcb_selection_notify_event_t *)event)->selection != mine) {
			return false;
		}
		handle_converted(sel, (xcb_selection_notify_event_t *)event);
		return true;
	case XCB_SELECTION_CLEAR:
		if (((xcb_selection_clear_event_t *)event)->selection != mine) {
			return false;
		}
		sel->owned = false;
		return true;
	default:
		return false;
	}
}

struct pw_xwm_selection *
pw_xwm_selection_create(struct pw_xwm *xwm, const char *name, struct pw_selection *selection)
{
	const char *const names[ATOM_COUNT] = {name, "TARGETS", "_PICOWL_SELECTION"};
	xcb_connection_t *conn = xwm->conn;
	xcb_xfixes_query_version_reply_t *version =
		xcb_xfixes_query_version_reply(conn, xcb_xfixes_query_version(conn, 5, 0), NULL);
	const xcb_query_extension_reply_t *ext = xcb_get_extension_data(conn, &xcb_xfixes_id);
	struct pw_xwm_selection *sel = version && ext && ext->present ? calloc(1, sizeof(*sel)) : 0;
	free(version);
	if (!sel) {
		return NULL;
	}
	sel->xwm = xwm;
	sel->xfixes_event = ext->first_event;
	sel->in_fd = sel->out_fd = -1;
	wl_array_init(&sel->in_text);
	wl_array_init(&sel->mime_types);
	size_t bytes = 0;
	pw_selection_mime_add(&sel->mime_types, &bytes, "text/plain;charset=utf-8");
	pw_selection_mime_add(&sel->mime_types, &bytes, "UTF8_STRING");
	pw_selection_mime_add(&sel->mime_types, &bytes, "text/plain");
	pw_selection_source_init(&sel->source, &source_impl, &sel->mime_types);
	xcb_intern_atom_cookie_t cookies[ATOM_COUNT];
	for (int i = 0; i < ATOM_COUNT; i++) {
		cookies[i] = xcb_intern_atom(conn, 0, (uint16_t)strlen(names[i]), names[i]);
	}
	for (int i = 0; i < ATOM_COUNT; i++) {
		xcb_intern_atom_reply_t *reply = xcb_intern_atom_reply(conn, cookies[i], NULL);
		sel->atoms[i] = reply ? reply->atom : XCB_ATOM_NONE;
		free(reply);
	}
	sel->window = xcb_generate_id(conn);
	uint32_t mask = XCB_EVENT_MASK_PROPERTY_CHANGE;
	xcb_create_window(conn, XCB_COPY_FROM_PARENT, sel->window, xwm->screen->root, 0, 0, 1, 1, 0,
		XCB_WINDOW_CLASS_INPUT_OUTPUT, xwm->screen->root_visual, XCB_CW_EVENT_MASK, &mask);
	xcb_xfixes_select_selection_input(conn, sel->window, sel->atoms[ATOM_SELECTION],
		XCB_XFIXES_SELECTION_EVENT_MASK_SET_SELECTION_OWNER |
			XCB_XFIXES_SELECTION_EVENT_MASK_SELECTION_WINDOW_DESTROY |
			XCB_XFIXES_SELECTION_EVENT_MASK_SELECTION_CLIENT_CLOSE);
	sel->seat_selection = selection;
	sel->changed.notify = handle_changed;
	wl_signal_add(&sel->seat_selection->changed, &sel->changed);
	/* The X client that started Xwayland may own the selection already: XFixes tells only
	 * of changes from now on, so its owner is asked once. */
	xcb_get_selection_owner_reply_t *owner = xcb_get_selection_owner_reply(conn,
		xcb_get_selection_owner(conn, sel->atoms[ATOM_SELECTION]), NULL);
	xcb_window_t x_owner = owner ? owner->owner : XCB_WINDOW_NONE;
	free(owner);
	if (x_owner != XCB_WINDOW_NONE) {
		handle_owner(sel, x_owner);
	} else if (sel->seat_selection->source) {
		handle_changed(&sel->changed, NULL); /* a Wayland clipboard from before */
	}
	xcb_flush(conn);
	return sel;
}

void
pw_xwm_selection_destroy(struct pw_xwm_selection *sel)
{
	if (!sel) {
		return;
	}
	wl_list_remove(&sel->changed.link);
	if (sel->source_live) {
		pw_selection_set(sel->seat_selection, NULL);
	}
	pw_selection_source_finish(&sel->source);
	end_request(sel);
	if (sel->out_fd >= 0) {
		close(sel->out_fd);
	}
	wl_array_release(&sel->in_text);
	pw_selection_mime_release(&sel->mime_types);
	free(sel);
}

/*
 * An X client of the xwayland tests (issue 36's bad input), on xcb:
 *   xclient title BYTES           a white window titled with BYTES bytes of 'a' (WM_NAME)
 *   xclient or X Y W H            a white window, then an override-redirect red one at X,Y
 *   xclient or-late X Y W H       the same, override-redirect set after the window's creation
 *   xclient destroy-while-map N   N windows mapped and destroyed at once, then a green one
 *   xclient transient-loop        a white and a black window, each WM_TRANSIENT_FOR of the
 *                                 other
 *   xclient many N                N windows mapped
 *   xclient hints MINW MINH MAXW MAXH  a white window with these WM_NORMAL_HINTS sizes
 *   xclient copy TEXT [SEL]       owns CLIPBOARD (or SEL: PRIMARY), serves TEXT as UTF8_STRING
 *   xclient paste [SEL]           prints CLIPBOARD (or SEL) as UTF8_STRING and exits
 * prints "ready" once the server has every request, then waits until killed.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xcb/xcb.h>

static xcb_connection_t *conn;
static xcb_screen_t *screen;

static xcb_window_t
window(int x, int y, int w, int h, uint32_t pixel, int override_redirect)
{
	xcb_window_t id = xcb_generate_id(conn);
	uint32_t values[] = {pixel, (uint32_t)override_redirect};
	xcb_create_window(conn, XCB_COPY_FROM_PARENT, id, screen->root, (int16_t)x, (int16_t)y,
		(uint16_t)w, (uint16_t)h, 0, XCB_WINDOW_CLASS_INPUT_OUTPUT, screen->root_visual,
		XCB_CW_BACK_PIXEL | XCB_CW_OVERRIDE_REDIRECT, values);
	return id;
}

static xcb_atom_t
atom(const char *name)
{
	xcb_intern_atom_reply_t *r =
		xcb_intern_atom_reply(conn, xcb_intern_atom(conn, 0, strlen(name), name), NULL);
	xcb_atom_t a = r ? r->atom : XCB_ATOM_NONE;
	free(r);
	return a;
}

/* Serves TEXT as CLIPBOARD's owner until killed. */
static int
copy(const char *text, const char *selection)
{
	xcb_atom_t clipboard = atom(selection), utf8 = atom("UTF8_STRING");
	xcb_atom_t targets = atom("TARGETS");
	xcb_window_t w = window(0, 0, 1, 1, 0, 1);
	xcb_set_selection_owner(conn, w, clipboard, XCB_CURRENT_TIME);
	free(xcb_get_input_focus_reply(conn, xcb_get_input_focus(conn), NULL));
	printf("ready\n");
	fflush(stdout);
	xcb_generic_event_t *ev;
	while ((ev = xcb_wait_for_event(conn))) {
		if ((ev->response_type & ~0x80) == XCB_SELECTION_REQUEST) {
			xcb_selection_request_event_t *req = (void *)ev;
			xcb_atom_t property = req->property;
			if (req->target == utf8) {
				xcb_change_property(conn, XCB_PROP_MODE_REPLACE, req->requestor,
					property, utf8, 8, strlen(text), text);
			} else if (req->target == targets) {
				xcb_atom_t list[] = {targets, utf8};
				xcb_change_property(conn, XCB_PROP_MODE_REPLACE, req->requestor,
					property, XCB_ATOM_ATOM, 32, 2, list);
			} else {
				property = XCB_ATOM_NONE;
			}
			xcb_selection_notify_event_t n = {.response_type = XCB_SELECTION_NOTIFY,
				.time = req->time,
				.requestor = req->requestor,
				.selection = req->selection,
				.target = req->target,
				.property = property};
			xcb_send_event(conn, 0, req->requestor, 0, (const char *)&n);
			xcb_flush(conn);
		}
		free(ev);
	}
	return 0;
}

/* Prints CLIPBOARD's text; 1 when there is none. */
static int
paste(const char *selection)
{
	xcb_atom_t clipboard = atom(selection), utf8 = atom("UTF8_STRING");
	xcb_atom_t property = atom("XCLIENT_PASTE");
	xcb_window_t w = window(0, 0, 1, 1, 0, 1);
	xcb_convert_selection(conn, w, clipboard, utf8, property, XCB_CURRENT_TIME);
	xcb_flush(conn);
	xcb_generic_event_t *ev;
	while ((ev = xcb_wait_for_event(conn))) {
		if ((ev->response_type & ~0x80) == XCB_SELECTION_NOTIFY) {
			xcb_selection_notify_event_t *n = (void *)ev;
			xcb_atom_t got = n->property;
			free(ev);
			if (got == XCB_ATOM_NONE) {
				return 1;
			}
			xcb_get_property_reply_t *r = xcb_get_property_reply(conn,
				xcb_get_property(conn, 1, w, property, XCB_ATOM_ANY, 0, 1 << 20),
				NULL);
			if (!r) {
				return 1;
			}
			fwrite(xcb_get_property_value(r), 1, xcb_get_property_value_length(r),
				stdout);
			fflush(stdout); /* before a sanitizer's report ends the process */
			free(r);
			xcb_disconnect(conn);
			return 0;
		}
		free(ev);
	}
	return 1;
}

static void
sync_server(void)
{
	free(xcb_get_input_focus_reply(conn, xcb_get_input_focus(conn), NULL));
}

int
main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr,
			"usage: xclient title|or|destroy-while-map|transient-loop|many ...\n");
		return 2;
	}
	conn = xcb_connect(NULL, NULL);
	if (xcb_connection_has_error(conn)) {
		fprintf(stderr, "xclient: cannot connect to DISPLAY\n");
		return 1;
	}
	screen = xcb_setup_roots_iterator(xcb_get_setup(conn)).data;
	const char *mode = argv[1];
	if (strcmp(mode, "copy") == 0 && (argc == 3 || argc == 4)) {
		return copy(argv[2], argc == 4 ? argv[3] : "CLIPBOARD");
	}
	if (strcmp(mode, "paste") == 0) {
		return paste(argc == 3 ? argv[2] : "CLIPBOARD");
	}
	if (strcmp(mode, "title") == 0 && argc == 3) {
		size_t n = strtoul(argv[2], NULL, 10);
		char *title = malloc(n);
		memset(title, 'a', n);
		xcb_window_t w = window(0, 0, 100, 100, screen->white_pixel, 0);
		xcb_change_property(conn, XCB_PROP_MODE_REPLACE, w, XCB_ATOM_WM_NAME,
			XCB_ATOM_STRING, 8, (uint32_t)n, title);
		free(title);
		xcb_map_window(conn, w);
	} else if ((strcmp(mode, "or") == 0 || strcmp(mode, "or-late") == 0) && argc == 6) {
		xcb_window_t w = window(0, 0, 100, 100, screen->white_pixel, 0);
		xcb_map_window(conn, w);
		sync_server();
		sleep(1); /* the toplevel maps first, as a menu's parent does */
		bool late = strcmp(mode, "or-late") == 0;
		xcb_window_t menu = window(atoi(argv[2]), atoi(argv[3]), atoi(argv[4]),
			atoi(argv[5]), 0xff0000, !late);
		if (late) {
			uint32_t on = 1;
			xcb_change_window_attributes(conn, menu, XCB_CW_OVERRIDE_REDIRECT, &on);
		}
		xcb_map_window(conn, menu);
	} else if (strcmp(mode, "destroy-while-map") == 0 && argc == 3) {
		for (int i = 0; i < atoi(argv[2]); i++) {
			xcb_window_t w = window(0, 0, 50, 50, screen->black_pixel, 0);
			xcb_map_window(conn, w);
			xcb_destroy_window(conn, w);
		}
		xcb_map_window(conn, window(0, 0, 100, 100, 0x00ff00, 0));
	} else if (strcmp(mode, "transient-loop") == 0) {
		xcb_window_t a = window(0, 0, 100, 100, screen->white_pixel, 0);
		xcb_window_t b = window(0, 0, 80, 80, screen->black_pixel, 0);
		xcb_change_property(conn, XCB_PROP_MODE_REPLACE, a, XCB_ATOM_WM_TRANSIENT_FOR,
			XCB_ATOM_WINDOW, 32, 1, &b);
		xcb_change_property(conn, XCB_PROP_MODE_REPLACE, b, XCB_ATOM_WM_TRANSIENT_FOR,
			XCB_ATOM_WINDOW, 32, 1, &a);
		xcb_map_window(conn, a);
		xcb_map_window(conn, b);
	} else if (strcmp(mode, "hints") == 0 && argc == 6) {
		uint32_t hints[18] = {16 | 32}; /* PMinSize | PMaxSize */
		for (int i = 0; i < 4; i++) {
			hints[5 + i] = (uint32_t)strtoul(argv[2 + i], NULL, 10);
		}
		xcb_window_t w = window(0, 0, 100, 100, screen->white_pixel, 0);
		xcb_change_property(conn, XCB_PROP_MODE_REPLACE, w, XCB_ATOM_WM_NORMAL_HINTS,
			XCB_ATOM_WM_SIZE_HINTS, 32, 18, hints);
		xcb_map_window(conn, w);
	} else if (strcmp(mode, "many") == 0 && argc == 3) {
		for (int i = 0; i < atoi(argv[2]); i++) {
			xcb_map_window(conn, window(0, 0, 20, 20, screen->white_pixel, 0));
		}
	} else {
		fprintf(stderr, "xclient: bad arguments\n");
		return 2;
	}
	sync_server();
	printf("ready\n");
	fflush(stdout);
	for (;;) {
		xcb_generic_event_t *ev = xcb_wait_for_event(conn);
		if (!ev) {
			return 0; /* the server went */
		}
		free(ev);
	}
}

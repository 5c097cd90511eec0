/*
 * Toplevels with parents, for the dialog tests (issue 33, item 6; decision 4.51).
 *
 *   dialogclient STATE_FILE MODE
 *
 * MODE:
 *   float, modal  a green parent and a red 100x60 dialog (xdg_toplevel.set_parent before its
 *                 first commit; modal: xdg_dialog_v1.set_modal too); "mapped" once both are
 *                 drawn. SIGUSR1 destroys the parent ("parent destroyed"); the dialog then draws
 *                 at every size it is configured to.
 *   self          set_parent to itself (expects invalid_parent)
 *   loop          B a child of A, then A.set_parent(B) (expects invalid_parent)
 *   used          two xdg_dialog_v1 for one toplevel (expects already_used)
 *   chain N       N toplevels of 40x30, each the parent of the next; "chain N mapped"
 *
 * Appends to STATE_FILE "enter parent|dialog|other" at each keyboard focus, "key WHO CODE
 * PRESSED", "touch X Y", "dialog configure W H" and "error INTERFACE CODE" when the
 * connection ends in a protocol error. Runs until killed.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "client.h"
#include "client_seat.h"
#include "client_shm.h"
#include "test_client.h"
#include "xdg-dialog-v1-client-protocol.h"

#define GREEN 0xff20a040u
#define RED 0xffc03030u
#define BLUE 0xff3050c0u
#define DIALOG_W 100
#define DIALOG_H 60

struct dialog_client {
	struct pw_client client;
	struct pw_client_toplevel parent, dialog;
	struct xdg_wm_dialog_v1 *wm_dialog;
	struct xdg_dialog_v1 *dialogs[2];
	bool mapped, closed;
	int drawn_w, drawn_h;
	struct wl_surface *focus;
};

static const char *
who(struct dialog_client *dc, struct wl_surface *surface)
{
	return surface && surface == dc->parent.surface    ? "parent"
		: surface && surface == dc->dialog.surface ? "dialog"
							   : "other";
}

static void
key_enter(void *data, struct wl_surface *surface)
{
	struct dialog_client *dc = data;
	dc->focus = surface;
	test_client_say("enter %s", who(dc, surface));
}

static void
key_leave(void *data, struct wl_surface *surface)
{
	struct dialog_client *dc = data;
	dc->focus = NULL;
}

static void
key(void *data, uint32_t time, uint32_t code, bool pressed)
{
	struct dialog_client *dc = data;
	test_client_say("key %s %u %d", who(dc, dc->focus), code, pressed);
}

static void
touch_down(void *data, uint32_t time, int32_t id, double x, double y)
{
	test_client_say("touch %d %d", (int)x, (int)y);
}

static const struct pw_client_input_listener input = {
	.key_enter = key_enter,
	.key_leave = key_leave,
	.key = key,
	.touch_down = touch_down,
};

/* The dialog's size: the one configured, else its own. */
static void
draw_dialog(struct dialog_client *dc)
{
	struct pw_client_toplevel *tl = &dc->dialog;
	int w = tl->configured_width > 0 ? tl->configured_width : DIALOG_W;
	int h = tl->configured_height > 0 ? tl->configured_height : DIALOG_H;
	if (w == dc->drawn_w && h == dc->drawn_h) {
		return;
	}
	struct wl_buffer *buffer = pw_client_solid_buffer(&dc->client, w, h, RED);
	if (!buffer) {
		return;
	}
	struct wl_buffer *old = tl->buffer;
	tl->buffer = buffer;
	pw_client_toplevel_commit(tl, NULL);
	if (old) {
		wl_buffer_destroy(old);
	}
	dc->drawn_w = w;
	dc->drawn_h = h;
	test_client_say("dialog drawn %d %d", w, h);
}

static void
dialog_configure(struct pw_client_toplevel *tl)
{
	struct dialog_client *dc = tl->data;
	test_client_say("dialog configure %d %d", tl->configured_width, tl->configured_height);
	if (dc->mapped) {
		draw_dialog(dc);
	}
}

static void
destroy_parent(void *data)
{
	struct dialog_client *dc = data;
	struct pw_client_toplevel *p = &dc->parent;
	if (!p->toplevel) {
		return;
	}
	pw_client_frame_finish(&p->frame);
	xdg_toplevel_destroy(p->toplevel);
	xdg_surface_destroy(p->xdg_surface);
	wl_surface_destroy(p->surface);
	p->toplevel = NULL;
	p->xdg_surface = NULL;
	p->surface = NULL;
	test_client_say("parent destroyed");
}

static void
global(struct pw_client *client, uint32_t name, const char *interface, uint32_t version)
{
	struct dialog_client *dc = client->data;
	if (strcmp(interface, xdg_wm_dialog_v1_interface.name) == 0 && !dc->wm_dialog) {
		dc->wm_dialog =
			pw_client_bind(client, name, &xdg_wm_dialog_v1_interface, version, 1);
	}
}

/* The connection ended: says which protocol error ended it. */
static int
report_error(struct dialog_client *dc)
{
	const struct wl_interface *iface = NULL;
	uint32_t id = 0;
	int code = wl_display_get_protocol_error(dc->client.display, &iface, &id);
	test_client_say("error %s %d", iface ? iface->name : "none", code);
	return 1;
}

static int
run_float(struct dialog_client *dc, bool modal)
{
	if (!pw_client_toplevel_map(&dc->parent, GREEN, 5000)) {
		return 1;
	}
	dc->dialog.configure = dialog_configure;
	dc->dialog.data = dc;
	pw_client_toplevel_init(&dc->dialog, &dc->client, "dialog", "dialogclient");
	xdg_toplevel_set_parent(dc->dialog.toplevel, dc->parent.toplevel);
	if (modal) {
		if (!dc->wm_dialog) {
			fprintf(stderr, "dialogclient: no xdg_wm_dialog_v1\n");
			return 1;
		}
		dc->dialogs[0] =
			xdg_wm_dialog_v1_get_xdg_dialog(dc->wm_dialog, dc->dialog.toplevel);
		xdg_dialog_v1_set_modal(dc->dialogs[0]);
	}
	if (!pw_client_toplevel_wait_configure(&dc->dialog, 5000) ||
		pw_client_roundtrip(&dc->client, 5000) != 1) {
		return 1;
	}
	dc->mapped = true;
	draw_dialog(dc);
	if (pw_client_roundtrip(&dc->client, 5000) != 1) {
		return report_error(dc);
	}
	test_client_say("mapped");
	int fd = test_client_signalfd(SIGUSR1);
	test_client_run(&dc->client, &dc->closed, fd, destroy_parent, dc);
	return 0;
}

/* Sends what must end in a protocol error and waits for it. */
static int
expect_error(struct dialog_client *dc)
{
	if (pw_client_roundtrip(&dc->client, 5000) == 1) {
		test_client_say("no error");
		return 1;
	}
	return report_error(dc);
}

static int
run_chain(struct dialog_client *dc, int n)
{
	struct pw_client_toplevel *tl = calloc((size_t)n, sizeof(*tl));
	struct wl_buffer *buffer = pw_client_solid_buffer(&dc->client, 40, 30, BLUE);
	if (!tl || !buffer) {
		return 1;
	}
	/* One buffer for all: n pools would be n descriptors. */
	for (int i = 0; i < n; i++) {
		tl[i].width = 40;
		tl[i].height = 30;
		pw_client_toplevel_init(&tl[i], &dc->client, "chain", "dialogclient");
		if (i > 0) {
			xdg_toplevel_set_parent(tl[i].toplevel, tl[i - 1].toplevel);
		}
		if (!pw_client_toplevel_wait_configure(&tl[i], 5000)) {
			return report_error(dc);
		}
		wl_surface_attach(tl[i].surface, buffer, 0, 0);
		wl_surface_damage_buffer(tl[i].surface, 0, 0, 40, 30);
		wl_surface_commit(tl[i].surface);
	}
	if (pw_client_roundtrip(&dc->client, 10000) != 1) {
		return report_error(dc);
	}
	test_client_say("chain %d mapped", n);
	test_client_run(&dc->client, &dc->closed, -1, NULL, NULL);
	for (int i = 0; i < n; i++) {
		pw_client_toplevel_finish(&tl[i]);
	}
	wl_proxy_destroy((struct wl_proxy *)buffer);
	free(tl);
	return 0;
}

int
main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr,
			"usage: dialogclient STATE_FILE float|modal|self|loop|used|chain N\n");
		return 2;
	}
	const char *mode = argv[2];
	if (!test_client_open("dialogclient", argv[1], NULL)) {
		return 1;
	}
	struct dialog_client dc = {
		.client = {.name = "dialogclient", .global = global},
		.parent = {.width = 64, .height = 64},
		.dialog = {.width = DIALOG_W, .height = DIALOG_H},
	};
	dc.client.data = &dc;
	pw_client_input_init(&dc.client, &input);
	if (!pw_client_connect(&dc.client, &test_client_versions, 5000)) {
		return 1;
	}
	pw_client_toplevel_init(&dc.parent, &dc.client, "parent", "dialogclient");
	int status = 1;
	if (strcmp(mode, "float") == 0 || strcmp(mode, "modal") == 0) {
		status = run_float(&dc, strcmp(mode, "modal") == 0);
	} else if (strcmp(mode, "self") == 0) {
		xdg_toplevel_set_parent(dc.parent.toplevel, dc.parent.toplevel);
		status = expect_error(&dc);
	} else if (strcmp(mode, "loop") == 0) {
		struct pw_client_toplevel b = {.width = 32, .height = 32};
		if (pw_client_toplevel_map(&dc.parent, GREEN, 5000)) {
			pw_client_toplevel_init(&b, &dc.client, "child", "dialogclient");
			xdg_toplevel_set_parent(b.toplevel, dc.parent.toplevel);
			xdg_toplevel_set_parent(dc.parent.toplevel, b.toplevel);
			status = expect_error(&dc);
		}
		pw_client_toplevel_finish(&b);
	} else if (strcmp(mode, "used") == 0 && dc.wm_dialog) {
		dc.dialogs[0] = xdg_wm_dialog_v1_get_xdg_dialog(dc.wm_dialog, dc.parent.toplevel);
		dc.dialogs[1] = xdg_wm_dialog_v1_get_xdg_dialog(dc.wm_dialog, dc.parent.toplevel);
		status = expect_error(&dc);
	} else if (strcmp(mode, "chain") == 0 && argc == 4) {
		status = run_chain(&dc, atoi(argv[3]));
	} else {
		fprintf(stderr, "dialogclient: unknown mode %s\n", mode);
	}
	/* no requests: the connection may be gone */
	for (int i = 0; i < 2; i++) {
		if (dc.dialogs[i]) {
			wl_proxy_destroy((struct wl_proxy *)dc.dialogs[i]);
		}
	}
	if (dc.wm_dialog) {
		wl_proxy_destroy((struct wl_proxy *)dc.wm_dialog);
	}
	pw_client_toplevel_finish(&dc.dialog);
	pw_client_toplevel_finish(&dc.parent);
	pw_client_disconnect(&dc.client);
	test_client_close();
	return status;
}

/*
 * The clipboard tests' client: a toplevel that copies or pastes through wl_data_device and the
 * primary selection (zwp_primary_selection_v1), as an ordinary application does (no data
 * control).
 *
 *   clipclient copy TEXT STATE   maps, sets a wl_data_source offering text/plain as the
 *                                selection and a primary selection source of "primary TEXT",
 *                                and gives them to whoever asks
 *   clipclient paste STATE       maps, and reads every text selection it is offered
 *
 * Every event is one line appended to STATE: "mapped", "copied" (both selections were set),
 * "sent MIME" (a paste asked), "cancelled", "pasted TEXT" (what a selection offer gave),
 * "empty" (the selection went), "primary TEXT" (what a primary selection offer gave).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "client.h"
#include "client_toplevel.h"
#include "primary-selection-unstable-v1-client-protocol.h"
#include "test_client.h"

#define PLAIN "text/plain"
#define UTF8 "text/plain;charset=utf-8"

struct app {
	struct pw_client tc;
	struct pw_client_toplevel top;
	struct wl_data_device_manager *ddm;
	struct wl_data_device *device;
	struct wl_data_offer *offer; /* the one being introduced, and its mime types */
	bool offer_plain, offer_utf8;
	struct zwp_primary_selection_device_manager_v1 *psm;
	struct zwp_primary_selection_device_v1 *primary;
	struct zwp_primary_selection_offer_v1 *primary_offer; /* being introduced */
	bool primary_plain;
	const char *text; /* copy: what is given */
};

static void
handle_source_target(void *data, struct wl_data_source *source, const char *mime_type)
{
}

static void
handle_source_send(void *data, struct wl_data_source *source, const char *mime_type, int32_t fd)
{
	struct app *app = data;
	size_t left = strlen(app->text);
	const char *p = app->text;

	while (left > 0) {
		ssize_t n = write(fd, p, left);
		if (n <= 0) {
			break;
		}
		p += n;
		left -= (size_t)n;
	}
	close(fd);
	test_client_say("sent %s", mime_type);
}

static void
handle_source_cancelled(void *data, struct wl_data_source *source)
{
	test_client_say("%s", "cancelled");
	wl_data_source_destroy(source);
}

static const struct wl_data_source_listener source_listener = {
	.target = handle_source_target,
	.send = handle_source_send,
	.cancelled = handle_source_cancelled,
};

static void
handle_offer_offer(void *data, struct wl_data_offer *offer, const char *mime_type)
{
	struct app *app = data;

	if (offer == app->offer) {
		app->offer_plain |= strcmp(mime_type, PLAIN) == 0;
		app->offer_utf8 |= strcmp(mime_type, UTF8) == 0;
	}
}

static const struct wl_data_offer_listener offer_listener = {
	.offer = handle_offer_offer,
};

static void
handle_device_data_offer(void *data, struct wl_data_device *device, struct wl_data_offer *offer)
{
	struct app *app = data;

	app->offer = offer;
	app->offer_plain = app->offer_utf8 = false;
	wl_data_offer_add_listener(offer, &offer_listener, app);
}

/*
 * Reads what was asked for through fds[0] to its end and logs it after `what`: the source is
 * another client, so the blocking read is safe.
 */
static void
read_all(struct app *app, int fds[2], const char *what)
{
	char buf[4096];
	size_t len = 0;

	close(fds[1]);
	wl_display_flush(app->tc.display);
	for (;;) {
		ssize_t n = read(fds[0], buf + len, sizeof(buf) - 1 - len);
		if (n <= 0 || (len += (size_t)n) == sizeof(buf) - 1) {
			break;
		}
	}
	close(fds[0]);
	buf[len] = '\0';
	test_client_say("%s %s", what, buf);
}

static void
paste(struct app *app, struct wl_data_offer *offer)
{
	int fds[2];

	if (pipe2(fds, O_CLOEXEC) == 0) {
		wl_data_offer_receive(offer, app->offer_utf8 ? UTF8 : PLAIN, fds[1]);
		read_all(app, fds, "pasted");
	}
}

static void
handle_ps_send(void *data, struct zwp_primary_selection_source_v1 *source, const char *mime_type,
	int32_t fd)
{
	struct app *app = data;

	if (dprintf(fd, "primary %s", app->text) < 0) {
		perror("clipclient: write");
	}
	close(fd);
	test_client_say("sent primary %s", mime_type);
}

static void
handle_ps_cancelled(void *data, struct zwp_primary_selection_source_v1 *source)
{
	test_client_say("%s", "primary cancelled");
	zwp_primary_selection_source_v1_destroy(source);
}

static const struct zwp_primary_selection_source_v1_listener ps_source_listener = {
	.send = handle_ps_send,
	.cancelled = handle_ps_cancelled,
};

static void
handle_ps_offer(void *data, struct zwp_primary_selection_offer_v1 *offer, const char *mime_type)
{
	struct app *app = data;

	app->primary_plain |= offer == app->primary_offer && strcmp(mime_type, PLAIN) == 0;
}

static const struct zwp_primary_selection_offer_v1_listener ps_offer_listener = {
	.offer = handle_ps_offer,
};

static void
handle_ps_data_offer(void *data, struct zwp_primary_selection_device_v1 *device,
	struct zwp_primary_selection_offer_v1 *offer)
{
	struct app *app = data;

	app->primary_offer = offer;
	app->primary_plain = false;
	zwp_primary_selection_offer_v1_add_listener(offer, &ps_offer_listener, app);
}

static void
handle_ps_selection(void *data, struct zwp_primary_selection_device_v1 *device,
	struct zwp_primary_selection_offer_v1 *offer)
{
	struct app *app = data;
	int fds[2];

	if (!offer) {
		return;
	}
	if (!app->text && offer == app->primary_offer && app->primary_plain &&
		pipe2(fds, O_CLOEXEC) == 0) {
		zwp_primary_selection_offer_v1_receive(offer, PLAIN, fds[1]);
		read_all(app, fds, "primary");
	}
	zwp_primary_selection_offer_v1_destroy(offer);
	app->primary_offer = NULL;
}

static const struct zwp_primary_selection_device_v1_listener ps_device_listener = {
	.data_offer = handle_ps_data_offer,
	.selection = handle_ps_selection,
};

static void
handle_device_selection(void *data, struct wl_data_device *device, struct wl_data_offer *offer)
{
	struct app *app = data;

	if (!offer) {
		test_client_say("%s", "empty");
		return;
	}
	if (!app->text && offer == app->offer && (app->offer_plain || app->offer_utf8)) {
		paste(app, offer);
	}
	wl_data_offer_destroy(offer);
	app->offer = NULL;
}

static const struct wl_data_device_listener device_listener = {
	.data_offer = handle_device_data_offer,
	.selection = handle_device_selection,
};

static void
handle_global(struct pw_client *tc, uint32_t name, const char *interface, uint32_t version)
{
	struct app *app = tc->data;

	if (strcmp(interface, wl_data_device_manager_interface.name) == 0 && !app->ddm) {
		app->ddm = pw_client_bind(tc, name, &wl_data_device_manager_interface, version, 3);
	}
	if (strcmp(interface, zwp_primary_selection_device_manager_v1_interface.name) == 0 &&
		!app->psm) {
		app->psm = pw_client_bind(tc, name,
			&zwp_primary_selection_device_manager_v1_interface, version, 1);
	}
}

int
main(int argc, char *argv[])
{
	static const struct pw_client_versions versions = {4, 0, 1, 5, 0, 1};
	struct app app = {0};
	bool copy = argc == 4 && strcmp(argv[1], "copy") == 0;

	if (!copy && !(argc == 3 && strcmp(argv[1], "paste") == 0)) {
		fprintf(stderr, "usage: clipclient copy TEXT STATE | clipclient paste STATE\n");
		return 2;
	}
	app.text = copy ? argv[2] : NULL;
	if (!test_client_open("clipclient", argv[argc - 1], NULL)) {
		return 1;
	}
	app.tc.name = "clipclient";
	app.tc.global = handle_global;
	app.tc.data = &app;
	if (!pw_client_connect(&app.tc, &versions, 5000) || !app.ddm || !app.psm) {
		fprintf(stderr, "clipclient: no wl_data_device_manager or primary selection\n");
		return 1;
	}
	app.device = wl_data_device_manager_get_data_device(app.ddm, app.tc.seat);
	wl_data_device_add_listener(app.device, &device_listener, &app);
	app.primary = zwp_primary_selection_device_manager_v1_get_device(app.psm, app.tc.seat);
	zwp_primary_selection_device_v1_add_listener(app.primary, &ps_device_listener, &app);
	app.top.width = app.top.height = 64;
	pw_client_toplevel_init(&app.top, &app.tc, "clipclient", NULL);
	if (!pw_client_toplevel_map(&app.top, copy ? 0xff00ff00u : 0xff0000ffu, 5000)) {
		return 1;
	}
	test_client_say("%s", "mapped");
	if (copy) {
		struct wl_data_source *source = wl_data_device_manager_create_data_source(app.ddm);
		wl_data_source_add_listener(source, &source_listener, &app);
		wl_data_source_offer(source, UTF8);
		wl_data_source_offer(source, PLAIN);
		wl_data_device_set_selection(app.device, source, app.top.serial);
		struct zwp_primary_selection_source_v1 *ps =
			zwp_primary_selection_device_manager_v1_create_source(app.psm);
		zwp_primary_selection_source_v1_add_listener(ps, &ps_source_listener, &app);
		zwp_primary_selection_source_v1_offer(ps, PLAIN);
		zwp_primary_selection_device_v1_set_selection(app.primary, ps, app.top.serial);
		if (pw_client_roundtrip(&app.tc, 5000) != 1) {
			return 1;
		}
		test_client_say("%s", "copied");
	}
	while (!app.top.closed && pw_client_dispatch_until(&app.tc, NULL, -1) >= 0) {
	}
	pw_client_toplevel_finish(&app.top);
	pw_client_disconnect(&app.tc);
	return 0;
}

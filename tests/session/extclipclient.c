/*
 * The ext-data-control test's client (test_ext_data_control.py): a clipboard manager over
 * ext_data_control_manager_v1 (decision 4.88), with no window, as no Debian 12 client is.
 *
 *   extclipclient watch STATE      reads every selection and primary selection it is offered
 *   extclipclient copy TEXT STATE  sets the selection to TEXT and the primary selection to
 *                                  "primary TEXT", and gives them to whoever asks
 *
 * Every event is one line appended to STATE: "selection TEXT" or "primary TEXT" (what an offer
 * gave, text/plain), "selection none" or "primary none" (it went), "copied" (both were set),
 * "sent MIME", "cancelled" (one of its sources was replaced); copy exits when both were.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "client.h"
#include "ext-data-control-v1-client-protocol.h"
#include "test_client.h"

#define PLAIN "text/plain"

struct app {
	struct pw_client tc;
	struct ext_data_control_manager_v1 *manager;
	struct ext_data_control_device_v1 *device;
	struct ext_data_control_offer_v1 *offer; /* being introduced */
	bool offer_plain;
	char primary_text[256];
	bool watch; /* copy: the offers (its own sources among them) are dropped unread */
};

static void
handle_offer_offer(void *data, struct ext_data_control_offer_v1 *offer, const char *mime_type)
{
	struct app *app = data;

	if (offer == app->offer && strcmp(mime_type, PLAIN) == 0) {
		app->offer_plain = true;
	}
}

static const struct ext_data_control_offer_v1_listener offer_listener = {
	.offer = handle_offer_offer,
};

static void
handle_data_offer(void *data, struct ext_data_control_device_v1 *device,
	struct ext_data_control_offer_v1 *offer)
{
	struct app *app = data;

	app->offer = offer;
	app->offer_plain = false;
	ext_data_control_offer_v1_add_listener(offer, &offer_listener, app);
}

/* Reads what `offer` gives as text/plain; the source is another client, so a blocking read. */
static void
read_offer(struct app *app, struct ext_data_control_offer_v1 *offer, const char *which)
{
	char buf[512];
	size_t got = 0;
	int fds[2];

	if (!offer) {
		if (app->watch) {
			test_client_say("%s none", which);
		}
		return;
	}
	if (!app->watch) {
		ext_data_control_offer_v1_destroy(offer);
		app->offer = NULL;
		return;
	}
	if (offer != app->offer || !app->offer_plain || pipe2(fds, O_CLOEXEC) < 0) {
		test_client_say("%s not text", which);
		ext_data_control_offer_v1_destroy(offer);
		return;
	}
	ext_data_control_offer_v1_receive(offer, PLAIN, fds[1]);
	close(fds[1]);
	wl_display_flush(app->tc.display);
	struct pollfd p = {.fd = fds[0], .events = POLLIN};
	while (got < sizeof(buf) - 1 && poll(&p, 1, 5000) == 1) {
		ssize_t n = read(fds[0], buf + got, sizeof(buf) - 1 - got);
		if (n <= 0) {
			break;
		}
		got += (size_t)n;
	}
	close(fds[0]);
	buf[got] = '\0';
	test_client_say("%s %s", which, buf);
	ext_data_control_offer_v1_destroy(offer);
	app->offer = NULL;
}

static void
handle_selection(void *data, struct ext_data_control_device_v1 *device,
	struct ext_data_control_offer_v1 *offer)
{
	read_offer(data, offer, "selection");
}

static void
handle_primary_selection(void *data, struct ext_data_control_device_v1 *device,
	struct ext_data_control_offer_v1 *offer)
{
	read_offer(data, offer, "primary");
}

static void
handle_finished(void *data, struct ext_data_control_device_v1 *device)
{
	test_client_say("finished");
}

static const struct ext_data_control_device_v1_listener device_listener = {
	.data_offer = handle_data_offer,
	.selection = handle_selection,
	.finished = handle_finished,
	.primary_selection = handle_primary_selection,
};

static void
handle_source_send(void *data, struct ext_data_control_source_v1 *source, const char *mime_type,
	int32_t fd)
{
	const char *text = data;
	size_t left = strlen(text);

	test_client_say("sent %s", mime_type);
	while (left > 0) {
		ssize_t n = write(fd, text, left);
		if (n <= 0) {
			break;
		}
		text += n;
		left -= (size_t)n;
	}
	close(fd);
}

static bool cancelled_both;

static void
handle_source_cancelled(void *data, struct ext_data_control_source_v1 *source)
{
	static int cancelled;

	test_client_say("cancelled");
	ext_data_control_source_v1_destroy(source);
	cancelled_both = ++cancelled == 2;
}

static const struct ext_data_control_source_v1_listener source_listener = {
	.send = handle_source_send,
	.cancelled = handle_source_cancelled,
};

static struct ext_data_control_source_v1 *
make_source(struct app *app, const char *text)
{
	struct ext_data_control_source_v1 *source =
		ext_data_control_manager_v1_create_data_source(app->manager);

	ext_data_control_source_v1_add_listener(source, &source_listener, (void *)text);
	ext_data_control_source_v1_offer(source, "text/plain;charset=utf-8");
	ext_data_control_source_v1_offer(source, PLAIN);
	return source;
}

int
main(int argc, char *argv[])
{
	struct app app = {.tc = {.name = "extclipclient", .data = &app}};
	bool copy = argc == 4 && strcmp(argv[1], "copy") == 0;
	bool watch = argc == 3 && strcmp(argv[1], "watch") == 0;

	if (!copy && !watch) {
		fprintf(stderr, "usage: extclipclient watch STATE | copy TEXT STATE\n");
		return 2;
	}
	const struct pw_client_global globals[] = {
		{&ext_data_control_manager_v1_interface, 1, (void **)&app.manager, NULL, NULL},
		{0},
	};
	app.tc.globals = globals;
	if (!test_client_open("extclipclient", argv[argc - 1], "@@EXTCLIP")) {
		return 1;
	}
	if (!pw_client_connect(&app.tc, &(struct pw_client_versions){.seat = 1}, 5000)) {
		return 1;
	}
	if (!app.manager) {
		test_client_say("error no ext_data_control_manager_v1");
		return 1;
	}
	app.device = ext_data_control_manager_v1_get_data_device(app.manager, app.tc.seat);
	app.watch = watch;
	ext_data_control_device_v1_add_listener(app.device, &device_listener, &app);
	if (!watch) {
		snprintf(app.primary_text, sizeof(app.primary_text), "primary %s", argv[2]);
		ext_data_control_device_v1_set_selection(app.device, make_source(&app, argv[2]));
		ext_data_control_device_v1_set_primary_selection(app.device,
			make_source(&app, app.primary_text));
		if (pw_client_roundtrip(&app.tc, 5000) != 1) {
			return 1;
		}
		test_client_say("copied");
	}
	while (!cancelled_both && pw_client_dispatch_until(&app.tc, &cancelled_both, -1) >= 0) {
	}
	test_client_close();
	ext_data_control_device_v1_destroy(app.device);
	pw_client_disconnect(&app.tc);
	return 0;
}

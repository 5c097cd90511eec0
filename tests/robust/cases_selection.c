/*
 * Hostile cases: zwp_primary_selection_device_manager_v1 and its device, source and offer;
 * zwlr_data_control_manager_v1 and its device, source and offer.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cases.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* ---- primary selection ---- */

static void
handle_ps_send(void *data, struct zwp_primary_selection_source_v1 *source, const char *mime_type,
	int32_t fd)
{
	close(fd);
}

static void
handle_ps_cancelled(void *data, struct zwp_primary_selection_source_v1 *source)
{
	((struct conn *)data)->serial++; /* counts cancels */
}

static const struct zwp_primary_selection_source_v1_listener ps_source_listener = {
	.send = handle_ps_send,
	.cancelled = handle_ps_cancelled,
};

static void
handle_ps_offer_offer(void *data, struct zwp_primary_selection_offer_v1 *offer,
	const char *mime_type)
{
	((struct conn *)data)->events++;
}

static const struct zwp_primary_selection_offer_v1_listener ps_offer_listener = {
	.offer = handle_ps_offer_offer,
};

static void
handle_ps_data_offer(void *data, struct zwp_primary_selection_device_v1 *device,
	struct zwp_primary_selection_offer_v1 *offer)
{
	zwp_primary_selection_offer_v1_add_listener(offer, &ps_offer_listener, data);
}

static void
handle_ps_selection(void *data, struct zwp_primary_selection_device_v1 *device,
	struct zwp_primary_selection_offer_v1 *offer)
{
	struct conn *c = data;

	c->object = offer;
	c->events++;
}

static const struct zwp_primary_selection_device_v1_listener ps_device_listener = {
	.data_offer = handle_ps_data_offer,
	.selection = handle_ps_selection,
};

static struct zwp_primary_selection_source_v1 *
ps_source(struct conn *c)
{
	struct zwp_primary_selection_source_v1 *source =
		zwp_primary_selection_device_manager_v1_create_source(c->primary);

	zwp_primary_selection_source_v1_add_listener(source, &ps_source_listener, c);
	zwp_primary_selection_source_v1_offer(source, "text/plain");
	return source;
}

static struct zwp_primary_selection_device_v1 *
ps_device(struct conn *c)
{
	struct zwp_primary_selection_device_v1 *device =
		zwp_primary_selection_device_manager_v1_get_device(c->primary, c->tc.seat);

	zwp_primary_selection_device_v1_add_listener(device, &ps_device_listener, c);
	return device;
}

/* Maps a toplevel (it takes the focus) and makes `source` the primary selection, offered back. */
static struct zwp_primary_selection_offer_v1 *
ps_own_offer(struct conn *c, struct zwp_primary_selection_source_v1 *source)
{
	if (!conn_map(c, false)) {
		return NULL;
	}
	struct zwp_primary_selection_device_v1 *device = ps_device(c);
	if (pw_client_roundtrip(&c->tc, 5000) != 1) {
		return NULL;
	}
	c->events = 0;
	c->object = NULL;
	zwp_primary_selection_device_v1_set_selection(device, source, c->top.serial);
	if (!conn_wait_events(c, 2, 5000) || !c->object) {
		printf("  the focused client was not offered its own primary selection\n");
		return NULL;
	}
	return c->object;
}

static bool
ps_same_source_twice(struct conn *c)
{
	struct zwp_primary_selection_device_v1 *device = ps_device(c);
	struct zwp_primary_selection_source_v1 *source = ps_source(c);

	zwp_primary_selection_device_v1_set_selection(device, source, 1);
	zwp_primary_selection_device_v1_set_selection(device, source, 2);
	zwp_primary_selection_device_v1_set_selection(device, NULL, 3);
	zwp_primary_selection_device_v1_set_selection(device, source, UINT32_MAX);
	return pw_client_roundtrip(&c->tc, 5000) == 1;
}

/* A client without the keyboard focus may not set it: its source is cancelled at once. */
static bool
ps_unfocused_cancelled(struct conn *c)
{
	struct zwp_primary_selection_device_v1 *device = ps_device(c);

	c->serial = 0;
	zwp_primary_selection_device_v1_set_selection(device, ps_source(c), 1);
	if (pw_client_roundtrip(&c->tc, 5000) != 1) {
		return false;
	}
	printf("  cancelled %u time(s)\n", c->serial);
	return c->serial == 1;
}

/*
 * Issue 38: the focused client sets the primary selection with a serial from the future and
 * exits. Refused (cancelled), it must not make every later primary selection lose: the next
 * focused client's is offered back to it.
 */
static bool
ps_future_serial_then_gone(struct conn *c)
{
	if (!conn_map(c, false)) {
		return false;
	}
	struct zwp_primary_selection_device_v1 *device = ps_device(c);
	c->serial = 0;
	zwp_primary_selection_device_v1_set_selection(device, ps_source(c), 0x7ffffff0u);
	if (pw_client_roundtrip(&c->tc, 5000) != 1) {
		return false;
	}
	bool cancelled = c->serial == 1;
	struct conn *gone = conn_open();
	if (gone && conn_map(gone, false)) {
		/* a focused client that sets it with the future serial, then goes */
		zwp_primary_selection_device_v1_set_selection(ps_device(gone), ps_source(gone),
			0x7ffffff8u);
		pw_client_roundtrip(&gone->tc, 5000);
	}
	conn_close(gone);
	struct conn *next = conn_open();
	bool offered = next && ps_own_offer(next, ps_source(next)) != NULL;
	conn_close(next);
	printf("  future serial %scancelled; the next focused client's primary selection %s\n",
		cancelled ? "" : "not ", offered ? "works" : "FAILS");
	return cancelled && offered;
}

/* Receive into odd descriptors, then on the offer after its source was destroyed. */
static bool
ps_receive_dead_offer(struct conn *c)
{
	struct zwp_primary_selection_source_v1 *source = ps_source(c);
	struct zwp_primary_selection_offer_v1 *offer = ps_own_offer(c, source);

	if (!offer) {
		return false;
	}
	int ro = open("/dev/null", O_RDONLY | O_CLOEXEC);
	int dir = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	zwp_primary_selection_offer_v1_receive(offer, "text/plain", ro);
	zwp_primary_selection_offer_v1_receive(offer, "no/such-type", dir);
	c->object = offer;
	zwp_primary_selection_source_v1_destroy(source);
	if (pw_client_roundtrip(&c->tc, 5000) != 1) {
		return false;
	}
	/* the device heard the selection go */
	bool cleared = c->object == NULL;
	zwp_primary_selection_offer_v1_receive(offer, "text/plain", ro);
	bool ok = pw_client_roundtrip(&c->tc, 5000) == 1;
	close(ro);
	close(dir);
	zwp_primary_selection_offer_v1_destroy(offer);
	if (!cleared) {
		printf("  no empty primary selection after its source was destroyed\n");
	}
	return ok && cleared;
}

/* 20,000 mime types: the client is offered the first 64. */
static bool
ps_mime_flood(struct conn *c)
{
	struct zwp_primary_selection_source_v1 *source =
		zwp_primary_selection_device_manager_v1_create_source(c->primary);
	char mime[200];

	zwp_primary_selection_source_v1_add_listener(source, &ps_source_listener, c);
	for (int i = 0; i < 20000; i++) {
		snprintf(mime, sizeof(mime), "application/x-robust-%05d-%0150d", i, 0);
		zwp_primary_selection_source_v1_offer(source, mime);
		if (i % 500 == 499 && pw_client_roundtrip(&c->tc, 5000) != 1) {
			return false;
		}
	}
	if (!ps_own_offer(c, source) || pw_client_roundtrip(&c->tc, 5000) != 1) {
		return false;
	}
	printf("  offered %d mime types\n", c->events - 1);
	return c->events - 1 == 64;
}

static bool
ps_many_devices(struct conn *c)
{
	for (int i = 0; i < 200; i++) {
		struct zwp_primary_selection_device_v1 *d = ps_device(c);
		if (i % 2) {
			zwp_primary_selection_device_v1_destroy(d);
		}
		zwp_primary_selection_source_v1_destroy(ps_source(c));
	}
	zwp_primary_selection_device_manager_v1_destroy(c->primary);
	c->primary = NULL;
	return true;
}

/* set_selection (opcode 0) naming a wl_data_source: libwayland refuses the message */
static bool
ps_wrong_source_interface(struct conn *c)
{
	struct zwp_primary_selection_device_v1 *device = ps_device(c);
	struct wl_data_source *source = wl_data_device_manager_create_data_source(c->ddm);
	uint32_t words[] = {wl_proxy_get_id((struct wl_proxy *)source), 1};

	return raw_send(c, wl_proxy_get_id((struct wl_proxy *)device), 0, words, N(words));
}

/* receive (opcode 0) with its string but without its descriptor */
static bool
ps_receive_without_fd(struct conn *c)
{
	struct zwp_primary_selection_source_v1 *source = ps_source(c);
	struct zwp_primary_selection_offer_v1 *offer = ps_own_offer(c, source);
	uint32_t words[2] = {4};

	memcpy(&words[1], "a/b", 4);
	return offer && raw_send(c, wl_proxy_get_id((struct wl_proxy *)offer), 0, words, 2);
}

static const struct rcase primary_cases[] = {
	{"primary-same-source-twice", ps_same_source_twice, EXPECT_NONE},
	{"primary-set-without-focus-cancelled", ps_unfocused_cancelled, EXPECT_NONE},
	{"primary-future-serial-then-gone", ps_future_serial_then_gone, EXPECT_NONE},
	{"primary-receive-odd-fds-and-after-source-destroyed", ps_receive_dead_offer, EXPECT_NONE},
	{"primary-source-of-20000-mime-types", ps_mime_flood, EXPECT_NONE},
	{"primary-200-devices-and-sources-manager-destroyed", ps_many_devices, EXPECT_NONE},
	{"primary-set-selection-with-a-wl_data_source", ps_wrong_source_interface, EXPECT_ERROR,
		"wl_display", WL_DISPLAY_ERROR_INVALID_METHOD},
	{"primary-receive-without-its-fd", ps_receive_without_fd, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_INVALID_METHOD},
};

const struct group primary_selection_group = {"primary-selection", primary_cases, N(primary_cases)};

/* ---- data control ---- */

static void
handle_dc_send(void *data, struct zwlr_data_control_source_v1 *source, const char *mime_type,
	int32_t fd)
{
	static const char text[] = "robust";

	if (write(fd, text, sizeof(text) - 1) < 0) {
		perror("robust-cases: write");
	}
	close(fd);
}

static void
handle_dc_cancelled(void *data, struct zwlr_data_control_source_v1 *source)
{
	((struct conn *)data)->serial++;
}

static const struct zwlr_data_control_source_v1_listener dc_source_listener = {
	.send = handle_dc_send,
	.cancelled = handle_dc_cancelled,
};

/* for a source whose readers are gone before it reads: a write would raise SIGPIPE */
static void
handle_dc_send_close(void *data, struct zwlr_data_control_source_v1 *source, const char *mime_type,
	int32_t fd)
{
	close(fd);
}

static const struct zwlr_data_control_source_v1_listener dc_closing_listener = {
	.send = handle_dc_send_close,
	.cancelled = handle_dc_cancelled,
};

static void
handle_dc_offer_offer(void *data, struct zwlr_data_control_offer_v1 *offer, const char *mime_type)
{
	((struct conn *)data)->events++;
}

static const struct zwlr_data_control_offer_v1_listener dc_offer_listener = {
	.offer = handle_dc_offer_offer,
};

static void
handle_dc_data_offer(void *data, struct zwlr_data_control_device_v1 *device,
	struct zwlr_data_control_offer_v1 *offer)
{
	zwlr_data_control_offer_v1_add_listener(offer, &dc_offer_listener, data);
}

static void
handle_dc_selection(void *data, struct zwlr_data_control_device_v1 *device,
	struct zwlr_data_control_offer_v1 *offer)
{
	struct conn *c = data;

	c->object = offer;
	c->events++;
}

static void
handle_dc_finished(void *data, struct zwlr_data_control_device_v1 *device)
{
}

static void
handle_dc_primary(void *data, struct zwlr_data_control_device_v1 *device,
	struct zwlr_data_control_offer_v1 *offer)
{
}

static const struct zwlr_data_control_device_v1_listener dc_device_listener = {
	.data_offer = handle_dc_data_offer,
	.selection = handle_dc_selection,
	.finished = handle_dc_finished,
	.primary_selection = handle_dc_primary,
};

static struct zwlr_data_control_source_v1 *
dc_source(struct conn *c)
{
	struct zwlr_data_control_source_v1 *source =
		zwlr_data_control_manager_v1_create_data_source(c->data_control);

	zwlr_data_control_source_v1_add_listener(source, &dc_source_listener, c);
	zwlr_data_control_source_v1_offer(source, "text/plain");
	return source;
}

static struct zwlr_data_control_device_v1 *
dc_device(struct conn *c)
{
	struct zwlr_data_control_device_v1 *device =
		zwlr_data_control_manager_v1_get_data_device(c->data_control, c->tc.seat);

	zwlr_data_control_device_v1_add_listener(device, &dc_device_listener, c);
	return device;
}

static bool
dc_used_twice(struct conn *c)
{
	struct zwlr_data_control_device_v1 *device = dc_device(c);
	struct zwlr_data_control_source_v1 *source = dc_source(c);

	zwlr_data_control_device_v1_set_selection(device, source);
	zwlr_data_control_device_v1_set_selection(device, source);
	return true;
}

static bool
dc_used_for_both(struct conn *c)
{
	struct zwlr_data_control_device_v1 *device = dc_device(c);
	struct zwlr_data_control_source_v1 *source = dc_source(c);

	zwlr_data_control_device_v1_set_selection(device, source);
	zwlr_data_control_device_v1_set_selection(device, NULL);
	zwlr_data_control_device_v1_set_primary_selection(device, source);
	return true;
}

static bool
dc_offer_after_use(struct conn *c)
{
	struct zwlr_data_control_source_v1 *source = dc_source(c);

	zwlr_data_control_device_v1_set_primary_selection(dc_device(c), source);
	zwlr_data_control_source_v1_offer(source, "text/html");
	return true;
}

/* No window: set the clipboard, be offered it back, read it through a pipe. */
static bool
dc_round_trip_without_window(struct conn *c)
{
	struct zwlr_data_control_device_v1 *device = dc_device(c);
	char buf[64] = {0};
	int fds[2];

	if (pw_client_roundtrip(&c->tc, 5000) != 1) {
		return false;
	}
	c->events = 0;
	c->object = NULL;
	zwlr_data_control_device_v1_set_selection(device, dc_source(c));
	if (!conn_wait_events(c, 2, 5000) || !c->object || pipe2(fds, O_CLOEXEC) < 0) {
		printf("  no selection offer came back\n");
		return false;
	}
	zwlr_data_control_offer_v1_receive(c->object, "text/plain", fds[1]);
	close(fds[1]);
	if (pw_client_roundtrip(&c->tc, 5000) != 1) {
		close(fds[0]);
		return false;
	}
	ssize_t n = read(fds[0], buf, sizeof(buf) - 1);
	close(fds[0]);
	printf("  read back \"%s\"\n", n > 0 ? buf : "");
	return n == 6 && strcmp(buf, "robust") == 0;
}

static bool
dc_receive_dead_offer(struct conn *c)
{
	struct zwlr_data_control_device_v1 *device = dc_device(c);
	struct zwlr_data_control_source_v1 *source = dc_source(c);

	zwlr_data_control_device_v1_set_selection(device, source);
	c->object = NULL;
	if (pw_client_roundtrip(&c->tc, 5000) != 1 || !c->object) {
		return false;
	}
	struct zwlr_data_control_offer_v1 *offer = c->object;
	int ro = open("/dev/null", O_RDONLY | O_CLOEXEC);
	zwlr_data_control_source_v1_destroy(source);
	zwlr_data_control_offer_v1_receive(offer, "text/plain", ro);
	zwlr_data_control_device_v1_destroy(device);
	zwlr_data_control_offer_v1_receive(offer, "text/plain", ro);
	zwlr_data_control_manager_v1_destroy(c->data_control);
	c->data_control = NULL;
	zwlr_data_control_offer_v1_receive(offer, "text/plain", ro);
	bool ok = pw_client_roundtrip(&c->tc, 5000) == 1;
	close(ro);
	return ok;
}

static void
dc_offer_mime(void *source, const char *mime)
{
	zwlr_data_control_source_v1_offer(source, mime);
}

/*
 * Data control needs no focus: a source of 20,000 mime types set as the clipboard while a
 * bystander that reads only afterwards has the focus; it is offered 64 of them.
 */
static bool
dc_mime_flood(struct conn *c)
{
	struct conn *victim = conn_open_mapped();
	bool ok = false;

	if (!victim) {
		return false;
	}
	struct wl_data_device *wdd =
		wl_data_device_manager_get_data_device(victim->ddm, victim->tc.seat);
	struct zwlr_data_control_source_v1 *source =
		zwlr_data_control_manager_v1_create_data_source(c->data_control);
	zwlr_data_control_source_v1_add_listener(source, &dc_source_listener, c);
	if (!conn_offer_mime_flood(c, source, dc_offer_mime) ||
		pw_client_roundtrip(&victim->tc, 5000) != 1) {
		goto out;
	}
	struct zwlr_data_control_device_v1 *device = dc_device(c);
	if (pw_client_roundtrip(&c->tc, 5000) != 1) {
		goto out;
	}
	c->events = 0;
	zwlr_data_control_device_v1_set_selection(device, source);
	if (pw_client_roundtrip(&c->tc, 5000) != 1) {
		goto out;
	}
	/* the bystander reads only now */
	ok = pw_client_roundtrip(&victim->tc, 5000) == 1;
	printf("  the focused bystander %s\n", ok ? "kept its connection" : "was dropped");
	/* and the data-control device was offered 64 and the selection */
	printf("  the data-control device was offered %d mime types\n", c->events - 1);
	ok = ok && c->events - 1 == 64;
out:
	if (wdd) {
		wl_data_device_destroy(wdd);
	}
	conn_close(victim);
	return ok;
}

/*
 * A data-control client that never reads: another client asks it for the clipboard 10,000
 * times. picowl passes a descriptor on each time, never blocks, and drops the client once its
 * queue is full (libwayland does it when the client next wakes: the runner sees the disconnect).
 */
static bool
dc_never_reads(struct conn *c)
{
	struct conn *reader = conn_open();
	bool ok = false;

	if (!reader || !reader->data_control) {
		conn_close(reader);
		return false;
	}
	struct zwlr_data_control_source_v1 *source =
		zwlr_data_control_manager_v1_create_data_source(c->data_control);
	zwlr_data_control_source_v1_add_listener(source, &dc_closing_listener, c);
	zwlr_data_control_source_v1_offer(source, "text/plain");
	zwlr_data_control_device_v1_set_selection(dc_device(c), source);
	if (pw_client_roundtrip(&c->tc, 5000) != 1) {
		goto out;
	}
	dc_device(reader);
	reader->object = NULL;
	if (pw_client_roundtrip(&reader->tc, 5000) != 1 || !reader->object) {
		printf("  the reader was offered no clipboard\n");
		goto out;
	}
	struct zwlr_data_control_offer_v1 *offer = reader->object;
	for (int i = 0; i < 10000; i++) {
		int fds[2];
		if (pipe2(fds, O_CLOEXEC) < 0) {
			goto out;
		}
		zwlr_data_control_offer_v1_receive(offer, "text/plain", fds[1]);
		close(fds[0]);
		close(fds[1]);
		if (i % 100 == 99 && pw_client_roundtrip(&reader->tc, 5000) != 1) {
			goto out;
		}
	}
	if (pw_client_roundtrip(&reader->tc, 5000) != 1) {
		goto out;
	}
	ok = true;
out:
	conn_close(reader);
	return ok;
}

static bool
dc_many_devices(struct conn *c)
{
	for (int i = 0; i < 200; i++) {
		struct zwlr_data_control_device_v1 *d = dc_device(c);
		if (i % 2) {
			zwlr_data_control_device_v1_destroy(d);
		}
		zwlr_data_control_source_v1_destroy(dc_source(c));
	}
	return pw_client_roundtrip(&c->tc, 5000) == 1;
}

/* set_primary_selection (opcode 2) naming a primary-selection source */
static bool
dc_wrong_source_interface(struct conn *c)
{
	struct zwlr_data_control_device_v1 *device = dc_device(c);
	struct zwp_primary_selection_source_v1 *source =
		zwp_primary_selection_device_manager_v1_create_source(c->primary);
	uint32_t words[] = {wl_proxy_get_id((struct wl_proxy *)source)};

	return raw_send(c, wl_proxy_get_id((struct wl_proxy *)device), 2, words, N(words));
}

static const struct rcase data_control_cases[] = {
	{"data-control-source-used-twice", dc_used_twice, EXPECT_ERROR,
		"zwlr_data_control_device_v1", ZWLR_DATA_CONTROL_DEVICE_V1_ERROR_USED_SOURCE},
	{"data-control-source-used-for-both-selections", dc_used_for_both, EXPECT_ERROR,
		"zwlr_data_control_device_v1", ZWLR_DATA_CONTROL_DEVICE_V1_ERROR_USED_SOURCE},
	{"data-control-offer-after-use", dc_offer_after_use, EXPECT_ERROR,
		"zwlr_data_control_source_v1", ZWLR_DATA_CONTROL_SOURCE_V1_ERROR_INVALID_OFFER},
	{"data-control-clipboard-without-a-window", dc_round_trip_without_window, EXPECT_NONE},
	{"data-control-receive-after-source-device-manager-gone", dc_receive_dead_offer,
		EXPECT_NONE},
	{"data-control-20000-mime-types-to-a-focused-bystander", dc_mime_flood, EXPECT_NONE},
	{"data-control-client-that-never-reads", dc_never_reads, EXPECT_DISCONNECT},
	{"data-control-200-devices-and-sources", dc_many_devices, EXPECT_NONE},
	{"data-control-set-primary-with-a-primary-selection-source", dc_wrong_source_interface,
		EXPECT_ERROR, "wl_display", WL_DISPLAY_ERROR_INVALID_METHOD},
};

const struct group data_control_group = {"data-control", data_control_cases, N(data_control_cases)};

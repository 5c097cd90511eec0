/* Hostile cases: wl_data_device_manager, wl_data_device, wl_data_source, wl_data_offer. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

#include "cases.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

static void
handle_source_target(void *data, struct wl_data_source *source, const char *mime_type)
{
}

static void
handle_source_send(void *data, struct wl_data_source *source, const char *mime_type, int32_t fd)
{
	close(fd);
}

static void
handle_source_cancelled(void *data, struct wl_data_source *source)
{
	((struct conn *)data)->events++;
}

static void
handle_source_dnd(void *data, struct wl_data_source *source)
{
}

static void
handle_source_action(void *data, struct wl_data_source *source, uint32_t action)
{
}

static const struct wl_data_source_listener source_listener = {
	.target = handle_source_target,
	.send = handle_source_send,
	.cancelled = handle_source_cancelled,
	.dnd_drop_performed = handle_source_dnd,
	.dnd_finished = handle_source_dnd,
	.action = handle_source_action,
};

static void
handle_offer_offer(void *data, struct wl_data_offer *offer, const char *mime_type)
{
	((struct conn *)data)->events++;
}

static void
handle_offer_actions(void *data, struct wl_data_offer *offer, uint32_t actions)
{
}

static const struct wl_data_offer_listener offer_listener = {
	.offer = handle_offer_offer,
	.source_actions = handle_offer_actions,
	.action = handle_offer_actions,
};

static void
handle_device_data_offer(void *data, struct wl_data_device *device, struct wl_data_offer *offer)
{
	wl_data_offer_add_listener(offer, &offer_listener, data);
}

static void
handle_device_enter(void *data, struct wl_data_device *device, uint32_t serial,
	struct wl_surface *surface, wl_fixed_t x, wl_fixed_t y, struct wl_data_offer *offer)
{
}

static void
handle_device_leave(void *data, struct wl_data_device *device)
{
}

static void
handle_device_motion(void *data, struct wl_data_device *device, uint32_t time, wl_fixed_t x,
	wl_fixed_t y)
{
}

static void
handle_device_selection(void *data, struct wl_data_device *device, struct wl_data_offer *offer)
{
	struct conn *c = data;

	if (offer) {
		c->object = offer;
		c->events++;
	}
}

static const struct wl_data_device_listener device_listener = {
	.data_offer = handle_device_data_offer,
	.enter = handle_device_enter,
	.leave = handle_device_leave,
	.motion = handle_device_motion,
	.drop = handle_device_leave,
	.selection = handle_device_selection,
};

static struct wl_data_source *
new_source(struct conn *c)
{
	struct wl_data_source *source = wl_data_device_manager_create_data_source(c->ddm);

	wl_data_source_add_listener(source, &source_listener, c);
	wl_data_source_offer(source, "text/plain");
	return source;
}

static struct wl_data_device *
new_device(struct conn *c)
{
	struct wl_data_device *device = wl_data_device_manager_get_data_device(c->ddm, c->tc.seat);

	wl_data_device_add_listener(device, &device_listener, c);
	return device;
}

/* Maps a toplevel (it gets the keyboard focus) and sets a selection it is offered itself. */
static struct wl_data_offer *
own_offer(struct conn *c, struct wl_data_source **source_out)
{
	if (!conn_map(c, false)) {
		return NULL;
	}
	struct wl_data_device *device = new_device(c);
	struct wl_data_source *source = new_source(c);
	wl_data_device_set_selection(device, source, c->top.serial);
	c->events = 0;
	if (!conn_wait_events(c, 1, 5000)) {
		printf("  no selection offer came to the focused client\n");
		return NULL;
	}
	if (source_out) {
		*source_out = source;
	}
	return c->object;
}

static bool
dd_selection_twice(struct conn *c)
{
	struct wl_data_device *device = new_device(c);
	struct wl_data_source *source = new_source(c);

	wl_data_device_set_selection(device, source, 1);
	wl_data_device_set_selection(device, source, 2);
	wl_data_device_set_selection(device, NULL, 3);
	wl_data_device_set_selection(device, source, 4);
	return pw_client_roundtrip(&c->tc, 5000) == 1;
}

static bool
dd_source_bad_actions(struct conn *c)
{
	wl_data_source_set_actions(new_source(c), 0xff);
	return true;
}

static bool
dd_source_actions_twice(struct conn *c)
{
	struct wl_data_source *source = new_source(c);

	wl_data_source_set_actions(source, WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY);
	wl_data_source_set_actions(source, WL_DATA_DEVICE_MANAGER_DND_ACTION_MOVE);
	return true;
}

static bool
dd_dnd_source_as_selection(struct conn *c)
{
	struct wl_data_source *source = new_source(c);

	wl_data_source_set_actions(source, WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY);
	wl_data_device_set_selection(new_device(c), source, 1);
	return true;
}

static bool
dd_actions_after_use(struct conn *c)
{
	struct wl_data_source *source = new_source(c);

	wl_data_device_set_selection(new_device(c), source, 1);
	wl_data_source_set_actions(source, WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY);
	return true;
}

static bool
dd_offer_finish(struct conn *c)
{
	struct wl_data_offer *offer = own_offer(c, NULL);

	if (offer) {
		wl_data_offer_finish(offer);
	}
	return offer != NULL;
}

static bool
dd_offer_bad_mask(struct conn *c)
{
	struct wl_data_offer *offer = own_offer(c, NULL);

	if (offer) {
		wl_data_offer_set_actions(offer, 0x10, 0);
	}
	return offer != NULL;
}

static bool
dd_offer_bad_preferred(struct conn *c)
{
	struct wl_data_offer *offer = own_offer(c, NULL);

	if (offer) {
		wl_data_offer_set_actions(offer, 3, 3);
	}
	return offer != NULL;
}

static bool
dd_offer_selection_actions(struct conn *c)
{
	struct wl_data_offer *offer = own_offer(c, NULL);

	if (offer) {
		wl_data_offer_set_actions(offer, 1, 1);
	}
	return offer != NULL;
}

/* receive into a read-only descriptor and into a directory; then after the source is gone */
static bool
dd_offer_receive_odd(struct conn *c)
{
	struct wl_data_source *source = NULL;
	struct wl_data_offer *offer = own_offer(c, &source);

	if (!offer) {
		return false;
	}
	int ro = open("/dev/null", O_RDONLY | O_CLOEXEC);
	int dir = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	wl_data_offer_receive(offer, "text/plain", ro);
	wl_data_offer_receive(offer, "no/such-type", dir);
	wl_data_offer_accept(offer, 12345, "no/such-type");
	wl_data_source_destroy(source);
	wl_data_offer_receive(offer, "text/plain", ro);
	wl_data_offer_accept(offer, 0, NULL);
	bool ok = pw_client_roundtrip(&c->tc, 5000) == 1;
	close(ro);
	close(dir);
	wl_data_offer_destroy(offer);
	return ok;
}

static bool
dd_drag_icon_with_role(struct conn *c)
{
	if (!conn_map(c, false)) {
		return false;
	}
	wl_data_device_start_drag(new_device(c), new_source(c), c->top.surface, c->top.surface,
		c->top.serial);
	return true;
}

/* A drag with no source and no icon, from a surface that is not the client's focus. */
static bool
dd_drag_nothing(struct conn *c)
{
	struct wl_surface *surface = wl_compositor_create_surface(c->tc.compositor);

	wl_data_device_start_drag(new_device(c), NULL, surface, NULL, 0);
	wl_data_device_start_drag(new_device(c), new_source(c), surface, NULL, 0);
	return true;
}

static bool
dd_many_devices(struct conn *c)
{
	for (int i = 0; i < 200; i++) {
		struct wl_data_device *d = new_device(c);
		if (i % 2) {
			wl_data_device_release(d);
		}
	}
	for (int i = 0; i < 200; i++) {
		wl_data_source_destroy(new_source(c));
	}
	return true;
}

static void
offer_mime(void *source, const char *mime)
{
	wl_data_source_offer(source, mime);
}

/*
 * A source with 20,000 long mime types is the selection when a bystander takes the keyboard
 * focus: picowl offers it to the bystander, which must not lose its connection over a flood it
 * never asked for. The flooding client sets it while it holds the focus (a serial picowl sent
 * it), then the bystander maps and takes the focus.
 */
static bool
dd_mime_flood(struct conn *c)
{
	struct conn *victim = conn_open();
	bool ok = false;

	if (!victim || !conn_map(c, false)) {
		goto out;
	}
	new_device(victim);
	struct wl_data_source *source = wl_data_device_manager_create_data_source(c->ddm);
	wl_data_source_add_listener(source, &source_listener, c);
	struct wl_data_device *device = new_device(c);
	if (!conn_offer_mime_flood(c, source, offer_mime)) {
		goto out;
	}
	wl_data_device_set_selection(device, source, c->top.serial);
	if (pw_client_roundtrip(&c->tc, 5000) != 1 || pw_client_roundtrip(&victim->tc, 5000) != 1) {
		goto out;
	}
	victim->events = 0;
	/* the bystander takes the focus and is offered the selection; it reads only now */
	ok = conn_map(victim, false) && pw_client_roundtrip(&victim->tc, 5000) == 1;
	/* events: one per mime type and one for the selection */
	printf("  the focused bystander was offered %d mime types%s\n", victim->events - 1,
		ok ? "" : " and lost its connection");
	/* picowl keeps a source's first 64 mime types */
	ok = ok && victim->events > 1 && victim->events - 1 <= 64;
out:
	conn_close(victim);
	return ok;
}

/*
 * Issue 38: a client without a window or an input serial sets the selection with a serial from
 * the future. It must be refused (its source cancelled), and the focused client's next copy,
 * with a serial picowl sent it, must stand (its source not cancelled); so must the next one.
 */
#define FUTURE_SERIAL 0x7ffffff0u

static void
handle_flag_cancelled(void *data, struct wl_data_source *source)
{
	*(bool *)data = true;
}

static const struct wl_data_source_listener flag_source_listener = {
	.target = handle_source_target,
	.send = handle_source_send,
	.cancelled = handle_flag_cancelled,
	.dnd_drop_performed = handle_source_dnd,
	.dnd_finished = handle_source_dnd,
	.action = handle_source_action,
};

/* A new client maps (it takes the focus) and copies: whether its selection stands. */
static bool
focused_copy_stands(void)
{
	struct conn *c = conn_open();
	bool cancelled = false, ok = c && conn_map(c, false);
	if (ok) {
		struct wl_data_source *source = wl_data_device_manager_create_data_source(c->ddm);
		wl_data_source_add_listener(source, &flag_source_listener, &cancelled);
		wl_data_source_offer(source, "text/plain");
		wl_data_device_set_selection(new_device(c), source, c->top.serial);
		ok = pw_client_roundtrip(&c->tc, 5000) == 1 && !cancelled;
	}
	conn_close(c);
	return ok;
}

static bool
dd_future_serial(struct conn *c)
{
	struct wl_data_device *device = new_device(c);
	c->events = 0;
	wl_data_device_set_selection(device, new_source(c), FUTURE_SERIAL);
	if (pw_client_roundtrip(&c->tc, 5000) != 1) {
		return false;
	}
	bool cancelled = c->events == 1;
	printf("  the background client's source was %scancelled\n", cancelled ? "" : "not ");
	bool copied = focused_copy_stands();
	bool copied_later = focused_copy_stands();
	printf("  the focused client's copy %s; the next one's %s\n", copied ? "stands" : "FAILS",
		copied_later ? "stands" : "FAILS");
	return cancelled && copied && copied_later;
}

static const struct rcase data_device_cases[] = {
	{"data-selection-same-source-twice", dd_selection_twice, EXPECT_NONE},
	{"data-source-bad-action-mask", dd_source_bad_actions, EXPECT_ERROR, "wl_data_source",
		WL_DATA_SOURCE_ERROR_INVALID_ACTION_MASK},
	{"data-source-set-actions-twice", dd_source_actions_twice, EXPECT_ERROR, "wl_data_source",
		WL_DATA_SOURCE_ERROR_INVALID_SOURCE},
	{"data-dnd-source-as-selection", dd_dnd_source_as_selection, EXPECT_ERROR, "wl_data_source",
		WL_DATA_SOURCE_ERROR_INVALID_SOURCE},
	{"data-source-set-actions-after-use", dd_actions_after_use, EXPECT_ERROR, "wl_data_source",
		WL_DATA_SOURCE_ERROR_INVALID_SOURCE},
	{"data-offer-finish-selection", dd_offer_finish, EXPECT_ERROR, "wl_data_offer",
		WL_DATA_OFFER_ERROR_INVALID_FINISH},
	{"data-offer-bad-action-mask", dd_offer_bad_mask, EXPECT_ERROR, "wl_data_offer",
		WL_DATA_OFFER_ERROR_INVALID_ACTION_MASK},
	{"data-offer-bad-preferred-action", dd_offer_bad_preferred, EXPECT_ERROR, "wl_data_offer",
		WL_DATA_OFFER_ERROR_INVALID_ACTION},
	{"data-offer-actions-on-selection", dd_offer_selection_actions, EXPECT_ERROR,
		"wl_data_offer", WL_DATA_OFFER_ERROR_INVALID_OFFER},
	{"data-offer-receive-odd-fds-and-after-source-gone", dd_offer_receive_odd, EXPECT_NONE},
	{"data-drag-icon-with-role", dd_drag_icon_with_role, EXPECT_ERROR, "wl_data_device",
		WL_DATA_DEVICE_ERROR_ROLE},
	{"data-drag-without-source-or-focus", dd_drag_nothing, EXPECT_NONE},
	{"data-200-devices-and-sources", dd_many_devices, EXPECT_NONE},
	{"data-selection-of-20000-mime-types", dd_mime_flood, EXPECT_NONE},
	{"data-selection-future-serial-from-background", dd_future_serial, EXPECT_NONE},
};

const struct group data_device_group = {"data-device", data_device_cases, N(data_device_cases)};

/*
 * Hostile cases: ext_idle_notifier_v1 (core/idle_notify.c) and zwp_idle_inhibit_manager_v1
 * (shell/idle_inhibit.c). No input comes during the cases, so a notification fires after its
 * timeout unless a shown inhibitor holds it; an inhibitor's effect is read that way.
 */
#include <stdio.h>
#include <stdlib.h>

#include "cases.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define MANY 10000 /* past the per-client memory budget (2 MiB, 256 bytes an object) */
/*
 * Requests between round trips: one batch (20 bytes a request) fits libwayland-client's 4 KiB
 * buffer, so it goes in the round trip's one write, and when picowl ends the connection within
 * it the error is read, not lost to a broken pipe on a write halfway through (as with 1,000).
 */
#define BATCH 150
#define SOME 5000 /* within it */
#define SHORT_MS 100 /* a timeout that fires long before HOLD_MS */
#define HOLD_MS 1000 /* a held notification stays quiet this long */
#define WAIT_MS 5000

/* idled counts in events, resumed in serial: no input comes, so a resumed is a bug. */
static void
handle_idled(void *data, struct ext_idle_notification_v1 *n)
{
	((struct conn *)data)->events++;
}

static void
handle_resumed(void *data, struct ext_idle_notification_v1 *n)
{
	((struct conn *)data)->serial++;
}

static const struct ext_idle_notification_v1_listener notification_listener = {
	.idled = handle_idled,
	.resumed = handle_resumed,
};

static struct ext_idle_notification_v1 *
notify(struct conn *c, uint32_t timeout_ms)
{
	struct ext_idle_notification_v1 *n =
		ext_idle_notifier_v1_get_idle_notification(c->idle_notifier, timeout_ms,
			c->tc.seat);
	ext_idle_notification_v1_add_listener(n, &notification_listener, c);
	return n;
}

static bool
have_notifier(struct conn *c)
{
	if (!c->idle_notifier || !c->tc.seat) {
		printf("  ext_idle_notifier_v1 or wl_seat is not offered to this client\n");
		return false;
	}
	return true;
}

static bool
have_inhibit(struct conn *c)
{
	if (!have_notifier(c) || !c->idle_inhibit_manager) {
		printf("  zwp_idle_inhibit_manager_v1 is not offered to this client\n");
		return false;
	}
	return true;
}

/* Exactly `count` idled come within WAIT_MS, and no more in the HOLD_MS after; no resumed. */
static bool
exactly(struct conn *c, int count)
{
	bool ok = conn_wait_events(c, count, WAIT_MS);
	conn_wait_events(c, count + 1, HOLD_MS);
	printf("  %d idled, %u resumed; %d idled expected\n", c->events, c->serial, count);
	return ok && c->events == count && c->serial == 0;
}

/* No event within HOLD_MS: the notification is held (or never due). */
static bool
quiet(struct conn *c)
{
	bool fired = conn_wait_events(c, 1, HOLD_MS);
	printf("  %d idled, %u resumed in %d ms\n", c->events, c->serial, HOLD_MS);
	return !fired && c->events == 0 && c->serial == 0;
}

/* Zero is "as soon as possible": idled at once, once. */
static bool
timeout_zero(struct conn *c)
{
	return have_notifier(c) && notify(c, 0) && exactly(c, 1);
}

/* 49.7 days: nothing overflows into a timeout that fires now. */
static bool
timeout_max(struct conn *c)
{
	return have_notifier(c) && notify(c, UINT32_MAX) && notify(c, UINT32_MAX - 1) &&
		notify(c, 0x80000000u) && quiet(c);
}

/*
 * 5,000 notifications of 250 different timeouts from 1 ms to 250 ms, in an order that is
 * neither rising nor falling: each fires exactly once, and no resumed comes (no input).
 */
static bool
some_fire(struct conn *c)
{
	if (!have_notifier(c)) {
		return false;
	}
	int64_t start = pw_client_now_ms();
	for (uint32_t i = 0; i < SOME; i++) {
		notify(c, 1 + (i * 7919u) % 250);
	}
	if (pw_client_roundtrip(&c->tc, WAIT_MS) != 1) {
		return false;
	}
	printf("  %d notifications made and answered in %lld ms\n", SOME,
		(long long)(pw_client_now_ms() - start));
	return exactly(c, SOME);
}

/* 5,000 that never fire, then every second one destroyed: a short one still fires. */
static bool
some_waiting(struct conn *c)
{
	if (!have_notifier(c)) {
		return false;
	}
	static struct ext_idle_notification_v1 *n[SOME];
	for (uint32_t i = 0; i < SOME; i++) {
		n[i] = notify(c, UINT32_MAX - i);
	}
	if (pw_client_roundtrip(&c->tc, WAIT_MS) != 1) {
		return false;
	}
	for (int i = 0; i < SOME; i += 2) {
		ext_idle_notification_v1_destroy(n[i]);
	}
	return notify(c, SHORT_MS) && exactly(c, 1);
}

/* 10,000 from one client: the memory budget ends it with no_memory, picowl goes on. */
static bool
many(struct conn *c)
{
	if (!have_notifier(c)) {
		return false;
	}
	for (uint32_t i = 0; i < MANY; i++) {
		notify(c, 1 + i % 1000);
		if (i % BATCH == BATCH - 1 && pw_client_roundtrip(&c->tc, WAIT_MS) != 1) {
			break; /* the error came */
		}
	}
	return true;
}

/* The notifier destroyed first: its notifications stay valid and fire. */
static bool
notifier_first(struct conn *c)
{
	if (!have_notifier(c)) {
		return false;
	}
	notify(c, SHORT_MS);
	notify(c, 2 * SHORT_MS);
	ext_idle_notifier_v1_destroy(c->idle_notifier);
	c->idle_notifier = NULL;
	return exactly(c, 2);
}

/* Made and destroyed at once, a thousand times, and one destroyed after it fired. */
static bool
destroy_at_once(struct conn *c)
{
	if (!have_notifier(c)) {
		return false;
	}
	for (int i = 0; i < 1000; i++) {
		ext_idle_notification_v1_destroy(notify(c, i % 2 ? 1 : 0));
	}
	struct ext_idle_notification_v1 *n = notify(c, 1);
	if (!exactly(c, 1)) {
		return false;
	}
	ext_idle_notification_v1_destroy(n);
	return pw_client_roundtrip(&c->tc, WAIT_MS) == 1 && c->events == 1;
}

/* A released seat's id: libwayland's invalid arguments, before picowl's code runs. */
static bool
released_seat(struct conn *c)
{
	if (!have_notifier(c) || wl_seat_get_version(c->tc.seat) < WL_SEAT_RELEASE_SINCE_VERSION) {
		return false;
	}
	uint32_t seat_id = wl_proxy_get_id((struct wl_proxy *)c->tc.seat);
	wl_seat_release(c->tc.seat);
	c->tc.seat = NULL;
	if (pw_client_roundtrip(&c->tc, WAIT_MS) != 1) {
		return false;
	}
	uint32_t id = raw_new_id(c, &ext_idle_notification_v1_interface);
	uint32_t args[] = {id, SHORT_MS, seat_id};
	return raw_send(c, wl_proxy_get_id((struct wl_proxy *)c->idle_notifier),
		EXT_IDLE_NOTIFIER_V1_GET_IDLE_NOTIFICATION, args, N(args));
}

static struct zwp_idle_inhibitor_v1 *
inhibit(struct conn *c, struct wl_surface *surface)
{
	return zwp_idle_inhibit_manager_v1_create_inhibitor(c->idle_inhibit_manager, surface);
}

/* Two inhibitors on one shown window: held until both are gone, then the timeout runs. */
static bool
two_on_one(struct conn *c)
{
	if (!have_inhibit(c) || !conn_map(c, false)) {
		return false;
	}
	struct zwp_idle_inhibitor_v1 *a = inhibit(c, c->top.surface);
	struct zwp_idle_inhibitor_v1 *b = inhibit(c, c->top.surface);
	notify(c, SHORT_MS);
	if (!quiet(c)) {
		return false;
	}
	zwp_idle_inhibitor_v1_destroy(a);
	if (!quiet(c)) {
		return false;
	}
	zwp_idle_inhibitor_v1_destroy(b);
	return exactly(c, 1);
}

/* A surface destroyed under its inhibitor: it holds nothing, and its destroy later is fine. */
static bool
surface_destroyed(struct conn *c)
{
	if (!have_inhibit(c) || !conn_map(c, false)) {
		return false;
	}
	struct zwp_idle_inhibitor_v1 *a = inhibit(c, c->top.surface);
	xdg_toplevel_destroy(c->top.toplevel);
	xdg_surface_destroy(c->top.xdg_surface);
	wl_surface_destroy(c->top.surface);
	c->top.toplevel = NULL;
	c->top.xdg_surface = NULL;
	c->top.surface = NULL;
	struct wl_surface *s = wl_compositor_create_surface(c->tc.compositor);
	struct zwp_idle_inhibitor_v1 *b = inhibit(c, s);
	wl_surface_destroy(s);
	notify(c, SHORT_MS);
	if (!exactly(c, 1)) {
		return false;
	}
	zwp_idle_inhibitor_v1_destroy(a);
	zwp_idle_inhibitor_v1_destroy(b);
	return pw_client_roundtrip(&c->tc, WAIT_MS) == 1;
}

/* On a surface without a role, and on one behind a fullscreen window: neither is shown. */
static bool
not_shown(struct conn *c)
{
	struct conn *other = have_inhibit(c) ? conn_open() : NULL;
	bool ok = false;
	if (!other || !conn_map(c, false) || !conn_map(other, true)) {
		goto out;
	}
	inhibit(c, wl_compositor_create_surface(c->tc.compositor));
	inhibit(c, c->top.surface); /* covered by the other's fullscreen window */
	notify(c, SHORT_MS);
	ok = exactly(c, 1);
out:
	conn_close(other);
	return ok;
}

/* The manager destroyed first: the inhibitor still holds. */
static bool
manager_first(struct conn *c)
{
	if (!have_inhibit(c) || !conn_map(c, false)) {
		return false;
	}
	struct zwp_idle_inhibitor_v1 *a = inhibit(c, c->top.surface);
	zwp_idle_inhibit_manager_v1_destroy(c->idle_inhibit_manager);
	c->idle_inhibit_manager = NULL;
	notify(c, SHORT_MS);
	if (!quiet(c)) {
		return false;
	}
	zwp_idle_inhibitor_v1_destroy(a);
	return exactly(c, 1);
}

/* An inhibitor made before its surface has a role holds once the window maps. */
static bool
before_map(struct conn *c)
{
	if (!have_inhibit(c)) {
		return false;
	}
	c->top.width = c->top.height = 64;
	pw_client_toplevel_init(&c->top, &c->tc, NULL, "robust-cases");
	inhibit(c, c->top.surface);
	if (!pw_client_toplevel_map(&c->top, 0xff00ff00u, WAIT_MS)) {
		return false;
	}
	notify(c, SHORT_MS);
	return quiet(c);
}

/* 5,000 inhibitors on a shown window, then all destroyed: the timeout runs once, later. */
static bool
some_inhibitors(struct conn *c)
{
	if (!have_inhibit(c) || !conn_map(c, false)) {
		return false;
	}
	static struct zwp_idle_inhibitor_v1 *a[SOME];
	int64_t start = pw_client_now_ms();
	for (int i = 0; i < SOME; i++) {
		a[i] = inhibit(c, c->top.surface);
	}
	notify(c, SHORT_MS);
	if (pw_client_roundtrip(&c->tc, WAIT_MS) != 1) {
		return false;
	}
	printf("  %d inhibitors made and answered in %lld ms\n", SOME,
		(long long)(pw_client_now_ms() - start));
	if (!quiet(c)) {
		return false;
	}
	for (int i = 0; i < SOME; i++) {
		zwp_idle_inhibitor_v1_destroy(a[i]);
	}
	return exactly(c, 1);
}

/* 10,000 on one surface: no_memory from the budget, as for notifications. */
static bool
many_inhibitors(struct conn *c)
{
	if (!have_inhibit(c) || !conn_map(c, false)) {
		return false;
	}
	for (int i = 0; i < MANY; i++) {
		inhibit(c, c->top.surface);
		if (i % BATCH == BATCH - 1 && pw_client_roundtrip(&c->tc, WAIT_MS) != 1) {
			break;
		}
	}
	return true;
}

static const struct rcase notify_cases[] = {
	{"idle-notify-timeout-0", timeout_zero, EXPECT_NONE},
	{"idle-notify-timeout-uint32-max", timeout_max, EXPECT_NONE},
	{"idle-notify-5000-firing-once", some_fire, EXPECT_NONE},
	{"idle-notify-5000-waiting-half-destroyed", some_waiting, EXPECT_NONE},
	{"idle-notify-10000", many, EXPECT_ERROR, "wl_display", WL_DISPLAY_ERROR_NO_MEMORY},
	{"idle-notify-after-its-notifier", notifier_first, EXPECT_NONE},
	{"idle-notify-destroyed-at-once", destroy_at_once, EXPECT_NONE},
	{"idle-notify-released-seat", released_seat, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_INVALID_METHOD},
};

static const struct rcase inhibit_cases[] = {
	{"idle-inhibit-two-on-one-surface", two_on_one, EXPECT_NONE},
	{"idle-inhibit-surface-destroyed", surface_destroyed, EXPECT_NONE},
	{"idle-inhibit-not-shown", not_shown, EXPECT_NONE},
	{"idle-inhibit-after-its-manager", manager_first, EXPECT_NONE},
	{"idle-inhibit-before-map", before_map, EXPECT_NONE},
	{"idle-inhibit-5000-on-one-surface", some_inhibitors, EXPECT_NONE},
	{"idle-inhibit-10000-on-one-surface", many_inhibitors, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_NO_MEMORY},
};

const struct group idle_notify_group = {"idle-notify", notify_cases, N(notify_cases)};
const struct group idle_inhibit_group = {"idle-inhibit", inhibit_cases, N(inhibit_cases)};

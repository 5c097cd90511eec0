/*
 * Hostile cases: zwp_virtual_keyboard_manager_v1 and zwp_virtual_keyboard_v1. The keymap
 * errors are all no_keymap (the interface's one code); a key state that is neither released
 * nor pressed is a malformed request (wl_display.invalid_method, as libwayland says of bad
 * arguments). The cases that type use a second connection of their own, a toplevel with a
 * wl_keyboard that takes the keyboard focus, as the reader.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <xkbcommon/xkbcommon.h>

#include "cases.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define KEY_A 30
#define BURST 10000 /* keys, each pressed and released */

/* ---- the reader: a focused toplevel that counts what its wl_keyboard gets ---- */

struct reader {
	struct conn *conn;
	struct wl_keyboard *keyboard;
	int keys, presses, keymaps, enters, leaves;
	uint32_t last_key, last_state;
	bool entered_with_a; /* an enter's keys held KEY_A */
};

static void
handle_rd_keymap(void *data, struct wl_keyboard *kb, uint32_t format, int32_t fd, uint32_t size)
{
	((struct reader *)data)->keymaps++;
	close(fd);
}

static void
handle_rd_enter(void *data, struct wl_keyboard *kb, uint32_t serial, struct wl_surface *surface,
	struct wl_array *keys)
{
	struct reader *r = data;
	uint32_t *k;

	r->enters++;
	wl_array_for_each(k, keys) {
		r->entered_with_a |= *k == KEY_A;
	}
}

static void
handle_rd_leave(void *data, struct wl_keyboard *kb, uint32_t serial, struct wl_surface *surface)
{
	((struct reader *)data)->leaves++;
}

static void
handle_rd_key(void *data, struct wl_keyboard *kb, uint32_t serial, uint32_t time, uint32_t key,
	uint32_t state)
{
	struct reader *r = data;

	r->keys++;
	r->presses += state == WL_KEYBOARD_KEY_STATE_PRESSED;
	r->last_key = key;
	r->last_state = state;
}

static void
handle_rd_modifiers(void *data, struct wl_keyboard *kb, uint32_t serial, uint32_t depressed,
	uint32_t latched, uint32_t locked, uint32_t group)
{
}

static void
handle_rd_repeat(void *data, struct wl_keyboard *kb, int32_t rate, int32_t delay)
{
}

static const struct wl_keyboard_listener reader_listener = {
	.keymap = handle_rd_keymap,
	.enter = handle_rd_enter,
	.leave = handle_rd_leave,
	.key = handle_rd_key,
	.modifiers = handle_rd_modifiers,
	.repeat_info = handle_rd_repeat,
};

/* Maps a toplevel with a wl_keyboard and waits for the enter: it has the keyboard focus. */
static bool
reader_open(struct reader *r)
{
	*r = (struct reader){.conn = conn_open()};
	if (!r->conn) {
		return false;
	}
	r->keyboard = wl_seat_get_keyboard(r->conn->tc.seat);
	wl_keyboard_add_listener(r->keyboard, &reader_listener, r);
	if (!conn_map(r->conn, false)) {
		return false;
	}
	int64_t deadline = pw_client_now_ms() + 5000;
	while (r->enters == 0 && pw_client_now_ms() < deadline) {
		if (pw_client_roundtrip(&r->conn->tc, 1000) < 0) {
			return false;
		}
	}
	if (r->enters == 0) {
		printf("  the reader never got the keyboard focus\n");
	}
	return r->enters > 0;
}

/* Reads until `keys` key events came; false on timeout or an error. */
static bool
reader_wait(struct reader *r, int keys, int timeout_ms)
{
	int64_t deadline = pw_client_now_ms() + timeout_ms;

	while (r->keys < keys) {
		int left = (int)(deadline - pw_client_now_ms());
		bool never = false;
		if (left <= 0 || pw_client_dispatch_until(&r->conn->tc, &never, 50) < 0) {
			break;
		}
	}
	if (wl_display_get_error(r->conn->tc.display)) {
		printf("  the reader was disconnected after %d keys: %s\n", r->keys,
			strerror(wl_display_get_error(r->conn->tc.display)));
		return false;
	}
	if (r->keys < keys) {
		printf("  the reader got %d keys of %d\n", r->keys, keys);
	}
	return r->keys >= keys;
}

static void
reader_close(struct reader *r)
{
	if (r->keyboard) {
		wl_keyboard_destroy(r->keyboard);
	}
	conn_close(r->conn);
}

/* ---- the virtual keyboard ---- */

static struct zwp_virtual_keyboard_v1 *
make_vk(struct conn *c)
{
	if (!c->virtual_keyboard_manager) {
		printf("  zwp_virtual_keyboard_manager_v1 is not offered to this client\n");
		return NULL;
	}
	return zwp_virtual_keyboard_manager_v1_create_virtual_keyboard(c->virtual_keyboard_manager,
		c->tc.seat);
}

/* A memfd of `size` bytes of `text` (repeated zeros past its end). */
static int
text_fd(const char *text, size_t size)
{
	int fd = make_memfd(size);
	size_t len = strlen(text) < size ? strlen(text) : size;

	if (write(fd, text, len) != (ssize_t)len) {
		exit(3);
	}
	return fd;
}

/* The us keymap as xkbcommon writes it, in a memfd; *size counts its NUL. */
static int
us_keymap(uint32_t *size)
{
	struct xkb_context *ctx = xkb_context_new(XKB_CONTEXT_NO_ENVIRONMENT_NAMES);
	struct xkb_rule_names names = {.layout = "us"};
	struct xkb_keymap *keymap = ctx ? xkb_keymap_new_from_names(ctx, &names, 0) : NULL;
	char *text = keymap ? xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1) : NULL;

	if (!text) {
		printf("  no us keymap from xkbcommon\n");
		exit(3);
	}
	*size = (uint32_t)strlen(text) + 1;
	int fd = text_fd(text, *size);
	free(text);
	xkb_keymap_unref(keymap);
	xkb_context_unref(ctx);
	return fd;
}

static struct zwp_virtual_keyboard_v1 *
vk_with_keymap(struct conn *c)
{
	struct zwp_virtual_keyboard_v1 *vk = make_vk(c);
	uint32_t size;

	if (vk) {
		int fd = us_keymap(&size);
		zwp_virtual_keyboard_v1_keymap(vk, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1, fd, size);
		close(fd);
	}
	return vk;
}

/* Flushes all of it, reading what comes meanwhile (an error); false once disconnected. */
static bool
flush_all(struct conn *c)
{
	struct wl_display *d = c->tc.display;

	while (wl_display_flush(d) < 0) {
		if (errno != EAGAIN && errno != EPIPE) {
			return false;
		}
		struct pollfd p = {.fd = wl_display_get_fd(d), .events = POLLIN | POLLOUT};
		if (poll(&p, 1, 5000) <= 0 || errno == EPIPE || (p.revents & POLLIN)) {
			/* the error picowl sent before it closed, if it did */
			if (wl_display_dispatch(d) < 0 || errno == EPIPE) {
				return false;
			}
		}
	}
	return wl_display_get_error(d) == 0;
}

/*
 * `n` keys pressed and released as fast as the socket takes them, with a round trip every
 * BURST_BATCH keys: a batch (40 bytes a key) fits libwayland-client's 4 KiB buffer and goes in
 * one write, so when picowl ends the connection within it the error is read, not lost to a
 * reset on a write halfway through (CI once saw "Connection reset by peer").
 */
#define BURST_BATCH 64
static bool
burst(struct conn *c, struct zwp_virtual_keyboard_v1 *vk, int n)
{
	for (int i = 0; i < n; i++) {
		zwp_virtual_keyboard_v1_key(vk, (uint32_t)i, KEY_A, WL_KEYBOARD_KEY_STATE_PRESSED);
		zwp_virtual_keyboard_v1_key(vk, (uint32_t)i, KEY_A, WL_KEYBOARD_KEY_STATE_RELEASED);
		if (i % BURST_BATCH == BURST_BATCH - 1 && pw_client_roundtrip(&c->tc, 5000) != 1) {
			return true; /* the error came: the case reads it */
		}
	}
	return flush_all(c);
}

/* ---- the cases ---- */

static bool
vk_key_before_keymap(struct conn *c)
{
	struct zwp_virtual_keyboard_v1 *vk = make_vk(c);

	if (vk) {
		zwp_virtual_keyboard_v1_key(vk, 0, KEY_A, WL_KEYBOARD_KEY_STATE_PRESSED);
	}
	return vk != NULL;
}

static bool
vk_modifiers_before_keymap(struct conn *c)
{
	struct zwp_virtual_keyboard_v1 *vk = make_vk(c);

	if (vk) {
		zwp_virtual_keyboard_v1_modifiers(vk, 1, 0, 0, 0);
	}
	return vk != NULL;
}

/* A keymap request with `fd` (closed here), or a fresh us keymap when fd < 0. */
static bool
keymap_with(struct conn *c, uint32_t format, int fd, uint32_t size)
{
	struct zwp_virtual_keyboard_v1 *vk = make_vk(c);
	uint32_t us_size;

	if (!vk) {
		if (fd >= 0) {
			close(fd);
		}
		return false;
	}
	if (fd < 0) {
		fd = us_keymap(&us_size);
		size = size ? size : us_size;
	}
	zwp_virtual_keyboard_v1_keymap(vk, format, fd, size);
	close(fd);
	return true;
}

static bool
vk_keymap_format_none(struct conn *c)
{
	return keymap_with(c, WL_KEYBOARD_KEYMAP_FORMAT_NO_KEYMAP, -1, 0);
}

static bool
vk_keymap_format_unknown(struct conn *c)
{
	return keymap_with(c, 7, -1, 0);
}

static bool
vk_keymap_fd_too_small(struct conn *c)
{
	return keymap_with(c, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1, text_fd("xkb_keymap {", 100),
		64 * 1024);
}

static bool
vk_keymap_size_zero(struct conn *c)
{
	uint32_t size;
	return keymap_with(c, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1, us_keymap(&size), 0);
}

static bool
vk_keymap_size_huge(struct conn *c)
{
	return keymap_with(c, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1, text_fd("x", 4096), 0xffffffffu);
}

static bool
vk_keymap_not_a_keymap(struct conn *c)
{
	return keymap_with(c, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1,
		text_fd("xkb_keymap { this is not one; }; \x01\x02\xff", 4096), 4096);
}

static bool
vk_keymap_zeros(struct conn *c)
{
	return keymap_with(c, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1, make_memfd(4096), 4096);
}

/*
 * Issue 35: 100 kB of include statements kept picowl compiling for 1.7 s, every client waiting.
 * The keymap is refused before it compiles (4.65); another client's round trip, sent just after
 * it, must come back within GOOD_WAIT_MS.
 */
#define GOOD_WAIT_MS 100
static bool
keymap_then_good_roundtrip(struct conn *c, const char *text)
{
	struct zwp_virtual_keyboard_v1 *vk = make_vk(c);
	struct conn *other = conn_open();
	if (!vk || !other) {
		return false;
	}
	size_t size = strlen(text) + 1;
	zwp_virtual_keyboard_v1_keymap(vk, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1, text_fd(text, size),
		(uint32_t)size);
	wl_display_flush(c->tc.display);
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	bool ok = pw_client_roundtrip(&other->tc, 10000) == 1;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	long ms = (t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000;
	printf("  %zu bytes of keymap: another client's round trip took %ld ms (bound %d)\n", size,
		ms, GOOD_WAIT_MS);
	conn_close(other);
	return ok && ms <= GOOD_WAIT_MS;
}

static bool
vk_keymap_includes(struct conn *c)
{
	static const char head[] = "xkb_keymap { xkb_keycodes \"x\" { minimum = 8; maximum = 255; "
				   "<K1> = 9; }; xkb_types \"x\" { ";
	static const char tail[] = "}; xkb_compatibility \"x\" { include \"complete\" }; "
				   "xkb_symbols \"x\" { key <K1> { [ a ] }; }; };";
	static char text[100 * 1024];
	size_t len = strlen(head);
	memcpy(text, head, len);
	while (len + 19 + sizeof(tail) < sizeof(text)) {
		memcpy(text + len, "include \"complete\"\n", 19);
		len += 19;
	}
	memcpy(text + len, tail, sizeof(tail));
	return keymap_then_good_roundtrip(c, text);
}

static bool
vk_keymap_include_path(struct conn *c)
{
	return keymap_then_good_roundtrip(c,
		"xkb_keymap { xkb_keycodes \"x\" { include "
		"\"../../../../../dev/zero\" }; };");
}

/* A pipe cannot be mapped (or read at an offset); one that is never written would block. */
static bool
vk_keymap_pipe(struct conn *c)
{
	int p[2];

	if (pipe(p) < 0) {
		return false;
	}
	bool ok = keymap_with(c, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1, p[0], 4096);
	close(p[1]);
	return ok;
}

static bool
vk_keymap_directory(struct conn *c)
{
	int fd = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	return fd >= 0 && keymap_with(c, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1, fd, 4096);
}

static bool
vk_key_bad_state(struct conn *c)
{
	struct zwp_virtual_keyboard_v1 *vk = vk_with_keymap(c);

	if (vk) {
		zwp_virtual_keyboard_v1_key(vk, 0, KEY_A, 2);
	}
	return vk != NULL;
}

/* Everything right: a keymap, keys, modifiers, odd key codes, a second keymap, destroy. */
static bool
vk_valid(struct conn *c)
{
	struct zwp_virtual_keyboard_v1 *vk = vk_with_keymap(c);
	const uint32_t keys[] = {KEY_A, 0, 0xffff, 0xffffffffu, KEY_A};

	if (!vk) {
		return false;
	}
	for (size_t i = 0; i < N(keys); i++) {
		zwp_virtual_keyboard_v1_key(vk, 1, keys[i], WL_KEYBOARD_KEY_STATE_PRESSED);
		zwp_virtual_keyboard_v1_modifiers(vk, 0xffffffffu, 0, 0xffffffffu, 0xffffffffu);
		zwp_virtual_keyboard_v1_key(vk, 2, keys[i], WL_KEYBOARD_KEY_STATE_RELEASED);
	}
	uint32_t size;
	int fd = us_keymap(&size);
	zwp_virtual_keyboard_v1_keymap(vk, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1, fd, size);
	close(fd);
	zwp_virtual_keyboard_v1_key(vk, 3, KEY_A, WL_KEYBOARD_KEY_STATE_PRESSED);
	zwp_virtual_keyboard_v1_destroy(vk);
	return true;
}

/* A key held when the keyboard goes is released to the focus. */
static bool
vk_destroyed_holding_a_key(struct conn *c)
{
	struct reader r;
	bool ok = reader_open(&r);
	struct zwp_virtual_keyboard_v1 *vk = ok ? vk_with_keymap(c) : NULL;

	if (vk) {
		zwp_virtual_keyboard_v1_key(vk, 5, KEY_A, WL_KEYBOARD_KEY_STATE_PRESSED);
		zwp_virtual_keyboard_v1_destroy(vk);
		ok = flush_all(c) && reader_wait(&r, 2, 5000) && r.keys == 2 &&
			r.last_key == KEY_A && r.last_state == WL_KEYBOARD_KEY_STATE_RELEASED;
		if (!ok) {
			printf("  the reader got %d keys, the last %u state %u\n", r.keys,
				r.last_key, r.last_state);
		}
	}
	reader_close(&r);
	return ok && vk;
}

/* The focus moves while a virtual key is held: as for a real key, the new focus's enter holds
 * it and the release goes there. */
static bool
vk_focus_moves_while_held(struct conn *c)
{
	struct reader a, b;
	bool ok = reader_open(&a);
	struct zwp_virtual_keyboard_v1 *vk = ok ? vk_with_keymap(c) : NULL;

	if (!vk) {
		reader_close(&a);
		return false;
	}
	zwp_virtual_keyboard_v1_key(vk, 5, KEY_A, WL_KEYBOARD_KEY_STATE_PRESSED);
	ok = flush_all(c) && reader_wait(&a, 1, 5000) && reader_open(&b);
	if (ok) {
		zwp_virtual_keyboard_v1_key(vk, 6, KEY_A, WL_KEYBOARD_KEY_STATE_RELEASED);
		ok = flush_all(c) && reader_wait(&b, 1, 5000) &&
			pw_client_roundtrip(&a.conn->tc, 2000) >= 0;
		if (ok && !(b.entered_with_a && b.last_key == KEY_A && a.keys == 1 && a.leaves)) {
			printf("  the new focus's enter %s the key; it got %d keys, the old %d, "
			       "%d leaves\n",
				b.entered_with_a ? "held" : "did not hold", b.keys, a.keys,
				a.leaves);
			ok = false;
		}
		reader_close(&b);
	}
	reader_close(&a);
	zwp_virtual_keyboard_v1_destroy(vk);
	return ok;
}

/* 10,000 keys at once to a focused client that reads only after the burst: picowl holds
 * them back instead of filling its socket (libwayland would disconnect it). */
static bool
vk_burst(struct conn *c)
{
	struct reader r;
	bool ok = reader_open(&r);
	struct zwp_virtual_keyboard_v1 *vk = ok ? vk_with_keymap(c) : NULL;

	if (vk) {
		ok = burst(c, vk, BURST) && reader_wait(&r, 2 * BURST, 30000) && r.presses == BURST;
		zwp_virtual_keyboard_v1_destroy(vk);
	}
	reader_close(&r);
	return ok && vk;
}

/* ... and to one that never reads: the queue's bound, then wl_display.no_memory. */
static bool
vk_burst_never_read(struct conn *c)
{
	struct reader r;
	bool ok = reader_open(&r);
	struct zwp_virtual_keyboard_v1 *vk = ok ? vk_with_keymap(c) : NULL;

	if (vk) {
		burst(c, vk, 2 * BURST);
	}
	reader_close(&r);
	return ok && vk;
}

/* ---- zwp_virtual_keyboard_v1 on the wire (the generated wire cases reach globals only) ---- */

static bool
vk_raw(struct conn *c, uint16_t opcode, const uint32_t *words, size_t n)
{
	struct zwp_virtual_keyboard_v1 *vk = make_vk(c);

	return vk && raw_send(c, wl_proxy_get_id((struct wl_proxy *)vk), opcode, words, n);
}

static bool
vk_wire_unknown_opcode(struct conn *c)
{
	return vk_raw(c, 4, NULL, 0);
}

static bool
vk_wire_keymap_fd_missing(struct conn *c)
{
	const uint32_t words[] = {WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1, 4096};
	return vk_raw(c, 0, words, N(words));
}

static bool
vk_wire_key_arguments_missing(struct conn *c)
{
	const uint32_t words[] = {0, KEY_A};
	return vk_raw(c, 1, words, N(words));
}

static bool
vk_wire_modifiers_arguments_missing(struct conn *c)
{
	return vk_raw(c, 2, NULL, 0);
}

/* More keyboards than picowl keeps for a seat. */
static bool
vk_too_many(struct conn *c)
{
	for (int i = 0; i < 64 && make_vk(c); i++) {
	}
	return c->virtual_keyboard_manager != NULL;
}

static const struct rcase cases[] = {
	{"vk-key-before-keymap", vk_key_before_keymap, EXPECT_ERROR, "zwp_virtual_keyboard_v1",
		ZWP_VIRTUAL_KEYBOARD_V1_ERROR_NO_KEYMAP},
	{"vk-modifiers-before-keymap", vk_modifiers_before_keymap, EXPECT_ERROR,
		"zwp_virtual_keyboard_v1", ZWP_VIRTUAL_KEYBOARD_V1_ERROR_NO_KEYMAP},
	{"vk-keymap-format-no-keymap", vk_keymap_format_none, EXPECT_ERROR,
		"zwp_virtual_keyboard_v1", ZWP_VIRTUAL_KEYBOARD_V1_ERROR_NO_KEYMAP},
	{"vk-keymap-format-unknown", vk_keymap_format_unknown, EXPECT_ERROR,
		"zwp_virtual_keyboard_v1", ZWP_VIRTUAL_KEYBOARD_V1_ERROR_NO_KEYMAP},
	{"vk-keymap-fd-too-small", vk_keymap_fd_too_small, EXPECT_ERROR, "zwp_virtual_keyboard_v1",
		ZWP_VIRTUAL_KEYBOARD_V1_ERROR_NO_KEYMAP},
	{"vk-keymap-size-zero", vk_keymap_size_zero, EXPECT_ERROR, "zwp_virtual_keyboard_v1",
		ZWP_VIRTUAL_KEYBOARD_V1_ERROR_NO_KEYMAP},
	{"vk-keymap-size-4-GiB", vk_keymap_size_huge, EXPECT_ERROR, "zwp_virtual_keyboard_v1",
		ZWP_VIRTUAL_KEYBOARD_V1_ERROR_NO_KEYMAP},
	{"vk-keymap-not-a-keymap", vk_keymap_not_a_keymap, EXPECT_ERROR, "zwp_virtual_keyboard_v1",
		ZWP_VIRTUAL_KEYBOARD_V1_ERROR_NO_KEYMAP},
	{"vk-keymap-all-zeros", vk_keymap_zeros, EXPECT_ERROR, "zwp_virtual_keyboard_v1",
		ZWP_VIRTUAL_KEYBOARD_V1_ERROR_NO_KEYMAP},
	{"vk-keymap-100-kB-of-includes", vk_keymap_includes, EXPECT_ERROR,
		"zwp_virtual_keyboard_v1", ZWP_VIRTUAL_KEYBOARD_V1_ERROR_NO_KEYMAP},
	{"vk-keymap-include-path", vk_keymap_include_path, EXPECT_ERROR, "zwp_virtual_keyboard_v1",
		ZWP_VIRTUAL_KEYBOARD_V1_ERROR_NO_KEYMAP},
	{"vk-keymap-pipe", vk_keymap_pipe, EXPECT_ERROR, "zwp_virtual_keyboard_v1",
		ZWP_VIRTUAL_KEYBOARD_V1_ERROR_NO_KEYMAP},
	{"vk-keymap-directory", vk_keymap_directory, EXPECT_ERROR, "zwp_virtual_keyboard_v1",
		ZWP_VIRTUAL_KEYBOARD_V1_ERROR_NO_KEYMAP},
	{"vk-key-state-2", vk_key_bad_state, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_INVALID_METHOD},
	{"vk-valid-odd-keys-and-modifiers", vk_valid, EXPECT_NONE, NULL, 0},
	{"vk-destroyed-holding-a-key", vk_destroyed_holding_a_key, EXPECT_NONE, NULL, 0},
	{"vk-focus-moves-while-held", vk_focus_moves_while_held, EXPECT_NONE, NULL, 0},
	{"vk-burst-10000-keys", vk_burst, EXPECT_NONE, NULL, 0},
	{"vk-burst-to-a-client-that-never-reads", vk_burst_never_read, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_NO_MEMORY},
	{"vk-wire-unknown-opcode", vk_wire_unknown_opcode, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_INVALID_METHOD},
	{"vk-wire-keymap-fd-missing", vk_wire_keymap_fd_missing, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_INVALID_METHOD},
	{"vk-wire-key-arguments-missing", vk_wire_key_arguments_missing, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_INVALID_METHOD},
	{"vk-wire-modifiers-arguments-missing", vk_wire_modifiers_arguments_missing, EXPECT_ERROR,
		"wl_display", WL_DISPLAY_ERROR_INVALID_METHOD},
	{"vk-too-many-keyboards", vk_too_many, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_NO_MEMORY},
};

const struct group virtual_keyboard_group = {"virtual-keyboard", cases, N(cases), NULL};

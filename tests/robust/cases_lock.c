/*
 * Hostile cases: ext_session_lock_manager_v1, ext_session_lock_v1 and
 * ext_session_lock_surface_v1. A lock whose client dies leaves the session locked, and a locked
 * session gives the good client no frame callbacks: a case whose error kills its locker waits
 * for that error and then locks and unlocks from a connection of its own (recover()), so the
 * runner finds the session unlocked.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cases.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define WAIT_MS 5000

struct lock_state {
	bool locked, finished, configured;
	uint32_t serial, width, height;
};

static void
handle_locked(void *data, struct ext_session_lock_v1 *lock)
{
	((struct lock_state *)data)->locked = true;
}

static void
handle_finished(void *data, struct ext_session_lock_v1 *lock)
{
	((struct lock_state *)data)->finished = true;
}

static const struct ext_session_lock_v1_listener lock_listener = {
	.locked = handle_locked,
	.finished = handle_finished,
};

static void
handle_configure(void *data, struct ext_session_lock_surface_v1 *ls, uint32_t serial, uint32_t w,
	uint32_t h)
{
	struct lock_state *st = data;
	st->configured = true;
	st->serial = serial;
	st->width = w;
	st->height = h;
}

static const struct ext_session_lock_surface_v1_listener surface_listener = {
	.configure = handle_configure,
};

static struct ext_session_lock_v1 *
lock_on(struct conn *c, struct lock_state *st)
{
	if (!c->session_lock_manager) {
		printf("  no ext_session_lock_manager_v1\n");
		return NULL;
	}
	struct ext_session_lock_v1 *lock =
		ext_session_lock_manager_v1_lock(c->session_lock_manager);
	ext_session_lock_v1_add_listener(lock, &lock_listener, st);
	return lock;
}

static bool
wait_flag(struct conn *c, const bool *flag, const char *what)
{
	if (pw_client_dispatch_until(&c->tc, flag, WAIT_MS) != 1) {
		printf("  no %s\n", what);
		return false;
	}
	return true;
}

/* Locks the session and waits for `locked`. */
static struct ext_session_lock_v1 *
locked_on(struct conn *c, struct lock_state *st)
{
	struct ext_session_lock_v1 *lock = lock_on(c, st);
	return lock && wait_flag(c, &st->locked, "locked event") ? lock : NULL;
}

static struct ext_session_lock_surface_v1 *
lock_surface(struct conn *c, struct ext_session_lock_v1 *lock, struct wl_surface *surface,
	struct lock_state *st)
{
	struct ext_session_lock_surface_v1 *ls =
		ext_session_lock_v1_get_lock_surface(lock, surface, c->tc.output);
	ext_session_lock_surface_v1_add_listener(ls, &surface_listener, st);
	return ls;
}

/* The case's connection got its error (its lock died with it): unlock from another. */
static bool
recover(struct conn *c)
{
	pw_client_dispatch_until(&c->tc, NULL, WAIT_MS);
	struct conn *r = conn_open();
	struct lock_state st = {0};
	struct ext_session_lock_v1 *lock = r ? locked_on(r, &st) : NULL;
	bool ok = lock != NULL;
	if (lock) {
		ext_session_lock_v1_unlock_and_destroy(lock);
		ok = pw_client_roundtrip(&r->tc, WAIT_MS) == 1;
	}
	conn_close(r);
	return ok;
}

/* A session locked by the case's connection: its lock and what it saw. */
struct locked {
	struct lock_state st;
	struct ext_session_lock_v1 *lock;
};

/* Locks the session from c and waits for `locked`; false (with a message) without. */
static bool
lock_session(struct conn *c, struct locked *l)
{
	*l = (struct locked){0};
	l->lock = locked_on(c, &l->st);
	return l->lock != NULL;
}

static bool
lock_draw_unlock(struct conn *c)
{
	struct locked l;
	if (!lock_session(c, &l)) {
		return false;
	}
	struct wl_surface *s = wl_compositor_create_surface(c->tc.compositor);
	struct ext_session_lock_surface_v1 *ls = lock_surface(c, l.lock, s, &l.st);
	if (!wait_flag(c, &l.st.configured, "configure")) {
		return false;
	}
	ext_session_lock_surface_v1_ack_configure(ls, l.st.serial);
	struct wl_buffer *b = pw_client_solid_buffer(&c->tc, (int32_t)l.st.width,
		(int32_t)l.st.height, 0xff0000ffu);
	wl_surface_attach(s, b, 0, 0);
	wl_surface_commit(s);
	pw_client_roundtrip(&c->tc, WAIT_MS);
	ext_session_lock_v1_unlock_and_destroy(l.lock);
	ext_session_lock_surface_v1_destroy(ls);
	wl_surface_destroy(s);
	wl_buffer_destroy(b);
	return true;
}

static bool
second_lock_finished(struct conn *c)
{
	struct lock_state st = {0}, st2 = {0};
	struct ext_session_lock_v1 *lock = locked_on(c, &st);
	if (!lock) {
		return false;
	}
	struct conn *other = conn_open();
	struct ext_session_lock_v1 *second = other ? lock_on(other, &st2) : NULL;
	bool ok = second && wait_flag(other, &st2.finished, "finished for the second lock") &&
		!st2.locked;
	if (second) {
		/* a surface for a finished lock is inert: no error */
		struct wl_surface *s = wl_compositor_create_surface(other->tc.compositor);
		struct ext_session_lock_surface_v1 *ls = lock_surface(other, second, s, &st2);
		ext_session_lock_v1_destroy(second);
		ok = ok && pw_client_roundtrip(&other->tc, WAIT_MS) == 1;
		ext_session_lock_surface_v1_destroy(ls);
		wl_surface_destroy(s);
	}
	conn_close(other);
	ext_session_lock_v1_unlock_and_destroy(lock);
	return ok;
}

static bool
surface_for_output_twice(struct conn *c)
{
	struct locked l;
	if (!lock_session(c, &l)) {
		return false;
	}
	lock_surface(c, l.lock, wl_compositor_create_surface(c->tc.compositor), &l.st);
	lock_surface(c, l.lock, wl_compositor_create_surface(c->tc.compositor), &l.st);
	return recover(c);
}

/* One surface given a lock surface and a subsurface role, in either order. */
static bool
lock_surface_and_subsurface(struct conn *c, bool subsurface_first)
{
	struct locked l;
	if (!lock_session(c, &l)) {
		return false;
	}
	struct wl_surface *parent = wl_compositor_create_surface(c->tc.compositor);
	struct wl_surface *s = wl_compositor_create_surface(c->tc.compositor);
	if (subsurface_first) {
		wl_subcompositor_get_subsurface(c->tc.subcompositor, s, parent);
	}
	lock_surface(c, l.lock, s, &l.st);
	if (!subsurface_first) {
		wl_subcompositor_get_subsurface(c->tc.subcompositor, s, parent);
	}
	return recover(c);
}

static bool
subsurface_as_lock_surface(struct conn *c)
{
	return lock_surface_and_subsurface(c, true);
}

static bool
lock_surface_made_subsurface(struct conn *c)
{
	return lock_surface_and_subsurface(c, false);
}

static bool
surface_with_buffer(struct conn *c)
{
	struct locked l;
	if (!lock_session(c, &l)) {
		return false;
	}
	struct wl_surface *s = wl_compositor_create_surface(c->tc.compositor);
	wl_surface_attach(s, pw_client_solid_buffer(&c->tc, 8, 8, 0xff00ff00u), 0, 0);
	wl_surface_commit(s);
	lock_surface(c, l.lock, s, &l.st);
	return recover(c);
}

static bool
unlock_before_locked(struct conn *c)
{
	struct lock_state st = {0};
	struct ext_session_lock_v1 *lock = lock_on(c, &st);
	if (!lock) {
		return false;
	}
	/* `locked` waits for a frame: picowl reads both requests before it. Raw, so that the
	 * proxy stays to name the error. */
	return raw_send(c, wl_proxy_get_id((struct wl_proxy *)lock),
		       EXT_SESSION_LOCK_V1_UNLOCK_AND_DESTROY, NULL, 0) &&
		recover(c);
}

static bool
destroy_after_locked(struct conn *c)
{
	struct locked l;
	if (!lock_session(c, &l)) {
		return false;
	}
	return raw_send(c, wl_proxy_get_id((struct wl_proxy *)l.lock), EXT_SESSION_LOCK_V1_DESTROY,
		       NULL, 0) &&
		recover(c);
}

/* Allowed, and the session stays locked: a new l.lock on the same connection unlocks it. */
static bool
destroy_before_locked(struct conn *c)
{
	struct lock_state st = {0}, st2 = {0};
	struct ext_session_lock_v1 *lock = lock_on(c, &st);
	if (!lock) {
		return false;
	}
	ext_session_lock_v1_destroy(lock);
	if (pw_client_roundtrip(&c->tc, WAIT_MS) != 1) {
		return false;
	}
	struct ext_session_lock_v1 *again = locked_on(c, &st2);
	if (!again) {
		return false;
	}
	ext_session_lock_v1_unlock_and_destroy(again);
	return true;
}

/* The locker disconnects while locked: another client's lock gets `locked` and unlocks. */
static bool
locker_disconnects(struct conn *c)
{
	struct conn *locker = conn_open();
	struct lock_state st = {0}, st2 = {0};
	struct ext_session_lock_v1 *lock = locker ? locked_on(locker, &st) : NULL;
	conn_close(locker);
	if (!lock) {
		return false;
	}
	struct ext_session_lock_v1 *again = locked_on(c, &st2);
	if (!again || st2.finished) {
		return false;
	}
	ext_session_lock_v1_unlock_and_destroy(again);
	return true;
}

/* A lock surface configured, acked, then `attach` before the commit. */
static bool
commit_lock_surface(struct conn *c, bool ack, int32_t w, int32_t h, bool bogus_serial)
{
	struct locked l;
	if (!lock_session(c, &l)) {
		return false;
	}
	struct wl_surface *s = wl_compositor_create_surface(c->tc.compositor);
	struct ext_session_lock_surface_v1 *ls = lock_surface(c, l.lock, s, &l.st);
	if (!wait_flag(c, &l.st.configured, "configure")) {
		return false;
	}
	if (bogus_serial) {
		ext_session_lock_surface_v1_ack_configure(ls, l.st.serial + 1000);
		return recover(c);
	}
	if (ack) {
		ext_session_lock_surface_v1_ack_configure(ls, l.st.serial);
	}
	if (w < 0) {
		w = (int32_t)l.st.width;
		h = (int32_t)l.st.height;
	}
	if (w > 0) {
		wl_surface_attach(s, pw_client_solid_buffer(&c->tc, w, h, 0xff0000ffu), 0, 0);
	}
	wl_surface_commit(s);
	return recover(c);
}

static bool
buffer_wrong_size(struct conn *c)
{
	return commit_lock_surface(c, true, 10, 10, false);
}

static bool
commit_without_ack(struct conn *c)
{
	return commit_lock_surface(c, false, -1, -1, false);
}

static bool
commit_null_buffer(struct conn *c)
{
	return commit_lock_surface(c, true, 0, 0, false);
}

static bool
ack_bogus_serial(struct conn *c)
{
	return commit_lock_surface(c, true, -1, -1, true);
}

#define LOCK_ERR(code) "ext_session_lock_v1", EXT_SESSION_LOCK_V1_ERROR_##code
#define SURFACE_ERR(code) "ext_session_lock_surface_v1", EXT_SESSION_LOCK_SURFACE_V1_ERROR_##code

/* ---- what a screen capture sees of a locked session (issue 35) ---- */

struct capture {
	uint32_t format, width, height, stride;
	bool buffer, ready, failed, done;
};

static void
handle_cap_buffer(void *data, struct zwlr_screencopy_frame_v1 *f, uint32_t format, uint32_t w,
	uint32_t h, uint32_t stride)
{
	struct capture *cap = data;
	if (!cap->buffer) {
		*cap = (struct capture){format, w, h, stride, true, false, false, false};
	}
}

static void
handle_cap_flags(void *data, struct zwlr_screencopy_frame_v1 *f, uint32_t flags)
{
}

static void
handle_cap_ready(void *data, struct zwlr_screencopy_frame_v1 *f, uint32_t hi, uint32_t lo,
	uint32_t ns)
{
	((struct capture *)data)->ready = ((struct capture *)data)->done = true;
}

static void
handle_cap_failed(void *data, struct zwlr_screencopy_frame_v1 *f)
{
	((struct capture *)data)->failed = ((struct capture *)data)->done = true;
}

static void
handle_cap_damage(void *data, struct zwlr_screencopy_frame_v1 *f, uint32_t x, uint32_t y,
	uint32_t w, uint32_t h)
{
}

static void
handle_cap_dmabuf(void *data, struct zwlr_screencopy_frame_v1 *f, uint32_t format, uint32_t w,
	uint32_t h)
{
}

static void
handle_cap_buffer_done(void *data, struct zwlr_screencopy_frame_v1 *f)
{
}

static const struct zwlr_screencopy_frame_v1_listener capture_listener = {
	.buffer = handle_cap_buffer,
	.flags = handle_cap_flags,
	.ready = handle_cap_ready,
	.failed = handle_cap_failed,
	.damage = handle_cap_damage,
	.linux_dmabuf = handle_cap_dmabuf,
	.buffer_done = handle_cap_buffer_done,
};

/* The pixels of the good client's and this case's toplevels (cases.c's GREEN) in `format`. */
static uint32_t
green_in(uint32_t format, bool *known)
{
	*known = true;
	if (format == WL_SHM_FORMAT_RGB565) {
		return 0x07e0;
	}
	if (format == WL_SHM_FORMAT_XRGB8888 || format == WL_SHM_FORMAT_ARGB8888) {
		return 0x00ff00;
	}
	*known = false;
	return 0;
}

/* Pixels of `cap`'s copy at `data` that are the clients' green. */
static long
green_pixels(const struct capture *cap, const unsigned char *data)
{
	bool known;
	uint32_t green = green_in(cap->format, &known);
	long n = 0;
	for (uint32_t y = 0; known && y < cap->height; y++) {
		const unsigned char *row = data + (size_t)y * cap->stride;
		for (uint32_t x = 0; x < cap->width; x++) {
			uint32_t px = cap->format == WL_SHM_FORMAT_RGB565
				? ((const uint16_t *)row)[x]
				: ((const uint32_t *)row)[x] & 0xffffff;
			n += px == green;
		}
	}
	return known ? n : -1;
}

/*
 * Answers the frame's copy (with damage: when the output next changes) into a buffer of its
 * own; the green pixels it holds, or -1.
 */
static long
copy_and_count(struct conn *spy, struct zwlr_screencopy_frame_v1 *frame, struct capture *cap,
	bool with_damage)
{
	if (!wait_flag(spy, &cap->buffer, "screencopy buffer event")) {
		return -1;
	}
	size_t size = (size_t)cap->stride * cap->height;
	int fd = make_memfd(size);
	unsigned char *data = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	struct wl_shm_pool *pool = wl_shm_create_pool(spy->tc.shm, fd, (int32_t)size);
	struct wl_buffer *buffer = wl_shm_pool_create_buffer(pool, 0, (int32_t)cap->width,
		(int32_t)cap->height, (int32_t)cap->stride, cap->format);
	wl_shm_pool_destroy(pool);
	close(fd);
	if (with_damage) {
		zwlr_screencopy_frame_v1_copy_with_damage(frame, buffer);
	} else {
		zwlr_screencopy_frame_v1_copy(frame, buffer);
	}
	long n = -1;
	pw_client_dispatch_until(&spy->tc, &cap->done, WAIT_MS);
	if (cap->ready && data != MAP_FAILED) {
		n = green_pixels(cap, data);
	}
	printf("  capture %ux%u format 0x%x: %s, %ld green pixels\n", cap->width, cap->height,
		cap->format,
		cap->ready            ? "ready"
			: cap->failed ? "failed"
				      : "no answer",
		n);
	if (data != MAP_FAILED) {
		munmap(data, size);
	}
	wl_buffer_destroy(buffer);
	zwlr_screencopy_frame_v1_destroy(frame);
	return cap->failed ? 0 : n;
}

/*
 * A client's capture while the session is locked gives none of the clients under the lock:
 * one requested (with damage) before the lock and copied after it, and one made while locked.
 * The green of the two toplevels on screen must be in neither.
 */
static bool
screencopy_while_locked(struct conn *c)
{
	struct conn *spy = conn_open();
	if (!spy || !spy->screencopy || !conn_map(c, false)) {
		printf("  no second connection with screencopy\n");
		conn_close(spy);
		return false;
	}
	struct capture before = {0}, during = {0};
	struct zwlr_screencopy_frame_v1 *early =
		zwlr_screencopy_manager_v1_capture_output(spy->screencopy, 0, spy->tc.output);
	zwlr_screencopy_frame_v1_add_listener(early, &capture_listener, &before);
	pw_client_roundtrip(&spy->tc, WAIT_MS);
	struct locked l;
	bool ok = lock_session(c, &l);
	if (ok) {
		long early_green = copy_and_count(spy, early, &before, true);
		struct zwlr_screencopy_frame_v1 *late =
			zwlr_screencopy_manager_v1_capture_output(spy->screencopy, 0,
				spy->tc.output);
		zwlr_screencopy_frame_v1_add_listener(late, &capture_listener, &during);
		long late_green = copy_and_count(spy, late, &during, false);
		ok = early_green == 0 && late_green == 0;
		ext_session_lock_v1_unlock_and_destroy(l.lock);
		ok = pw_client_roundtrip(&c->tc, WAIT_MS) == 1 && ok;
	}
	conn_close(spy);
	return ok;
}

static const struct rcase cases[] = {
	{"lock-draw-unlock", lock_draw_unlock, EXPECT_NONE, NULL, 0},
	{"lock-screencopy-shows-no-client", screencopy_while_locked, EXPECT_NONE, NULL, 0},
	{"lock-second-lock-finished", second_lock_finished, EXPECT_NONE, NULL, 0},
	{"lock-surface-for-the-output-twice", surface_for_output_twice, EXPECT_ERROR,
		LOCK_ERR(DUPLICATE_OUTPUT)},
	{"lock-surface-on-a-subsurface", subsurface_as_lock_surface, EXPECT_ERROR, LOCK_ERR(ROLE)},
	{"lock-surface-made-a-subsurface", lock_surface_made_subsurface, EXPECT_ERROR,
		"wl_subcompositor", WL_SUBCOMPOSITOR_ERROR_BAD_SURFACE},
	{"lock-surface-with-a-buffer", surface_with_buffer, EXPECT_ERROR,
		LOCK_ERR(ALREADY_CONSTRUCTED)},
	{"lock-unlock-before-locked", unlock_before_locked, EXPECT_ERROR, LOCK_ERR(INVALID_UNLOCK)},
	{"lock-destroy-after-locked", destroy_after_locked, EXPECT_ERROR,
		LOCK_ERR(INVALID_DESTROY)},
	{"lock-destroy-before-locked", destroy_before_locked, EXPECT_NONE, NULL, 0},
	{"lock-locker-disconnects", locker_disconnects, EXPECT_NONE, NULL, 0},
	{"lock-surface-buffer-wrong-size", buffer_wrong_size, EXPECT_ERROR,
		SURFACE_ERR(DIMENSIONS_MISMATCH)},
	{"lock-surface-commit-without-ack", commit_without_ack, EXPECT_ERROR,
		SURFACE_ERR(COMMIT_BEFORE_FIRST_ACK)},
	{"lock-surface-null-buffer", commit_null_buffer, EXPECT_ERROR, SURFACE_ERR(NULL_BUFFER)},
	{"lock-surface-ack-bogus-serial", ack_bogus_serial, EXPECT_ERROR,
		SURFACE_ERR(INVALID_SERIAL)},
};

const struct group session_lock_group = {"session-lock", cases, N(cases), NULL};

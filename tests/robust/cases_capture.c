/*
 * Hostile cases: ext-foreign-toplevel-list, ext-image-capture-source and ext-image-copy-capture
 * (decisions 4.89, 4.90). Buffers that do not fit the constraints (size, stride, format), a
 * capture without a buffer or sent twice, a buffer attached after the capture, bad damage, two
 * frames at once, a session or a buffer destroyed while its frame waits, a window that closes,
 * cursor sessions, and the good captures of the output and of a window beside them.
 */
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cases.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define GREEN 0xff00ff00u
#define NO_REASON 0xffffffffu

struct cap {
	struct ext_image_copy_capture_session_v1 *session;
	struct ext_image_copy_capture_frame_v1 *frame;
	uint32_t width, height;
	bool done, stopped, ready, ended;
	uint32_t reason; /* failed's, or NO_REASON */
	int damage_rects;
};

static void
session_buffer_size(void *data, struct ext_image_copy_capture_session_v1 *s, uint32_t width,
	uint32_t height)
{
	struct cap *cap = data;
	cap->width = width;
	cap->height = height;
}

static void
session_shm_format(void *data, struct ext_image_copy_capture_session_v1 *s, uint32_t format)
{
}

static void
session_dmabuf_device(void *data, struct ext_image_copy_capture_session_v1 *s,
	struct wl_array *device)
{
}

static void
session_dmabuf_format(void *data, struct ext_image_copy_capture_session_v1 *s, uint32_t format,
	struct wl_array *modifiers)
{
}

static void
session_done(void *data, struct ext_image_copy_capture_session_v1 *s)
{
	((struct cap *)data)->done = true;
}

static void
session_stopped(void *data, struct ext_image_copy_capture_session_v1 *s)
{
	struct cap *cap = data;
	cap->stopped = true;
	cap->done = true; /* nothing more comes */
}

static const struct ext_image_copy_capture_session_v1_listener session_listener = {
	.buffer_size = session_buffer_size,
	.shm_format = session_shm_format,
	.dmabuf_device = session_dmabuf_device,
	.dmabuf_format = session_dmabuf_format,
	.done = session_done,
	.stopped = session_stopped,
};

static void
frame_transform(void *data, struct ext_image_copy_capture_frame_v1 *f, uint32_t transform)
{
}

static void
frame_damage(void *data, struct ext_image_copy_capture_frame_v1 *f, int32_t x, int32_t y,
	int32_t width, int32_t height)
{
	((struct cap *)data)->damage_rects++;
}

static void
frame_presentation_time(void *data, struct ext_image_copy_capture_frame_v1 *f, uint32_t hi,
	uint32_t lo, uint32_t nsec)
{
}

static void
frame_ready(void *data, struct ext_image_copy_capture_frame_v1 *f)
{
	struct cap *cap = data;
	cap->ready = cap->ended = true;
}

static void
frame_failed(void *data, struct ext_image_copy_capture_frame_v1 *f, uint32_t reason)
{
	struct cap *cap = data;
	cap->reason = reason;
	cap->ended = true;
}

static const struct ext_image_copy_capture_frame_v1_listener frame_listener = {
	.transform = frame_transform,
	.damage = frame_damage,
	.presentation_time = frame_presentation_time,
	.ready = frame_ready,
	.failed = frame_failed,
};

static bool
need_capture(struct conn *c)
{
	if (!c->image_copy || !c->output_sources || !c->toplevel_sources || !c->toplevel_list) {
		printf("  ext-image-copy-capture and its sources are not offered to this client\n");
		return false;
	}
	return true;
}

/* A session on `source` (destroyed after), its constraints waited for. */
static bool
open_session(struct conn *c, struct cap *cap, struct ext_image_capture_source_v1 *source)
{
	memset(cap, 0, sizeof(*cap));
	cap->reason = NO_REASON;
	cap->session = ext_image_copy_capture_manager_v1_create_session(c->image_copy, source, 0);
	ext_image_copy_capture_session_v1_add_listener(cap->session, &session_listener, cap);
	ext_image_capture_source_v1_destroy(source);
	return pw_client_dispatch_until(&c->tc, &cap->done, 5000) == 1;
}

static bool
output_session(struct conn *c, struct cap *cap)
{
	if (!need_capture(c)) {
		return false;
	}
	struct ext_image_capture_source_v1 *source =
		ext_output_image_capture_source_manager_v1_create_source(c->output_sources,
			c->tc.output);
	if (!open_session(c, cap, source) || cap->stopped || !cap->width || !cap->height) {
		printf("  the output session gave no constraints\n");
		return false;
	}
	return true;
}

static struct ext_image_copy_capture_frame_v1 *
new_frame(struct cap *cap)
{
	cap->ready = cap->ended = false;
	cap->reason = NO_REASON;
	cap->damage_rects = 0;
	cap->frame = ext_image_copy_capture_session_v1_create_frame(cap->session);
	ext_image_copy_capture_frame_v1_add_listener(cap->frame, &frame_listener, cap);
	return cap->frame;
}

/* A shm buffer of its own pool; NULL on failure. */
static struct wl_buffer *
make_buffer(struct conn *c, int32_t width, int32_t height, int32_t stride, uint32_t format)
{
	size_t size = (size_t)stride * (size_t)height;
	int fd = make_memfd(size);
	struct wl_shm_pool *pool = wl_shm_create_pool(c->tc.shm, fd, (int32_t)size);
	struct wl_buffer *buffer =
		wl_shm_pool_create_buffer(pool, 0, width, height, stride, format);
	wl_shm_pool_destroy(pool);
	close(fd);
	return buffer;
}

static struct wl_buffer *
fitting_buffer(struct conn *c, struct cap *cap)
{
	return make_buffer(c, (int32_t)cap->width, (int32_t)cap->height, (int32_t)cap->width * 4,
		WL_SHM_FORMAT_XRGB8888);
}

static bool
wait_end(struct conn *c, struct cap *cap)
{
	if (pw_client_dispatch_until(&c->tc, &cap->ended, 5000) != 1) {
		printf("  the frame neither ready nor failed\n");
		return false;
	}
	return true;
}

/* A capture with `buffer`: failed for buffer_constraints, and the next good one ready. */
static bool
capture_fails(struct conn *c, struct cap *cap, struct wl_buffer *buffer, const char *what)
{
	ext_image_copy_capture_frame_v1_attach_buffer(new_frame(cap), buffer);
	ext_image_copy_capture_frame_v1_capture(cap->frame);
	if (!wait_end(c, cap)) {
		return false;
	}
	printf("  %s: %s %u\n", what, cap->ready ? "ready" : "failed", cap->reason);
	bool failed =
		cap->reason == EXT_IMAGE_COPY_CAPTURE_FRAME_V1_FAILURE_REASON_BUFFER_CONSTRAINTS;
	ext_image_copy_capture_frame_v1_destroy(cap->frame);
	wl_buffer_destroy(buffer);
	struct wl_buffer *good = fitting_buffer(c, cap);
	ext_image_copy_capture_frame_v1_attach_buffer(new_frame(cap), good);
	ext_image_copy_capture_frame_v1_capture(cap->frame);
	bool after = wait_end(c, cap) && cap->ready;
	printf("  a fitting buffer after it: %s\n", after ? "ready" : "not ready");
	return failed && after;
}

static bool
wrong_size(struct conn *c)
{
	struct cap cap;
	return output_session(c, &cap) &&
		capture_fails(c, &cap,
			make_buffer(c, (int32_t)cap.width - 1, (int32_t)cap.height,
				(int32_t)cap.width * 4, WL_SHM_FORMAT_XRGB8888),
			"one pixel narrower");
}

static bool
wrong_stride(struct conn *c)
{
	struct cap cap;
	return output_session(c, &cap) &&
		capture_fails(c, &cap,
			make_buffer(c, (int32_t)cap.width, (int32_t)cap.height,
				(int32_t)cap.width * 4 + 2, WL_SHM_FORMAT_XRGB8888),
			"rows of an odd number of half words");
}

static bool
wrong_format(struct conn *c)
{
	struct cap cap;
	return output_session(c, &cap) &&
		capture_fails(c, &cap,
			make_buffer(c, (int32_t)cap.width, (int32_t)cap.height,
				(int32_t)cap.width * 4, WL_SHM_FORMAT_ARGB8888),
			"ARGB8888, not offered");
}

/* Two frames: the first ready with damage, a wider stride than a row is taken. */
static bool
output_frames(struct conn *c)
{
	struct cap cap;
	if (!output_session(c, &cap)) {
		return false;
	}
	struct wl_buffer *buffer = make_buffer(c, (int32_t)cap.width, (int32_t)cap.height,
		(int32_t)cap.width * 4 + 64, WL_SHM_FORMAT_XRGB8888);
	ext_image_copy_capture_frame_v1_attach_buffer(new_frame(&cap), buffer);
	ext_image_copy_capture_frame_v1_damage_buffer(cap.frame, 0, 0, (int32_t)cap.width,
		(int32_t)cap.height);
	ext_image_copy_capture_frame_v1_capture(cap.frame);
	bool ok = wait_end(c, &cap) && cap.ready && cap.damage_rects >= 1;
	printf("  %ux%u: %s, %d damage rectangles\n", cap.width, cap.height,
		cap.ready ? "ready" : "failed", cap.damage_rects);
	ext_image_copy_capture_frame_v1_destroy(cap.frame);
	wl_buffer_destroy(buffer);
	return ok;
}

static bool
no_buffer(struct conn *c)
{
	struct cap cap;
	if (!output_session(c, &cap)) {
		return false;
	}
	ext_image_copy_capture_frame_v1_capture(new_frame(&cap));
	return true;
}

static bool
capture_twice(struct conn *c)
{
	struct cap cap;
	if (!output_session(c, &cap)) {
		return false;
	}
	ext_image_copy_capture_frame_v1_attach_buffer(new_frame(&cap), fitting_buffer(c, &cap));
	ext_image_copy_capture_frame_v1_capture(cap.frame);
	ext_image_copy_capture_frame_v1_capture(cap.frame);
	return true;
}

static bool
attach_after_capture(struct conn *c)
{
	struct cap cap;
	if (!output_session(c, &cap)) {
		return false;
	}
	ext_image_copy_capture_frame_v1_attach_buffer(new_frame(&cap), fitting_buffer(c, &cap));
	ext_image_copy_capture_frame_v1_capture(cap.frame);
	ext_image_copy_capture_frame_v1_attach_buffer(cap.frame, fitting_buffer(c, &cap));
	return true;
}

/* A second attach replaces the first: the capture goes into the fitting buffer. */
static bool
attach_twice(struct conn *c)
{
	struct cap cap;
	if (!output_session(c, &cap)) {
		return false;
	}
	struct wl_buffer *small = make_buffer(c, 8, 8, 32, WL_SHM_FORMAT_XRGB8888);
	ext_image_copy_capture_frame_v1_attach_buffer(new_frame(&cap), small);
	ext_image_copy_capture_frame_v1_attach_buffer(cap.frame, fitting_buffer(c, &cap));
	ext_image_copy_capture_frame_v1_capture(cap.frame);
	bool ok = wait_end(c, &cap) && cap.ready;
	printf("  the second buffer: %s\n", cap.ready ? "ready" : "failed");
	return ok;
}

static bool
bad_damage(struct conn *c)
{
	struct cap cap;
	if (!output_session(c, &cap)) {
		return false;
	}
	ext_image_copy_capture_frame_v1_damage_buffer(new_frame(&cap), 0, 0, 0, 10);
	return true;
}

static bool
negative_damage(struct conn *c)
{
	struct cap cap;
	if (!output_session(c, &cap)) {
		return false;
	}
	ext_image_copy_capture_frame_v1_damage_buffer(new_frame(&cap), -1, 0, 10, 10);
	return true;
}

static bool
duplicate_frame(struct conn *c)
{
	struct cap cap;
	if (!output_session(c, &cap)) {
		return false;
	}
	new_frame(&cap);
	ext_image_copy_capture_session_v1_create_frame(cap.session);
	return true;
}

static bool
invalid_option(struct conn *c)
{
	if (!need_capture(c)) {
		return false;
	}
	struct ext_image_capture_source_v1 *source =
		ext_output_image_capture_source_manager_v1_create_source(c->output_sources,
			c->tc.output);
	ext_image_copy_capture_manager_v1_create_session(c->image_copy, source, 2);
	return true;
}

/* The session goes while its frame waits (in the same batch): the frame fails, stopped. */
static bool
session_destroyed_mid_frame(struct conn *c)
{
	struct cap cap;
	if (!output_session(c, &cap)) {
		return false;
	}
	struct wl_buffer *buffer = fitting_buffer(c, &cap);
	ext_image_copy_capture_frame_v1_attach_buffer(new_frame(&cap), buffer);
	ext_image_copy_capture_frame_v1_capture(cap.frame);
	ext_image_copy_capture_session_v1_destroy(cap.session);
	if (!wait_end(c, &cap)) {
		return false;
	}
	printf("  %s %u\n", cap.ready ? "ready" : "failed", cap.reason);
	/* a new frame of the gone session cannot be made; this one stays inert */
	ext_image_copy_capture_frame_v1_destroy(cap.frame);
	wl_buffer_destroy(buffer);
	return cap.reason == EXT_IMAGE_COPY_CAPTURE_FRAME_V1_FAILURE_REASON_STOPPED;
}

/* The buffer goes while the frame waits: the frame fails. */
static bool
buffer_destroyed_mid_frame(struct conn *c)
{
	struct cap cap;
	if (!output_session(c, &cap)) {
		return false;
	}
	struct wl_buffer *buffer = fitting_buffer(c, &cap);
	ext_image_copy_capture_frame_v1_attach_buffer(new_frame(&cap), buffer);
	ext_image_copy_capture_frame_v1_capture(cap.frame);
	wl_buffer_destroy(buffer);
	if (!wait_end(c, &cap)) {
		return false;
	}
	printf("  %s %u\n", cap.ready ? "ready" : "failed", cap.reason);
	return cap.reason == EXT_IMAGE_COPY_CAPTURE_FRAME_V1_FAILURE_REASON_UNKNOWN;
}

struct listing {
	struct ext_foreign_toplevel_handle_v1 *mine; /* the handle titled "capture-me" */
	char retitled[64]; /* the last title starting "retitle-" */
	int toplevels, closed;
	bool finished, mine_closed;
};

static void
handle_closed(void *data, struct ext_foreign_toplevel_handle_v1 *h)
{
	struct listing *l = data;
	l->closed++;
	l->mine_closed |= h == l->mine;
}

static void
handle_done(void *data, struct ext_foreign_toplevel_handle_v1 *h)
{
}

static void
handle_title(void *data, struct ext_foreign_toplevel_handle_v1 *h, const char *title)
{
	struct listing *l = data;
	if (strcmp(title, "capture-me") == 0) {
		l->mine = h;
	} else if (strncmp(title, "retitle-", 8) == 0) {
		snprintf(l->retitled, sizeof(l->retitled), "%s", title);
	}
}

static void
handle_text(void *data, struct ext_foreign_toplevel_handle_v1 *h, const char *text)
{
}

static const struct ext_foreign_toplevel_handle_v1_listener handle_listener = {
	.closed = handle_closed,
	.done = handle_done,
	.title = handle_title,
	.app_id = handle_text,
	.identifier = handle_text,
};

static void
list_toplevel(void *data, struct ext_foreign_toplevel_list_v1 *list,
	struct ext_foreign_toplevel_handle_v1 *h)
{
	struct listing *l = data;
	l->toplevels++;
	ext_foreign_toplevel_handle_v1_add_listener(h, &handle_listener, l);
}

static void
list_finished(void *data, struct ext_foreign_toplevel_list_v1 *list)
{
	((struct listing *)data)->finished = true;
}

static const struct ext_foreign_toplevel_list_v1_listener list_listener = {
	.toplevel = list_toplevel,
	.finished = list_finished,
};

/* `who` maps a green 64x64 window titled "capture-me"; c lists it. */
static bool
list_window(struct conn *c, struct conn *who, struct listing *l)
{
	memset(l, 0, sizeof(*l));
	if (!need_capture(c)) {
		return false;
	}
	ext_foreign_toplevel_list_v1_add_listener(c->toplevel_list, &list_listener, l);
	who->top.width = who->top.height = 64;
	pw_client_toplevel_init(&who->top, &who->tc, "capture-me", "robust-cases");
	if (!pw_client_toplevel_map(&who->top, GREEN, 5000)) {
		return false;
	}
	if (pw_client_roundtrip(&c->tc, 5000) != 1 || !l->mine) {
		printf("  the window is not listed (%d listed)\n", l->toplevels);
		return false;
	}
	return true;
}

/* The client's own window captured at its tile's size: every pixel green. */
static bool
toplevel_frame(struct conn *c)
{
	struct listing l;
	struct cap cap;
	if (!list_window(c, c, &l) ||
		!open_session(c, &cap,
			ext_foreign_toplevel_image_capture_source_manager_v1_create_source(
				c->toplevel_sources, l.mine)) ||
		cap.stopped) {
		return false;
	}
	size_t size = (size_t)cap.width * 4 * cap.height;
	int fd = make_memfd(size);
	uint32_t *pixels = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	struct wl_shm_pool *pool = wl_shm_create_pool(c->tc.shm, fd, (int32_t)size);
	struct wl_buffer *buffer = wl_shm_pool_create_buffer(pool, 0, (int32_t)cap.width,
		(int32_t)cap.height, (int32_t)cap.width * 4, WL_SHM_FORMAT_XRGB8888);
	wl_shm_pool_destroy(pool);
	close(fd);
	ext_image_copy_capture_frame_v1_attach_buffer(new_frame(&cap), buffer);
	ext_image_copy_capture_frame_v1_capture(cap.frame);
	bool ok = wait_end(c, &cap) && cap.ready && pixels != MAP_FAILED;
	int wrong = 0;
	for (size_t i = 0; ok && i < size / 4; i++) {
		wrong += (pixels[i] & 0xffffff) != (GREEN & 0xffffff);
	}
	printf("  %ux%u, %s, %d pixels not green\n", cap.width, cap.height,
		cap.ready ? "ready" : "failed", wrong);
	if (pixels != MAP_FAILED) {
		munmap(pixels, size);
	}
	return ok && cap.width > 0 && cap.height > 0 && wrong == 0;
}

/*
 * A session on a window that then closes stops, and its frame fails; a source made from the
 * closed handle gives a session that stops at once.
 */
static bool
closed_toplevel(struct conn *c)
{
	struct listing l;
	struct cap cap, late;
	struct conn *other = conn_open();
	if (!other || !list_window(c, other, &l) ||
		!open_session(c, &cap,
			ext_foreign_toplevel_image_capture_source_manager_v1_create_source(
				c->toplevel_sources, l.mine))) {
		conn_close(other);
		return false;
	}
	conn_close(other);
	for (int i = 0; i < 100 && !(l.mine_closed && cap.stopped); i++) {
		bool never = false;
		pw_client_dispatch_until(&c->tc, &never, 20);
	}
	printf("  the window closed: handle %s, session %s\n", l.mine_closed ? "closed" : "open",
		cap.stopped ? "stopped" : "not stopped");
	struct wl_buffer *buffer = make_buffer(c, 64, 64, 256, WL_SHM_FORMAT_XRGB8888);
	ext_image_copy_capture_frame_v1_attach_buffer(new_frame(&cap), buffer);
	ext_image_copy_capture_frame_v1_capture(cap.frame);
	bool failed = wait_end(c, &cap) &&
		cap.reason == EXT_IMAGE_COPY_CAPTURE_FRAME_V1_FAILURE_REASON_STOPPED;
	printf("  a capture after: %s %u\n", cap.ready ? "ready" : "failed", cap.reason);
	bool late_ok = open_session(c, &late,
			       ext_foreign_toplevel_image_capture_source_manager_v1_create_source(
				       c->toplevel_sources, l.mine)) &&
		late.stopped;
	printf("  a session from the closed handle: %s\n", late.stopped ? "stopped" : "live");
	return l.mine_closed && cap.stopped && failed && late_ok;
}

/* The cursor session's capture session stops at once; a second one is a protocol error. */
static bool
cursor_session(struct conn *c)
{
	struct cap cap = {.reason = NO_REASON};
	if (!need_capture(c)) {
		return false;
	}
	struct wl_pointer *pointer = wl_seat_get_pointer(c->tc.seat);
	struct ext_image_capture_source_v1 *source =
		ext_output_image_capture_source_manager_v1_create_source(c->output_sources,
			c->tc.output);
	struct ext_image_copy_capture_cursor_session_v1 *cs =
		ext_image_copy_capture_manager_v1_create_pointer_cursor_session(c->image_copy,
			source, pointer);
	cap.session = ext_image_copy_capture_cursor_session_v1_get_capture_session(cs);
	ext_image_copy_capture_session_v1_add_listener(cap.session, &session_listener, &cap);
	bool ok = pw_client_dispatch_until(&c->tc, &cap.stopped, 5000) == 1;
	printf("  the cursor's capture session: %s\n", cap.stopped ? "stopped" : "live");
	ext_image_copy_capture_cursor_session_v1_get_capture_session(cs);
	return ok;
}

/*
 * A capture into a buffer whose file shrank to nothing after it was made: picowl writes inside
 * pw_shm_buffer_begin_access, so it lives and the client gets wl_buffer's invalid_fd (4.80).
 */
static bool
shrunk_destination(struct conn *c, struct cap *cap)
{
	size_t size = (size_t)cap->width * 4 * cap->height;
	int fd = make_memfd(size);
	struct wl_shm_pool *pool = wl_shm_create_pool(c->tc.shm, fd, (int32_t)size);
	struct wl_buffer *buffer = wl_shm_pool_create_buffer(pool, 0, (int32_t)cap->width,
		(int32_t)cap->height, (int32_t)cap->width * 4, WL_SHM_FORMAT_XRGB8888);
	wl_shm_pool_destroy(pool);
	bool ok = pw_client_roundtrip(&c->tc, 5000) == 1 && ftruncate(fd, 0) == 0;
	close(fd);
	ext_image_copy_capture_frame_v1_attach_buffer(new_frame(cap), buffer);
	ext_image_copy_capture_frame_v1_capture(cap->frame);
	return ok;
}

static bool
output_shrunk(struct conn *c)
{
	struct cap cap;
	return output_session(c, &cap) && shrunk_destination(c, &cap);
}

static bool
toplevel_shrunk(struct conn *c)
{
	struct listing l;
	struct cap cap;
	return list_window(c, c, &l) &&
		open_session(c, &cap,
			ext_foreign_toplevel_image_capture_source_manager_v1_create_source(
				c->toplevel_sources, l.mine)) &&
		!cap.stopped && shrunk_destination(c, &cap);
}

#define RETITLES 20000

/*
 * A list client that reads nothing while a window is retitled RETITLES times (about 2 MB of
 * title events, far more than a socket holds): picowl waits for room in its socket (4.74)
 * instead of filling it until libwayland drops the client, and once it reads it gets the last
 * title.
 */
static bool
list_beside_retitler(struct conn *c)
{
	struct listing l = {0};
	struct conn *slow = conn_open();
	if (!slow || !slow->toplevel_list) {
		conn_close(slow);
		return false;
	}
	ext_foreign_toplevel_list_v1_add_listener(slow->toplevel_list, &list_listener, &l);
	bool ok = pw_client_roundtrip(&slow->tc, 5000) == 1;
	c->top.width = c->top.height = 64;
	pw_client_toplevel_init(&c->top, &c->tc, "capture-me", "robust-cases");
	ok = ok && pw_client_toplevel_map(&c->top, GREEN, 5000);
	char title[128];
	for (int i = 0; ok && i < RETITLES; i++) {
		snprintf(title, sizeof(title), "retitle-%05d-%090d", i, 0);
		xdg_toplevel_set_title(c->top.toplevel, title);
		if (i % 100 == 99) {
			ok = pw_client_roundtrip(&c->tc, 5000) == 1;
			conn_serve_good();
		}
	}
	title[40] = '\0'; /* the listing keeps 63 bytes: compare the start */
	/* the update goes when picowl sees room, which may be after it answered a sync: a few
	 * round trips */
	int slow_ok = ok ? 1 : -1;
	for (int i = 0; slow_ok == 1 && i < 100 && strncmp(l.retitled, title, 40) != 0; i++) {
		slow_ok = pw_client_roundtrip(&slow->tc, 5000);
	}
	l.retitled[40] = '\0';
	printf("  %d titles sent; the client that did not read %s, its last title %s\n", RETITLES,
		slow_ok == 1 ? "stayed" : "was dropped", l.retitled);
	conn_close(slow);
	return ok && slow_ok == 1 && strcmp(l.retitled, title) == 0;
}

/* stop twice, then destroy: finished once, nothing else. */
static bool
list_stop_twice(struct conn *c)
{
	struct listing l;
	if (!list_window(c, c, &l)) {
		return false;
	}
	ext_foreign_toplevel_list_v1_stop(c->toplevel_list);
	ext_foreign_toplevel_list_v1_stop(c->toplevel_list);
	bool ok = pw_client_dispatch_until(&c->tc, &l.finished, 5000) == 1;
	ext_foreign_toplevel_handle_v1_destroy(l.mine);
	ext_foreign_toplevel_list_v1_destroy(c->toplevel_list);
	c->toplevel_list = NULL;
	return ok && pw_client_roundtrip(&c->tc, 5000) == 1;
}

static const struct rcase cases[] = {
	{"image-capture-output-frames", output_frames, EXPECT_NONE},
	{"image-capture-toplevel-frame", toplevel_frame, EXPECT_NONE},
	{"image-capture-wrong-size", wrong_size, EXPECT_NONE},
	{"image-capture-wrong-stride", wrong_stride, EXPECT_NONE},
	{"image-capture-wrong-format", wrong_format, EXPECT_NONE},
	{"image-capture-no-buffer", no_buffer, EXPECT_ERROR, "ext_image_copy_capture_frame_v1",
		EXT_IMAGE_COPY_CAPTURE_FRAME_V1_ERROR_NO_BUFFER},
	{"image-capture-capture-twice", capture_twice, EXPECT_ERROR,
		"ext_image_copy_capture_frame_v1",
		EXT_IMAGE_COPY_CAPTURE_FRAME_V1_ERROR_ALREADY_CAPTURED},
	{"image-capture-attach-after-capture", attach_after_capture, EXPECT_ERROR,
		"ext_image_copy_capture_frame_v1",
		EXT_IMAGE_COPY_CAPTURE_FRAME_V1_ERROR_ALREADY_CAPTURED},
	{"image-capture-attach-twice", attach_twice, EXPECT_NONE},
	{"image-capture-empty-damage", bad_damage, EXPECT_ERROR, "ext_image_copy_capture_frame_v1",
		EXT_IMAGE_COPY_CAPTURE_FRAME_V1_ERROR_INVALID_BUFFER_DAMAGE},
	{"image-capture-negative-damage", negative_damage, EXPECT_ERROR,
		"ext_image_copy_capture_frame_v1",
		EXT_IMAGE_COPY_CAPTURE_FRAME_V1_ERROR_INVALID_BUFFER_DAMAGE},
	{"image-capture-duplicate-frame", duplicate_frame, EXPECT_ERROR,
		"ext_image_copy_capture_session_v1",
		EXT_IMAGE_COPY_CAPTURE_SESSION_V1_ERROR_DUPLICATE_FRAME},
	{"image-capture-invalid-option", invalid_option, EXPECT_ERROR,
		"ext_image_copy_capture_manager_v1",
		EXT_IMAGE_COPY_CAPTURE_MANAGER_V1_ERROR_INVALID_OPTION},
	{"image-capture-session-destroyed-mid-frame", session_destroyed_mid_frame, EXPECT_NONE},
	{"image-capture-buffer-destroyed-mid-frame", buffer_destroyed_mid_frame, EXPECT_NONE},
	{"image-capture-closed-toplevel", closed_toplevel, EXPECT_NONE},
	{"image-capture-cursor-session", cursor_session, EXPECT_ERROR,
		"ext_image_copy_capture_cursor_session_v1",
		EXT_IMAGE_COPY_CAPTURE_CURSOR_SESSION_V1_ERROR_DUPLICATE_SESSION},
	{"image-capture-output-shrunk-buffer", output_shrunk, EXPECT_ERROR, "wl_buffer",
		WL_SHM_ERROR_INVALID_FD},
	{"image-capture-toplevel-shrunk-buffer", toplevel_shrunk, EXPECT_ERROR, "wl_buffer",
		WL_SHM_ERROR_INVALID_FD},
	{"toplevel-list-stop-twice", list_stop_twice, EXPECT_NONE},
	{"toplevel-list-non-reader-beside-retitler", list_beside_retitler, EXPECT_NONE},
};

const struct group image_capture_group = {"image-capture", cases, N(cases), NULL};
